"""``check_action`` remembers well-formed action objects by identity (issue 32: loading).

The memo must never let a look-alike through: an equal action with a field of the wrong
type is another object and is inspected in full, an action known for one game is still
refused by another, and a full memo starts afresh.
"""

from __future__ import annotations

import pytest

from boardgames_widgets.core import api
from boardgames_widgets.core.api import InvalidActionError, check_action
from boardgames_widgets.games.papageno.actions import Swap
from boardgames_widgets.games.pig.rules import ROLL, Face, Pig

PIG_TYPES = (type(ROLL), Face)


def test_a_look_alike_of_a_remembered_action_is_still_refused() -> None:
    good = Face(4)
    check_action(good, PIG_TYPES, "Pig")
    assert api._WELL_FORMED[id(good)][0] is good
    look_alike = Face(4.0)  # type: ignore[arg-type]
    assert look_alike == good and hash(look_alike) == hash(good)
    with pytest.raises(InvalidActionError, match="Face.value must be int"):
        check_action(look_alike, PIG_TYPES, "Pig")
    with pytest.raises(InvalidActionError):
        Pig().apply(Pig().apply(Pig().new_initial_state(), ROLL), Face(True))  # type: ignore[arg-type]


def test_an_action_remembered_for_one_game_is_refused_by_another() -> None:
    swap = Swap(1)
    from boardgames_widgets.games.papageno.explain import _ACTION_TYPES

    check_action(swap, _ACTION_TYPES, "Papageno")
    with pytest.raises(InvalidActionError, match="is not a Pig action"):
        check_action(swap, PIG_TYPES, "Pig")


def test_the_memo_holds_what_it_names_and_starts_afresh_when_full(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(api, "_WELL_FORMED", {})
    monkeypatch.setattr(api, "WELL_FORMED_CAPACITY", 3)
    faces = [Face(v) for v in (2, 3, 4)]
    for face in faces:
        check_action(face, PIG_TYPES, "Pig")
    assert [entry[0] for entry in api._WELL_FORMED.values()] == faces  # held: their ids stay theirs
    check_action(Face(5), PIG_TYPES, "Pig")
    assert len(api._WELL_FORMED) == 1
