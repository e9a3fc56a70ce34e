#!/usr/bin/python3
"""NumPy float64 reference timings for the cases of bench/enginebench.cpp.

Run with Debian's /usr/bin/python3 and python3-numpy, which reaches OpenBLAS through the
libblas.so.3 alternative. The environment is used as it is: OpenBLAS picks its own kernel and
thread count, and both are reported so that a reader knows what was compared.

The inputs are the same numbers the C++ benchmark uses (SplitMix64 + Box-Muller with the same
seed), so the checksums of the two sides must agree.
"""

import argparse
import ctypes
import json
import math
import platform
import statistics
import sys
import time

import numpy as np

SEED = 20240607
GOLDEN_GAMMA = np.uint64(0x9E3779B97F4A7C15)
MIX1 = np.uint64(0xBF58476D1CE4E5B9)
MIX2 = np.uint64(0x94D049BB133111EB)

# name -> (N_q = N_k, d_k = d_v); same names as the C++ benchmark cases.
CAUSAL_CASES = {
    "causal_64x64x64": (64, 64),
    "causal_512x512x64": (512, 64),
    "causal_2048x2048x64": (2048, 64),
}
# name -> (heads, N_q = N_k, d_k = d_v, causal); one GPT-2-small layer.
HEADS_CASES = {
    "heads12_128x128x64": (12, 128, 64, False),
    "heads12_1024x1024x64": (12, 1024, 64, False),
    "heads12_causal_1024x1024x64": (12, 1024, 64, True),
}
CASE_ORDER = ["notebook_3x3x2", *CAUSAL_CASES, *HEADS_CASES]


def splitmix64(seed, count):
    """Outputs 1..count of SplitMix64 seeded with seed; output k depends only on seed and k."""
    with np.errstate(over="ignore"):
        z = np.uint64(seed) + GOLDEN_GAMMA * np.arange(1, count + 1, dtype=np.uint64)
        z = (z ^ (z >> np.uint64(30))) * MIX1
        z = (z ^ (z >> np.uint64(27))) * MIX2
    return z ^ (z >> np.uint64(31))


def standard_normal(seed, count):
    """The C++ side's nextNormal() stream: uniforms on (0, 1], cosine half of Box-Muller."""
    uniforms = ((splitmix64(seed, 2 * count) >> np.uint64(11)) + np.uint64(1)).astype(np.float64)
    uniforms *= 2.0 ** -53
    radius = np.sqrt(-2.0 * np.log(uniforms[0::2]))
    return radius * np.cos((2.0 * math.pi) * uniforms[1::2])


def causal_inputs(tokens, dimension):
    """Q, then K, then V from one stream, row by row, as the C++ causalScenario() does."""
    block = tokens * dimension
    draws = standard_normal(SEED, 3 * block)
    q, k, v = (np.ascontiguousarray(draws[i * block:(i + 1) * block].reshape(tokens, dimension))
               for i in range(3))
    mask = np.tril(np.ones((tokens, tokens), dtype=bool))  # query i sees keys 0..i
    return q, k, v, mask


def heads_inputs(heads, tokens, dimension, causal):
    """Q, K, V of head 1, then of head 2, ..., from one stream, as the C++ headsScenario() does.
    Returns (H, N, d) arrays."""
    block = tokens * dimension
    draws = standard_normal(SEED, 3 * heads * block).reshape(heads, 3, tokens, dimension)
    q, k, v = (np.ascontiguousarray(draws[:, i]) for i in range(3))
    mask = np.tril(np.ones((tokens, tokens), dtype=bool)) if causal else None
    return q, k, v, mask


def notebook_inputs():
    q = np.array([[1.0, 0.0], [0.0, 1.0], [-1.0, 0.0]])
    k = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    v = np.array([[10.0, 0.0], [0.0, 10.0], [10.0, 10.0]])
    return q, k, v, None


def attention(q, k, v, mask):
    """Scaled dot-product attention at temperature 1, written the way NumPy users write it."""
    scores = q @ k.T
    scores /= math.sqrt(q.shape[1])
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    np.exp(scores, out=scores)
    scores /= scores.sum(axis=1, keepdims=True)
    return scores @ v, scores


def heads_loop(q, k, v, mask):
    """Every head in turn with attention() above: the way most NumPy code loops over heads."""
    contexts, weights = zip(*(attention(q[h], k[h], v[h], mask) for h in range(q.shape[0])))
    return np.stack(contexts), np.stack(weights)


def heads_batched(q, k, v, mask):
    """All heads at once with batched matmul (one BLAS call per head inside NumPy) and
    whole-array passes, in place where NumPy allows it."""
    scores = np.matmul(q, k.transpose(0, 2, 1))
    scores /= math.sqrt(q.shape[2])
    if mask is not None:
        np.copyto(scores, -np.inf, where=~mask)
    scores -= scores.max(axis=2, keepdims=True)
    np.exp(scores, out=scores)
    scores /= scores.sum(axis=2, keepdims=True)
    return np.matmul(scores, v), scores


def heads_einsum(q, k, v, mask):
    """All heads with einsum (optimize=True hands the products to BLAS)."""
    scores = np.einsum("hqd,hkd->hqk", q, k, optimize=True)
    scores /= math.sqrt(q.shape[2])
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    scores -= scores.max(axis=2, keepdims=True)
    np.exp(scores, out=scores)
    scores /= scores.sum(axis=2, keepdims=True)
    return np.einsum("hqk,hkd->hqd", scores, v, optimize=True), scores


class HeadsReused:
    """Every head in turn into buffers allocated once, in place throughout (out= everywhere):
    what a careful NumPy user writes for a recompute that keeps its shapes."""

    def __init__(self):
        self.buffers = None

    def __call__(self, q, k, v, mask):
        heads, tokens, dimension = q.shape
        keys = k.shape[1]
        if self.buffers is None or self.buffers[0] is not mask or self.buffers[1].shape != (heads, tokens, keys):
            self.buffers = (mask, np.empty((heads, tokens, keys)), np.empty((heads, tokens, v.shape[2])),
                            np.empty((tokens, 1)), None if mask is None else ~mask)
        _, scores, context, row, masked = self.buffers
        scale = 1.0 / math.sqrt(dimension)
        for h in range(heads):
            s = scores[h]
            np.matmul(q[h], k[h].T, out=s)
            s *= scale
            if masked is not None:
                np.copyto(s, -np.inf, where=masked)
            np.max(s, axis=1, keepdims=True, out=row)
            s -= row
            np.exp(s, out=s)
            np.sum(s, axis=1, keepdims=True, out=row)
            s /= row
            np.matmul(s, v[h], out=context[h])
        return context, scores


HEADS_VARIANTS = {
    "loop over heads": heads_loop,
    "batched matmul": heads_batched,
    "einsum": heads_einsum,
    "loop, reused buffers": HeadsReused(),
}


def time_case(function, q, k, v, mask, min_total, min_batches, batch_seconds):
    """Median seconds per call over batches of calls, each batch long enough for perf_counter."""
    for _ in range(3):
        function(q, k, v, mask)
    start = time.perf_counter()
    function(q, k, v, mask)
    once = max(time.perf_counter() - start, 1e-9)
    calls = max(1, int(batch_seconds / once))

    per_call = []
    started = time.perf_counter()
    while len(per_call) < min_batches or time.perf_counter() - started < min_total:
        start = time.perf_counter()
        for _ in range(calls):
            function(q, k, v, mask)
        per_call.append((time.perf_counter() - start) / calls)
    return per_call, calls


def relative_iqr(values):
    """Interquartile range over the median, as the C++ side's iqr_rel statistic."""
    q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return (q3 - q1) / median


def blas_info():
    """Which BLAS numpy really loaded, and what OpenBLAS decided about kernel and threads."""
    info = {"libraries": []}
    with open("/proc/self/maps") as maps:
        for line in maps:
            path = line.split()[-1] if len(line.split()) >= 6 else ""
            if ("blas" in path or "lapack" in path) and path not in info["libraries"]:
                info["libraries"].append(path)
    for path in info["libraries"]:
        if "libopenblas" not in path:
            continue
        lib = ctypes.CDLL(path)
        lib.openblas_get_num_threads.restype = ctypes.c_int
        lib.openblas_get_corename.restype = ctypes.c_char_p
        lib.openblas_get_config.restype = ctypes.c_char_p
        info["openblas_threads"] = lib.openblas_get_num_threads()
        info["openblas_core"] = lib.openblas_get_corename().decode()
        info["openblas_config"] = lib.openblas_get_config().decode().strip()
        break
    return info


def time_heads_case(name, args):
    """Times every way in HEADS_VARIANTS and reports the fastest (the fair reference), with the
    medians of the others under "variants"."""
    q, k, v, mask = heads_inputs(*HEADS_CASES[name])
    variants = {}
    best = None
    for label, function in HEADS_VARIANTS.items():
        if label not in args.ways:
            continue
        context, weights = function(q, k, v, mask)
        per_call, calls = time_case(function, q, k, v, mask, args.min_time, args.min_batches,
                                    args.batch_time)
        median = statistics.median(per_call)
        variants[label] = median
        print(f"{name:>28} ({label}): median {median * 1e3:10.3f} ms "
              f"({len(per_call)} batches of {calls})", file=sys.stderr)
        if best is None or median < best["median_s"]:
            best = {
                "median_s": median,
                "min_s": min(per_call),
                "max_s": max(per_call),
                "iqr_rel": relative_iqr(per_call),
                "batches": len(per_call),
                "calls_per_batch": calls,
                "context_sumsq": float(np.sum(context * context)),
                "weights_sumsq": float(np.sum(weights * weights)),
                "variant": label,
            }
        del context, weights
    best["variants"] = variants
    return best


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="write the results as JSON to this file")
    parser.add_argument("--min-time", type=float, default=1.0,
                        help="minimum seconds of timed calls per case (default 1.0)")
    parser.add_argument("--min-batches", type=int, default=15,
                        help="minimum number of timed batches per case (default 15)")
    parser.add_argument("--batch-time", type=float, default=0.05,
                        help="target seconds per batch of calls (default 0.05)")
    parser.add_argument("--cases", nargs="*", default=CASE_ORDER, choices=CASE_ORDER)
    parser.add_argument("--ways", nargs="*", default=list(HEADS_VARIANTS), choices=list(HEADS_VARIANTS),
                        help="the ways of computing several heads to time (default: all)")
    args = parser.parse_args()

    attention(*notebook_inputs())  # loads BLAS, so that blas_info() can see it
    report = {
        "python": sys.version.split()[0],
        "executable": sys.executable,
        "numpy": np.__version__,
        "machine": platform.machine(),
        "blas": blas_info(),
        "cases": {},
    }
    for name in args.cases:
        if name in HEADS_CASES:
            report["cases"][name] = time_heads_case(name, args)
            continue
        q, k, v, mask = notebook_inputs() if name == "notebook_3x3x2" else causal_inputs(*CAUSAL_CASES[name])
        context, weights = attention(q, k, v, mask)
        per_call, calls = time_case(attention, q, k, v, mask, args.min_time, args.min_batches,
                                    args.batch_time)
        report["cases"][name] = {
            "median_s": statistics.median(per_call),
            "min_s": min(per_call),
            "max_s": max(per_call),
            "iqr_rel": relative_iqr(per_call),
            "batches": len(per_call),
            "calls_per_batch": calls,
            "context_sumsq": float(np.sum(context * context)),
            "weights_sumsq": float(np.sum(weights * weights)),
        }
        print(f"{name:>22}: median {statistics.median(per_call) * 1e6:12.3f} us "
              f"({len(per_call)} batches of {calls})", file=sys.stderr)

    text = json.dumps(report, indent=2)
    if args.out:
        with open(args.out, "w") as out:
            out.write(text + "\n")
    else:
        print(text)


if __name__ == "__main__":
    main()
