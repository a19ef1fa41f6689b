"""The conditional logit fit shared by the value-fitting scripts (needs numpy).

A sample is the feature rows of the options one position offers (one row per seat, plus
whatever outside options the script adds) and the index of the option that happened (the
winner). The model gives each option the probability softmax(rows @ w); `fit` maximises the
log likelihood with Newton's method.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np


def fit(data: Sequence[tuple[np.ndarray, int]], features: int) -> tuple[np.ndarray, float]:
    """The weights and the final negative log likelihood (summed over the samples)."""
    w = np.zeros(features)
    groups: dict[int, tuple[np.ndarray, np.ndarray]] = {}
    for n in {len(rows) for rows, _ in data}:
        chosen = [(rows, y) for rows, y in data if len(rows) == n]
        groups[n] = (np.stack([r for r, _ in chosen]), np.array([y for _, y in chosen]))
    loss = 0.0
    for _ in range(30):
        gradient = np.zeros(features)
        hessian = -1e-6 * np.eye(features)
        loss = 0.0
        for x, y in groups.values():
            z = x @ w
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            rows = np.arange(len(y))
            loss -= float(np.log(p[rows, y]).sum())
            mean = np.einsum("mn,mni->mi", p, x)
            gradient += (x[rows, y] - mean).sum(axis=0)
            hessian -= np.einsum("mni,mn,mnj->ij", x, p, x) - mean.T @ mean
        w -= np.linalg.solve(hessian, gradient)
    return w, loss
