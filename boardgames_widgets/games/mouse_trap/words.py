"""Mouse Trap in words: spaces, choices, log lines told from the change of state, status, result."""

from __future__ import annotations

from typing import Any

from boardgames_widgets.games.mouse_trap.layout import MOUSE_NAMES, TRAP_PARTS, Space, SpaceKind
from boardgames_widgets.games.mouse_trap.rules import (
    Crank,
    EndTurn,
    MouseTrap,
    MouseTrapState,
    MoveMouse,
    Phase,
    Roll,
    TakeCheese,
    TrapOutcome,
)
from boardgames_widgets.i18n import Translator
from boardgames_widgets.i18n.words import GameWords


def button_words(t: Translator, action: Any) -> str:
    """A choice button's words: "Turn the crank!", "Take 2 Red + 1 Blue" (translated)."""
    if isinstance(action, MoveMouse):
        return t("Move {name} (1 cheese)", name=t(MOUSE_NAMES[action.player]))
    if isinstance(action, Crank):
        return t("Turn the crank!")
    if isinstance(action, EndTurn):
        return t("End my turn")
    if isinstance(action, TakeCheese):
        return t("Take {amounts}", amounts=" + ".join(f"{n} {t(MOUSE_NAMES[p])}" for p, n in action.amounts))
    return str(action)


def space_words(t: Translator, space: Space) -> str:
    """A space of the track in words (``Space.words`` of the rules, translated)."""
    k = space.kind
    if k is SpaceKind.BUILD:
        return t("Build ({players})", players="-".join(str(n) for n in space.labels))
    if k is SpaceKind.TAKE:
        return t("Take {n} cheese", n=space.amount)
    if k is SpaceKind.LOSE:
        return t("Lose {n} cheese", n=space.amount)
    if k is SpaceKind.BACK:
        return t("Back {n}", n=space.amount)
    if k is SpaceKind.AHEAD:
        return t("Ahead {n}", n=space.amount)
    if k is SpaceKind.TAKE3_RICHEST:
        return t("Take 3 cheese from the richest opponent")
    return {
        SpaceKind.START: t("Start"),
        SpaceKind.DOG_BONE: t("Dog Bone"),
        SpaceKind.SAFE: t("Safe"),
        SpaceKind.TURN_CRANK: t("Turn Crank"),
        SpaceKind.CHEESE_WHEEL: t("Cheese Wheel"),
    }.get(k, str(k.value))


class MouseTrapWords(GameWords):
    """What Mouse Trap says (see the module doc)."""

    game: MouseTrap

    def player_name(self, player: int) -> str:
        return self._(MOUSE_NAMES[player])

    def prompt(self, state: MouseTrapState) -> str:
        """What to choose now (a tie of richest opponents, or the Turn Crank)."""
        if state.phase is Phase.TAKE_CHOICE:
            tied = self.tr.join_and([self.player_name(p) for p in state.take_from])
            return self._("{names} are tied richest: choose how to take {n} cheese.", names=tied, n=state.take_amount)
        return self._("On the Turn Crank: move an opponent's mouse, turn the crank, or end your turn.")

    def action_words(self, state: MouseTrapState, action: Any) -> str:
        """The log line, told from the change of state in plain words (in every language)."""
        try:
            after = self.game.apply(state, action)
        except Exception:  # words must never break the log
            return super().action_words(state, action)
        try:
            return self._event_words(state, action, after)
        except Exception:  # words must never break the log
            return after.event or super().action_words(state, action)

    def _event_words(self, state: MouseTrapState, action: Any, after: MouseTrapState) -> str:
        t, cfg = self._, self.game.cfg
        me = state.mover
        name = self.player_name(me)
        parts: list[str] = []
        if isinstance(action, Roll) and state.phase is Phase.MOVE_ROLL and state.moving >= 0:
            victim = state.moving
            space = cfg.spaces[cfg.forward(state.positions[victim], action.value)]
            parts.append(
                t(
                    "{name}'s mouse is moved {n} to {space}.",
                    name=self.player_name(victim),
                    n=action.value,
                    space=space_words(self.tr, space),
                )
            )
        elif isinstance(action, Roll):
            space = cfg.spaces[cfg.forward(state.positions[me], action.value)]
            parts.append(t("{name} rolled {n}: {space}.", name=name, n=action.value, space=space_words(self.tr, space)))
            if after.positions[me] != cfg.forward(state.positions[me], action.value):
                parts.append(t("On to {space}.", space=space_words(self.tr, cfg.spaces[after.positions[me]])))
        elif isinstance(action, MoveMouse):
            parts.append(t("{name} pays 1 cheese to move {other}.", name=name, other=self.player_name(action.player)))
        elif isinstance(action, Crank):
            parts.append(t("{name} turns the crank!", name=name))
        elif isinstance(action, EndTurn):
            parts.append(t("{name} ends the turn.", name=name))
        elif isinstance(action, TakeCheese):
            parts.append(t("{name} chooses: {what}.", name=name, what=button_words(self.tr, action)))
        elif isinstance(action, TrapOutcome):
            victims = [q for q in range(len(state.caught)) if after.caught[q] != state.caught[q]]
            if action.works:
                who = self.tr.join_and([self.player_name(q) for q in victims]) or t("nobody")
                parts.append(t("The trap works: {who} caught.", who=who))
            else:
                moved = [q for q in range(len(state.positions)) if after.positions[q] != state.positions[q]]
                who = self.tr.join_and([self.player_name(q) for q in moved]) or t("nobody")
                parts.append(t("The trap fails: {who} to Safe.", who=who))
        else:
            return after.event or super().action_words(state, action)
        if after.parts_built > state.parts_built:
            new = ", ".join(t(part) for part in TRAP_PARTS[state.parts_built : after.parts_built])
            parts.append(t("Built: {parts}.", parts=new))
        changes = [
            f"{self.player_name(q)} {'+' if d > 0 else '−'}{abs(d)}"
            for q, d in enumerate(a - b for a, b in zip(after.cheese, state.cheese, strict=True))
            if d and not after.caught[q]
        ]
        if changes:
            parts.append(t("Cheese: {changes}.", changes=", ".join(changes)))
        if after.phase is Phase.TAKE_CHOICE:
            parts.append(self.prompt(after))
        if after.phase is Phase.OVER:
            parts.append(self.result_words(after))
        return " ".join(parts)

    def status_words(self, state: MouseTrapState) -> str:
        caught = self._("caught")
        cheese = ", ".join(
            f"{self.player_name(p)} {caught if state.caught[p] else state.cheese[p]}" for p in range(len(state.cheese))
        )
        return self._(
            "Cheese: {cheese} · pile {n} · trap {built}/{parts} built",
            cheese=cheese,
            n=state.pile,
            built=state.parts_built,
            parts=self.game.cfg.num_parts,
        )

    def result_words(self, state: MouseTrapState) -> str:
        names = self.tr.join_and([self.player_name(p) for p in state.winners])
        if len(state.winners) == 1:
            return self._("Game over — {name} has the last free mouse and wins!", name=names)
        return self._("Game over — shared win: {names}.", names=names)
