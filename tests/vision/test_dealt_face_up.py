"""A card landing face up in the deal is judged boxed or exposed by what the dealer does next."""

from __future__ import annotations

from vision.dealt_face_up import GONE_S, SET_ASIDE_S, DealtFaceUp
from vision.events import CardsDealt, Event
from vision.table import SeenObject, TableScene

STEP = 0.1


def face_up_at(seat: int) -> SeenObject:
    return SeenObject(40 + seat, "card_up", (0, 0, 20, 30), f"seat{seat}_cards", seat, label="7h")


class Deal:
    """Feeds ``DealtFaceUp`` one detector call at a time; ``reports`` is what went out, in order."""

    def __init__(self) -> None:
        self.watch = DealtFaceUp()
        self.t = 1.0
        self.reports: list[Event] = []
        self.set_aside: list[CardsDealt] = []

    def call(self, *objects: SeenObject, new: tuple[Event, ...] = (), dealing: bool = True) -> None:
        out = list(new)
        self.set_aside += self.watch.update(TableScene(int(self.t * 30), self.t, objects), out, dealing)
        self.reports += out
        self.t = round(self.t + STEP, 6)

    def seats(self) -> list[tuple[int | None, bool]]:
        return [(e.seat, e.boxed) for e in self.reports if isinstance(e, CardsDealt)]


def test_a_face_up_card_the_dealer_takes_away_before_the_next_card_was_boxed() -> None:
    """Seed + 14000 misdeal_boxed_cards: seat 2's card landed face up, unseen on the deck; the dealer
    took it to the muck and pitched seat 2 the next card. The report waits and says boxed."""
    deal = Deal()
    deal.call(face_up_at(2), new=(CardsDealt(1.0, seat=2, face_up=True, cards=("7h",)),))
    for _ in range(6):  # lying there, then the dealer's hand comes
        deal.call(face_up_at(2))
    assert deal.reports == []  # held: boxed or exposed is not known yet
    for _ in range(round(GONE_S / STEP) + 1):  # taken away
        deal.call()
    deal.call(new=(CardsDealt(deal.t, seat=2),))  # the replacement
    assert deal.seats() == [(2, True), (2, False)]
    assert [e.seat for e in deal.set_aside] == [2]
    assert deal.reports[0].t == 1.0  # at the time it landed


def test_a_face_up_card_left_lying_while_the_deal_goes_on_was_exposed() -> None:
    """dealer_exposed_card: the dealer flips seat 4's card and deals on; it is replaced after the deal.
    The next seat's card is held behind it and both go out in order."""
    deal = Deal()
    deal.call(face_up_at(4), new=(CardsDealt(1.0, seat=4, face_up=True),))
    deal.call(face_up_at(4))
    deal.call(face_up_at(4), new=(CardsDealt(1.2, seat=5),))
    assert deal.seats() == [(4, False), (5, False)]
    assert deal.set_aside == []


def test_a_face_up_card_still_there_is_reported_as_exposed_after_a_while_or_when_the_deal_ends() -> None:
    deal = Deal()
    deal.call(face_up_at(3), new=(CardsDealt(1.0, seat=3, face_up=True),))
    for _ in range(round(SET_ASIDE_S / STEP) - 1):
        deal.call(face_up_at(3))
    assert deal.reports == []
    deal.call(face_up_at(3))
    assert deal.seats() == [(3, False)]

    deal = Deal()
    deal.call(face_up_at(3), new=(CardsDealt(1.0, seat=3, face_up=True),))
    deal.call(dealing=False)  # a player acted: no more hole cards come
    assert deal.seats() == [(3, False)]


def test_a_box_that_misses_the_card_for_one_call_does_not_make_it_boxed() -> None:
    deal = Deal()
    deal.call(face_up_at(2), new=(CardsDealt(1.0, seat=2, face_up=True),))
    deal.call()  # one call without it
    for _ in range(round(SET_ASIDE_S / STEP)):
        deal.call(face_up_at(2))
    assert deal.seats() == [(2, False)]
