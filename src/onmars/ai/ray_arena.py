"""The arena and self-play on a Ray cluster (issue 26, item 5; docs/ai.md).

``onmars arena --ray [ADDRESS]`` hands the arena's games to Ray as tasks (:func:`ray_mapper`,
a :data:`onmars.tools.arena.Mapper`): every game is played from its own seeds and the arena
puts the results back in game order, so the table is the multiprocess arena's for the same
seed. Without an address Ray starts a local instance (``ray.init()``); with one it connects to
that cluster, whose workers must have onmars installed (the same version as the driver).

Ray is imported here only: the tools never import it (the layers of pyproject.toml).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, TypeVar

import ray

from onmars.tools.arena import GameResult, Mapper, Task, play_game

Item = TypeVar("Item")
Result = TypeVar("Result")


def connect(address: str | None = None, **options: Any) -> None:
    """Join the Ray cluster at ``address`` (``ray.init(address=...)``), or start a local
    instance when ``address`` is None or empty; nothing if this process already joined one."""
    if ray.is_initialized():
        return
    if address:
        ray.init(address=address, **options)
    else:
        ray.init(**options)


def remote_map(fn: Callable[[Item], Result], items: Sequence[Item]) -> Iterator[tuple[int, Result]]:
    """``fn`` over ``items`` as Ray tasks, one task an item: ``(position, result)`` pairs as
    the tasks finish (any order). A task's error is raised here (Ray wraps it)."""
    remote = ray.remote(fn)
    pending = {remote.remote(item): k for k, item in enumerate(items)}
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            yield pending.pop(ref), ray.get(ref)


def play_task(task: Task) -> GameResult:
    """One arena game (a Ray task's body)."""
    return play_game(*task)


def remote_mapper(
    fn: Callable[[Item], Result], address: str | None = None, **options: Any
) -> Callable[[Sequence[Item]], Iterable[tuple[int, Result]]]:
    """``fn`` over a list as Ray tasks on the cluster at ``address`` (local when None): Ray is
    joined when the first list comes, with ``options`` for ``ray.init``."""

    def mapped(items: Sequence[Item]) -> Iterable[tuple[int, Result]]:
        connect(address, **options)
        yield from remote_map(fn, items)

    return mapped


def ray_mapper(address: str | None = None, **options: Any) -> Mapper:
    """The arena's games as Ray tasks (``onmars arena --ray``)."""
    return remote_mapper(play_task, address, **options)
