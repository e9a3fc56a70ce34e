#!/usr/bin/env python3
"""The PyTorch parity test: attention captured from real PyTorch modules by
tools/capture_attention.py, recomputed, compared with what PyTorch itself computed.

    capture_parity_test.py                    NumPy (float64) recomputes every capture
    capture_parity_test.py --attnlens PATH    ... and Attention Lens does too: each capture is
                                              opened by `PATH --evidence OUT.json [--batch N]
                                              capture.npz` and its evidence read back

Captured (seeded, so every run is the same):
  (a) nn.MultiheadAttention through its forward: an nn.TransformerEncoderLayer (embedding 32,
      4 heads, 7 tokens, batch 2) with a causal mask as a bool attn_mask (True = blocked), the
      same as a float -inf additive mask (sequence first), and with a key padding mask under
      torch.no_grad() in eval mode (PyTorch's fused path would skip the attention module), and
      with both (written as one blocked mask), and with a (B*H, N, N) mask that differs by
      example;
      the cross-attention of an nn.TransformerDecoderLayer (5 queries over 7 memory tokens,
      memory key padding); an unbatched module with kdim/vdim, bias_k/bias_v and add_zero_attn;
      a module called with is_causal=True and no mask (the argument newer PyTorch has).
  (b) named projections: a small model with separate q_proj/k_proj/v_proj Linear layers
      (causal), one with GPT-2's combined c_attn, and one with grouped key/value heads.

For every batch example: the per-head weights equal PyTorch's own (need_weights=True,
average_attn_weights=False for nn.MultiheadAttention; the model's own softmax for (b)) to 1e-6,
and the heads' concatenated context through the module's output projection equals the module's
attention output, as the model produced it, to 1e-5. Exit 77 (skipped) without torch or NumPy.
Writes only to a temporary folder.
"""

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile

SKIP = 77
WEIGHT_TOLERANCE = 1e-6
OUTPUT_TOLERANCE = 1e-5

try:
    import numpy as np
    import torch
    from torch import nn
except ImportError as missing:  # pragma: no cover - depends on the machine
    print(f"SKIPPED: the PyTorch parity test needs torch and NumPy ({missing}); "
          "install them with scripts/install-deps.sh --python", flush=True)
    sys.exit(SKIP)

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from capture_attention import capture_attention, save_attention  # noqa: E402

WORDS = ["the", "cat", "sat", "on", "the", "warm", "mat"]
TARGET = ["le", "chat", "s'est", "assis", "."]


class Failure(Exception):
    pass


def close(what, actual, expected, tolerance):
    actual = np.asarray(actual, dtype=np.float64)
    expected = np.asarray(expected, dtype=np.float64)
    if actual.shape != expected.shape:
        raise Failure(f"{what}: shape {actual.shape}, PyTorch has {expected.shape}")
    difference = float(np.max(np.abs(actual - expected))) if actual.size else 0.0
    if not difference <= tolerance:
        raise Failure(f"{what}: differs from PyTorch by {difference:.3g} (tolerance {tolerance})")
    return difference


# -- what PyTorch computed ------------------------------------------------------------------

class Case:
    """One capture and PyTorch's own numbers for it, every example batched as (B, ...)."""

    def __init__(self, name, path, weights, output, project, tokens):
        self.name = name
        self.path = path          # the .npz written by capture_attention
        self.weights = weights    # (B, H, N_q, N_k) float64, PyTorch's
        self.output = output      # (B, N_q, E) float64, the module's output in the model run
        self.project = project    # (B?, N_q, H*d) float64 -> (..., E): the output projection
        self.tokens = tokens      # (query labels, key labels) expected in the evidence


def batched(tensor, batch_first, has_batch=True):
    """A module's (N, B, E) / (B, N, E) / (N, E) tensor as (B, N, E) float64 NumPy."""
    array = tensor.detach().double().numpy()
    if not has_batch:
        return array[None]
    return array if batch_first else array.transpose(1, 0, 2)


def linear64(layer_weight, layer_bias, transposed=False):
    weight = layer_weight.detach().double().numpy()
    weight = weight if transposed else weight.T
    bias = None if layer_bias is None else layer_bias.detach().double().numpy()
    return lambda x: x @ weight + (0.0 if bias is None else bias)


def mha_reference(capture, mha):
    """PyTorch's per-head weights for the captured call, from the module itself."""
    call = capture.calls[-1]
    inputs = dict(call.inputs)
    arguments = {name: inputs[name] for name in ("key_padding_mask", "attn_mask", "is_causal")
                 if name in inputs}
    with torch.no_grad():
        output, weights = mha(inputs["query"], inputs["key"], inputs["value"], need_weights=True,
                              average_attn_weights=False, **arguments)
    has_batch = inputs["query"].dim() == 3
    weights = weights.double().numpy()
    if not has_batch:
        weights = weights[None]
    model_output = batched(call.output, mha.batch_first, has_batch)
    # The module called again on its own gives what it gave inside the model.
    close("the module's output called again", batched(output, mha.batch_first, has_batch),
          model_output, 1e-6)
    return weights, model_output


def encoder_cases(folder):
    cases = []
    torch.manual_seed(2026)
    layer = nn.TransformerEncoderLayer(32, 4, dim_feedforward=64, dropout=0.0,
                                       batch_first=True).eval()
    x = torch.randn(2, 7, 32)
    blocked = torch.ones(7, 7, dtype=torch.bool).triu(1)
    with capture_attention(layer, "self_attn", tokens=WORDS) as capture:
        layer(x, src_mask=blocked)
    cases.append(mha_case("encoder, bool causal attn_mask", capture, layer.self_attn, folder,
                          "encoder_blocked", "blocked", (WORDS, WORDS)))

    torch.manual_seed(7)
    sequence_first = nn.TransformerEncoderLayer(32, 4, dim_feedforward=64, dropout=0.0).eval()
    additive = torch.zeros(7, 7).masked_fill(blocked, float("-inf"))
    with capture_attention(sequence_first, "self_attn", tokens=WORDS) as capture:
        sequence_first(x.transpose(0, 1), src_mask=additive)
    cases.append(mha_case("encoder, -inf additive causal mask, sequence first", capture,
                          sequence_first.self_attn, folder, "encoder_additive", "additive_mask",
                          (WORDS, WORDS)))

    padding = torch.tensor([[False] * 7, [False] * 5 + [True] * 2])
    with torch.no_grad(), capture_attention(layer, "self_attn", tokens=WORDS) as capture:
        layer(x, src_key_padding_mask=padding)
    cases.append(mha_case("encoder, key padding, eval + no_grad (fast path off)", capture,
                          layer.self_attn, folder, "encoder_padding", "key_padding_mask",
                          (WORDS, WORDS)))
    with capture_attention(layer, "self_attn", tokens=WORDS) as capture:
        layer(x, src_mask=blocked, src_key_padding_mask=padding)
    cases.append(mha_case("encoder, causal attn_mask and key padding together", capture,
                          layer.self_attn, folder, "encoder_both", "blocked", (WORDS, WORDS)))
    if tuple(capture.arrays()["blocked"].shape) != (2, 1, 7, 7):
        raise Failure(f"the combined mask is {capture.arrays()['blocked'].shape}, not (2, 1, 7, 7)")
    # A mask per example, as nn.MultiheadAttention takes it: (B*H, N, N), example-major.
    per_example = blocked.repeat(2, 1, 1)
    per_example[1, 2:, 1] = True
    with capture_attention(layer, "self_attn", tokens=WORDS) as capture:
        layer(x, src_mask=per_example.repeat_interleave(4, dim=0))
    cases.append(mha_case("encoder, a (B*H, N, N) mask that differs by example", capture,
                          layer.self_attn, folder, "encoder_per_example", "blocked",
                          (WORDS, WORDS)))
    if tuple(capture.arrays()["blocked"].shape) != (2, 4, 7, 7):
        raise Failure(f"the per-example mask is {capture.arrays()['blocked'].shape}")
    if layer.activation_relu_or_gelu != 1:
        raise Failure("the capture did not give the encoder layer its fast path back")
    return cases


def decoder_case(folder):
    torch.manual_seed(11)
    layer = nn.TransformerDecoderLayer(32, 4, dim_feedforward=64, dropout=0.0).eval()
    target, memory = torch.randn(5, 2, 32), torch.randn(7, 2, 32)
    causal = torch.ones(5, 5, dtype=torch.bool).triu(1)
    memory_padding = torch.tensor([[False] * 6 + [True], [False] * 4 + [True] * 3])
    with capture_attention(layer, "multihead_attn", query_tokens=TARGET,
                           key_tokens=WORDS) as capture:
        layer(target, memory, tgt_mask=causal, memory_key_padding_mask=memory_padding)
    return mha_case("decoder cross-attention, memory key padding", capture, layer.multihead_attn,
                    folder, "decoder_cross", "key_padding_mask", (TARGET, WORDS))


def unbatched_case(folder):
    torch.manual_seed(5)
    mha = nn.MultiheadAttention(32, 4, kdim=24, vdim=20, add_bias_kv=True,
                                add_zero_attn=True).eval()
    query, key, value = torch.randn(5, 32), torch.randn(7, 24), torch.randn(7, 20)
    blocked = torch.rand(5, 7) < 0.3
    blocked[:, 0] = False
    with capture_attention(mha, mha, query_tokens=TARGET, key_tokens=WORDS) as capture:
        mha(query, key, value, attn_mask=blocked, need_weights=False)
    keys = WORDS + ["<bias_k>", "<zero_attn>"]
    return mha_case("unbatched, kdim/vdim, bias_k/bias_v, add_zero_attn", capture, mha, folder,
                    "unbatched_kdim", "blocked", (TARGET, keys))


class CausalHintAttention(nn.MultiheadAttention):
    """nn.MultiheadAttention with the is_causal argument newer PyTorch has (1.13 has none):
    a causal mask is applied when it is True and no attn_mask is given."""

    def forward(self, query, key, value, key_padding_mask=None, need_weights=True,
                attn_mask=None, average_attn_weights=True, is_causal=False):
        if is_causal and attn_mask is None:
            attn_mask = torch.ones(query.shape[-2], key.shape[-2], dtype=torch.bool).triu(1)
        return super().forward(query, key, value, key_padding_mask=key_padding_mask,
                               need_weights=need_weights, attn_mask=attn_mask,
                               average_attn_weights=average_attn_weights)


def causal_hint_case(folder):
    torch.manual_seed(13)
    mha = CausalHintAttention(32, 4, batch_first=True).eval()
    x = torch.randn(2, 7, 32)
    with capture_attention(mha, mha, tokens=WORDS) as capture:
        mha(x, x, x, need_weights=False, is_causal=True)
    return mha_case("is_causal=True without attn_mask", capture, mha, folder, "is_causal",
                    "blocked", (WORDS, WORDS))


def mha_case(name, capture, mha, folder, stem, convention, tokens):
    path = os.path.join(folder, stem + ".npz")
    arrays = capture.save(path)
    if convention not in arrays:
        raise Failure(f"{name}: the mask was written as {sorted(arrays)}, not {convention!r}")
    weights, output = mha_reference(capture, mha)
    project = linear64(mha.out_proj.weight, mha.out_proj.bias)
    return Case(name, path, weights, output, project, tokens)


# -- (b): attention built from named projections ----------------------------------------------

class ProjectedAttention(nn.Module):
    """Causal attention the way Hugging Face models write it, keeping its own weights."""

    def __init__(self, embed, heads, kv_heads=None, combined=False):
        super().__init__()
        self.num_heads, self.kv_heads = heads, kv_heads or heads
        self.head_dim = embed // heads
        if combined:
            self.c_attn = nn.Linear(embed, 3 * embed)
        else:
            self.q_proj = nn.Linear(embed, embed)
            self.k_proj = nn.Linear(embed, self.kv_heads * self.head_dim)
            self.v_proj = nn.Linear(embed, self.kv_heads * self.head_dim)
        self.o_proj = nn.Linear(embed, embed)
        self.last_weights = None

    def forward(self, x):
        batch, tokens, _ = x.shape
        if hasattr(self, "c_attn"):
            q, k, v = self.c_attn(x).chunk(3, dim=-1)
        else:
            q, k, v = self.q_proj(x), self.k_proj(x), self.v_proj(x)

        def split(t, heads):
            t = t.view(batch, tokens, heads, self.head_dim).transpose(1, 2)
            return t.repeat_interleave(self.num_heads // heads, dim=1)
        q, k, v = split(q, self.num_heads), split(k, self.kv_heads), split(v, self.kv_heads)
        scores = q @ k.transpose(-2, -1) / math.sqrt(self.head_dim)
        blocked = torch.ones(tokens, tokens, dtype=torch.bool).triu(1)
        weights = scores.masked_fill(blocked, float("-inf")).softmax(dim=-1)
        self.last_weights = weights.detach()
        context = (weights @ v).transpose(1, 2).reshape(batch, tokens, -1)
        return self.o_proj(context), weights


class TinyModel(nn.Module):
    def __init__(self, **attention):
        super().__init__()
        self.embed = nn.Linear(16, 32)
        attention_module = ProjectedAttention(32, 4, **attention)
        self.layers = nn.ModuleList([nn.ModuleDict({"self_attn": attention_module})])

    def forward(self, x):
        return self.layers[0]["self_attn"](self.embed(x))[0]


def projection_cases(folder):
    cases = []
    for name, stem, attention, options in (
            ("separate q_proj/k_proj/v_proj", "projections", {}, {}),
            ("GPT-2-style combined c_attn", "c_attn", {"combined": True}, {}),
            ("grouped key/value heads (4 heads, 2 kv)", "grouped", {"kv_heads": 2},
             {"kv_heads": 2})):
        torch.manual_seed(3)
        model = TinyModel(**attention).eval()
        x = torch.randn(2, 7, 16)
        attention_module = model.layers[0]["self_attn"]
        path = os.path.join(folder, stem + ".npz")
        outputs = []
        arrays = save_attention(path, model, "layers.0.self_attn",
                                lambda: outputs.append(model(x)), causal=True, tokens=WORDS,
                                **options)
        if "allowed" not in arrays or arrays["q"].shape != (2, 4, 7, 8):
            raise Failure(f"{name}: wrote {sorted(arrays)} with q {arrays['q'].shape}")
        with torch.no_grad():
            output = attention_module(model.embed(x))[0]
        close(f"{name}: the model's output", output.numpy(), outputs[0].detach().numpy(), 0)
        project = linear64(attention_module.o_proj.weight, attention_module.o_proj.bias)
        cases.append(Case(name, path, attention_module.last_weights.double().numpy(),
                          output.double().numpy(), project, (WORDS, WORDS)))
    return cases


# -- recomputing -------------------------------------------------------------------------------

def allowed_mask(arrays, batch, heads, n_q, n_k):
    """The (B, H, N_q, N_k) allowed mask, read by the convention the array's name states."""
    shape = (batch, heads, n_q, n_k)
    if "allowed" in arrays:
        return np.broadcast_to(arrays["allowed"].astype(bool), shape)
    if "blocked" in arrays:
        return np.broadcast_to(~arrays["blocked"].astype(bool), shape)
    if "additive_mask" in arrays:
        additive = arrays["additive_mask"]
        if not np.all((additive == 0) | np.isneginf(additive)):
            raise Failure("an additive mask with values other than 0 and -inf")
        return np.broadcast_to(additive == 0, shape)
    if "key_padding_mask" in arrays:
        padding = arrays["key_padding_mask"].astype(bool).reshape(-1, 1, 1, n_k)
        return np.broadcast_to(~padding, shape)
    return np.ones(shape, dtype=bool)


def numpy_check(case):
    with np.load(case.path, allow_pickle=False) as loaded:
        arrays = {name: loaded[name] for name in loaded.files}
    q, k, v = (arrays[name].astype(np.float64) for name in ("q", "k", "v"))
    if q.ndim == 3:
        q, k, v = q[None], k[None], v[None]
    batch, heads, n_q, d = q.shape
    n_k = k.shape[2]
    for name in ("tokens", "query_tokens", "key_tokens"):
        if name in arrays and arrays[name].dtype.kind != "U":
            raise Failure(f"{case.name}: {name} is {arrays[name].dtype}, not unicode")
    queries = arrays.get("query_tokens", arrays.get("tokens"))
    keys = arrays.get("key_tokens", arrays.get("tokens"))
    if list(queries) != list(case.tokens[0]) or list(keys) != list(case.tokens[1]):
        raise Failure(f"{case.name}: tokens {list(queries)} / {list(keys)}")
    allowed = allowed_mask(arrays, batch, heads, n_q, n_k)
    scores = q @ k.transpose(0, 1, 3, 2) / math.sqrt(d)
    scores = np.where(allowed, scores, -np.inf)
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights /= weights.sum(axis=-1, keepdims=True)
    worst_weight = close(f"{case.name}: NumPy weights", weights, case.weights, WEIGHT_TOLERANCE)
    context = (weights @ v).transpose(0, 2, 1, 3).reshape(batch, n_q, -1)
    worst_output = close(f"{case.name}: NumPy context through the output projection",
                         case.project(context), case.output, OUTPUT_TOLERANCE)
    return worst_weight, worst_output, batch


def attnlens_check(case, attnlens, folder):
    with np.load(case.path, allow_pickle=False) as loaded:
        has_batch = loaded["q"].ndim == 4
        batch = loaded["q"].shape[0] if has_batch else 1
    worst_weight = worst_output = 0.0
    for example in range(batch):
        evidence_path = os.path.join(folder, f"evidence-{example + 1}.json")
        command = [attnlens, "--evidence", evidence_path]
        if has_batch:
            command += ["--batch", str(example + 1)]
        command.append(case.path)
        run = subprocess.run(command, capture_output=True, text=True,
                             env=dict(os.environ, QT_QPA_PLATFORM="offscreen"))
        if run.returncode != 0:
            raise Failure(f"{case.name}: {' '.join(command)} exited {run.returncode}: "
                          f"{run.stderr.strip()}")
        with open(evidence_path, encoding="utf-8") as stream:
            evidence = json.load(stream)
        heads = evidence.get("heads")
        if heads is None:
            raise Failure(f"{case.name}: the evidence has no heads: {sorted(evidence)}")
        weights = np.array([head["weights"] for head in heads], dtype=np.float64)
        worst_weight = max(worst_weight, close(
            f"{case.name}, example {example + 1}: Attention Lens weights", weights,
            case.weights[example], WEIGHT_TOLERANCE))
        context = np.array(evidence["concatenated_context"], dtype=np.float64)
        worst_output = max(worst_output, close(
            f"{case.name}, example {example + 1}: Attention Lens context through the output "
            "projection", case.project(context), case.output[example], OUTPUT_TOLERANCE))
        labels = (evidence.get("query_labels"), evidence.get("key_labels"))
        if labels != (list(case.tokens[0]), list(case.tokens[1])):
            raise Failure(f"{case.name}: Attention Lens labels {labels}")
    return worst_weight, worst_output, batch


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attnlens", help="the built attnlens executable")
    args = parser.parse_args()
    failures = 0
    with tempfile.TemporaryDirectory(prefix="attnlens-capture-") as folder:
        cases = encoder_cases(folder) + [decoder_case(folder), unbatched_case(folder),
                                         causal_hint_case(folder)]
        cases += projection_cases(folder)
        checks = [("NumPy float64", lambda case: numpy_check(case))]
        if args.attnlens:
            checks.append(("Attention Lens", lambda case: attnlens_check(case, args.attnlens,
                                                                          folder)))
        for label, check in checks:
            for case in cases:
                try:
                    weight, output, batch = check(case)
                    print(f"ok    {label:15} {case.name}: {batch} example(s), weights within "
                          f"{weight:.1e}, output within {output:.1e}")
                except Failure as failure:
                    failures += 1
                    print(f"FAIL  {label:15} {failure}")
    print(f"torch {torch.__version__}, NumPy {np.__version__}: "
          + ("all passed" if not failures else f"{failures} failed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
