"""Capture one attention layer of a PyTorch model for Attention Lens.

Run a model once with this module watching one of its attention layers, then save what that
layer computed into a NumPy ``.npz`` file that Attention Lens opens (``attnlens layer.npz``, or
File > Import...). Only torch and NumPy are needed; nothing is downloaded, nothing is sent.

What the file holds (names as Attention Lens reads them):

* ``q``, ``k``, ``v``: every head's queries, keys and values *after* the input projections
  (bias included), shaped ``(B, H, N, d)``, or ``(H, N, d)`` when the model was called without
  a batch dimension. Queries are not yet scaled: Attention Lens divides the scores by sqrt(d_k),
  as PyTorch does.
* the mask, under the name of its convention (at most one of these):

  - ``allowed``: bool, True = the query may attend to the key (``scaled_dot_product_attention``;
    ``causal=True`` writes this);
  - ``blocked``: bool, True = the query may not attend to the key (``attn_mask`` of
    ``nn.MultiheadAttention``);
  - ``additive_mask``: float, 0 or -inf added to the scores (a float ``attn_mask``);
  - ``key_padding_mask``: bool ``(B, N_k)`` (``(N_k,)`` without a batch), True = that key is
    padding (``nn.MultiheadAttention``).

  The other shapes are as PyTorch gives them: ``(N_q, N_k)`` for every example and head, or
  ``(B, H, N_q, N_k)``; a mask and a key padding mask given together are written as one
  ``blocked`` mask of shape ``(B, 1, N_q, N_k)``.
* ``tokens`` (self-attention) or ``query_tokens`` and ``key_tokens`` (cross-attention): the
  labels you passed, as NumPy unicode strings.

Two ways in:

(a) any ``torch.nn.MultiheadAttention`` inside a model, so also the ``self_attn`` and
    ``multihead_attn`` of ``nn.TransformerEncoderLayer`` / ``nn.TransformerDecoderLayer``::

        from capture_attention import capture_attention
        with capture_attention(model, "layers.0.self_attn", tokens=words) as cap:
            model(x, mask=causal_mask)    # model: here an nn.TransformerEncoder
        cap.save("layer0.npz")

    The layer's own weights are used (``in_proj_weight`` or ``q/k/v_proj_weight`` with
    ``kdim``/``vdim``, the bias, ``bias_k``/``bias_v`` and ``add_zero_attn``, ``batch_first``
    either way), and the ``attn_mask``, ``key_padding_mask`` and ``is_causal`` the model passed.

(b) any module whose attention has separate ``q_proj``/``k_proj``/``v_proj`` projections
    (Hugging Face LLaMA-style) or one combined ``c_attn`` (GPT-2, a ``Conv1D`` or ``Linear``
    whose output is split in three), with the number of heads::

        with capture_attention(model, "transformer.h.0.attn", heads=12, causal=True,
                               tokens=words) as cap:          # model: here GPT-2
            model(input_ids)
        cap.save("layer0.npz")

    or, as one call::

        save_attention("layer0.npz", model, "transformer.h.0.attn", lambda: model(input_ids),
                       heads=12, causal=True, tokens=words)

    Run the model over the whole sequence at once (no cached keys from earlier calls: they
    pass no projection). The projections' outputs are captured as they are: a model that
    rotates q and k afterwards (rotary position embeddings, as LLaMA does) or scales the scores
    differently can pass ``transform=``, a function applied to the ``(B, H, N, d)`` tensors
    ``q, k, v`` that returns them changed.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

__all__ = ["capture_attention", "save_attention", "AttentionCapture", "CapturedCall",
           "MASK_CONVENTIONS"]

MASK_CONVENTIONS = ("allowed", "blocked", "additive_mask", "key_padding_mask")

# The names Hugging Face and others give the number of heads, looked for on the module and on
# its ``config`` when ``heads=`` is not given.
_HEAD_ATTRIBUTES = ("num_heads", "n_head", "n_heads", "num_attention_heads")
_KV_HEAD_ATTRIBUTES = ("num_key_value_heads", "n_kv_heads", "num_kv_heads")

Tokens = Optional[Sequence[Any]]
Transform = Callable[[torch.Tensor, torch.Tensor, torch.Tensor],
                     Tuple[torch.Tensor, torch.Tensor, torch.Tensor]]


@dataclass
class CapturedCall:
    """What one call of the watched module computed.

    ``q``, ``k``, ``v`` are ``(B, H, N, d)`` tensors (B = 1 and ``batched`` False when the model
    ran without a batch dimension). ``mask_name`` is one of MASK_CONVENTIONS or None and
    ``mask`` the tensor to write under it. ``extra_keys`` names keys the module appended to the
    sequence (``bias_k``, ``add_zero_attn``). ``inputs`` holds the module's arguments by name
    (for nn.MultiheadAttention) and ``output`` its attention output, for checks.
    """

    q: torch.Tensor
    k: torch.Tensor
    v: torch.Tensor
    batched: bool
    mask_name: Optional[str] = None
    mask: Optional[torch.Tensor] = None
    extra_keys: List[str] = field(default_factory=list)
    inputs: Dict[str, Any] = field(default_factory=dict)
    output: Optional[torch.Tensor] = None


def _to_numpy(tensor: torch.Tensor) -> np.ndarray:
    tensor = tensor.detach().cpu()
    if tensor.dtype == torch.bfloat16:  # NumPy has no bfloat16
        tensor = tensor.float()
    return tensor.numpy()


def _labels(values: Sequence[Any]) -> np.ndarray:
    # NumPy's fixed-width unicode dtype, never an object array (which NumPy would pickle).
    return np.array([str(value) for value in values], dtype=np.str_)


def _check_additive(mask: torch.Tensor, what: str) -> torch.Tensor:
    """Returns where a float mask blocks (-inf); refuses any value other than 0 and -inf."""
    ok = (mask == 0) | torch.isneginf(mask)
    if not bool(ok.all()):
        raise ValueError(
            f"{what} is a float mask with values other than 0 and -inf; Attention Lens masks "
            "are on or off, so pass a bool mask (True = blocked) or 0/-inf instead")
    return torch.isneginf(mask)


def _blocked_view(name: str, mask: torch.Tensor, batch: int, heads: int) -> torch.Tensor:
    """Where a mask blocks, shaped to broadcast against (B, H, N_q, N_k)."""
    if name == "allowed":
        blocked = ~mask.bool()
    elif name == "additive_mask":
        blocked = _check_additive(mask, "the additive mask")
    else:
        blocked = mask.bool()
    if name == "key_padding_mask":
        return blocked.reshape(batch, 1, 1, blocked.shape[-1])
    if blocked.dim() == 3:  # nn.MultiheadAttention's (B*H, N_q, N_k)
        return blocked.reshape(batch, heads, blocked.shape[-2], blocked.shape[-1])
    return blocked


def _combine_masks(masks: List[Tuple[str, torch.Tensor]], batch: int, heads: int,
                   batched: bool) -> Tuple[Optional[str], Optional[torch.Tensor]]:
    """One mask under one convention: a single mask keeps its own; several become ``blocked``."""
    if not masks:
        return None, None
    if len(masks) == 1:
        name, mask = masks[0]
        if name == "additive_mask":
            _check_additive(mask, "the additive mask")
        else:
            mask = mask.bool()
        if mask.dim() == 3:
            mask = mask.reshape(batch, heads, mask.shape[-2], mask.shape[-1])
        return name, _drop_batch(mask) if not batched and name != "key_padding_mask" else mask
    blocked = None
    for name, mask in masks:
        view = _blocked_view(name, mask, batch, heads)
        blocked = view if blocked is None else (blocked | view)
    return "blocked", blocked if batched else _drop_batch(blocked)


def _drop_batch(mask: torch.Tensor) -> torch.Tensor:
    """An unbatched call's mask without the leading dimensions of size one it gained."""
    while mask.dim() > 2 and mask.shape[0] == 1:
        mask = mask[0]
    return mask


def _pad_keys(name: str, mask: torch.Tensor, count: int) -> torch.Tensor:
    """Lets every query attend to ``count`` keys appended at the end."""
    if count == 0:
        return mask
    fill = torch.ones if name == "allowed" else torch.zeros
    appended = fill(*mask.shape[:-1], count, dtype=mask.dtype, device=mask.device)
    return torch.cat([mask, appended], dim=-1)


def _as_tensor(mask: Any) -> torch.Tensor:
    return mask if isinstance(mask, torch.Tensor) else torch.as_tensor(np.asarray(mask))


def _attribute(module: nn.Module, names: Sequence[str]) -> Optional[int]:
    for owner in (module, getattr(module, "config", None)):
        for name in names:
            value = getattr(owner, name, None) if owner is not None else None
            if isinstance(value, int) and value > 0:
                return value
    return None


class AttentionCapture:
    """A context manager that watches one attention module while the model runs.

    Use :func:`capture_attention` to make one. Each call of the module while the context is
    open is kept in ``calls``; :meth:`save` writes one of them (the last by default) and
    :meth:`arrays` returns the same arrays as a dict, for a notebook.
    """

    def __init__(self, model: nn.Module, module: Union[str, nn.Module], *,
                 tokens: Tokens = None, query_tokens: Tokens = None, key_tokens: Tokens = None,
                 heads: Optional[int] = None, kv_heads: Optional[int] = None,
                 q: str = "q_proj", k: str = "k_proj", v: str = "v_proj",
                 qkv: Optional[str] = None, batch_first: bool = True, causal: bool = False,
                 allowed: Any = None, blocked: Any = None, additive_mask: Any = None,
                 key_padding_mask: Any = None, transform: Optional[Transform] = None):
        self.model = model
        self.module = model.get_submodule(module) if isinstance(module, str) else module
        self.module_name = module if isinstance(module, str) else type(module).__name__
        if tokens is not None and (query_tokens is not None or key_tokens is not None):
            raise ValueError("give either tokens (self-attention) or query_tokens/key_tokens")
        self.tokens = None if tokens is None else list(tokens)
        self.query_tokens = None if query_tokens is None else list(query_tokens)
        self.key_tokens = None if key_tokens is None else list(key_tokens)
        self.transform = transform
        self.calls: List[CapturedCall] = []
        self._undo: List[Callable[[], None]] = []
        self._is_mha = isinstance(self.module, nn.MultiheadAttention)
        if self._is_mha:
            given = [heads, kv_heads, qkv, causal or None, allowed, blocked, additive_mask,
                     key_padding_mask]
            if any(option is not None for option in given):
                raise ValueError("an nn.MultiheadAttention brings its own heads and masks: pass "
                                 "only tokens (and transform) for it")
            return
        self.heads = heads or _attribute(self.module, _HEAD_ATTRIBUTES)
        if not self.heads:
            raise ValueError(f"{self.module_name}: say how many heads it has (heads=...)")
        self.kv_heads = kv_heads or _attribute(self.module, _KV_HEAD_ATTRIBUTES) or self.heads
        if self.heads % self.kv_heads:
            raise ValueError(f"{self.heads} heads cannot share {self.kv_heads} key/value heads")
        self.batch_first = batch_first
        self.causal = causal
        if key_padding_mask is not None:
            key_padding_mask = _as_tensor(key_padding_mask)
            if key_padding_mask.is_floating_point():
                key_padding_mask = _check_additive(key_padding_mask, "key_padding_mask")
        self.user_masks = [(name, _as_tensor(mask)) for name, mask in
                           (("allowed", allowed), ("blocked", blocked),
                            ("additive_mask", additive_mask),
                            ("key_padding_mask", key_padding_mask)) if mask is not None]
        self._projections = self._find_projections(q, k, v, qkv)

    # -- finding what to watch ------------------------------------------------------------

    def _find_projections(self, q: str, k: str, v: str, qkv: Optional[str]) -> Dict[str, nn.Module]:
        children = dict(self.module.named_modules())
        if qkv is None and not all(name in children for name in (q, k, v)) and "c_attn" in children:
            qkv = "c_attn"
        if qkv is not None:
            if qkv not in children:
                raise ValueError(f"{self.module_name} has no module {qkv!r}; it has: "
                                 + ", ".join(name for name in children if name))
            return {"qkv": children[qkv]}
        missing = [name for name in (q, k, v) if name not in children]
        if missing:
            raise ValueError(f"{self.module_name} has no {', '.join(map(repr, missing))} and no "
                             "c_attn (name them with q=, k=, v= or qkv=); it has: "
                             + ", ".join(name for name in children if name))
        return {"q": children[q], "k": children[k], "v": children[v]}

    # -- the context ----------------------------------------------------------------------

    def __enter__(self) -> "AttentionCapture":
        try:
            if self._is_mha:
                self._wrap_mha()
                self._switch_off_fast_paths()
            else:
                self._hook_projections()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self.close()

    def close(self) -> None:
        """Removes every hook and wrapper; the model is as it was."""
        while self._undo:
            self._undo.pop()()

    def _wrap_mha(self) -> None:
        # The layers pass attn_mask and key_padding_mask by keyword, and hooks that see keyword
        # arguments only came with PyTorch 2.0 (1.13's forward pre-hooks get the positional
        # ones), so the instance's forward is wrapped for the time of the capture instead.
        module = self.module
        had_own = "forward" in module.__dict__
        previous = module.__dict__.get("forward")
        original = module.forward
        signature = inspect.signature(original)

        def forward(*args: Any, **kwargs: Any) -> Any:
            output = original(*args, **kwargs)
            bound = signature.bind(*args, **kwargs)
            bound.apply_defaults()
            with torch.no_grad():
                self._record_mha(dict(bound.arguments), output)
            return output

        module.forward = forward

        def undo() -> None:
            if had_own:
                module.forward = previous
            else:
                del module.forward
        self._undo.append(undo)

    def _switch_off_fast_paths(self) -> None:
        # PyTorch's fused inference path for nn.TransformerEncoderLayer (eval mode, no grad)
        # computes the layer without calling its self_attn, so nothing would be captured. It is
        # chosen only when activation_relu_or_gelu is set; the ordinary path gives the same
        # numbers. Newer PyTorch also has one switch for it.
        for layer in self.model.modules():
            if isinstance(layer, nn.TransformerEncoderLayer) and \
                    getattr(layer, "activation_relu_or_gelu", 0):
                saved = layer.activation_relu_or_gelu
                layer.activation_relu_or_gelu = 0
                self._undo.append(lambda layer=layer, saved=saved:
                                  setattr(layer, "activation_relu_or_gelu", saved))
        mha_backend = getattr(torch.backends, "mha", None)
        if mha_backend is not None and hasattr(mha_backend, "set_fastpath_enabled"):
            saved = mha_backend.get_fastpath_enabled()
            mha_backend.set_fastpath_enabled(False)
            self._undo.append(lambda: mha_backend.set_fastpath_enabled(saved))

    def _hook_projections(self) -> None:
        pending: Dict[str, torch.Tensor] = {}

        def start(_module: nn.Module, _inputs: Any) -> None:
            pending.clear()

        def keep(role: str) -> Callable[..., None]:
            def hook(_module: nn.Module, _inputs: Any, output: torch.Tensor) -> None:
                pending[role] = output.detach()
            return hook

        def finish(_module: nn.Module, _inputs: Any, output: Any) -> None:
            if pending:
                with torch.no_grad():
                    self._record_projections(dict(pending), output)
            pending.clear()

        handles = [self.module.register_forward_pre_hook(start),
                   self.module.register_forward_hook(finish)]
        handles += [projection.register_forward_hook(keep(role))
                    for role, projection in self._projections.items()]
        for handle in handles:
            self._undo.append(handle.remove)

    # -- what a call computed ---------------------------------------------------------------

    def _record_mha(self, arguments: Dict[str, Any], output: Any) -> None:
        m: nn.MultiheadAttention = self.module
        query, key, value = arguments["query"], arguments["key"], arguments["value"]
        batched = query.dim() == 3
        if not batched:
            query, key, value = (t.unsqueeze(1) for t in (query, key, value))
        elif m.batch_first:
            query, key, value = (t.transpose(0, 1) for t in (query, key, value))
        # Now (N, B, E) as in F.multi_head_attention_forward.
        batch, heads, head_dim = query.shape[1], m.num_heads, m.head_dim
        if m._qkv_same_embed_dim:
            w_q, w_k, w_v = m.in_proj_weight.chunk(3)
        else:
            w_q, w_k, w_v = m.q_proj_weight, m.k_proj_weight, m.v_proj_weight
        b_q = b_k = b_v = None
        if m.in_proj_bias is not None:
            b_q, b_k, b_v = m.in_proj_bias.chunk(3)
        q, k, v = F.linear(query, w_q, b_q), F.linear(key, w_k, b_k), F.linear(value, w_v, b_v)
        extra: List[str] = []
        if m.bias_k is not None and m.bias_v is not None:
            k = torch.cat([k, m.bias_k.repeat(1, batch, 1)])
            v = torch.cat([v, m.bias_v.repeat(1, batch, 1)])
            extra.append("bias_k")

        def split(t: torch.Tensor) -> torch.Tensor:  # (N, B, H*d) -> (B, H, N, d)
            return t.reshape(t.shape[0], batch, heads, head_dim).permute(1, 2, 0, 3)
        q, k, v = split(q), split(k), split(v)
        if m.add_zero_attn:
            zeros = k.new_zeros(batch, heads, 1, head_dim)
            k, v = torch.cat([k, zeros], dim=2), torch.cat([v, zeros], dim=2)
            extra.append("zero_attn")

        masks: List[Tuple[str, torch.Tensor]] = []
        attn_mask = arguments.get("attn_mask")
        if attn_mask is None and arguments.get("is_causal"):
            n_q, n_k = q.shape[2], k.shape[2] - len(extra)
            attn_mask = torch.ones(n_q, n_k, dtype=torch.bool, device=q.device).triu(1)
        if attn_mask is not None:
            name = "additive_mask" if attn_mask.is_floating_point() else "blocked"
            masks.append((name, _pad_keys(name, attn_mask, len(extra))))
        padding = arguments.get("key_padding_mask")
        if padding is not None:
            if padding.is_floating_point():
                padding = _check_additive(padding, "key_padding_mask")
            padding = padding.bool()
            if not batched:
                padding = padding.unsqueeze(0)
            masks.append(("key_padding_mask", _pad_keys("key_padding_mask", padding, len(extra))))
        name, mask = _combine_masks(masks, batch, heads, batched)
        if name == "key_padding_mask" and not batched:
            mask = mask[0]
        attention_output = output[0] if isinstance(output, tuple) else output
        self._keep(CapturedCall(q, k, v, batched, name, mask, extra, arguments,
                                attention_output.detach()))

    def _record_projections(self, outputs: Dict[str, torch.Tensor], module_output: Any) -> None:
        if "qkv" in outputs:
            combined = outputs["qkv"]
            if combined.shape[-1] % 3:
                raise ValueError(f"{self.module_name}: the combined projection's "
                                 f"{combined.shape[-1]} features do not split in three equal parts")
            outputs = dict(zip("qkv", combined.split(combined.shape[-1] // 3, dim=-1)))
        elif set(outputs) != {"q", "k", "v"}:
            raise RuntimeError(f"{self.module_name} ran without calling its "
                               + ", ".join(sorted({"q", "k", "v"} - set(outputs))) + " projection")
        batched = outputs["q"].dim() == 3

        def split(t: torch.Tensor, heads: int, role: str) -> torch.Tensor:
            if not batched:
                t = t.unsqueeze(0)
            elif not self.batch_first:
                t = t.transpose(0, 1)
            batch, tokens, features = t.shape
            if features % heads:
                raise ValueError(f"{self.module_name}: {role} has {features} features, not a "
                                 f"multiple of {heads} heads")
            t = t.reshape(batch, tokens, heads, features // heads).transpose(1, 2)
            return t.repeat_interleave(self.heads // heads, dim=1) if heads != self.heads else t

        q = split(outputs["q"], self.heads, "q")
        k = split(outputs["k"], self.kv_heads, "k")
        v = split(outputs["v"], self.kv_heads, "v")
        if q.shape[-1] != k.shape[-1]:
            raise ValueError(f"{self.module_name}: query heads have d = {q.shape[-1]} but key "
                             f"heads d = {k.shape[-1]}; check heads= and kv_heads=")
        masks = list(self.user_masks)
        if self.causal:
            masks.append(("allowed", torch.ones(q.shape[2], k.shape[2], dtype=torch.bool).tril()))
        name, mask = _combine_masks(masks, q.shape[0], self.heads, batched)
        attention_output = module_output[0] if isinstance(module_output, tuple) else module_output
        if isinstance(attention_output, torch.Tensor):
            attention_output = attention_output.detach()
        self._keep(CapturedCall(q, k, v, batched, name, mask, [], {}, attention_output))

    def _keep(self, call: CapturedCall) -> None:
        if self.transform is not None:
            call.q, call.k, call.v = self.transform(call.q, call.k, call.v)
        call.q, call.k, call.v = (t.detach() for t in (call.q, call.k, call.v))
        self.calls.append(call)

    # -- writing --------------------------------------------------------------------------------

    def arrays(self, call: int = -1) -> Dict[str, np.ndarray]:
        """The arrays :meth:`save` writes, by name, for one call (the last by default)."""
        if not self.calls:
            raise RuntimeError(
                f"{self.module_name} was not called while capturing: run the model inside the "
                "'with capture_attention(...)' block (or pass the call to save_attention)")
        captured = self.calls[call]
        arrays: Dict[str, np.ndarray] = {}
        for name in ("q", "k", "v"):
            tensor = getattr(captured, name)
            arrays[name] = _to_numpy(tensor if captured.batched else tensor[0])
        if captured.mask_name is not None:
            arrays[captured.mask_name] = _to_numpy(captured.mask)
        arrays.update(self._token_arrays(captured))
        return arrays

    def _token_arrays(self, captured: CapturedCall) -> Dict[str, np.ndarray]:
        n_q = captured.q.shape[2]
        n_k = captured.k.shape[2] - len(captured.extra_keys)
        query_tokens, key_tokens = self.query_tokens, self.key_tokens
        if self.tokens is not None:
            if n_q != n_k:
                raise ValueError(f"{n_q} queries attend to {n_k} keys: give query_tokens and "
                                 "key_tokens instead of tokens")
            query_tokens = key_tokens = self.tokens
        for what, labels, count in (("query_tokens", query_tokens, n_q),
                                    ("key_tokens", key_tokens, n_k)):
            if labels is not None and len(labels) != count:
                raise ValueError(f"{len(labels)} {what if self.tokens is None else 'tokens'} "
                                 f"for {count} {'queries' if what == 'query_tokens' else 'keys'}")
        result: Dict[str, np.ndarray] = {}
        if key_tokens is not None:
            key_tokens = list(key_tokens) + [f"<{name}>" for name in captured.extra_keys]
        if self.tokens is not None and not captured.extra_keys:
            result["tokens"] = _labels(self.tokens)
            return result
        if query_tokens is not None:
            result["query_tokens"] = _labels(query_tokens)
        if key_tokens is not None:
            result["key_tokens"] = _labels(key_tokens)
        return result

    def save(self, path: str, call: int = -1, compressed: bool = False) -> Dict[str, np.ndarray]:
        """Writes one call (the last by default) to ``path`` (.npz) and returns its arrays."""
        arrays = self.arrays(call)
        (np.savez_compressed if compressed else np.savez)(path, **arrays)
        return arrays


def capture_attention(model: nn.Module, module: Union[str, nn.Module],
                      **options: Any) -> AttentionCapture:
    """Watches ``module`` (a dotted name inside ``model``, or the module itself) while the
    model runs inside a ``with`` block; see the module's documentation for the two ways in.

    Options: ``tokens`` (self-attention labels) or ``query_tokens``/``key_tokens``;
    ``transform``. For a module with projections (way b) also: ``heads``, ``kv_heads``
    (grouped-query attention: key/value heads are repeated, as the models do), ``q``/``k``/``v``
    (the projections' names, default q_proj, k_proj, v_proj) or ``qkv`` (one combined
    projection, default c_attn when there is one), ``batch_first`` (default True: outputs are
    (B, N, features)), ``causal`` and the masks ``allowed``, ``blocked``, ``additive_mask``,
    ``key_padding_mask`` (arrays in the conventions above).
    """
    return AttentionCapture(model, module, **options)


def save_attention(path: str, model: nn.Module, module: Union[str, nn.Module],
                   run: Callable[[], Any], *, call: int = -1, compressed: bool = False,
                   **options: Any) -> Dict[str, np.ndarray]:
    """The same as one ``with`` block: runs ``run()`` (e.g. ``lambda: model(x)``) while
    capturing ``module`` and writes the call to ``path``; returns the arrays written."""
    with capture_attention(model, module, **options) as capture:
        run()
    return capture.save(path, call=call, compressed=compressed)
