// TODO(rope helper): ropeFromConfig.
import { PosencError } from './posenc.js';
export function ropeFromConfig() {
  throw new PosencError('posenc: ropeFromConfig is not implemented yet', 'EINVAL', 'config');
}
