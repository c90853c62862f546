"""The players' conduct: objects on the felt, cards and chips out of view, seats, the clock."""

from __future__ import annotations

from collections import Counter

from rules.checks import Finding
from rules.profile import Allowed, ClockExpiry, DrinksPolicy, HouseProfile, LeftWithLiveHand
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
                    f"{ev.what.value.replace('_', ' ')} {where}",
                    f"house allows {allowed} on the table",
                    "drinks_on_table",
                )
            ]
        if ev.what is ForeignObject.FOOD:
            if rules.food_on_table.value is Allowed.ALLOWED:
                return []
            return [self._flag(ev, f"food {where}", "food must come off the table", "food_on_table")]
        if ev.what is ForeignObject.NON_TOURNAMENT_CHIP:
            return [
                self._flag(
                    ev,
                    f"non-tournament chip {where}",
                    "remove it from the table",
                    "chips_must_stay_in_view",
                    Severity.WARNING,
                )
            ]
        return [
            self._flag(
                ev,
                f"unknown object {where}",
                "check what it is; house policy on items",
                "food_on_table",
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
            "chips must stay in view: the chips are forfeited and the player may be disqualified; floor review",
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
    )


class Clock:
    """The clock on one seat: countdown warning, then expiry."""

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
        if not self.expired and t >= self.expires_at:
            self.expired = True
            expiry = (
                self.rules.clock_expiry_facing_bet if facing_bet else self.rules.clock_expiry_not_facing_bet
            ).value
            topic = "clock_expiry_facing_bet" if facing_bet else "clock_expiry_not_facing_bet"
            found.append(
                Finding(
                    AlertKind.CLOCK_EXPIRED,
                    f"seat {self.seat}: did not act before the clock ran out",
                    "the hand is dead" if expiry is ClockExpiry.DEAD_HAND else "the action is a check",
                    ("clock_seconds", topic),
                    t,
                    self.seat,
                    t_start=self.called_at,
                )
            )
        return found

    def outcome(self, facing_bet: bool) -> ClockExpiry:
        return (
            self.rules.clock_expiry_facing_bet if facing_bet else self.rules.clock_expiry_not_facing_bet
        ).value
