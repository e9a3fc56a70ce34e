#!/usr/bin/env python3
"""Writes the NumPy test captures of tests/data/numpy/ with NumPy itself (np.save, np.savez,
np.savez_compressed, np.lib.format), and expected.json: what each readable capture holds, as
NumPy reads it back (float64 values, the allowed mask, the labels), for tests/core/numpy_*_test.

Usage: /usr/bin/python3 scripts/make-npy-testdata.py [OUTDIR]   (default tests/data/numpy)
Deterministic: the same NumPy writes the same files. Every file is a few KB at most.
"""
import io
import json
import os
import shutil
import sys
import zipfile

import numpy as np

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "tests", "data", "numpy")
shutil.rmtree(out, ignore_errors=True)
os.makedirs(out)
rng = np.random.default_rng(14)
expected = {"readable": [], "refused": []}


def path(name):
    full = os.path.join(out, name)
    os.makedirs(os.path.dirname(full), exist_ok=True)
    return full


def as_list(array):
    """Nested lists of floats; -0.0 as the text "-0.0" (a JSON reader may keep 0 as an integer)."""
    def keep_sign(x):
        if isinstance(x, list):
            return [keep_sign(y) for y in x]
        return "-0.0" if x == 0.0 and np.signbit(x) else x
    return keep_sign(np.asarray(array, dtype=np.float64).tolist())


def record(name, q, k, v, batch=None, batch_count=1, allowed=None, convention="",
           query_labels=(), key_labels=(), temperature=1.0):
    """What Attention Lens must read from `name` (with --batch `batch`): per head (H, N, d)."""
    def heads(a):
        a = np.asarray(a)
        if a.ndim == 4:
            a = a[0 if batch is None else batch]
        if a.ndim == 2:
            a = a[None]
        return as_list(a.astype(np.float64))
    expected["readable"].append({
        "path": name, "batch": batch, "batch_count": batch_count,
        "q": heads(q), "k": heads(k), "v": heads(v),
        "allowed": None if allowed is None else np.asarray(allowed, dtype=bool).tolist(),
        "convention": convention,
        "query_labels": list(query_labels), "key_labels": list(key_labels),
        "temperature": temperature,
    })


def qkv(shape_q, shape_kv=None, dtype=np.float64):
    shape_kv = shape_kv or shape_q
    return (rng.standard_normal(shape_q).astype(dtype), rng.standard_normal(shape_kv).astype(dtype),
            rng.standard_normal(shape_kv).astype(dtype))


# Every float dtype in both byte orders: (H, N, d) = (2, 3, 4).
for bits in (16, 32, 64):
    for order, word in (("<", "le"), (">", "be")):
        dtype = np.dtype(f"{order}f{bits // 8}")
        q, k, v = qkv((2, 3, 4), dtype=dtype)
        if bits == 16:
            # float16's edges: the smallest subnormal, the largest finite, a negative zero, 1/3.
            q.flat[:4] = np.array([2.0 ** -24, 65504.0, -0.0, 1.0 / 3.0]).astype(dtype)
        name = f"dtype_f{bits}_{word}.npz"
        np.savez(path(name), q=q, k=k, v=v)
        record(name, q, k, v)

# Fortran order: 2-D, 3-D and 4-D.
q, k, v = (np.asfortranarray(a) for a in qkv((3, 5)))
np.savez(path("fortran_2d.npz"), q=q, k=k, v=v)
record("fortran_2d.npz", q, k, v)
q, k, v = (np.asfortranarray(a) for a in qkv((3, 4, 2), dtype=np.float32))
np.savez(path("fortran_3d.npz"), q=q, k=k, v=v)
record("fortran_3d.npz", q, k, v)
q, k, v = (np.asfortranarray(a) for a in qkv((2, 3, 4, 2)))
np.savez(path("fortran_4d.npz"), q=q, k=k, v=v)
for b in range(2):
    record("fortran_4d.npz", q, k, v, batch=b, batch_count=2)

# 2-D (one head), 4-D (a batch of three examples) and compressed archives.
q, k, v = qkv((4, 3))
np.savez(path("single_head.npz"), Q=q, K=k, V=v)
record("single_head.npz", q, k, v)
q, k, v = qkv((3, 2, 4, 3), dtype=np.float32)
np.savez(path("batch.npz"), query=q, key=k, value=v)
record("batch.npz", q, k, v, batch_count=3)  # no --batch: the first example
for b in range(3):
    record("batch.npz", q, k, v, batch=b, batch_count=3)
q, k, v = qkv((2, 5, 4), dtype=np.float16)
np.savez_compressed(path("compressed.npz"), q=q, k=k, v=v)
record("compressed.npz", q, k, v)

# np.save into a folder, names in other cases, string tokens; a version 2.0 and 3.0 header.
tokens = np.array(["The", "cat", "sat", "貓", "🙂"])
q, k, v = qkv((2, 5, 3), dtype=np.float32)
np.save(path("folder/Query.npy"), q)
np.save(path("folder/KEY.npy"), k)
np.save(path("folder/value.npy"), v)
np.save(path("folder/tokens.npy"), tokens)
np.save(path("folder/notes.npy"), np.arange(3))  # not read: an unknown name
record("folder", q, k, v, query_labels=tokens, key_labels=tokens)
q, k, v = qkv((3, 2))
for name, array, version in (("q", q, (1, 0)), ("k", k, (2, 0)), ("v", v, (3, 0))):
    with open(path(f"versions/{name}.npy"), "wb") as f:
        np.lib.format.write_array(f, array, version=version)
record("versions", q, k, v)

# Tokens: big-endian text, and cross-attention with labels on each side.
q, k, v = qkv((3, 2))
big = np.array(["α", "βeta", "end"]).astype(">U4")
np.savez(path("tokens_big_endian.npz"), q=q, k=k, v=v, tokens=big)
record("tokens_big_endian.npz", q, k, v, query_labels=big, key_labels=big)
q, k, v = qkv((2, 2, 3), (2, 4, 3))
qt, kt = np.array(["je", "suis"]), np.array(["I", "am", "a", "student"])
np.savez(path("cross.npz"), q=q, k=k, v=v, query_tokens=qt, key_tokens=kt, temperature=np.float64(2.5))
record("cross.npz", q, k, v, query_labels=qt, key_labels=kt, temperature=2.5)

# Labels per example of a batch: tokens of shape (B, N).
q, k, v = qkv((2, 1, 3, 2))
batch_tokens = np.array([["a", "b", "c"], ["x", "yy", "zzz"]])
np.savez(path("batch_tokens.npz"), q=q, k=k, v=v, tokens=batch_tokens)
for b in range(2):
    record("batch_tokens.npz", q, k, v, batch=b, batch_count=2, query_labels=batch_tokens[b],
           key_labels=batch_tokens[b])

# Every mask convention giving the same allowed mask. B = 2, H = 2, N = 4, d = 3.
B, H, N = 2, 2, 4
q, k, v = qkv((B, H, N, 3))
causal = np.tril(np.ones((N, N), dtype=bool))
minus_inf = np.where(causal, 0.0, -np.inf)
same_for_all = {
    "allowed_2d": {"allowed": causal},
    "allowed_3d_bh": {"allowed": np.broadcast_to(causal, (B * H, N, N))},
    "allowed_3d_h": {"allowed": np.broadcast_to(causal, (H, N, N))},
    "allowed_4d": {"allowed": np.broadcast_to(causal, (B, H, N, N))},
    "allowed_broadcast": {"allowed": causal[None, None]},
    "blocked_2d": {"blocked": ~causal},
    "blocked_3d_bh": {"blocked": np.broadcast_to(~causal, (B * H, N, N))},
    "additive_2d_f32": {"additive_mask": minus_inf.astype(np.float32)},
    "additive_4d_f64_be": {"additive_mask": np.broadcast_to(minus_inf, (B, 1, N, N)).astype(">f8")},
}
for label, mask in same_for_all.items():
    name = f"mask_{label}.npz"
    np.savez(path(name), q=q, k=k, v=v, **mask)
    convention = next(iter(mask))
    for b in range(B):
        record(name, q, k, v, batch=b, batch_count=B, allowed=causal, convention=convention)
padding = np.array([[False, False, False, True], [False, False, True, True]])  # True: a padding key
per_example = {
    "key_padding": {"key_padding_mask": padding},
    "allowed_padding": {"allowed": ~padding[:, None, None, :]},
    "additive_padding": {"additive_mask": np.where(padding, -np.inf, 0.0)[:, None, None, :]},
}
for label, mask in per_example.items():
    name = f"mask_{label}.npz"
    np.savez(path(name), q=q, k=k, v=v, **mask)
    convention = next(iter(mask))
    for b in range(B):
        record(name, q, k, v, batch=b, batch_count=B, allowed=np.broadcast_to(~padding[b], (N, N)),
               convention=convention)
q1, k1, v1 = qkv((H, N, 3))
np.savez(path("mask_key_padding_1d.npz"), q=q1, k=k1, v=v1, key_padding_mask=padding[0])
record("mask_key_padding_1d.npz", q1, k1, v1, allowed=np.broadcast_to(~padding[0], (N, N)),
       convention="key_padding_mask")
# A row with no allowed key reads; the engine refuses it later, as for a JSON scenario.
no_key = causal.copy()
no_key[2] = False
np.savez(path("mask_row_without_key.npz"), q=q1, k=k1, v=v1, allowed=no_key)
record("mask_row_without_key.npz", q1, k1, v1, allowed=no_key, convention="allowed")

# Refusals.
def refused(name, *words):
    expected["refused"].append({"path": name, "words": list(words)})


objects = np.empty(3, dtype=object)
objects[:] = [1, "two", None]
np.savez(path("refuse_pickle.npz"), q=objects, k=q1, v=v1)
refused("refuse_pickle.npz", "pickle", "\"q\"")
np.savez(path("refuse_heads_differ.npz"), q=q, k=k, v=v,
         allowed=np.stack([np.stack([causal, np.ones((N, N), bool)]), np.stack([causal, causal])]))
refused("refuse_heads_differ.npz", "head 2", "allowed")
np.savez(path("refuse_additive_finite.npz"), q=q1, k=k1, v=v1, additive_mask=np.where(causal, 0.0, -1e4))
refused("refuse_additive_finite.npz", "-10000", "additive_mask")
np.savez(path("refuse_two_masks.npz"), q=q1, k=k1, v=v1, allowed=causal, blocked=~causal)
refused("refuse_two_masks.npz", "two masks")
np.savez(path("refuse_two_queries.npz"), q=q1, Query=q1, k=k1, v=v1)
refused("refuse_two_queries.npz", "two arrays", "\"Query\"")
np.savez(path("refuse_missing_v.npz"), q=q1, k=k1)
refused("refuse_missing_v.npz", "v (or value)")
np.savez(path("refuse_int_dtype.npz"), q=np.arange(12).reshape(3, 4), k=k1, v=v1)
refused("refuse_int_dtype.npz", "<i8", "float")
np.savez(path("refuse_float_blocked.npz"), q=q1, k=k1, v=v1, blocked=minus_inf)
refused("refuse_float_blocked.npz", "additive_mask")
np.savez(path("refuse_tokens_length.npz"), q=q1, k=k1, v=v1, tokens=np.array(["a", "b"]))
refused("refuse_tokens_length.npz", "2 labels")
np.savez(path("refuse_mask_shape.npz"), q=q1, k=k1, v=v1, allowed=np.ones((3, N), bool))
refused("refuse_mask_shape.npz", "broadcast")
np.savez(path("refuse_dims_differ.npz"), q=q1, k=k1[0], v=v1)
refused("refuse_dims_differ.npz", "dimensions")

# A .npy cut in the middle of its data, and a .npz cut in the middle of the archive.
buffer = io.BytesIO()
np.save(buffer, q1)
data = buffer.getvalue()
with open(path("refuse_truncated/q.npy"), "wb") as f:
    f.write(data[: len(data) - 20])
np.save(path("refuse_truncated/k.npy"), k1)
np.save(path("refuse_truncated/v.npy"), v1)
refused("refuse_truncated", "truncated", "q.npy")
np.savez(path("whole.npz"), q=q1, k=k1, v=v1)
with open(path("whole.npz"), "rb") as f:
    whole = f.read()
os.remove(path("whole.npz"))
with open(path("refuse_truncated.npz"), "wb") as f:
    f.write(whole[: len(whole) // 2])
refused("refuse_truncated.npz", ".npz")


def with_header(array, shape):
    """The .npy bytes of `array` whose header states `shape` instead: a lying header."""
    buffer = io.BytesIO()
    np.save(buffer, array)
    data = buffer.getvalue()
    true_header = np.lib.format.header_data_from_array_1_0(array)
    header = dict(true_header, shape=shape)
    out = io.BytesIO()
    np.lib.format.write_array_header_1_0(out, header)
    start = len(data) - array.nbytes
    return out.getvalue() + data[start:]


# The header claims more data than there is: in a folder and inside an archive.
with open(path("refuse_lying/q.npy"), "wb") as f:
    f.write(with_header(q1, (2, 4, 30)))
np.save(path("refuse_lying/k.npy"), k1)
np.save(path("refuse_lying/v.npy"), v1)
refused("refuse_lying", "header", "q.npy")
with zipfile.ZipFile(path("refuse_lying.npz"), "w") as archive:
    archive.writestr("q.npy", with_header(q1, (2, 4, 30)))
    archive.writestr("k.npy", with_header(k1, k1.shape))
    archive.writestr("v.npy", with_header(v1, v1.shape))
refused("refuse_lying.npz", "header", "\"q\"")
# The header claims less data than there is.
with zipfile.ZipFile(path("refuse_lying_short.npz"), "w") as archive:
    archive.writestr("q.npy", with_header(q1, (2, 4, 2)))
    archive.writestr("k.npy", with_header(k1, k1.shape))
    archive.writestr("v.npy", with_header(v1, v1.shape))
refused("refuse_lying_short.npz", "header lies", "\"q\"")

# Shapes over the limits: headers only, no data (the reader stops at the header).
def header_only(name, shape, descr="<f4"):
    out = io.BytesIO()
    np.lib.format.write_array_header_1_0(out, {"descr": descr, "fortran_order": False, "shape": shape})
    with open(path(name), "wb") as f:
        f.write(out.getvalue())


header_only("refuse_too_many_tokens/q.npy", (1, 100000, 64))
np.save(path("refuse_too_many_tokens/k.npy"), k1)
np.save(path("refuse_too_many_tokens/v.npy"), v1)
refused("refuse_too_many_tokens", "100000", "limit")
with zipfile.ZipFile(path("refuse_too_many_tokens.npz"), "w") as archive:
    out_header = io.BytesIO()
    np.lib.format.write_array_header_1_0(out_header, {"descr": "<f4", "fortran_order": False,
                                                      "shape": (12, 100000, 64)})
    archive.writestr("q.npy", out_header.getvalue())
refused("refuse_too_many_tokens.npz", "100000", "limit", "\"q\"")
header_only("refuse_huge/q.npy", (2 ** 40, 2 ** 40, 2 ** 40, 2 ** 40))
refused("refuse_huge", "limit")
header_only("refuse_five_dims/q.npy", (1, 1, 1, 1, 1))
refused("refuse_five_dims", "dimensions")

with open(path("expected.json"), "w", encoding="utf-8") as f:
    json.dump(expected, f, ensure_ascii=False, indent=1)
    f.write("\n")
print(f"wrote {sum(len(files) for _, _, files in os.walk(out))} files into {out}")
