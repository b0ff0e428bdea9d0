"""Turn frozen dataclass states into JSON-able data and back, with validation.

Only plain data is supported: ``int``, ``str``, ``bool``, ``float``, ``None``,
:class:`~fractions.Fraction`, :class:`enum.Enum`, tuples (fixed or variable
length), frozensets, ``X | None`` and nested dataclasses. Decoding checks every
type and every field name and raises ``ValueError`` with the path of the bad
entry (``state.table[3].owner: expected int, got str``). No pickle, no eval.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from fractions import Fraction
from functools import cache
from typing import Any, TypeVar

from boardgames_widgets.core.numbers import parse_fraction, short

T = TypeVar("T")

#: The deepest nesting :func:`loads` accepts (a saved state or record is 6 levels deep).
MAX_DEPTH = 64
#: The longest JSON text :func:`loads` accepts, in characters.
MAX_CHARS = 20_000_000


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"duplicate key {key!r} in a JSON object")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def loads(text: str | bytes) -> Any:
    """Parse JSON from anywhere, strictly: a saved game is untrusted input.

    Unlike :func:`json.loads` it refuses a key given twice in one object (instead of
    keeping the last), ``NaN`` / ``Infinity``, nesting deeper than :data:`MAX_DEPTH`
    (``"[" * 100000`` would raise ``RecursionError``) and texts longer than
    :data:`MAX_CHARS`.

    >>> loads('{"a": 1, "a": 2}')
    Traceback (most recent call last):
    ...
    ValueError: duplicate key 'a' in a JSON object

    Raises:
        ValueError: not valid JSON, or one of the cases above.
    """
    if len(text) > MAX_CHARS:
        raise ValueError(f"JSON text of {len(text)} characters is longer than {MAX_CHARS}")
    try:
        data = json.loads(text, object_pairs_hook=_no_duplicates, parse_constant=_no_constant)
    except RecursionError:
        raise ValueError(f"JSON nested deeper than {MAX_DEPTH} levels") from None
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON: {exc}") from exc
    check_depth(data)
    return data


def check_depth(data: Any, limit: int = MAX_DEPTH) -> None:
    """Raise ``ValueError`` if lists and dicts in ``data`` nest deeper than ``limit``.

    Raises:
        ValueError: too deep.
    """
    level: list[Any] = [data]
    for _ in range(limit + 1):
        deeper: list[Any] = []
        for item in level:
            kind = type(item)
            if kind is str or kind is int or kind is float or item is None:
                continue  # the leaves JSON is mostly made of, passed without an isinstance
            if isinstance(item, dict):
                deeper.extend(item.values())
            elif isinstance(item, list):
                deeper.extend(item)
        level = deeper
        if not level:
            return
    raise ValueError(f"JSON nested deeper than {limit} levels")


def encode(value: Any) -> Any:
    """A JSON-able form of ``value`` (dataclasses become dicts, tuples become lists)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):
        return value.name
    if isinstance(value, bool | int | str | float) or value is None:
        return value
    if isinstance(value, Fraction):
        return str(value)
    if isinstance(value, tuple | list):
        return [encode(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted((encode(v) for v in value), key=repr)
    raise TypeError(f"cannot encode {type(value).__name__}")


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def decode(tp: Any, data: Any, path: str = "value") -> Any:
    """Rebuild a value of type ``tp`` from :func:`encode`'s output.

    Raises:
        ValueError: ``data`` does not fit ``tp``; the message names the path.
    """
    origin = typing.get_origin(tp)
    if tp is Any:
        return data
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return decode(arg, data, path)
            except ValueError as exc:
                errors.append(str(exc))
        raise ValueError("; ".join(errors) or f"{path}: no type matched")
    if origin is typing.Literal:
        if data not in typing.get_args(tp):
            raise ValueError(f"{path}: expected one of {typing.get_args(tp)}, got {short(data)}")
        return data
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(data, list):
            raise ValueError(f"{path}: expected a list, got {type(data).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode(args[0], v, f"{path}[{i}]") for i, v in enumerate(data))
        if len(args) != len(data):
            raise ValueError(f"{path}: expected {len(args)} items, got {len(data)}")
        return tuple(decode(a, v, f"{path}[{i}]") for i, (a, v) in enumerate(zip(args, data, strict=True)))
    if origin is frozenset:
        (arg,) = typing.get_args(tp)
        if not isinstance(data, list):
            raise ValueError(f"{path}: expected a list, got {type(data).__name__}")
        return frozenset(decode(arg, v, f"{path}[{i}]") for i, v in enumerate(data))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            raise ValueError(f"{path}: expected an object, got {type(data).__name__}")
        hints = _hints(tp)
        fields = [f for f in dataclasses.fields(tp) if f.init]
        names = {f.name for f in fields}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"{path}: unknown field(s) {sorted(unknown)}")
        missing = {
            f.name for f in fields if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        } - set(data)
        if missing:
            raise ValueError(f"{path}: missing field(s) {sorted(missing)}")
        kwargs = {name: decode(hints[name], value, f"{path}.{name}") for name, value in data.items()}
        try:
            return tp(**kwargs)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{path}: {exc}") from exc
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        if not isinstance(data, str) or data not in tp.__members__:
            raise ValueError(f"{path}: expected one of {list(tp.__members__)}, got {short(data)}")
        return tp[data]
    if tp is Fraction:
        if not isinstance(data, str | int):
            raise ValueError(f"{path}: expected a fraction string, got {short(data)}")
        return parse_fraction(data, path)  # bounded: checked on the text before arithmetic
    if tp is bool:
        if not isinstance(data, bool):
            raise ValueError(f"{path}: expected true/false, got {short(data)}")
        return data
    if tp is int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise ValueError(f"{path}: expected int, got {type(data).__name__}")
        return data
    if tp is float:
        if not isinstance(data, int | float) or isinstance(data, bool):
            raise ValueError(f"{path}: expected a number, got {type(data).__name__}")
        return float(data)
    if tp is str:
        if not isinstance(data, str):
            raise ValueError(f"{path}: expected str, got {type(data).__name__}")
        return data
    if tp is type(None):
        if data is not None:
            raise ValueError(f"{path}: expected null, got {short(data)}")
        return None
    raise TypeError(f"{path}: cannot decode type {tp!r}")
