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
  pair: 'Frequency Pair k',
  spectrum: 'Quantity',
  distance: 'Distance Δ',
  decay: 'Quantity',
  axis: 'M-RoPE Axis',
  tokens: 'Token',
  frame: 'Frame',
  field: 'Field',
};

// Named entries of a stacked axis (rope's [cos; sin] tables).
const ENTRIES = {
  part: ['cos', 'sin'],
  spectrum: ['wavelength', 'unscaled wavelength', 'ratio θ′/θ', 'rotations in L'],
  decay: ['RoFormer bound', 'score'],
  axis: ['t', 'h', 'w'],
  field: ['segment', 'kind', 'frame', 'frames', 'first', 'height', 'width', 'next', 'max'],  // mrope-blocks' columns (c/posenc.h)
};

/** Rows of an axis that stand for offset + step · row (the request's offset and step): the x unit. */
export const STEPPED_ROWS = new Set(['distance']);

export const axisTitle = (axis) => (axis ? TITLES[axis] ?? axis : '');
export const axisEntry = (axis, i) => ENTRIES[axis]?.[i] ?? String(i);
export const hasEntries = (axis) => Object.hasOwn(ENTRIES, axis);
