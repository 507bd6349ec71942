// What a failed request must throw: a PosencError with this code, naming this parameter (object
// fields as 'ropeScaling.factor', the whole path) in `param` and in its message. Not a test file.
import assert from 'node:assert/strict';
import { PosencError } from '../web/posenc.js';

export const isError = (code, param) => (e) => {
  assert.ok(e instanceof PosencError, `not a PosencError: ${e}`);
  assert.equal(e.code, code, e.message);
  assert.equal(e.param, param, e.message);
  assert.ok(e.message.includes(param), `message names ${param}: ${e.message}`);
  return true;
};

export const throwsWith = (fn, code, param) => assert.throws(fn, isError(code, param));
