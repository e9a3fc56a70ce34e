#!/usr/bin/env python3
"""What `attnlens --npz` writes, read back by NumPy itself.

For built-in scenarios (one head, several heads, a mask, cross-attention) this runs
`attnlens --npz OUT.npz SCENARIO`, np.load()s the file and checks:
  * the inputs against the scenario's own JSON file (Q, K, V per head, mask, temperature, labels);
  * scores, weights, context and concatenated_context against attention computed here in
    float64 NumPy from those inputs, to 1e-12;
  * each entry against what np.save writes for the same array (the header byte for byte, the
    data bit for bit) and that the archive is stored uncompressed, as np.savez does;
  * that Attention Lens opens the written file again: the evidence of the .npz has the same
    numbers, bit for bit, as the evidence of the scenario itself;
  * that a refused scenario (a row with no allowed key) exits 2 and leaves an old file untouched.
Usage: check_npz_results.py ATTNLENS SCENARIO_DIR
"""
import io
import json
import os
import subprocess
import sys
import tempfile
import zipfile

import numpy as np

TOLERANCE = 1e-12


def run(attnlens, *arguments):
    environment = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    return subprocess.run([attnlens, *arguments], capture_output=True, text=True, env=environment)


def heads_of(scenario):
    if "heads" in scenario:
        return [(h.get("name", ""), h["Q"], h["K"], h["V"]) for h in scenario["heads"]]
    return [(scenario.get("head_name", ""), scenario["Q"], scenario["K"], scenario["V"])]


def reference_attention(q, k, v, allowed, temperature):
    """Scaled dot-product attention per head, float64, the textbook way."""
    d_k = q.shape[-1]
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(d_k)
    logits = np.where(allowed, scores / temperature, -np.inf)
    logits = logits - logits.max(axis=-1, keepdims=True)
    exp = np.where(allowed, np.exp(logits), 0.0)
    weights = exp / exp.sum(axis=-1, keepdims=True)
    context = weights @ v
    return scores, weights, context


def check_close(failures, scenario_id, name, got, expected):
    if got.shape != expected.shape:
        failures.append(f"{scenario_id}: {name} has shape {got.shape}, expected {expected.shape}")
    elif got.dtype != np.float64:
        failures.append(f"{scenario_id}: {name} is {got.dtype}, expected float64")
    elif not np.allclose(got, expected, rtol=0.0, atol=TOLERANCE):
        worst = np.max(np.abs(got - expected))
        failures.append(f"{scenario_id}: {name} differs by {worst:.3g} (tolerance {TOLERANCE})")


def check_scenario(attnlens, scenario_dir, folder, scenario_id, failures):
    out = os.path.join(folder, scenario_id + ".npz")
    result = run(attnlens, "--npz", out, scenario_id)
    if result.returncode != 0:
        failures.append(f"{scenario_id}: attnlens exited {result.returncode}: {result.stderr.strip()}")
        return
    with open(os.path.join(scenario_dir, scenario_id + ".json"), encoding="utf-8") as f:
        scenario = json.load(f)

    heads = heads_of(scenario)
    q = np.array([h[1] for h in heads], dtype=np.float64)
    k = np.array([h[2] for h in heads], dtype=np.float64)
    v = np.array([h[3] for h in heads], dtype=np.float64)
    n_q, n_k = q.shape[1], k.shape[1]
    mask = scenario.get("allowed")
    allowed = np.ones((n_q, n_k), dtype=bool) if mask is None else np.array(mask, dtype=bool)
    temperature = float(scenario.get("temperature", 1.0))
    query_labels = scenario.get("query_labels") or []
    key_labels = scenario.get("key_labels") or []
    query_tokens = [query_labels[i] if i < len(query_labels) and query_labels[i] else f"query {i + 1}"
                    for i in range(n_q)]
    key_tokens = [key_labels[j] if j < len(key_labels) and key_labels[j] else f"key {j + 1}"
                  for j in range(n_k)]
    head_names = [h[0] if h[0] else f"head {i + 1}" for i, h in enumerate(heads)]

    data = np.load(out)  # allow_pickle stays False: a pickled array would fail here
    expected_names = ["q", "k", "v", "allowed", "query_tokens", "key_tokens"]
    if query_tokens == key_tokens:
        expected_names.append("tokens")
    expected_names += ["temperature", "head_names", "scores", "weights", "context",
                       "concatenated_context"]
    if list(data.files) != expected_names:
        failures.append(f"{scenario_id}: arrays {data.files}, expected {expected_names}")
        return

    for name, expected in (("q", q), ("k", k), ("v", v)):
        if not np.array_equal(data[name], expected) or data[name].dtype != np.float64:
            failures.append(f"{scenario_id}: {name} is not the scenario's {name.upper()} per head")
    if data["allowed"].dtype != np.bool_ or not np.array_equal(data["allowed"], allowed):
        failures.append(f"{scenario_id}: allowed is not the scenario's mask")
    if data["temperature"].shape != () or float(data["temperature"]) != temperature:
        failures.append(f"{scenario_id}: temperature {data['temperature']!r}, expected {temperature}")
    for name, expected in (("query_tokens", query_tokens), ("key_tokens", key_tokens),
                           ("head_names", head_names)):
        if data[name].dtype.kind != "U" or data[name].tolist() != expected:
            failures.append(f"{scenario_id}: {name} {data[name]!r}, expected {expected}")
    if "tokens" in data.files and data["tokens"].tolist() != query_tokens:
        failures.append(f"{scenario_id}: tokens {data['tokens']!r}, expected {query_tokens}")

    scores, weights, context = reference_attention(q, k, v, allowed, temperature)
    check_close(failures, scenario_id, "scores", data["scores"], scores)
    check_close(failures, scenario_id, "weights", data["weights"], weights)
    check_close(failures, scenario_id, "context", data["context"], context)
    check_close(failures, scenario_id, "concatenated_context", data["concatenated_context"],
                np.concatenate(list(context), axis=-1))
    if np.any(data["weights"][:, ~allowed] != 0.0):
        failures.append(f"{scenario_id}: a masked weight is not exactly 0")

    # Every entry as np.save itself would write the same array, stored without compression.
    with zipfile.ZipFile(out) as archive:
        for info in archive.infolist():
            if info.compress_type != zipfile.ZIP_STORED:
                failures.append(f"{scenario_id}: {info.filename} is compressed")
            written = archive.read(info)
            buffer = io.BytesIO()
            np.save(buffer, data[info.filename[:-4]])
            if written != buffer.getvalue():
                failures.append(f"{scenario_id}: {info.filename} is not what np.save writes")


def evidence_numbers(evidence):
    """The matrices of an evidence record, per head, without names or the mask's spelling."""
    heads = evidence.get("heads") or [evidence]
    keys = ("Q", "K", "V", "scores", "weights", "context")
    return ([[head.get(key) for key in keys] for head in heads], evidence.get("concatenated_context"),
            evidence.get("temperature"))


def check_round_trip(attnlens, folder, scenario_id, failures):
    written = os.path.join(folder, scenario_id + ".npz")
    original_evidence = os.path.join(folder, scenario_id + "-original.json")
    reopened_evidence = os.path.join(folder, scenario_id + "-reopened.json")
    for evidence, source in ((original_evidence, scenario_id), (reopened_evidence, written)):
        result = run(attnlens, "--evidence", evidence, source)
        if result.returncode != 0:
            failures.append(f"{scenario_id}: --evidence of {source} exited {result.returncode}: "
                            f"{result.stderr.strip()}")
            return
    with open(original_evidence, encoding="utf-8") as a, open(reopened_evidence, encoding="utf-8") as b:
        if evidence_numbers(json.load(a)) != evidence_numbers(json.load(b)):
            failures.append(f"{scenario_id}: the written .npz does not open as the same numbers")


def check_refusal(attnlens, scenario_dir, folder, failures):
    with open(os.path.join(scenario_dir, "lesson.json"), encoding="utf-8") as f:
        scenario = json.load(f)
    n_q, n_k = len(scenario["Q"]), len(scenario["K"])
    scenario["allowed"] = [[False] * n_k for _ in range(n_q)]
    refused = os.path.join(folder, "refused.json")
    with open(refused, "w", encoding="utf-8") as f:
        json.dump(scenario, f)
    out = os.path.join(folder, "old.npz")
    with open(out, "wb") as f:
        f.write(b"the old file")
    result = run(attnlens, "--npz", out, refused)
    if result.returncode != 2:
        failures.append(f"refused scenario: exit code {result.returncode}, expected 2")
    if "all_masked_row" not in result.stderr:
        failures.append(f"refused scenario: stderr does not name the refusal: {result.stderr!r}")
    with open(out, "rb") as f:
        if f.read() != b"the old file":
            failures.append("refused scenario: the old file was changed")


def main():
    attnlens, scenario_dir = sys.argv[1], sys.argv[2]
    failures = []
    with tempfile.TemporaryDirectory() as folder:
        for scenario_id in ("lesson", "lesson-two-heads", "two-heads-specialise", "causal-padding",
                            "practice-cross-attention", "three-queries-sharp"):
            check_scenario(attnlens, scenario_dir, folder, scenario_id, failures)
            check_round_trip(attnlens, folder, scenario_id, failures)
        check_refusal(attnlens, scenario_dir, folder, failures)
    for failure in failures:
        print("FAIL:", failure)
    print(f"{len(failures)} failures")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
