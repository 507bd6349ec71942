// The tests' random numbers: mulberry32, small and seedable, so every run draws the same cases.
// Not a test file (the tiers run tests/<tier>/*.test.js).

/** A generator of numbers in [0, 1), the same sequence for the same seed. */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
