// PosencError and the value formatting its messages use: imported by every other module of the
// package, and importing none, so nothing forms a cycle through it.

/** Every failure: code 'EINVAL' | 'ERANGE' | 'ENOMEM', param the offending name. */
export class PosencError extends Error {
  constructor(message, code, param) {
    super(message);
    this.name = 'PosencError';
    this.code = code;
    this.param = param;
  }
}

/** A value as a message shows it: strings quoted, -0 as 0. */
// a long string is shown by its start and length: a message stays short whatever was passed
export const fmt = (v) => (typeof v === 'string' ? (v.length > 80 ? `${JSON.stringify(v.slice(0, 60))}… (${v.length} characters)` : JSON.stringify(v)) :
  Object.is(v, -0) ? '0' : String(v));

/** What a value is, for "x = … is not a number": its type and, for a primitive, its value. */
export const describe = (v) =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'object' ? 'an object' : `${typeof v} ${fmt(v)}`;
