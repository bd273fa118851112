"""Where many independent games run: in this process, in a pool of local worker processes, or
on a Ray cluster. Tournaments and simulations hand their list of game jobs to :func:`imap`.

A job's result depends only on the job (its seed, seats and config), never on where or in
which order it ran, so the same seed gives the same results whichever way the games are run;
callers put results back in job order by the index :func:`imap` yields with each.

``ray``: None (the default) runs locally with ``workers`` processes (1: in this process);
``"local"`` starts a Ray instance on this machine for the run; any other value is the address
of an existing Ray cluster (``"auto"``, ``"10.0.0.5:6379"``, ``"ray://head:10001"``), whose
workers must have the same version of westeros installed. An instance this module started is
shut down at the end; one already running in the process is used as it is. Ray is an optional
extra: ``pip install 'westeros[ray]'``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from multiprocessing import Pool
from typing import Any, TypeVar

J = TypeVar("J")
R = TypeVar("R")


def imap(
    fn: Callable[[J], R], jobs: Sequence[J], workers: int = 1, ray: str | None = None
) -> Iterator[tuple[int, R]]:
    """``(index, fn(jobs[index]))`` for every job, in the order they finish."""
    if ray is not None:
        yield from _on_ray(fn, jobs, ray)
    elif workers <= 1 or len(jobs) <= 1:
        yield from enumerate(map(fn, jobs))
    else:
        with Pool(min(workers, len(jobs))) as pool:
            yield from pool.imap_unordered(_Indexed(fn), enumerate(jobs))


class _Indexed:
    """``fn`` applied to an ``(index, job)`` pair, keeping the index (picklable for a pool)."""

    def __init__(self, fn: Callable[[Any], Any]) -> None:
        self.fn = fn

    def __call__(self, pair: tuple[int, Any]) -> tuple[int, Any]:
        return pair[0], self.fn(pair[1])


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise RuntimeError("--ray needs Ray: pip install 'westeros[ray]'") from None
    return ray


def _on_ray(fn: Callable[[J], R], jobs: Sequence[J], address: str) -> Iterator[tuple[int, R]]:
    ray = _ray()
    started = not ray.is_initialized()
    if started:
        where = None if address == "local" else address
        ray.init(address=where, include_dashboard=False, log_to_driver=False)
    try:
        remote = ray.remote(fn)
        pending = {remote.remote(job): i for i, job in enumerate(jobs)}
        while pending:
            done, _ = ray.wait(list(pending), num_returns=1)
            for ref in done:
                yield pending.pop(ref), ray.get(ref)
    finally:
        if started:
            ray.shutdown()
