"""The seed's sinusoidal table in numpy, timed for npm run bench (run by tests/bench/bench.js).

The seed computes in float32: sin on even columns, cos on odd ones, base 10000, the angles formed
as float32 position * float32 frequency.

stdin: {"sizes": [[positions, dim], ...], "reps": [n per size], "rows": [[row indices] per size]}
stdout: {"numpy": version, "ms": [[times] per size], "rows": [[base64 float32 rows] per size]}
"""
import base64
import json
import sys
import time

import numpy as np


def seed_table(positions, dim):
    pe = np.zeros((positions, dim), dtype=np.float32)
    position = np.arange(0, positions, dtype=np.float32)[:, np.newaxis]
    div_term = np.exp(np.arange(0, dim, 2, dtype=np.float32) * np.float32(-np.log(10000.0) / dim))
    pe[:, 0::2] = np.sin(position * div_term)
    pe[:, 1::2] = np.cos(position * div_term[: dim // 2])
    return pe


def main():
    job = json.load(sys.stdin)
    sizes = job["sizes"]
    times = [[] for _ in sizes]
    for i, (n, d) in enumerate(sizes):  # warm-up
        seed_table(min(n, 64), d)
    for r in range(max(job["reps"])):  # interleaved repetitions
        for i, (n, d) in enumerate(sizes):
            if r >= job["reps"][i]:
                continue
            t = time.perf_counter()
            seed_table(n, d)
            times[i].append((time.perf_counter() - t) * 1000)
    rows = []
    for (n, d), picks in zip(sizes, job["rows"]):
        table = seed_table(n, d)
        rows.append(base64.b64encode(np.ascontiguousarray(table[picks]).tobytes()).decode())
    json.dump({"numpy": np.__version__, "ms": times, "rows": rows}, sys.stdout)


if __name__ == "__main__":
    main()
