// The explorer's DOM builder: el('button', { class, dataset, id, 'aria-label', … }, ...children).
// class sets className, dataset fills data-*, a string value is an attribute, any other value a
// property of that name; null and undefined children are left out.

/** A new element with these props and children. */
export function el(tag, props = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === 'class') e.className = v;
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else if (k in e && typeof v !== 'string') e[k] = v;
    else e.setAttribute(k, v);
  }
  e.append(...children.filter((c) => c !== null && c !== undefined));
  return e;
}
