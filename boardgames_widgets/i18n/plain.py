"""Plain words for a refused move: one sentence a child can read, per rule ID.

The rules refuse a move with an :class:`~boardgames_widgets.core.IllegalActionError`
naming the rule broken (``exc.rule``, e.g. ``"FC-T1"``) and a reason for programmers
(``exc.detail``, English, with coordinates and internal names). A player reads
:func:`plain_reason` instead — "A card must touch a card on the table along a side." —
in their language; the rule ID and the programmer's reason stay available under a
"why?" detail (:func:`why_words`).

>>> from boardgames_widgets.i18n import translator
>>> plain_reason(translator("en"), "FC-T2")
'That is too far out: all the cards must fit inside one square.'
>>> plain_reason(translator("en"), "XX-9")
'That move is not possible now.'
"""

from __future__ import annotations

from boardgames_widgets.i18n import N_, Translator

#: Rule ID -> the sentence shown to players (English; translated where shown).
RULE_WORDS: dict[str, str] = {
    # Food Chain
    "FC-T1": N_("A card must go on an empty spot that touches a card on the table along a side."),
    "FC-T2": N_("That is too far out: all the cards must fit inside one square."),
    "FC-T3": N_("The first card has its own place: right next to the star (in the middle with 3 players)."),
    "FC-T4": N_("First draw a card from the pile."),
    # Chop Chop
    "CC-C1": N_("That mouse was caught: it is out of the game."),
    "CC-M1": N_("Pieces walk in straight steps from square to square, never diagonally."),
    "CC-M2": N_("A piece must walk exactly the number on the die."),
    "CC-M3": N_("That square is taken, or the way there is blocked."),
    "CC-M4": N_("A piece may not step on the same square twice in one move."),
    "CC-M7": N_("Only one piece moves this turn: keep moving the same one."),
    "CC-M8": N_("Only a mouse may go into a hole, and only into an empty one."),
    "CC-M10": N_("You may pass only when no piece can walk the number rolled."),
    "CC-S1": N_("That tile is not there to turn over."),
    "CC-S3": N_("The cat starts on one of the table squares."),
    "CC-S4": N_("It is the other side's turn."),
    "CC-T0": N_("Wait: a tile is being turned over."),
    "CC-T2": N_("No piece may stop on an uncovered cheese."),
    "CC-T3": N_("Walk the extra steps (not back to the square you just left) or say No thanks."),
    "CC-T4": N_("The arrow jumps to a free square (not a hole, a cheese or another piece), or say No thanks."),
    "CC-T5": N_("Choose one of the uncovered cheeses for the fork."),
    "CC-T6": N_("After the knife the same mouse must move again."),
    "CC-W3": N_("The last mouse is hiding: the cat may not stand in front of its hole."),
    # Mouse Trap
    "MT-1": N_("Roll the die first."),
    "MT-MO": N_("You may pay 1 cheese to move a free opponent's mouse (not one on the Safe space)."),
    "MT-P": N_("The trap works only when all its parts are built."),
    "MT-T": N_("Turn the crank when a mouse sits on the Cheese Wheel — and only then."),
    "MT-TC": N_("Choose how to take the cheese from the richest players."),
    # Papageno
    "PA-S1": N_("Wait: the cards are being dealt."),
    "PA-S2": N_("Turn up one of your own face-down cards."),
    "PA-S3": N_("Wait: the game is being set up."),
    "PA-T1": N_("First draw a card from the pile or take the top card of the discard pile."),
    "PA-T2": N_("A card taken from the discard pile must be swapped into your grid."),
    "PA-X1": N_("A Capture swaps one of your face-up cards with a face-up card of an opponent."),
}

#: The sentence for a refusal whose rule has no sentence of its own.
GENERIC = N_("That move is not possible now.")


def all_rule_words() -> dict[str, str]:
    """:data:`RULE_WORDS` and the ``RULE_WORDS`` of every game's words module (``GameSpec.words``)."""
    from boardgames_widgets.core.registry import GAMES, load

    words = dict(RULE_WORDS)
    for game in GAMES.values():
        if game.words is not None:
            words.update(getattr(load(game.words), "RULE_WORDS", {}))
    return words


def plain_reason(t: Translator, rule: str | None) -> str:
    """The plain sentence for a refused move breaking ``rule``, in ``t``'s language.

    A rule without a sentence (in :data:`RULE_WORDS` or its game's words module) gets
    :data:`GENERIC`.
    """
    words = RULE_WORDS.get(rule or "")
    if words is None and rule:
        words = all_rule_words().get(rule)
    return t(words or GENERIC)


def why_words(t: Translator, rule: str | None, detail: str) -> str:
    """The "why?" detail: the rule ID and the rules' own reason (English, for programmers)."""
    if rule:
        return t("Rule {rule}: {detail}", rule=rule, detail=detail)
    return detail
