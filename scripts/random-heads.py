#!/usr/bin/env python3
"""Writes a seeded random multi-head scenario (format version 2) for demonstrations,
screenshots and benchmarks: H heads over N tokens, d_k and d_v per head, optional causal mask.
Each head gets its own "focus": its queries lean towards keys at a fixed offset, so the heads
differ visibly (some sharp, some diffuse) instead of all looking like noise.

    scripts/random-heads.py --heads 12 --tokens 16 --dk 64 --causal -o /tmp/twelve.json
"""
import argparse
import json
import math
import random


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--heads", type=int, default=4)
    parser.add_argument("--tokens", type=int, default=10)
    parser.add_argument("--dk", type=int, default=8)
    parser.add_argument("--dv", type=int, default=0, help="default: same as --dk")
    parser.add_argument("--causal", action="store_true")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()
    if not 1 <= args.heads <= 64 or args.tokens < 1 or args.dk < 1:
        parser.error("need 1..64 heads, at least one token and d_k >= 1")
    dv = args.dv or args.dk
    rng = random.Random(args.seed)
    n = args.tokens
    words = ["the", "cat", "sat", "on", "a", "warm", "mat", "and", "then", "it", "slept", "well",
             "until", "the", "dog", "came"]
    labels = [f"{words[i % len(words)]}{'' if i < len(words) else i // len(words) + 1}" for i in range(n)]

    def vector(d, scale=1.0):
        return [rng.gauss(0.0, scale) for _ in range(d)]

    heads = []
    for h in range(args.heads):
        keys = [vector(args.dk) for _ in range(n)]
        values = [vector(dv) for _ in range(n)]
        offset = h % 4                      # 0: itself, 1: previous token, ...
        sharpness = 0.5 + 2.5 * ((h * 7) % args.heads) / max(1, args.heads - 1)
        queries = []
        for i in range(n):
            target = max(0, i - offset)
            noise = vector(args.dk, 0.5)
            queries.append([sharpness * k + e for k, e in zip(keys[target], noise)])
        heads.append({"name": f"L0 H{h}", "Q": queries, "K": keys, "V": values})
    scenario = {
        "format": "attnlens-scenario",
        "version": 2,
        "name": f"{args.heads} random heads, {n} tokens, d_k {args.dk}",
        "description": f"Seeded random heads (seed {args.seed}) made by scripts/random-heads.py.",
        "heads": heads,
        "query_labels": labels,
        "key_labels": labels,
        "temperature": 1.0,
        "allowed": [[j <= i for j in range(n)] for i in range(n)] if args.causal else None,
    }
    with open(args.output, "w", encoding="utf-8") as out:
        json.dump(scenario, out)


if __name__ == "__main__":
    main()
