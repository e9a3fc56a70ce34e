#!/usr/bin/python3
"""Joins the Google Benchmark JSON of attnlens_bench with numpybench.py's JSON into one table.

Prints: size | Attention Lens median | NumPy median | ratio (ours/numpy) | same result (the
checksums agree) | spread (interquartile range over median, each side), then
whether the issue's targets are met:
  - a full recompute at the notebook's size (3 queries x 3 keys, d = 2) under 1 us;
  - at 512x512x64 (causal) at most half of NumPy's time;
  - every head of one GPT-2-small layer (12 heads x 1024 tokens, d_k = d_v = 64), with and
    without a causal mask, at most half of NumPy's time (NumPy's fastest way, see numpybench.py),
    both by computeAllHeads and by the model's recompute after a temperature change.
Exits 1 when the checksums disagree (the two sides did not compute the same thing), and with
--check also when a target is missed.
"""

import argparse
import json
import statistics
import sys

CASES = [
    ("notebook_3x3x2", "3x3, d=2 (notebook, no mask)"),
    ("causal_64x64x64", "64x64x64 causal"),
    ("causal_512x512x64", "512x512x64 causal"),
    ("causal_2048x2048x64", "2048x2048x64 causal"),
    ("heads12_128x128x64", "12 heads x 128x128x64, computeAllHeads"),
    ("heads12_1024x1024x64", "12 heads x 1024x1024x64, computeAllHeads"),
    ("model_heads12_1024x1024x64", "12 heads x 1024x1024x64, model recompute"),
    ("heads12_causal_1024x1024x64", "12 heads x 1024x1024x64 causal, computeAllHeads"),
    ("model_heads12_causal_1024x1024x64", "12 heads x 1024x1024x64 causal, model recompute"),
]
# Engine cases timed against another case's NumPy figures (the same computation).
NUMPY_CASE = {
    "model_heads12_1024x1024x64": "heads12_1024x1024x64",
    "model_heads12_causal_1024x1024x64": "heads12_causal_1024x1024x64",
}
HEADS_CASES = [case for case, _ in CASES if "heads12" in case and "1024" in case]
RATIO_LIMIT_HEADS = 0.5
NOTEBOOK_LIMIT_S = 1e-6
RATIO_LIMIT_512 = 0.5
CHECKSUM_RTOL = 1e-9
NOISY_SPREAD = 0.10

UNIT_SECONDS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}


def engine_medians(path):
    """case -> (median seconds, relative interquartile range or None, counters) from a Google
    Benchmark JSON file, and the file's context.

    Uses the "median" and "iqr_rel" aggregates when the run had repetitions, otherwise the
    median of the individual runs (a single one without --benchmark_repetitions)."""
    with open(path) as file:
        data = json.load(file)
    singles, aggregates = {}, {}
    for run in data["benchmarks"]:
        if run.get("error_occurred"):
            raise SystemExit(f"{run['name']}: {run.get('error_message')}")
        case = run.get("run_name", run["name"]).split("/")[1]
        if run.get("run_type") == "aggregate":
            aggregates.setdefault(case, {})[run.get("aggregate_name")] = run
        else:
            singles.setdefault(case, []).append(run)

    def seconds(run):
        return run["real_time"] * UNIT_SECONDS[run["time_unit"]]

    results = {}
    for case in {*singles, *aggregates}:
        if "median" in aggregates.get(case, {}):
            median = aggregates[case]["median"]
            spread = aggregates[case].get("iqr_rel")
            # A percentage aggregate is a plain ratio, whatever time_unit says.
            results[case] = (seconds(median), spread["real_time"] if spread else None, median)
        else:
            runs = singles[case]
            results[case] = (statistics.median(seconds(run) for run in runs), None, runs[-1])
    return results, data.get("context", {})


def format_time(seconds):
    for unit, scale in (("s", 1.0), ("ms", 1e-3), ("us", 1e-6)):
        if seconds >= scale:
            return f"{seconds / scale:8.2f} {unit}"
    return f"{seconds / 1e-9:8.1f} ns"


def agree(a, b):
    return abs(a - b) <= CHECKSUM_RTOL * max(abs(a), abs(b))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine_json")
    parser.add_argument("numpy_json")
    parser.add_argument("--engine-flags", default="", help="compile flags, shown in the header")
    parser.add_argument("--engine-link", default="", help="extra link flags, shown in the header")
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args()

    engine, context = engine_medians(args.engine_json)
    with open(args.numpy_json) as file:
        numpy_report = json.load(file)
    reference = numpy_report["cases"]
    blas = numpy_report.get("blas", {})

    print("Attention Lens: computeAttentionInto with a reused AttentionResult (12 heads: "
          "computeAllHeads, fresh buffers, or the model's recompute, reused ones); compiled with "
          f"{args.engine_flags or '(CMake Release defaults)'}"
          + (f"; linked with {args.engine_link}" if args.engine_link else ""))
    print(f"NumPy {numpy_report['numpy']} (Python {numpy_report['python']}, "
          f"{numpy_report['executable']}), float64, BLAS: "
          f"{blas.get('openblas_config', ', '.join(blas.get('libraries', [])) or 'unknown')}, "
          f"{blas.get('openblas_threads', '?')} thread(s)")
    load = context.get("load_avg")
    if load:
        print(f"Load average when the engine started: {', '.join(f'{x:.2f}' for x in load)} "
              f"on {context.get('num_cpus', '?')} CPUs")
    print()

    header = ("size", "Attention Lens median", "NumPy median", "ratio (ours/numpy)", "same result",
              "spread (IQR/median) ours / numpy")
    rows = []
    ok_checksums = True
    noisy = False
    for case, label in CASES:
        ours = engine.get(case)
        theirs = reference.get(NUMPY_CASE.get(case, case))
        if not ours and not theirs:
            continue  # a run limited to some cases (--benchmark_filter, --cases)
        ours_s = ours[0] if ours else None
        theirs_s = theirs["median_s"] if theirs else None
        if ours and theirs:
            same = all(agree(float(ours[2][key]), theirs[key]) for key in ("context_sumsq", "weights_sumsq"))
            ok_checksums &= same
            same_text = "yes" if same else "NO"
        else:
            same_text = "-"
        spreads = [ours[1] if ours else None, theirs.get("iqr_rel") if theirs else None]
        noisy |= any(spread is not None and spread > NOISY_SPREAD for spread in spreads)
        rows.append((label,
                     format_time(ours_s) if ours_s else "-",
                     format_time(theirs_s) if theirs_s else "-",
                     f"{ours_s / theirs_s:.3f}" if ours_s and theirs_s else "-",
                     same_text,
                     " / ".join("-" if x is None else f"{100 * x:.1f}%" for x in spreads)))
    widths = [max(len(str(row[i])) for row in [header, *rows]) for i in range(len(header))]
    print(" | ".join(h.ljust(w) for h, w in zip(header, widths)))
    print("-+-".join("-" * w for w in widths))
    for row in rows:
        print(" | ".join(str(c).rjust(w) if i else str(c).ljust(w) for i, (c, w) in enumerate(zip(row, widths))))
    if noisy:
        print(f"Some spreads exceed {100 * NOISY_SPREAD:.0f}%: other processes were probably using the "
              "CPUs (NumPy's threads suffer most); repeat when the machine is quiet.")
    print()

    met = True
    notebook = engine.get("notebook_3x3x2")
    if notebook:
        hit = notebook[0] < NOTEBOOK_LIMIT_S
        met &= hit
        print(f"Target 1, notebook size full recompute < 1 us: {format_time(notebook[0]).strip()} "
              f"-> {'MET' if hit else 'NOT MET'}")
    else:
        met = False
    ours512 = engine.get("causal_512x512x64")
    theirs512 = reference.get("causal_512x512x64")
    if ours512 and theirs512:
        ratio = ours512[0] / theirs512["median_s"]
        hit = ratio <= RATIO_LIMIT_512
        met &= hit
        print(f"Target 2, 512x512x64 at most 0.5 x NumPy: ratio {ratio:.3f} "
              f"-> {'MET' if hit else 'NOT MET'}")
    else:
        met = False
    for case in HEADS_CASES:
        ours = engine.get(case)
        theirs = reference.get(NUMPY_CASE.get(case, case))
        label = dict(CASES)[case]
        if not (ours and theirs):
            met = False
            continue
        ratio = ours[0] / theirs["median_s"]
        hit = ratio <= RATIO_LIMIT_HEADS
        met &= hit
        print(f"Target 3, {label} at most 0.5 x NumPy ({theirs.get('variant', 'per head')}): "
              f"ratio {ratio:.3f} -> {'MET' if hit else 'NOT MET'}")
    drag = engine.get("model_drag_heads12_1024x1024x64")
    if drag:
        print(f"The model's part of one query drag move at 12 heads x 1024x1024x64: "
              f"{format_time(drag[0]).strip()}, {float(drag[2].get('heads_per_move', 0)):.2f} head "
              f"computation(s) and {float(drag[2].get('passes_per_move', 0)):.2f} engine pass(es) per move")
    variants = {case: reference[case].get("variants") for case in reference if reference[case].get("variants")}
    for case, times in variants.items():
        print(f"NumPy ways for {case}: "
              + ", ".join(f"{name} {format_time(seconds).strip()}" for name, seconds in times.items()))
    if not ok_checksums:
        print("Checksums differ: the engine and NumPy did not compute the same attention.")
        return 1
    return 1 if args.check and not met else 0


if __name__ == "__main__":
    sys.exit(main())
