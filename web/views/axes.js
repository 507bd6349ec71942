// Human titles of the registry's axis names (pe.kinds[k].shape), for axis labels and selectors.
const TITLES = {
  positions: 'Sequence Position',
  dim: 'Embedding Dimension',
  queries: 'Query Position',
  keys: 'Key Position',
  heads: 'Head',
  part: 'Part',
  rotary: 'Rotary Dimension',
  'rotary/2': 'Frequency Index',
  'dim/2': 'Dimension Pair',
};

// Named entries of a stacked axis (rope's [cos; sin] tables).
const ENTRIES = { part: ['cos', 'sin'] };

export const axisTitle = (axis) => (axis ? TITLES[axis] ?? axis : '');
export const axisEntry = (axis, i) => ENTRIES[axis]?.[i] ?? String(i);
