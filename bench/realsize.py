#!/usr/bin/python3
"""Real sizes: a 2,048-token, d_k 64, causal JSON scenario, Attention Lens against Python.

In one run this script
  1. writes the scenario (seeded, about 35 MB of JSON) into a temporary folder,
  2. times Python reading it (json.load), computing with NumPy and drawing the weights with
     matplotlib at 300 dpi, and Attention Lens's headless `--export heatmap=FILE.png`,
  3. times Python reading it, computing and json.dump-ing the same evidence (scenario, scores,
     weights, context), and Attention Lens's `--evidence FILE.json`,
  4. prints each time, the ratio Attention Lens / Python and each side's peak memory (the
     maximum resident set size of the process, as /usr/bin/time -v reports it).

Every measurement is a separate process, so peak memory belongs to that one task. Each task runs
--repeat times (default 3) and the median time is reported. Run it with Debian's /usr/bin/python3
(python3-numpy, python3-matplotlib):

    /usr/bin/python3 bench/realsize.py --attnlens build/attnlens

`--generate FILE` only writes the scenario (for profiling by hand).
"""

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

TOKENS = 2048
DIMENSION = 64
SEED = 14


def scenario_document(tokens=TOKENS, dimension=DIMENSION, seed=SEED):
    """The scenario as a Python object: Q, K, V of tokens x dimension, a causal mask."""
    import numpy as np

    rng = np.random.default_rng(seed)
    q, k, v = (rng.standard_normal((tokens, dimension)) for _ in range(3))
    causal = np.tril(np.ones((tokens, tokens), dtype=bool))
    return {
        "format": "attnlens-scenario",
        "version": 1,
        "name": f"Real size: {tokens} tokens, d_k {dimension}, causal",
        "Q": q.tolist(),
        "K": k.tolist(),
        "V": v.tolist(),
        "query_labels": [f"t{i}" for i in range(tokens)],
        "key_labels": [f"t{i}" for i in range(tokens)],
        "temperature": 1.0,
        "allowed": causal.tolist(),
    }


def generate(path, tokens=TOKENS, dimension=DIMENSION):
    with open(path, "w", encoding="utf-8") as out:
        json.dump(scenario_document(tokens, dimension), out)


# --- the Python side, each run in its own process (python3 realsize.py --python-task ...) ---

def python_compute(document):
    import numpy as np

    q = np.asarray(document["Q"], dtype=np.float64)
    k = np.asarray(document["K"], dtype=np.float64)
    v = np.asarray(document["V"], dtype=np.float64)
    allowed = np.asarray(document["allowed"], dtype=bool)
    scores = q @ k.T / np.sqrt(q.shape[1])
    shifted = np.where(allowed, scores / document.get("temperature", 1.0), -np.inf)
    shifted -= shifted.max(axis=1, keepdims=True)
    weights = np.exp(shifted)
    weights /= weights.sum(axis=1, keepdims=True)
    return scores, weights, weights @ v


def python_figure(scenario_path, output):
    with open(scenario_path, encoding="utf-8") as f:
        document = json.load(f)
    _, weights, _ = python_compute(document)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(8, 6))
    image = axes.imshow(weights, cmap="viridis", interpolation="nearest", vmin=0, vmax=1)
    axes.set_xlabel("key")
    axes.set_ylabel("query")
    axes.set_title(document.get("name", ""))
    figure.colorbar(image, ax=axes, label="weight")
    figure.savefig(output, dpi=300)


def python_evidence_document(scenario_path):
    with open(scenario_path, encoding="utf-8") as f:
        document = json.load(f)
    scores, weights, context = python_compute(document)
    document["format"] = "attnlens-evidence"
    document["scores"] = scores.tolist()
    document["weights"] = weights.tolist()
    document["context"] = context.tolist()
    return document


def python_evidence(scenario_path, output):
    """json.dump, as the issue measured it (it streams through the pure-Python encoder)."""
    document = python_evidence_document(scenario_path)
    with open(output, "w", encoding="utf-8") as out:
        json.dump(document, out)


def python_evidence_dumps(scenario_path, output):
    """json.dumps and one write: the C encoder, Python's fastest way (the whole text in memory)."""
    document = python_evidence_document(scenario_path)
    with open(output, "w", encoding="utf-8") as out:
        out.write(json.dumps(document))


# --- measuring ---

def run_measured(command):
    """Runs command in a child process; returns (seconds, peak RSS in MiB)."""
    start = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
    _, stderr = child.communicate()
    seconds = time.perf_counter() - start
    if child.returncode != 0:
        sys.exit(f"failed ({child.returncode}): {' '.join(command)}\n{stderr.decode()}")
    return seconds


def measure_isolated(command, repeat):
    """Median seconds and that task's peak RSS (MiB), through a fresh measuring process so that
    RUSAGE_CHILDREN holds this task alone."""
    probe = [sys.executable, __file__, "--measure", str(repeat), "--", *command]
    result = subprocess.run(probe, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        sys.exit(result.stderr or result.stdout)
    seconds, peak = result.stdout.split()
    return float(seconds), float(peak)


def npz_open(args, attnlens, folder):
    """One GPT-2-small layer as a capture: 12 heads x 1,024 tokens x 64, float32, with tokens,
    written by np.savez. Attention Lens's readNumpyScenario (attnlens_npzreadbench) against NumPy's
    np.load reading every array, both in process, medians of 11 reads after one unmeasured;
    targets: at most 0.3 s and at most 3x NumPy."""
    bench = os.path.join(os.path.dirname(attnlens), "bench", "attnlens_npzreadbench")
    if not os.path.exists(bench):
        print(f"npz open: {bench} not built (cmake target attnlens_npzreadbench)")
        return
    import numpy as np
    rng = np.random.default_rng(SEED)
    shape = (12, 1024, 64)
    path = os.path.join(folder, "gpt2-layer.npz")
    np.savez(path, q=rng.standard_normal(shape, dtype=np.float32),
             k=rng.standard_normal(shape, dtype=np.float32),
             v=rng.standard_normal(shape, dtype=np.float32),
             tokens=np.array([f"tok{i}" for i in range(shape[1])]))
    times = []
    for i in range(12):
        start = time.perf_counter()
        with np.load(path) as archive:
            arrays = {name: archive[name] for name in archive.files}
        if i:
            times.append(time.perf_counter() - start)
        del arrays
    numpy_ms = statistics.median(times) * 1000.0
    result = subprocess.run([bench, path, "11"], capture_output=True, text=True, check=True)
    words = result.stdout.split()
    attnlens_ms = float(words[words.index("median") + 1])
    ratio = attnlens_ms / numpy_ms
    verdict = "ok" if attnlens_ms <= 300 and ratio <= 3 else "MISSED"
    size = os.path.getsize(path) / 1e6
    print(f"npz open, 12 x 1024 x 64 float32 ({size:.0f} MB): NumPy np.load {numpy_ms:.1f} ms, "
          f"Attention Lens {attnlens_ms:.1f} ms, ratio {ratio:.2f} (targets <= 300 ms, <= 3x) {verdict}")


def window_start(args, attnlens, scenario):
    """The window with the scenario: start to the first whole frame, and peak memory; targets
    1 s and 300 MB (absolute: there is no Python window to compare with)."""
    bench = args.windowbench or os.path.join(os.path.dirname(attnlens), "bench",
                                             "attnlens_windowstartbench")
    if not os.path.exists(bench):
        print(f"window start: {bench} not built (cmake target attnlens_windowstartbench)")
        return
    frames, peaks = [], []
    for _ in range(args.repeat):
        result = subprocess.run([bench, scenario], capture_output=True, text=True, check=True,
                                env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
        # "window start: read R ms, window built B ms, first whole frame F ms (WxH), peak memory M MB"
        words = result.stdout.replace(",", " ").split()
        frames.append(float(words[words.index("frame") + 1]) / 1000.0)
        peaks.append(float(words[words.index("memory") + 1]))
    seconds, peak = statistics.median(frames), max(peaks)
    verdict = "ok" if seconds <= 1.0 and peak <= 300 else "MISSED"
    print(f"window start to first whole frame: {seconds:.2f} s, peak {peak:.0f} MB "
          f"(targets <= 1 s, <= 300 MB) {verdict}")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--attnlens", default="build/attnlens", help="the attnlens binary")
    parser.add_argument("--windowbench", default=None,
                        help="attnlens_windowstartbench (default: bench/ beside the attnlens binary)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each task (median)")
    parser.add_argument("--generate", metavar="FILE", help="only write the scenario to FILE")
    parser.add_argument("--only", choices=["300-dpi", "evidence", "window", "npz"], help="run only these rows")
    parser.add_argument("--python-task", nargs=3, metavar=("TASK", "SCENARIO", "OUTPUT"),
                        help=argparse.SUPPRESS)
    parser.add_argument("--measure", type=int, help=argparse.SUPPRESS)
    parser.add_argument("command", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.measure:
        times = [run_measured(args.command) for _ in range(args.measure)]
        peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024.0
        print(f"{statistics.median(times):.4f} {peak:.1f}")
        return
    if args.python_task:
        task, scenario, output = args.python_task
        {"figure": python_figure, "evidence": python_evidence,
         "evidence-dumps": python_evidence_dumps}[task](scenario, output)
        return
    if args.generate:
        generate(args.generate)
        return

    attnlens = os.path.abspath(args.attnlens)
    with tempfile.TemporaryDirectory(prefix="attnlens-realsize-") as folder:
        scenario = os.path.join(folder, "realsize.json")
        generate(scenario)
        size = os.path.getsize(scenario) / 1e6
        print(f"scenario: {TOKENS} tokens, d_k {DIMENSION}, causal mask, {size:.1f} MB of JSON")
        print(f"each time is the median of {args.repeat} runs; memory is the peak resident set")
        python = [sys.executable, os.path.abspath(__file__), "--python-task"]
        rows = [
            ("300-dpi heatmap figure",
             python + ["figure", scenario, os.path.join(folder, "py.png")],
             [attnlens, "--dpi", "300", "--export", "heatmap=" + os.path.join(folder, "al.png"),
              scenario],
             0.5),
            ("evidence (json.dump)",
             python + ["evidence", scenario, os.path.join(folder, "py.json")],
             [attnlens, "--evidence", os.path.join(folder, "al.json"), scenario],
             0.3),
            ("evidence (json.dumps)",
             python + ["evidence-dumps", scenario, os.path.join(folder, "py.json")],
             [attnlens, "--evidence", os.path.join(folder, "al.json"), scenario],
             0.3),
        ]
        if args.only:
            rows = [row for row in rows if row[0].startswith(args.only)]
        if not args.only or args.only == "npz":
            npz_open(args, attnlens, folder)
            if args.only == "npz":
                return
        if not args.only or args.only == "window":
            window_start(args, attnlens, scenario)
            if args.only == "window":
                return
        print(f"{'task':<24}{'Python s':>10}{'MiB':>8}{'attnlens s':>12}{'MiB':>8}"
              f"{'ratio':>8}{'target':>8}")
        for name, python_command, attnlens_command, target in rows:
            py_seconds, py_peak = measure_isolated(python_command, args.repeat)
            al_seconds, al_peak = measure_isolated(attnlens_command, args.repeat)
            ratio = al_seconds / py_seconds
            verdict = "ok" if ratio <= target else "MISSED"
            print(f"{name:<24}{py_seconds:>10.2f}{py_peak:>8.0f}{al_seconds:>12.2f}"
                  f"{al_peak:>8.0f}{ratio:>8.2f}{'<= ' + str(target):>8} {verdict}")


if __name__ == "__main__":
    main()
