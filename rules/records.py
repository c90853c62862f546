"""What the rules engine says: rulings on chip actions and alerts for the floor (frozen records), and
everything it said about one hand."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from rules.hand_state import HandSetup


class Severity(StrEnum):
    """How much attention an alert needs, from least to most."""

    RULING = "ruling"  # the dealer announces/applies it; play goes on
    WARNING = "warning"  # worth a look; may need a word with the player
    VIOLATION = "violation"  # a rule was broken; floor review, possible penalty
    HAND_STOPPING = "hand_stopping"  # stop the hand and call the floor (misdeal, fouled board)

    @property
    def rank(self) -> int:
        return list(Severity).index(self)


class AlertKind(StrEnum):
    # physical chip actions
    STRING_BET = "string_bet"
    OVERSIZED_CHIP = "oversized_chip"
    MULTI_CHIP_BET = "multi_chip_bet"
    PRIOR_CHIPS = "prior_chips"
    OVERBET_FOR_CHANGE = "overbet_for_change"
    UNDERCALL = "undercall"
    UNDER_RAISE = "under_raise"
    SHORT_ALL_IN = "short_all_in"
    INVALID_DECLARATION = "invalid_declaration"
    VERBAL_CHIPS_CONFLICT = "verbal_chips_conflict"
    AMBIGUOUS_AMOUNT = "ambiguous_amount"
    OUT_OF_TURN = "out_of_turn"
    TINY_CHIP = "tiny_chip"
    NON_VALUE_ITEM = "non_value_item"
    POT_LIMIT_OVERBET = "pot_limit_overbet"
    # the deal and the board
    MISDEAL = "misdeal"
    MISDEAL_TOO_LATE = "misdeal_too_late"
    FOUR_CARD_FLOP = "four_card_flop"
    PREMATURE_BOARD = "premature_board"
    RABBIT_HUNT = "rabbit_hunt"
    # players
    CARD_EXPOSED = "card_exposed"
    ALL_IN_NOT_TABLED = "all_in_not_tabled"
    SHOWDOWN_ORDER = "showdown_order"
    NON_STANDARD_FOLD = "non_standard_fold"
    CLOCK_COUNTDOWN = "clock_countdown"
    CLOCK_EXPIRED = "clock_expired"
    FOREIGN_OBJECT = "foreign_object"
    CHIPS_OUT_OF_VIEW = "chips_out_of_view"
    CARDS_OUT_OF_VIEW = "cards_out_of_view"
    ABSENT_AT_DEAL = "absent_at_deal"
    LEFT_WITH_LIVE_HAND = "left_with_live_hand"


_BY_SEVERITY: dict[Severity, tuple[AlertKind, ...]] = {
    Severity.RULING: (
        AlertKind.OVERSIZED_CHIP,
        AlertKind.MULTI_CHIP_BET,
        AlertKind.PRIOR_CHIPS,
        AlertKind.OVERBET_FOR_CHANGE,
        AlertKind.UNDER_RAISE,
        AlertKind.SHORT_ALL_IN,
        AlertKind.INVALID_DECLARATION,
        AlertKind.VERBAL_CHIPS_CONFLICT,
        AlertKind.AMBIGUOUS_AMOUNT,
        AlertKind.POT_LIMIT_OVERBET,
        AlertKind.SHOWDOWN_ORDER,
        AlertKind.CLOCK_COUNTDOWN,
    ),
    Severity.WARNING: (
        AlertKind.STRING_BET,
        AlertKind.UNDERCALL,
        AlertKind.TINY_CHIP,
        AlertKind.OUT_OF_TURN,
        AlertKind.NON_VALUE_ITEM,
        AlertKind.NON_STANDARD_FOLD,
        AlertKind.MISDEAL_TOO_LATE,
    ),
    Severity.VIOLATION: (
        AlertKind.RABBIT_HUNT,
        AlertKind.CARD_EXPOSED,
        AlertKind.ALL_IN_NOT_TABLED,
        AlertKind.CLOCK_EXPIRED,
        AlertKind.FOREIGN_OBJECT,
        AlertKind.CHIPS_OUT_OF_VIEW,
        AlertKind.CARDS_OUT_OF_VIEW,
        AlertKind.ABSENT_AT_DEAL,
        AlertKind.LEFT_WITH_LIVE_HAND,
    ),
    Severity.HAND_STOPPING: (AlertKind.MISDEAL, AlertKind.FOUR_CARD_FLOP, AlertKind.PREMATURE_BOARD),
}
DEFAULT_SEVERITY: dict[AlertKind, Severity] = {k: sev for sev, kinds in _BY_SEVERITY.items() for k in kinds}
assert set(DEFAULT_SEVERITY) == set(AlertKind), "every alert kind needs a default severity"


class BetAction(StrEnum):
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    FOLD = "fold"


@dataclass(frozen=True, slots=True)
class Citation:
    """The house rule a ruling rests on."""

    profile: str  # profile id, e.g. "bluff_street"
    rule: str  # the house's rule number or section, e.g. "43.a.1", "BETTING"
    excerpt: str  # a short quote or paraphrase of the rule
    inherited_from: str | None = None  # set when the house is silent and the baseline applies

    def __str__(self) -> str:
        where = f"{self.profile} {self.rule}"
        if self.inherited_from:
            where = f"{self.profile}: silent; {self.inherited_from} {self.rule}"
        return f"{where}: {self.excerpt}"


@dataclass(frozen=True, slots=True)
class Ruling:
    """What a seat's chip action (with any declaration) counts as.

    ``to`` is the seat's total bet on this street after the action (``raise to 2,200``);
    ``adds`` is what the seat puts in now; ``returned`` is chips handed back (change, surplus).
    ``must_complete_to`` is set when the seat must add chips to reach a legal amount.
    """

    seat: int
    action: BetAction
    to: int = 0
    adds: int = 0
    returned: int = 0
    all_in: bool = False
    must_complete_to: int | None = None
    floor_discretion: bool = False  # the book leaves it to the floor; ``action`` is the default
    declaration_seen: bool = False
    explanation: str = ""
    citations: tuple[Citation, ...] = ()
    alert_kinds: tuple[AlertKind, ...] = ()
    t: float = 0.0  # when the action happened (set by the engine; seconds on the camera clock)

    def summary(self) -> str:
        if self.action in (BetAction.CHECK, BetAction.FOLD):
            text = self.action.value
        elif self.action is BetAction.CALL:
            text = f"call {self.to:,}"
        else:
            text = (
                f"{self.action.value} to {self.to:,}"
                if self.action is BetAction.RAISE
                else f"bet {self.to:,}"
            )
        if self.all_in:
            text += " (all-in)"
        if self.must_complete_to is not None:
            text += f", must complete to {self.must_complete_to:,}"
        if self.returned:
            text += f", {self.returned:,} returned"
        return text


@dataclass(frozen=True, slots=True)
class Alert:
    """Something the floor should know, with the ruling and the rule it rests on."""

    kind: AlertKind
    severity: Severity
    message: str  # what happened, in the floor's words
    ruling: str  # what to do about it
    citations: tuple[Citation, ...]
    t_start: float
    t_end: float
    table: str = ""
    hand_id: str = ""
    seat: int | None = None
    evidence: tuple[str, ...] = field(default=())  # frame / clip references


@dataclass(slots=True)
class HandRecord:
    """Everything the engine said about one hand."""

    setup: HandSetup
    rulings: list[Ruling] = field(default_factory=list)
    alerts: list[Alert] = field(default_factory=list)

    @property
    def outputs(self) -> list[Ruling | Alert]:
        return sorted([*self.rulings, *self.alerts], key=lambda o: o.t_start if isinstance(o, Alert) else o.t)
