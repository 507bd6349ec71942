// Exports of a computed table: CSV (one plane, rows × cols) and .npy (the whole table, NumPy's
// format 1.0: loadable with numpy.load). Only serialisation here; the numbers are C's, unchanged.

const CSV_SPECIAL = new Map([[Infinity, 'inf'], [-Infinity, '-inf']]);

/** A plane as CSV text: one line per row, no header; floats written exactly (String of the float32). */
export function toCSV(plane) {
  const { rows, cols } = plane;
  const data = plane.data;
  const lines = new Array(rows);
  const cells = new Array(cols);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const v = data[r * cols + c];
      cells[c] = Number.isNaN(v) ? 'nan' : CSV_SPECIAL.get(v) ?? String(v);
    }
    lines[r] = cells.join(',');
  }
  return lines.join('\n') + (rows ? '\n' : '');
}

/**
 * A table as .npy bytes: magic, version 1.0, the header dict padded with spaces to a multiple of
 * 64 bytes, then the little-endian data (wasm memory is little-endian: the bytes are copied as is).
 */
export function toNPY({ data, shape, dtype }) {
  const descr = dtype === 'int32' ? '<i4' : '<f4';
  const dims = shape.length === 1 ? `${shape[0]},` : shape.join(', ');
  let header = `{'descr': '${descr}', 'fortran_order': False, 'shape': (${dims}), }`;
  const total = 10 + header.length + 1;
  header += ' '.repeat((64 - (total % 64)) % 64) + '\n';
  const bytes = new Uint8Array(10 + header.length + data.byteLength);
  bytes.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);  // \x93NUMPY 1.0
  new DataView(bytes.buffer).setUint16(8, header.length, true);
  for (let i = 0; i < header.length; i++) bytes[10 + i] = header.charCodeAt(i);
  bytes.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), 10 + header.length);
  return bytes;
}

/** Save a Blob under a file name (a temporary link; nothing leaves the page). */
export function download(blob, name) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = name;
  a.hidden = true;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}
