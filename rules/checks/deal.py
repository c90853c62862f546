"""The initial deal and the board: misdeals, exposed and boxed cards, four-card flops, premature
streets, rabbit hunting."""

from __future__ import annotations

from collections import Counter

from rules.checks import Finding
from rules.hand_state import BOARD_CARDS_BEFORE, HandSetup, Street
from rules.profile import AbsentAtDeal, FourCardFlop, HouseProfile, WrongCardCount
from rules.records import AlertKind, Severity
from vision.events import CardsDealt

# the street the board's n-th card belongs to: a flop the camera sees land a card or two at a time
# is still the flop
_STREET_OF_BOARD = {1: Street.FLOP, 2: Street.FLOP, 3: Street.FLOP, 4: Street.TURN, 5: Street.RIVER}
# s: a card turned this soon after the flop's is part of the flop, spread in one motion; a turn comes
# after a burn, and a premature one after the flop has lain a while (the simulator's: 5 s later). Seed
# + 27000 four_card_flop_reshuffle: the fourth card, dim, was seen 0.4 s after the other three.
FLOP_SPREAD_S = 0.8


class DealMonitor:
    """Watches hole cards pitched on the initial deal, one ``CardsDealt`` per pitch.

    A boxed card is not a hole card: the dealer replaces it, so it counts only toward the house's
    boxed-card limit. A card the dealer exposed (short of a misdeal) is replaced with the burn card
    after the deal; the one card that replaces it is expected and not an extra card.
    """

    def __init__(self, setup: HandSetup, profile: HouseProfile) -> None:
        self.setup = setup
        self.rules = profile.rules
        self.order = setup.clockwise_from_button()
        self.per_seat = setup.game.hole_cards
        self.counts: Counter[int] = Counter()
        self.owed: Counter[int] = Counter()  # replacements due for cards the dealer exposed
        self.pitched = 0
        self.first_elsewhere: tuple[float, int] | None = None  # (t, seat) of a first card not at order[0]
        self.exposed = 0
        self.boxed = 0
        self.complete = False
        self.completed_at = float("inf")  # when the initial deal was over
        self.counts_hold = True  # the camera counted enough seats in full to judge a short one
        self.passed_at: dict[int, float] = {}  # seat -> when the last round went past it, cardless

    @property
    def dealt_all(self) -> bool:
        """Every seat dealt in holds at least its hole cards: the initial deal is over."""
        return all(self.counts[seat] >= self.per_seat for seat in self.order)

    def short(self, seat: int) -> bool:
        """After the deal: the seat holds some of its cards but not all (the missing card is still due).

        Too many cards are not tracked the same way: the repair (a card pulled as the burn) is not
        something the camera reports, so a hand is not killed for acting with one card too many."""
        return self.complete and self.counts_hold and 0 < self.counts[seat] < self.per_seat

    def hole_card(self, ev: CardsDealt, substantial_action: bool) -> list[Finding]:
        assert ev.seat is not None
        seat = ev.seat
        if self.owed[seat] and self.counts[seat] >= self.per_seat:
            self.owed[seat] -= 1  # the replacement for a card the dealer exposed
            return []
        if ev.boxed:
            return self._boxed(ev)
        if self.complete:
            return self._late_card(ev, substantial_action)
        first = self.pitched == 0
        first_here = self.counts[seat] == 0
        self.pitched += ev.count
        self.counts[seat] += ev.count
        if seat not in self.order and self.rules.cards_to_empty_seat_is_misdeal.value:
            return [
                self._misdeal(
                    ev.t,
                    seat,
                    f"card dealt to seat {seat}, which is not dealt in",
                    "cards_to_empty_seat_is_misdeal",
                )
            ]
        if first and seat != self.order[0] and self.rules.first_card_wrong_seat_is_misdeal.value:
            self.first_elsewhere = (ev.t, seat)  # judged once the first seat's own card shows
            return []
        elif self.first_elsewhere is not None and seat == self.order[0] and first_here:
            # that seat's first sighting holding two cards: its first card landed unseen, maybe
            # before the other, so the order is not known; one card: it came second, a misdeal,
            # unless it was first after all (a camera reports a card once its count settles, so
            # the first seat's card can be reported after a later one)
            t0, wrong = self.first_elsewhere
            self.first_elsewhere = None
            if ev.count == 1 and ev.t > t0:
                what = f"first card dealt to seat {wrong}; it belongs to seat {seat}"
                return [self._misdeal(t0, wrong, what, "first_card_wrong_seat_is_misdeal")]
        if ev.face_up:
            return self._exposed(ev, first_two=self.pitched <= 2)
        if self.counts[seat] >= self.per_seat:
            # the last round has gone past a seat that holds no cards: judged once the deal is over
            # (``finish``), since a camera reports a seat's cards once their count settles, which can
            # be after the next seats' (a card boxed twice for a while)
            for passed in self.order[: self.order.index(seat)]:
                if self.counts[passed] == 0:
                    self.passed_at.setdefault(passed, ev.t)
        return []

    def finish(self, t: float, absent: set[int]) -> list[Finding]:
        """The initial deal is over (every seat has its cards, or play moved on): check each hand."""
        if self.complete:
            return []
        self.complete, self.completed_at = True, t
        found: list[Finding] = []
        # a seat short of cards says the deal went wrong only where the camera counts at least half
        # the seats' cards in full: four PLO cards overlap, and when most seats look short, it is
        # the camera that cannot count them; with cards that overlap, more than half (seed + 41000
        # pot_limit_overbet: two of four PLO seats seen with three, a false misdeal)
        full = sum(self.counts[s] == self.per_seat for s in self.order)
        half = len(self.order) / 2
        self.counts_hold = counts_hold = full > half if self.per_seat > 2 else full >= half
        for seat in self.order if self.pitched else ():
            n = self.counts[seat]
            if n == 0 and self.rules.seat_dealt_out_is_misdeal.value:
                what = f"seat {seat} was dealt out of the hand"
                return [self._misdeal(self.passed_at.get(seat, t), seat, what, "seat_dealt_out_is_misdeal")]
            if n > self.per_seat or (n < self.per_seat and counts_hold):
                found.append(self._wrong_count(t, seat, n))
                if found[-1].severity is Severity.HAND_STOPPING:
                    return found[-1:]
        return found + [self._absent(seat) for seat in sorted(absent & set(self.order))]

    def found_absent(self, seat: int, since: float) -> list[Finding]:
        """A player away since ``since``: absent at the deal if that was before it was over. Judged by
        ``finish`` while the deal goes on; after it, the absence was learnt late (a chair the camera
        cannot see is found empty when the action passes it by: ``service.pipeline``)."""
        if not self.complete or since > self.completed_at or seat not in self.order:
            return []
        return [self._absent(seat)]

    def _absent(self, seat: int) -> Finding:
        folded = self.rules.absent_at_deal.value is AbsentAtDeal.FOLDED
        return Finding(
            AlertKind.ABSENT_AT_DEAL,
            f"seat {seat} was not at the seat when the initial deal was completed",
            "the hand is folded; blinds posted stay in the pot"
            if folded
            else "the hand is dead: kill the cards; blinds posted stay in the pot",
            ("absent_at_deal",),
            self.completed_at,
            seat,
            kills=True,
        )

    def button_seen(self, seat: int | None, t: float) -> list[Finding]:
        """Where the camera saw the dealer button at the start of the hand."""
        if seat is None or seat == self.setup.button:
            return []
        return [
            Finding(
                AlertKind.MISDEAL,
                f"dealer button seen at seat {seat}; the hand expects seat {self.setup.button}",
                "check the button before the deal; correct it before substantial action",
                ("substantial_action",),
                t,
                seat,
                Severity.WARNING,
            )
        ]

    def acted_short(self, seat: int, t: float) -> Finding:
        """The seat acted holding too few cards: its missing card may come only before it acts."""
        return Finding(
            AlertKind.MISDEAL_TOO_LATE,
            f"seat {seat} acted holding {self.counts[seat]} of its {self.per_seat} cards",
            "a hand that acts with too few cards is dead",
            ("wrong_card_count",),
            t,
            seat,
            Severity.VIOLATION,
            kills=True,
        )

    # ----- the irregular cards -------------------------------------------------------------------

    def _boxed(self, ev: CardsDealt) -> list[Finding]:
        self.boxed += ev.count
        limit = self.rules.boxed_cards_for_misdeal.value
        if limit is not None and self.boxed >= limit:
            return [
                self._misdeal(
                    ev.t, ev.seat, f"{self.boxed} boxed cards on the initial deal", "boxed_cards_for_misdeal"
                )
            ]
        return [
            Finding(
                AlertKind.CARD_EXPOSED,
                f"boxed card pitched to seat {ev.seat} ({self.boxed} on this deal)",
                "not a misdeal: the boxed card is set aside and replaced by the next card",
                ("boxed_cards_for_misdeal",),
                ev.t,
                ev.seat,
                Severity.RULING,
            )
        ]

    def _exposed(self, ev: CardsDealt, first_two: bool) -> list[Finding]:
        assert ev.seat is not None
        rules = self.rules
        self.exposed += ev.count
        if first_two and rules.exposed_first_two_is_misdeal.value:
            what = "one of the first two cards off the deck was exposed by the dealer"
            return [self._misdeal(ev.t, ev.seat, what, "exposed_first_two_is_misdeal")]
        if self.exposed >= rules.exposed_downcards_for_misdeal.value:
            what = f"{self.exposed} downcards exposed by the dealer"
            return [self._misdeal(ev.t, ev.seat, what, "exposed_downcards_for_misdeal")]
        self.owed[ev.seat] += ev.count
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
        what = f"seat {seat} holds {n} cards, not {self.per_seat}"
        if seat == self.setup.button and n < self.per_seat:
            return Finding(
                AlertKind.MISDEAL,
                f"the button (seat {seat}) is {self.per_seat - n} card{'s' * (self.per_seat - n > 1)} short",
                "not a misdeal: deal the button its missing card before it acts; "
                "if it acts first, its hand is dead",
                ("wrong_card_count",),
                t,
                seat,
                Severity.RULING,
            )
        policy = self.rules.wrong_card_count.value
        if policy is WrongCardCount.MISDEAL:
            return self._misdeal(t, seat, what, "wrong_card_count")
        if policy is WrongCardCount.DEAD_HAND:
            return Finding(
                AlertKind.MISDEAL,
                what,
                "not a misdeal: that hand is dead; play continues",
                ("wrong_card_count",),
                t,
                seat,
                Severity.VIOLATION,
                kills=True,
            )
        fix = (
            "pull one card at random from the hand as the burn card"
            if n > self.per_seat
            else "deal the missing card"
        )
        return Finding(
            AlertKind.MISDEAL,
            what,
            f"not a misdeal: before the player looks or acts, {fix}; "
            "once it has, the hand is void and folded",
            ("wrong_card_count",),
            t,
            seat,
            Severity.WARNING,
        )

    def _late_card(self, ev: CardsDealt, substantial_action: bool) -> list[Finding]:
        assert ev.seat is not None
        seat = ev.seat
        self.counts[seat] += ev.count
        n = self.counts[seat]
        if seat == self.setup.button and n <= self.per_seat:
            return [
                Finding(
                    AlertKind.MISDEAL,
                    f"the button (seat {seat}) received its missing card",
                    "not a misdeal: the button may take its missing card as long as it has not acted",
                    ("wrong_card_count",),
                    ev.t,
                    seat,
                    Severity.RULING,
                )
            ]
        dealt_in = seat in self.order
        if substantial_action:
            return [
                Finding(
                    AlertKind.MISDEAL_TOO_LATE,
                    f"extra card pitched to seat {seat} after substantial action",
                    "no misdeal after substantial action: the hand proceeds"
                    + ("; that seat's hand, with the wrong number of cards, is dead" if dealt_in else ""),
                    ("substantial_action", "wrong_card_count"),
                    ev.t,
                    seat,
                    kills=dealt_in,
                )
            ]
        if not dealt_in:
            return [
                self._misdeal(
                    ev.t,
                    seat,
                    f"card dealt to seat {seat}, which is not dealt in",
                    "cards_to_empty_seat_is_misdeal",
                )
            ]
        return [self._wrong_count(ev.t, seat, n)]

    def _misdeal(self, t: float, seat: int | None, what: str, topic: str) -> Finding:
        return Finding(
            AlertKind.MISDEAL,
            what,
            "misdeal: stop the hand; re-deal as an exact replay (button, players and limits unchanged)",
            (topic,),
            t,
            seat,
            Severity.HAND_STOPPING,
        )


class BoardMonitor:
    """Watches cards dealt to the board against the state of the betting.

    Cards the house sends back (a premature street, a four-card flop that is re-dealt) do not stay
    on the board, so the re-dealt street is judged like any other.
    """

    def __init__(self, profile: HouseProfile) -> None:
        self.rules = profile.rules
        self.on_board = 0
        self.shown = 0  # board cards the camera reported, those sent back included
        self.flop_t = -1e9  # when the last card of the flop came
        self.premature_t = -1e9  # when the last card of a premature street came

    def board_cards(
        self, ev: CardsDealt, street: Street, betting_open: bool, hand_over: bool
    ) -> list[Finding]:
        before = self.on_board
        self.on_board += ev.count
        self.shown += ev.count
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
        if ev.t - self.premature_t <= FLOP_SPREAD_S:  # the rest of a premature street, seen a moment
            # later, is that street (seed + 38000 premature_flop: the flop, seen as one card and then two
            # 0.4 s later, was two premature boards)
            self.on_board, self.premature_t = before, ev.t
            return []
        spread = before == 3 and ev.t - self.flop_t <= FLOP_SPREAD_S  # one more as the flop was spread
        if before < 3:
            self.flop_t = ev.t
        # the flop came with a fourth card, seen at once or in pieces
        if before < 3 < self.on_board or spread:
            scramble = self.rules.four_card_flop.value is FourCardFlop.SCRAMBLE_RANDOM_BURN
            flopped, self.on_board = self.on_board, 3 if scramble else 0
            return [
                Finding(
                    AlertKind.FOUR_CARD_FLOP,
                    f"the flop came with {flopped} cards",
                    "call the floor: scramble the four cards face down; the floor picks one at random "
                    "as the next burn, the other three are the flop"
                    if scramble
                    else "call the floor: take the flop back without the burn card, shuffle it with the "
                    "stub, cut and re-deal the flop",
                    ("four_card_flop",),
                    ev.t,
                )
            ]
        due = _STREET_OF_BOARD.get(min(self.on_board, 5), Street.RIVER)
        dealt_for = BOARD_CARDS_BEFORE[street]  # board cards the betting has reached
        if dealt_for >= BOARD_CARDS_BEFORE[due] and not (betting_open and dealt_for < self.on_board):
            return []
        self.on_board, self.premature_t = before, ev.t  # the premature card(s) do not play
        topic = {
            Street.FLOP: "premature_flop",
            Street.TURN: "premature_turn",
            Street.RIVER: "premature_river",
        }[due]
        betting = street.value if street is not Street.SHOWDOWN else "final"
        return [
            Finding(
                AlertKind.PREMATURE_BOARD,
                f"the {due.value} was dealt before the {betting} betting was complete",
                str(getattr(self.rules, topic).value),
                (topic,),
                ev.t,
            )
        ]
