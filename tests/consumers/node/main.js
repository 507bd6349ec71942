// Consumer: a Node ESM project that installed the posenc tarball. Prints what it computed as JSON.
import { load, PosencError, VERSION } from 'posenc';
import pkg from 'posenc/package.json' with { type: 'json' };

const pe = await load();
const m = pe.compute('sinusoidal', { positions: 50, dim: 64 });
let error = null;
try {
  pe.compute('rope', { dim: 63 });
} catch (e) {
  error = { isPosencError: e instanceof PosencError, code: e.code, param: e.param };
}
console.log(JSON.stringify({
  version: VERSION, pkgVersion: pkg.version, kinds: pe.kinds.map((k) => k.name), shape: m.shape,
  row1: Array.from(m.data.subarray(64, 68)), row2col0: m.data[128], error,
}));
