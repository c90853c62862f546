"""A card that lands face up during the deal: boxed, or exposed by the dealer?

The rulings differ (TDA 35-A): a boxed card (one found face up in the deck) is set aside and the seat
gets the next card, and only two of them make a misdeal; a card the dealer exposes is a misdeal when
it is the first or second card dealt. The camera tells them apart by seeing the card face up on the deck
or in flight (``CardWatch._face_up_in_flight``), but at 10 detector calls a second a 0.3 s flight is
often missed. What the dealer does next tells them apart too:
- a boxed card is set aside at once: the dealer's hand takes it to the muck before the next card is
  pitched, and the seat gets that next card;
- a card the dealer exposed stays where it lies while the deal goes on, and is replaced once the deal is
  done (``datasets/scenarios/dealer_exposed_card.yaml``).

So a face-up card's report (``CardsDealt`` with ``face_up`` and not ``boxed``) is held, with every deal
report after it, until one of these shows: no face-up card at the seat for ``GONE_S`` (boxed), another
seat's card dealt after it, ``SET_ASIDE_S`` gone by, or the deal over (exposed, as reported). The held
reports then go out in their own order and times. Found on seed + 14000 misdeal_boxed_cards, once the
simulator's dealer fetched a boxed card to the muck before pitching the next one (it used to fly there
on its own, face up, which the camera took for a card off the deck face up).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from vision.events import CardsDealt, Event
from vision.table import TableScene

GONE_S = 0.3  # s with no face-up card at the seat: the dealer took it away
SET_ASIDE_S = 2.0  # s: a face-up card still lying there this long after it landed was not set aside


@dataclass
class _Pending:
    report: CardsDealt
    gone_since: float | None = None  # since when no face-up card shows at the seat


class DealtFaceUp:
    def __init__(self) -> None:
        self.pending: dict[int, _Pending] = {}  # seat -> its face-up card's report, held
        self.held: list[Event] = []  # deal reports held behind it (and judged ones)

    def update(self, scene: TableScene, out: list[Event], dealing: bool) -> list[CardsDealt]:
        """Take this scene's face-up deal reports out of ``out`` and put back the judged ones with what
        was held behind them, once nothing is pending. Returns the reports judged boxed, whose card
        does not count toward the seat's cards."""
        boxed: list[CardsDealt] = []
        for e in list(out):
            if not isinstance(e, CardsDealt) or e.seat is None:
                continue
            if dealing and e.face_up and not e.boxed and e.seat not in self.pending:
                self.pending[e.seat] = _Pending(e)
                out.remove(e)
            elif self.pending:
                for seat, p in list(self.pending.items()):
                    if seat != e.seat and e.t > p.report.t:  # the deal went on: it was left lying
                        self.held.append(self.pending.pop(seat).report)
                out.remove(e)
                self.held.append(e)
        for seat, p in list(self.pending.items()):
            here = any(o.cls == "card_up" and o.place == f"seat{seat}_cards" for o in scene.objects)
            p.gone_since = None if here else (scene.t if p.gone_since is None else p.gone_since)
            if p.gone_since is not None and scene.t - p.gone_since >= GONE_S and dealing:
                del self.pending[seat]
                boxed.append(replace(p.report, boxed=True))
                self.held.append(boxed[-1])
            elif not dealing or scene.t - p.report.t >= SET_ASIDE_S:
                self.held.append(self.pending.pop(seat).report)
        if not self.pending and self.held:
            out += sorted(self.held, key=lambda e: e.t)
            self.held = []
        return boxed
