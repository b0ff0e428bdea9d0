"""Mouse Trap as data: the track, the Loop, the trap's parts and how reliable it is.

The seed text (RULES.md §2) names the kinds of spaces but not their order, and it lists
the trap's parts without saying how often the contraption works. Everything the
originals leave open is decided here, in two readable tables, and every other
number the rules need is a named field of :class:`MouseTrapConfig`.

Assumptions (each one a table entry or a named parameter, never a number in the code):

* **Track** (:data:`DEFAULT_TRACK`). START plus 40 spaces before a 6-space Loop. Each
  space is written as it would be printed on the board (``"BUILD 2-3"``, ``"BACK 3"``,
  ``"TAKE 2"``, ...; :func:`parse_space` reads them). Every space type of RULES.md §2 is
  present. The build labels are spread so that every player count sees about the same
  amount of building on the way to the Loop: 16 build spaces, of which 4 say ``2``,
  4 say ``2-3`` and 8 say ``2-3-4``. A mouse lands on a given space with probability
  about 2/7 (one in 3.5, the mean roll), so on the way to the Loop 2 players expect about
  2 × 16 × 2/7 ≈ 9 parts, 3 players 3 × 12 × 2/7 ≈ 10, 4 players 4 × 8 × 2/7 ≈ 9 (the
  Markov chain's exact figures, ``analysis.mouse_trap.expected_parts_before_loop``: 9.9,
  11.6 and 10.7). The rest of the trap gets built in the Loop, whose build space is
  ``BUILD 2-3-4`` (it counts for every player count and adds 2 parts), so the trap always
  gets finished: in all of 6,000 random games, at a median round of 16–22.
* **Loop** (:data:`DEFAULT_LOOP`). Six spaces from SAFE to CHEESE WHEEL, with the TURN
  CRANK two spaces before the Cheese Wheel; after the Cheese Wheel comes SAFE again.
* **Trap** (:data:`TRAP_PARTS`, :data:`TRAP_STAGES`). 16 named parts built in this order,
  grouped into 7 stages of the chain reaction. Each stage works with its own probability
  (exact fractions); the whole trap works with their product, 10377700641/12207031250
  ≈ 0.850. A stage's reliability can be replaced through ``stage_reliability``.
* **Caught mice** (RULES.md leaves it open): a caught mouse is out of the game; its
  player's turns are skipped and it can never be moved again.
* **Cheese when building or on the Cheese Wheel with a short pile**: take what the pile
  has and the rest from the opponent(s) with the most cheese, exactly as MT-TC.
* **Tied richest opponents** (MT-TC, MT-T3): the mover chooses how to take the amount
  from them (all from one or split); the amount taken is always the most the tied
  opponents can give, up to N. With a single richest opponent there is nothing to choose.
* **Loop build when only 1 part is missing**: add that part and take 1 cheese (1 cheese
  per part added).
* **Back / Ahead in the Loop** (not on the default board): the mouse moves round the
  cycle. Back before the Loop never goes behind START.
* **Moving opponents** (MT-MO) is possible only once the trap is complete
  (``move_needs_complete_trap``), since its only purpose is to bring mice to the Cheese
  Wheel for the crank; the space reached is not resolved. Any free opponent's mouse not
  on Safe may be chosen, even one already on the Cheese Wheel (the rules do not forbid
  it). The crank must be turned before the turn ends whenever an opponent is on the
  Cheese Wheel; after the crank the turn ends (one crank per turn). With nothing to
  decide (no cheese, nobody movable) the crank turns, or the turn ends, by itself.
* **The first player** (MT-1 "is chosen") is the seat ``first_player`` (default 0);
  clockwise means increasing seat numbers.
* **Turn Crank reached by Back/Ahead**: like any space reached that way it is not
  resolved, so there is no crank.
* **Termination** (``max_rounds``): the rules can in principle go on for ever (a custom
  track without build spaces, a trap that keeps failing). After ``max_rounds`` full
  rounds the game ends and the free player(s) with the most cheese share the win. With
  the default 500 rounds this practically never happens: random games on the default
  board last a median of 39 (2 players) to 47 (4 players) rounds, the longest of 6,000
  measured lasted 249, and none reached the limit (``benchmarks/mouse_trap_markov.py``).
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from boardgames_widgets.core.api import check_parameter
from boardgames_widgets.core.numbers import parse_fraction, short


class SpaceKind(enum.Enum):
    """What a space of the track says."""

    START = "START"
    BUILD = "BUILD"
    BACK = "BACK"
    AHEAD = "AHEAD"
    TAKE = "TAKE"
    TAKE3_RICHEST = "TAKE 3 FROM RICHEST"
    LOSE = "LOSE"
    DOG_BONE = "DOG BONE"
    SAFE = "SAFE"
    TURN_CRANK = "TURN CRANK"
    CHEESE_WHEEL = "CHEESE WHEEL"


@dataclass(frozen=True, slots=True)
class Space:
    """One space of the board.

    Attributes:
        kind: the space type.
        amount: N for BACK/AHEAD/TAKE/LOSE (3 for TAKE 3 FROM RICHEST), else 0.
        labels: the player counts a BUILD space counts for (``(2, 3)`` for "2-3").
    """

    kind: SpaceKind
    amount: int = 0
    labels: tuple[int, ...] = ()

    def __str__(self) -> str:
        if self.kind is SpaceKind.BUILD:
            return "BUILD " + "-".join(str(n) for n in self.labels)
        if self.kind in (SpaceKind.BACK, SpaceKind.AHEAD, SpaceKind.TAKE, SpaceKind.LOSE):
            return f"{self.kind.value} {self.amount}"
        return str(self.kind.value)

    @property
    def words(self) -> str:
        """The space in plain words (for descriptions)."""
        k = self.kind
        if k is SpaceKind.BUILD:
            return f"Build ({'-'.join(str(n) for n in self.labels)})"
        if k in (SpaceKind.TAKE, SpaceKind.LOSE):
            return f"{str(k.value).title()} {self.amount} cheese"
        if k in (SpaceKind.BACK, SpaceKind.AHEAD):
            return f"{str(k.value).title()} {self.amount}"
        if k is SpaceKind.TAKE3_RICHEST:
            return "Take 3 cheese from the richest opponent"
        return str(k.value).title()

    @property
    def short(self) -> str:
        """A label of a few characters for the picture."""
        k = self.kind
        return {
            SpaceKind.START: "START",
            SpaceKind.BUILD: "B" + "".join(str(n) for n in self.labels),
            SpaceKind.BACK: f"◀{self.amount}",
            SpaceKind.AHEAD: f"▶{self.amount}",
            SpaceKind.TAKE: f"+{self.amount}",
            SpaceKind.TAKE3_RICHEST: "+3↶",
            SpaceKind.LOSE: f"−{self.amount}",
            SpaceKind.DOG_BONE: "bone",
            SpaceKind.SAFE: "SAFE",
            SpaceKind.TURN_CRANK: "CRANK",
            SpaceKind.CHEESE_WHEEL: "WHEEL",
        }[k]


_SPACE_RE = re.compile(r"^(BUILD) (\d(?:-\d)*)$|^(BACK|AHEAD|TAKE|LOSE) (\d+)$")


def parse_space(text: str) -> Space:
    """Read a space written as on the board.

    >>> parse_space("BUILD 2-3")
    Space(kind=<SpaceKind.BUILD: 'BUILD'>, amount=0, labels=(2, 3))
    >>> str(parse_space("back 3"))
    'BACK 3'

    Raises:
        ValueError: ``text`` is not a space of this game.
    """
    t = " ".join(str(text).upper().split())
    for kind in SpaceKind:
        if t == kind.value and kind not in (SpaceKind.BUILD, SpaceKind.BACK, SpaceKind.AHEAD):
            if kind in (SpaceKind.TAKE, SpaceKind.LOSE):
                break
            return Space(kind, 3 if kind is SpaceKind.TAKE3_RICHEST else 0)
    m = _SPACE_RE.match(t)
    if m is None:
        raise ValueError(f"unknown space {short(text)} (e.g. 'BUILD 2-3', 'BACK 3', 'TAKE 2', 'DOG BONE', 'SAFE')")
    if m.group(1):
        labels = tuple(int(x) for x in m.group(2).split("-"))
        if list(labels) != sorted(set(labels)) or not all(2 <= x <= 4 for x in labels):
            raise ValueError(f"build labels must be increasing player counts 2..4: {short(text)}")
        return Space(SpaceKind.BUILD, 0, labels)
    amount = int(m.group(4))
    if amount < 1:
        raise ValueError(f"{short(text)}: the amount must be at least 1")
    return Space(SpaceKind[m.group(3)], amount)


# --------------------------------------------------------------------------------------
# Table 1: the track and the Loop
# --------------------------------------------------------------------------------------

#: The path from START (position 0) to the last space before the Loop (position 40).
DEFAULT_TRACK: tuple[str, ...] = (
    # pos  space
    "START",  # 0
    "BUILD 2-3-4",  # 1
    "TAKE 1",  # 2
    "BUILD 2",  # 3
    "DOG BONE",  # 4
    "BUILD 2-3-4",  # 5
    "BACK 2",  # 6
    "BUILD 2-3",  # 7
    "TAKE 2",  # 8
    "BUILD 2-3-4",  # 9
    "LOSE 1",  # 10
    "BUILD 2",  # 11
    "AHEAD 3",  # 12
    "BUILD 2-3-4",  # 13
    "TAKE 3 FROM RICHEST",  # 14
    "BUILD 2-3",  # 15
    "DOG BONE",  # 16
    "BUILD 2-3-4",  # 17
    "TAKE 1",  # 18
    "BACK 3",  # 19
    "BUILD 2",  # 20
    "LOSE 2",  # 21
    "BUILD 2-3-4",  # 22
    "TAKE 2",  # 23
    "BUILD 2-3",  # 24
    "DOG BONE",  # 25
    "AHEAD 2",  # 26
    "BUILD 2-3-4",  # 27
    "TAKE 1",  # 28
    "BUILD 2",  # 29
    "LOSE 1",  # 30
    "BUILD 2-3-4",  # 31
    "TAKE 3 FROM RICHEST",  # 32
    "BUILD 2-3",  # 33
    "BACK 4",  # 34
    "TAKE 2",  # 35
    "BUILD 2-3-4",  # 36
    "DOG BONE",  # 37
    "TAKE 1",  # 38
    "AHEAD 1",  # 39
    "LOSE 1",  # 40
)

#: The Loop, a cycle: after the last space (the Cheese Wheel) comes the first (Safe).
DEFAULT_LOOP: tuple[str, ...] = (
    "SAFE",
    "TAKE 1",
    "BUILD 2-3-4",
    "TURN CRANK",
    "DOG BONE",
    "CHEESE WHEEL",
)

# --------------------------------------------------------------------------------------
# Table 2: the trap — parts in building order and the stages of the chain reaction
# --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TrapStage:
    """One link of the chain reaction.

    Attributes:
        name: what happens in this stage.
        parts: the numbers (1-based) of the parts this stage needs.
        reliability: the probability that this stage works, given the one before did.
    """

    name: str
    parts: tuple[int, ...]
    reliability: Fraction


#: The 16 parts, built strictly in this order (part 1 first).
TRAP_PARTS: tuple[str, ...] = (
    "base",  # 1
    "gear support",  # 2
    "gears",  # 3
    "crank",  # 4
    "lever",  # 5
    "stop sign",  # 6
    "boot",  # 7
    "bucket",  # 8
    "ball",  # 9
    "stairs",  # 10
    "rain pipe",  # 11
    "helping hand",  # 12
    "bathtub",  # 13
    "diver",  # 14
    "tub",  # 15
    "cage",  # 16
)

#: The chain reaction, stage by stage. P(trap works) is the product of the reliabilities.
TRAP_STAGES: tuple[TrapStage, ...] = (
    TrapStage("the crank turns the gears", (1, 2, 3, 4), Fraction(99, 100)),
    TrapStage("the gears swing the lever into the stop sign", (5, 6), Fraction(49, 50)),
    TrapStage("the boot kicks the bucket over", (7, 8), Fraction(49, 50)),
    TrapStage("the ball rolls down the stairs", (9, 10), Fraction(24, 25)),
    TrapStage("the ball runs down the rain pipe to the helping hand", (11, 12), Fraction(49, 50)),
    TrapStage("the ball drops through the bathtub and launches the diver", (13, 14), Fraction(24, 25)),
    TrapStage("the diver lands in the tub and the cage falls", (15, 16), Fraction(99, 100)),
)

#: The colours of the four mice, in seat order; also their names in actions ("move Blue").
MOUSE_NAMES: tuple[str, ...] = ("Red", "Blue", "Yellow", "Green")


#: The documented range of every numeric parameter (inclusive), checked by the constructor:
#: a saved game is input from anywhere, and a die of a million faces or a supply of
#: 10**9 pieces would make a game that never ends or fills the memory.
PARAMETER_RANGES: dict[str, tuple[int, int]] = {
    "cheese_supply": (1, 500),
    "die_faces": (1, 20),
    "loop_build_parts": (1, 16),
    "max_rounds": (1, 10_000),
    "track_spaces": (1, 200),
    "loop_spaces": (3, 50),
    "space_amount": (1, 100),
    "reliability_denominator": (1, 10**6),
}


def _in_range(name: str, value: int) -> None:
    check_parameter(name, value, PARAMETER_RANGES)


def _fraction(value: object) -> Fraction:
    if isinstance(value, bool) or not isinstance(value, int | str | Fraction):
        raise ValueError(f"stage_reliability: a reliability must be a fraction such as '49/50', not {short(value)}")
    f = parse_fraction(value, "stage_reliability")  # bounded: checked before any arithmetic
    if not 0 < f <= 1:
        raise ValueError(f"stage_reliability: a reliability must be in (0, 1], not {short(value)}")
    _in_range("reliability_denominator", f.denominator)
    return f


@dataclass(frozen=True, slots=True)
class MouseTrapConfig:
    """Every named parameter of Mouse Trap (RULES.md §2).

    Attributes:
        num_players: 2 to 4.
        track: the spaces from START up to the Loop, START first (:data:`DEFAULT_TRACK`).
        loop: the Loop's spaces from SAFE to CHEESE WHEEL (:data:`DEFAULT_LOOP`).
        stage_reliability: one probability per stage of :data:`TRAP_STAGES`.
        cheese_supply: the pieces of cheese in the game (52), all in the pile at the start.
        die_faces: the die is numbered 1..die_faces.
        loop_build_parts: parts added (and cheese taken) by a build space in the Loop.
        move_needs_complete_trap: whether MT-MO (paying cheese to move opponents) needs
            a complete trap.
        max_rounds: after this many full rounds the game ends; the free player(s) with the
            most cheese share the win.
        first_player: the seat that plays first (MT-1).
    """

    num_players: int = 2
    track: tuple[str, ...] = DEFAULT_TRACK
    loop: tuple[str, ...] = DEFAULT_LOOP
    stage_reliability: tuple[Fraction, ...] = tuple(s.reliability for s in TRAP_STAGES)
    cheese_supply: int = 52
    die_faces: int = 6
    loop_build_parts: int = 2
    move_needs_complete_trap: bool = True
    max_rounds: int = 500
    first_player: int = 0
    spaces: tuple[Space, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.num_players, bool) or not isinstance(self.num_players, int):
            raise ValueError(f"num_players must be an int, not {short(self.num_players)}")
        if not 2 <= self.num_players <= len(MOUSE_NAMES):
            raise ValueError(f"Mouse Trap is for 2 to 4 players, not {self.num_players}")
        for name, spaces in (("track_spaces", self.track), ("loop_spaces", self.loop)):
            if isinstance(spaces, str) or not isinstance(spaces, Sequence):
                raise ValueError(f"{name.removesuffix('_spaces')} must be a list of spaces")
            _in_range(name, len(spaces))
        track = tuple(parse_space(s) for s in self.track)
        loop = tuple(parse_space(s) for s in self.loop)
        for space in track + loop:
            if space.amount:
                _in_range("space_amount", space.amount)
        if not track or track[0].kind is not SpaceKind.START:
            raise ValueError("the track must begin with START")
        if any(s.kind is SpaceKind.START for s in track[1:] + loop):
            raise ValueError("START may appear only once, at the beginning of the track")
        special = (SpaceKind.SAFE, SpaceKind.TURN_CRANK, SpaceKind.CHEESE_WHEEL)
        if any(s.kind in special for s in track):
            raise ValueError("SAFE, TURN CRANK and CHEESE WHEEL belong to the Loop, not the track")
        if len(loop) < 3 or loop[0].kind is not SpaceKind.SAFE or loop[-1].kind is not SpaceKind.CHEESE_WHEEL:
            raise ValueError("the Loop runs from SAFE to CHEESE WHEEL (MT-L)")
        for kind in special:
            if sum(s.kind is kind for s in loop) != 1:
                raise ValueError(f"the Loop needs exactly one {kind.value}")
        rel = tuple(_fraction(r) for r in self.stage_reliability)
        if len(rel) != len(TRAP_STAGES):
            raise ValueError(f"stage_reliability needs {len(TRAP_STAGES)} values, got {len(rel)}")
        object.__setattr__(self, "track", tuple(str(s) for s in track))
        object.__setattr__(self, "loop", tuple(str(s) for s in loop))
        object.__setattr__(self, "stage_reliability", rel)
        for name in ("cheese_supply", "die_faces", "loop_build_parts", "max_rounds"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int):
                raise ValueError(f"{name} must be a positive int, not {short(v)}")
            _in_range(name, v)
        if not isinstance(self.move_needs_complete_trap, bool):
            raise ValueError("move_needs_complete_trap must be true or false")
        if (
            isinstance(self.first_player, bool)
            or not isinstance(self.first_player, int)
            or not 0 <= self.first_player < self.num_players
        ):
            raise ValueError(f"first_player must be a seat 0..{self.num_players - 1}, not {short(self.first_player)}")
        object.__setattr__(self, "spaces", track + loop)

    # -- derived figures ---------------------------------------------------------------
    @property
    def loop_start(self) -> int:
        """The position of the Safe space (positions below it are the track)."""
        return len(self.track)

    @property
    def loop_length(self) -> int:
        """The number of spaces in the Loop."""
        return len(self.loop)

    @property
    def num_spaces(self) -> int:
        """Track plus Loop."""
        return len(self.spaces)

    def position_of(self, kind: SpaceKind) -> int:
        """The position of the Loop's only SAFE / TURN CRANK / CHEESE WHEEL space.

        Raises:
            ValueError: ``kind`` is not a Loop landmark.
        """
        for i in range(self.loop_start, self.num_spaces):
            if self.spaces[i].kind is kind:
                return i
        raise ValueError(f"{kind.value} is not a Loop landmark")

    @property
    def num_parts(self) -> int:
        """The parts of a complete trap."""
        return len(TRAP_PARTS)

    @property
    def trap_works(self) -> Fraction:
        """P(the complete trap catches the mice): the product of the stage reliabilities."""
        return math.prod(self.stage_reliability, start=Fraction(1))

    def can_build_on(self, space: Space) -> bool:
        """Whether a BUILD space counts for this number of players (MT-B)."""
        return space.kind is SpaceKind.BUILD and self.num_players in space.labels

    def forward(self, position: int, steps: int) -> int:
        """The position ``steps`` spaces ahead, going round the Loop as a cycle (MT-L)."""
        start, n = self.loop_start, self.loop_length
        if position < start:
            q = position + steps
            return q if q < start else start + (q - start) % n
        return start + (position - start + steps) % n

    def backward(self, position: int, steps: int) -> int:
        """The position ``steps`` spaces back: never behind START; round the cycle in the Loop."""
        start, n = self.loop_start, self.loop_length
        if position < start:
            return max(0, position - steps)
        return start + (position - start - steps) % n

    def jump(self, position: int) -> int:
        """Where a BACK/AHEAD space sends a mouse (the space reached is not resolved: MT-BA)."""
        space = self.spaces[position]
        if space.kind is SpaceKind.BACK:
            return self.backward(position, space.amount)
        if space.kind is SpaceKind.AHEAD:
            return self.forward(position, space.amount)
        return position

    def to_json(self) -> dict[str, object]:
        """The JSON-able form (fractions as strings)."""
        return {
            "num_players": self.num_players,
            "track": list(self.track),
            "loop": list(self.loop),
            "stage_reliability": [str(r) for r in self.stage_reliability],
            "cheese_supply": self.cheese_supply,
            "die_faces": self.die_faces,
            "loop_build_parts": self.loop_build_parts,
            "move_needs_complete_trap": self.move_needs_complete_trap,
            "max_rounds": self.max_rounds,
            "first_player": self.first_player,
        }


def make_config(num_players: int = 2, **params: object) -> MouseTrapConfig:
    """A config from JSON-ish values (lists for tuples, strings for fractions).

    Raises:
        ValueError: an unknown parameter or a bad value.
    """
    known = {
        "track",
        "loop",
        "stage_reliability",
        "cheese_supply",
        "die_faces",
        "loop_build_parts",
        "move_needs_complete_trap",
        "max_rounds",
        "first_player",
    }
    unknown = set(params) - known
    if unknown:
        raise ValueError(f"unknown Mouse Trap parameter(s): {sorted(unknown)}")
    kwargs: dict[str, object] = dict(params)
    for name in ("track", "loop", "stage_reliability"):
        if name in kwargs:
            v = kwargs[name]
            if isinstance(v, str) or not isinstance(v, Sequence):
                raise ValueError(f"{name} must be a list, not {type(v).__name__}")
            kwargs[name] = tuple(v)
    return MouseTrapConfig(num_players, **kwargs)  # type: ignore[arg-type]
