"""The players' conduct: objects on the felt, cards and chips out of view, seats, the clock, exposed
cards, acting out of turn."""

from __future__ import annotations

from collections import Counter

from rules.checks import Finding
from rules.profile import (
    Allowed,
    ClockExpiry,
    DrinksPolicy,
    ExposedCardPenalty,
    HouseProfile,
    LeftWithLiveHand,
    NonValueItemPolicy,
    OutOfTurnPolicy,
)
from rules.records import AlertKind, Severity
from vision.events import (
    CardsOutOfView,
    ChipsOutOfView,
    ForeignObject,
    ObjectPlaced,
    ObjectRemoved,
    OutOfView,
)


class ObjectMonitor:
    """Counts what lies on the felt at each seat and flags what the house forbids."""

    def __init__(self, profile: HouseProfile) -> None:
        self.rules = profile.rules
        self.on_felt: Counter[tuple[int | None, ForeignObject]] = Counter()

    def placed(self, ev: ObjectPlaced) -> list[Finding]:
        self.on_felt[(ev.seat, ev.what)] += 1
        count = self.on_felt[(ev.seat, ev.what)]
        rules = self.rules
        where = f"at seat {ev.seat}" if ev.seat is not None else "on the table"
        if ev.what is ForeignObject.PHONE:
            if rules.phone_on_table.value is Allowed.ALLOWED:
                return []
            return [
                self._flag(
                    ev, f"phone on the table {where}", "the phone must come off the table", "phone_on_table"
                )
            ]
        if ev.what is ForeignObject.CARD_PROTECTOR:
            limit = rules.card_protectors_max.value
            if limit is None or count <= limit:
                return []
            return [
                self._flag(
                    ev,
                    f"{count} card protectors {where}",
                    f"at most {limit} card protector per player",
                    "card_protectors_max",
                    Severity.WARNING,
                )
            ]
        if ev.what in (ForeignObject.DRINK_CAPPED, ForeignObject.DRINK_OPEN):
            policy = rules.drinks_on_table.value
            if policy is DrinksPolicy.ALLOWED:
                return []
            if (
                policy is DrinksPolicy.ONE_CAPPED_BOTTLE
                and ev.what is ForeignObject.DRINK_CAPPED
                and count == 1
            ):
                return []
            allowed = (
                "one capped bottle of water" if policy is DrinksPolicy.ONE_CAPPED_BOTTLE else "no drinks"
            )
            return [
                self._flag(
                    ev,
                    f"{'capped bottle' if ev.what is ForeignObject.DRINK_CAPPED else 'open drink'} {where}",
                    f"house allows {allowed} on the table",
                    "drinks_on_table",
                )
            ]
        if ev.what is ForeignObject.FOOD:
            if rules.food_on_table.value is Allowed.ALLOWED:
                return []
            return [self._flag(ev, f"food {where}", "food must come off the table", "food_on_table")]
        if ev.what is ForeignObject.NON_TOURNAMENT_CHIP:
            banned = rules.non_value_items.value is NonValueItemPolicy.NOT_ALLOWED
            return [
                self._flag(
                    ev,
                    f"non-tournament chip {where}",
                    "non-tournament chips are not allowed on the table: remove it"
                    if banned
                    else "check what it is; it has no value in a bet",
                    "non_value_items",
                    None if banned else Severity.WARNING,
                )
            ]
        return [
            self._flag(
                ev,
                f"unidentified object {where}",
                "check what it is against the house's list of items allowed on the table",
                "card_protectors_max",
                Severity.WARNING,
            )
        ]

    def removed(self, ev: ObjectRemoved) -> None:
        key = (ev.seat, ev.what)
        if self.on_felt[key] > 0:
            self.on_felt[key] -= 1

    @staticmethod
    def _flag(
        ev: ObjectPlaced, what: str, ruling: str, topic: str, severity: Severity | None = None
    ) -> Finding:
        return Finding(AlertKind.FOREIGN_OBJECT, what, ruling, (topic,), ev.t, ev.seat, severity)


def chips_out_of_view(ev: ChipsOutOfView, profile: HouseProfile) -> list[Finding]:
    if not profile.rules.chips_must_stay_in_view.value:
        return []
    amount = f" ({sum(ev.chips):,})" if ev.chips else ""
    how = (
        "taken off the table"
        if ev.where is OutOfView.OFF_TABLE
        else f"hidden ({ev.where.value.replace('_', ' ')})"
    )
    return [
        Finding(
            AlertKind.CHIPS_OUT_OF_VIEW,
            f"seat {ev.seat}: chips{amount} {how}",
            "chips must stay in view: the chips are forfeited and the player may be disqualified; "
            "floor review",
            ("chips_must_stay_in_view",),
            ev.t,
            ev.seat,
        )
    ]


def cards_out_of_view(ev: CardsOutOfView, profile: HouseProfile, live: bool) -> list[Finding]:
    if not live or not profile.rules.cards_must_stay_above_rail.value:
        return []
    how = {
        OutOfView.BELOW_RAIL: "held below the table rail",
        OutOfView.OFF_TABLE: "taken off the table",
        OutOfView.HIDDEN: "hidden from view",
    }[ev.where]
    return [
        Finding(
            AlertKind.CARDS_OUT_OF_VIEW,
            f"seat {ev.seat}: live cards {how}",
            "live cards must stay on the table in plain view: warn the player; floor review",
            ("cards_must_stay_above_rail",),
            ev.t,
            ev.seat,
        )
    ]


def left_with_live_hand(seat: int, t: float, profile: HouseProfile) -> Finding:
    folded = profile.rules.left_with_live_hand.value is LeftWithLiveHand.FOLDED_IN_TURN
    return Finding(
        AlertKind.LEFT_WITH_LIVE_HAND,
        f"seat {seat} left the table with a live hand",
        "the hand is folded in turn" if folded else "penalty when the player returns; the hand stays live",
        ("left_with_live_hand",),
        t,
        seat,
        kills=folded,
    )


class Clock:
    """The clock on the seat to act: the countdown warning, then expiry (only for this decision)."""

    def __init__(self, seat: int, t: float, profile: HouseProfile) -> None:
        self.seat = seat
        self.called_at = t
        self.rules = profile.rules
        self.warned = False
        self.expired = False

    @property
    def countdown_at(self) -> float:
        return self.called_at + self.rules.clock_seconds.value

    @property
    def expires_at(self) -> float:
        return self.countdown_at + self.rules.clock_countdown_seconds.value

    def tick(self, t: float, facing_bet: bool) -> list[Finding]:
        found: list[Finding] = []
        if not self.warned and t >= self.countdown_at:
            self.warned = True
            found.append(
                Finding(
                    AlertKind.CLOCK_COUNTDOWN,
                    f"seat {self.seat}: clock time is up, countdown starts",
                    f"dealer counts down {self.rules.clock_countdown_seconds.value} seconds",
                    ("clock_seconds", "clock_countdown_seconds"),
                    t,
                    self.seat,
                    t_start=self.called_at,
                )
            )
        if not self.expired and t > self.expires_at:  # a tie goes to the player
            self.expired = True
            dead, topic = self.expiry(facing_bet)
            found.append(
                Finding(
                    AlertKind.CLOCK_EXPIRED,
                    f"seat {self.seat}: did not act before the clock ran out",
                    "the hand is dead" if dead else "the action is a check",
                    ("clock_seconds", topic),
                    t,
                    self.seat,
                    t_start=self.called_at,
                )
            )
        return found

    def expiry(self, facing_bet: bool) -> tuple[bool, str]:
        """What running out of time does: (the hand is dead, else a check; the rule's topic).
        Facing a bet a check is impossible, so there the hand is dead whatever the setting."""
        topic = "clock_expiry_facing_bet" if facing_bet else "clock_expiry_not_facing_bet"
        return facing_bet or getattr(self.rules, topic).value is ClockExpiry.DEAD_HAND, topic


def card_exposed(seat: int, card: str | None, t: float, profile: HouseProfile) -> Finding:
    """A player's card seen with action pending."""
    may_kill = profile.rules.exposed_card_with_action_pending.value is ExposedCardPenalty.PENALTY_MAY_KILL
    return Finding(
        AlertKind.CARD_EXPOSED,
        f"seat {seat} exposed a card{f' ({card})' if card else ''} with action pending",
        "penalty at the end of the hand"
        + ("; the floor may rule the hand dead" if may_kill else "; the hand stays live")
        + "; every player is entitled to see the card",
        ("exposed_card_with_action_pending",),
        t,
        seat,
    )


def out_of_turn(seat: int, actor: int | None, t: float, profile: HouseProfile) -> Finding:
    binding = (
        "binding if the action to it does not change (a check, call or fold is no change)"
        if profile.rules.out_of_turn.value is OutOfTurnPolicy.BINDING_UNLESS_ACTION_CHANGES
        else "not binding if the action to it changes, except a fold, which is always binding"
    )
    return Finding(
        AlertKind.OUT_OF_TURN,
        f"seat {seat} acted out of turn; it is seat {actor}'s turn",
        f"the out-of-turn action is {binding}; seat {actor} keeps all its options",
        ("out_of_turn",),
        t,
        seat,
    )


def out_of_turn_changed(seat: int, t: float) -> Finding:
    """The action changed before the out-of-turn seat's turn came: it acts again."""
    return Finding(
        AlertKind.OUT_OF_TURN,
        f"the action changed after seat {seat} acted out of turn",
        f"the out-of-turn action is not binding: seat {seat} may call, raise or fold; "
        "out-of-turn chips may be taken back",
        ("out_of_turn",),
        t,
        seat,
        Severity.RULING,
    )


def short_of_declaration(seat: int, declared: str, adds: int, put_out: int, call: bool, t: float) -> Finding:
    """The chips that followed a declaration do not make the amount declared."""
    return Finding(
        AlertKind.UNDERCALL if call else AlertKind.UNDER_RAISE,
        f"seat {seat} declared {declared} but put out {put_out:,} of {adds:,}",
        f"the declaration is binding: add {adds - put_out:,}",
        ("verbal_precedence",),
        t,
        seat,
        Severity.RULING,
    )
