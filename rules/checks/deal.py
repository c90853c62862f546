"""The initial deal and the board: misdeals, exposed and boxed cards, four-card flops, premature
streets, rabbit hunting."""

from __future__ import annotations

from collections import Counter

from rules.checks import Finding
from rules.hand_state import BOARD_CARDS_BEFORE, HandSetup, Street
from rules.profile import FourCardFlop, HouseProfile, WrongCardCount
from rules.records import AlertKind, Severity
from vision.events import CardsDealt

_STREET_OF_BOARD = {3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}


class DealMonitor:
    """Watches hole cards pitched on the initial deal, one ``CardsDealt`` per pitch."""

    def __init__(self, setup: HandSetup, profile: HouseProfile) -> None:
        self.setup = setup
        self.rules = profile.rules
        self.order = setup.clockwise_from_button()
        self.per_seat = setup.game.hole_cards
        self.counts: Counter[int] = Counter()
        self.pitched = 0
        self.exposed = 0
        self.boxed = 0
        self.complete = False
        self.misdeal = False

    @property
    def expected(self) -> int:
        return self.per_seat * len(self.order)

    def hole_card(self, ev: CardsDealt, substantial_action: bool) -> list[Finding]:
        assert ev.seat is not None
        if self.complete:
            return self._late_card(ev, substantial_action)
        found: list[Finding] = []
        first = self.pitched == 0
        self.pitched += ev.count
        self.counts[ev.seat] += ev.count
        if ev.seat not in self.order and self.rules.cards_to_empty_seat_is_misdeal.value:
            found.append(
                self._misdeal(
                    ev,
                    f"card dealt to seat {ev.seat}, which is not dealt in",
                    "cards_to_empty_seat_is_misdeal",
                )
            )
        elif first and ev.seat != self.order[0] and self.rules.first_card_wrong_seat_is_misdeal.value:
            found.append(
                self._misdeal(
                    ev,
                    f"first card dealt to seat {ev.seat}; it belongs to seat {self.order[0]}",
                    "first_card_wrong_seat_is_misdeal",
                )
            )
        if ev.face_up:
            found += self._face_up(ev, first_two=self.pitched <= 2)
        if self.pitched >= self.expected:
            found += self.finish(ev.t, absent=set())
        return found

    def finish(self, t: float, absent: set[int]) -> list[Finding]:
        """Called when the deal is over (all cards pitched, or betting / the board began)."""
        if self.complete or self.pitched == 0:
            self.complete = True
            return []
        self.complete = True
        found: list[Finding] = []
        if self.misdeal:
            return found
        for seat in self.order:
            n = self.counts[seat]
            if n == 0 and self.rules.seat_dealt_out_is_misdeal.value:
                found.append(
                    self._misdeal_at(
                        t, seat, f"seat {seat} was dealt out of the hand", "seat_dealt_out_is_misdeal"
                    )
                )
            elif n != self.per_seat and n != 0:
                found.append(self._wrong_count(t, seat, n))
        for seat in sorted(absent & set(self.order)):
            dead = self.rules.absent_at_deal.value.value == "hand_dead"
            found.append(
                Finding(
                    AlertKind.ABSENT_AT_DEAL,
                    f"seat {seat} was not at the seat when the initial deal completed",
                    "the hand is dead; blinds posted stay in the pot" if dead else "the hand is folded",
                    ("absent_at_deal",),
                    t,
                    seat,
                )
            )
        return found

    def _face_up(self, ev: CardsDealt, first_two: bool) -> list[Finding]:
        rules = self.rules
        if ev.boxed:
            self.boxed += ev.count
            limit = rules.boxed_cards_for_misdeal.value
            if limit is not None and self.boxed >= limit:
                return [
                    self._misdeal(
                        ev, f"{self.boxed} boxed cards on the initial deal", "boxed_cards_for_misdeal"
                    )
                ]
            return [
                Finding(
                    AlertKind.CARD_EXPOSED,
                    f"boxed card dealt to seat {ev.seat}",
                    "not a misdeal here: replace the card and continue the deal",
                    ("boxed_cards_for_misdeal",),
                    ev.t,
                    ev.seat,
                    Severity.RULING,
                )
            ]
        self.exposed += ev.count
        if first_two and rules.exposed_first_two_is_misdeal.value:
            return [
                self._misdeal(
                    ev, "one of the first two cards was exposed by the dealer", "exposed_first_two_is_misdeal"
                )
            ]
        if self.exposed >= rules.exposed_downcards_for_misdeal.value:
            return [
                self._misdeal(
                    ev, f"{self.exposed} downcards exposed by the dealer", "exposed_downcards_for_misdeal"
                )
            ]
        return [
            Finding(
                AlertKind.CARD_EXPOSED,
                f"dealer exposed a card to seat {ev.seat}",
                "not a misdeal: finish the deal, then replace the exposed card with the burn card",
                ("exposed_downcards_for_misdeal",),
                ev.t,
                ev.seat,
                Severity.RULING,
            )
        ]

    def _wrong_count(self, t: float, seat: int, n: int) -> Finding:
        policy = self.rules.wrong_card_count.value
        what = f"seat {seat} holds {n} cards, not {self.per_seat}"
        if seat == self.setup.button and n == self.per_seat - 1:
            return Finding(
                AlertKind.MISDEAL,
                f"the button (seat {seat}) is one card short",
                "deal the button its missing card before it acts; not a misdeal",
                ("wrong_card_count",),
                t,
                seat,
                Severity.RULING,
            )
        if policy is WrongCardCount.MISDEAL:
            return self._misdeal_at(t, seat, what, "wrong_card_count")
        if policy is WrongCardCount.DEAD_HAND:
            return Finding(
                AlertKind.MISDEAL,
                what,
                "that hand is dead; play continues",
                ("wrong_card_count",),
                t,
                seat,
                Severity.VIOLATION,
            )
        return Finding(
            AlertKind.MISDEAL,
            what,
            "before the player looks: remove one card at random as the burn; after: the hand is void",
            ("wrong_card_count",),
            t,
            seat,
            Severity.WARNING,
        )

    def _late_card(self, ev: CardsDealt, substantial_action: bool) -> list[Finding]:
        assert ev.seat is not None
        self.counts[ev.seat] += ev.count
        if ev.seat == self.setup.button and self.counts[ev.seat] <= self.per_seat:
            return [
                Finding(
                    AlertKind.MISDEAL,
                    f"the button (seat {ev.seat}) received its missing card late",
                    "allowed if the button has not acted; if it acted, its hand is dead",
                    ("wrong_card_count",),
                    ev.t,
                    ev.seat,
                    Severity.RULING,
                )
            ]
        if substantial_action:
            return [
                Finding(
                    AlertKind.MISDEAL_TOO_LATE,
                    f"extra card dealt to seat {ev.seat} after substantial action",
                    "no misdeal after substantial action: the hand proceeds; the seat's hand is dead",
                    ("substantial_action", "wrong_card_count"),
                    ev.t,
                    ev.seat,
                )
            ]
        return [self._misdeal(ev, f"extra card dealt to seat {ev.seat}", "wrong_card_count")]

    def _misdeal(self, ev: CardsDealt, what: str, topic: str) -> Finding:
        return self._misdeal_at(ev.t, ev.seat, what, topic)

    def _misdeal_at(self, t: float, seat: int | None, what: str, topic: str) -> Finding:
        self.misdeal = True
        return Finding(
            AlertKind.MISDEAL,
            what,
            "misdeal: stop the hand; re-deal as an exact replay (button, players and limits unchanged)",
            (topic,),
            t,
            seat,
        )


class BoardMonitor:
    """Watches cards dealt to the board against the state of the betting."""

    def __init__(self, profile: HouseProfile) -> None:
        self.rules = profile.rules
        self.on_board = 0

    def board_cards(
        self, ev: CardsDealt, street: Street, betting_open: bool, hand_over: bool
    ) -> list[Finding]:
        before = self.on_board
        self.on_board += ev.count
        if hand_over or before >= 5:
            if self.rules.rabbit_hunting_allowed.value:
                return []
            return [
                Finding(
                    AlertKind.RABBIT_HUNT,
                    f"{ev.count} board card(s) revealed after the hand was over",
                    "rabbit hunting is not allowed: the cards go back to the stub unseen",
                    ("rabbit_hunting_allowed",),
                    ev.t,
                )
            ]
        if before == 0 and ev.count > 3:
            self.on_board = 3
            redeal = self.rules.four_card_flop.value is FourCardFlop.RESHUFFLE_REDEAL
            return [
                Finding(
                    AlertKind.FOUR_CARD_FLOP,
                    f"the flop came with {ev.count} cards",
                    "call the floor: return the flop to the stub, reshuffle, re-deal the flop"
                    if redeal
                    else "call the floor: scramble the four cards face down; the floor picks one at random "
                    "as the next burn, the other three are the flop",
                    ("four_card_flop",),
                    ev.t,
                )
            ]
        due = _STREET_OF_BOARD.get(min(self.on_board, 5), Street.RIVER)
        premature = BOARD_CARDS_BEFORE[street] < BOARD_CARDS_BEFORE[due] or (
            betting_open and BOARD_CARDS_BEFORE[street] < self.on_board
        )
        if premature:
            topic = {
                Street.FLOP: "premature_flop",
                Street.TURN: "premature_turn",
                Street.RIVER: "premature_river",
            }[due]
            return [
                Finding(
                    AlertKind.PREMATURE_BOARD,
                    f"the {due.value} was dealt before the {street.value} betting was complete",
                    str(getattr(self.rules, topic).value),
                    (topic,),
                    ev.t,
                )
            ]
        return []
