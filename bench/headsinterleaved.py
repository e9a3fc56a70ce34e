#!/usr/bin/python3
"""The 12-head cases of attnlens_bench and numpybench.py, run in alternation, round after round.

On a machine that other processes share, the load changes from minute to minute; run one after
the other (as scripts/bench-engine.sh does), one side can meet a busy minute and the other a
quiet one. Here each round times the engine, then NumPy, on the same multi-head cases, and the
ratio is taken within the round: the table gives, per case, the medians over the rounds and the
median, lowest and highest of the per-round ratios, with the load averages of the rounds.

Usage: bench/headsinterleaved.py ENGINE_BINARY [--rounds 5]
  ENGINE_BINARY   build/bench/attnlens_bench (a Release build)
NumPy's fastest way in each round is the reference; einsum is left out (it was three to five
times slower than the other ways in every full run) unless --ways says otherwise.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = "/usr/bin/python3"
# engine case -> NumPy case (the same computation)
CASES = {
    "heads12_128x128x64": "heads12_128x128x64",
    "heads12_1024x1024x64": "heads12_1024x1024x64",
    "model_heads12_1024x1024x64": "heads12_1024x1024x64",
    "heads12_causal_1024x1024x64": "heads12_causal_1024x1024x64",
    "model_heads12_causal_1024x1024x64": "heads12_causal_1024x1024x64",
}
LABELS = {
    "heads12_128x128x64": "12 heads x 128x128x64, computeAllHeads",
    "heads12_1024x1024x64": "12 heads x 1024x1024x64, computeAllHeads",
    "model_heads12_1024x1024x64": "12 heads x 1024x1024x64, model recompute",
    "heads12_causal_1024x1024x64": "12 heads x 1024x1024x64 causal, computeAllHeads",
    "model_heads12_causal_1024x1024x64": "12 heads x 1024x1024x64 causal, model recompute",
}
UNIT_SECONDS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}


def engine_round(binary, folder):
    path = os.path.join(folder, "engine.json")
    regex = "/(" + "|".join(CASES) + ")/"
    with open(path, "w") as out:
        subprocess.run([binary, f"--benchmark_filter={regex}", "--benchmark_repetitions=3",
                        "--benchmark_report_aggregates_only=true", "--benchmark_format=json"],
                       stdout=out, stderr=subprocess.DEVNULL, check=True)
    with open(path) as file:
        data = json.load(file)
    times, cpu = {}, {}
    for run in data["benchmarks"]:
        if run.get("aggregate_name") != "median":
            continue
        case = run["run_name"].split("/")[1]
        times[case] = run["real_time"] * UNIT_SECONDS[run["time_unit"]]
        cpu[case] = run["cpu_time"] * UNIT_SECONDS[run["time_unit"]]
    return times, cpu, data.get("context", {}).get("load_avg", [])


def numpy_round(folder, ways):
    path = os.path.join(folder, "numpy.json")
    cases = sorted(set(CASES.values()))
    subprocess.run([PYTHON, os.path.join(HERE, "numpybench.py"), "--out", path, "--cases", *cases,
                    "--min-time", "0.5", "--min-batches", "3", "--ways", *ways],
                   stderr=subprocess.DEVNULL, check=True)
    with open(path) as file:
        report = json.load(file)
    return {case: (value["median_s"], value["variant"]) for case, value in report["cases"].items()}


def load_now():
    return os.getloadavg()[0]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--ways", nargs="*",
                        default=["loop over heads", "batched matmul", "loop, reused buffers"])
    args = parser.parse_args()

    ours = {case: [] for case in CASES}
    ours_cpu = {case: [] for case in CASES}
    theirs = {case: [] for case in CASES}
    ratios = {case: [] for case in CASES}
    ways = {case: [] for case in CASES}
    loads = []
    with tempfile.TemporaryDirectory() as folder:
        for round_number in range(1, args.rounds + 1):
            before = load_now()
            engine, cpu, _ = engine_round(args.engine, folder)
            reference = numpy_round(folder, args.ways)
            after = load_now()
            loads.append((before, after))
            print(f"round {round_number}: load {before:.2f} -> {after:.2f}", file=sys.stderr)
            for case, numpy_case in CASES.items():
                if case not in engine or numpy_case not in reference:
                    continue
                ours[case].append(engine[case])
                ours_cpu[case].append(cpu[case])
                theirs[case].append(reference[numpy_case][0])
                ways[case].append(reference[numpy_case][1])
                ratios[case].append(engine[case] / reference[numpy_case][0])

    def ms(seconds):
        return f"{seconds * 1e3:.2f} ms"

    print(f"{args.rounds} rounds, engine then NumPy in each; load averages (1 min) from "
          f"{min(l for pair in loads for l in pair):.2f} to {max(l for pair in loads for l in pair):.2f}")
    print("case | ours (median of rounds; its CPU time) | NumPy (median of rounds) | "
          "ratio: median of rounds [lowest, highest] | NumPy's fastest way (rounds)")
    for case in CASES:
        if not ratios[case]:
            continue
        counts = {way: ways[case].count(way) for way in sorted(set(ways[case]))}
        print(f"{LABELS[case]} | {ms(statistics.median(ours[case]))} ({ms(statistics.median(ours_cpu[case]))}) | "
              f"{ms(statistics.median(theirs[case]))} | {statistics.median(ratios[case]):.3f} "
              f"[{min(ratios[case]):.3f}, {max(ratios[case]):.3f}] | "
              + ", ".join(f"{way} {count}" for way, count in counts.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
