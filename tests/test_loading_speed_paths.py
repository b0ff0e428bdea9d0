"""Loading's fast paths answer exactly as the plain versions they replaced.

``codec.check_depth`` walks a saved game's JSON level by level, passing the common leaves
(strings, numbers, null) without an ``isinstance``; here it is compared with the plain
walk on random nested data, at and around the depth limit (a depth bomb is refused).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from boardgames_widgets.core.codec import MAX_DEPTH, check_depth, loads


def _reference_depth_ok(data: Any, limit: int) -> bool:
    """The plain walk (the code before): every list and dict, level by level."""
    level: list[Any] = [data]
    for _ in range(limit + 1):
        level = [
            v
            for item in level
            if isinstance(item, list | dict)
            for v in (item.values() if isinstance(item, dict) else item)
        ]
        if not level:
            return True
    return False


class _List(list):  # type: ignore[type-arg]
    pass


class _Dict(dict):  # type: ignore[type-arg]
    pass


def _random_data(rng: random.Random, depth: int) -> Any:
    leaves = ["x", "", 3, -1.5, None, True, False, 10**30, ("a", "tuple"), b"bytes"]
    if depth <= 0 or rng.random() < 0.25:
        return rng.choice(leaves)
    maker = rng.choice([list, dict, _List, _Dict])
    items = [_random_data(rng, depth - 1) for _ in range(rng.randrange(0, 4))]
    if maker in (dict, _Dict):
        return maker((f"k{i}", v) for i, v in enumerate(items))
    return maker(items)


@pytest.mark.parametrize("limit", [0, 1, 2, 3, 5, 8])
def test_check_depth_agrees_with_the_plain_walk(limit):
    rng = random.Random(limit)
    for _ in range(400):
        data = _random_data(rng, rng.randrange(0, limit + 4))
        try:
            check_depth(data, limit)
            ok = True
        except ValueError:
            ok = False
        assert ok == _reference_depth_ok(data, limit), data


def test_a_depth_bomb_is_still_refused():
    deep: Any = "leaf"
    for _ in range(MAX_DEPTH + 1):
        deep = [deep]
    with pytest.raises(ValueError, match="nested deeper"):
        check_depth(deep)
    text = "[" * (MAX_DEPTH + 1) + "0" + "]" * (MAX_DEPTH + 1)
    with pytest.raises(ValueError, match="nested deeper"):
        loads(text)
    check_depth(deep[0])  # one level less: fine
