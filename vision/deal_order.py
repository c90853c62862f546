"""Cards nobody saw land, read from the order of the initial deal.

The dealer pitches one card a seat, in order from the button's left, at a steady pace. Two landings
seen two seats apart in that order, two pitches' time apart (within ``SKIP_PACE`` of the median pace
between neighbours), had a card for the seat between them that nobody saw fly (seed + 32000
clean_plo_pot_bet: seat 2's fourth card merged with seat 1's cards the whole way).

The last seat in the order (the button) has no landing after it to bracket its card: a card landing
squarely on its first, with no flight seen, showed only as its boxes changing one pitch after the seat
before it landed (oversized_chip_declared_raise-s55000: the button's second card, boxed once at 0.33
beside its first, then merged with it; the button "held" one card, two false misdeal alerts). So each
landing at the seat before the last also gives the last seat a card it may have got, within
``SKIP_PACE[0]`` pitches' time. In both cases only the seat's own cards changing in that time say the
card came (``vision.pitches``): a seat the dealer really skipped shows nothing new.
"""

from __future__ import annotations

import itertools
from typing import NamedTuple

# two pitches' time, as a share of the deal's pace: a seat between was skipped (read short at times:
# clean_plo_pot_bet-s46000, 0.44 s over 0.16 s)
SKIP_PACE = (1.6, 3.0)


class UnseenPitch(NamedTuple):
    """A card the order of the deal says a seat may have got, with no flight seen."""

    seat: int
    after: float  # when the landing before it was seen
    within: float  # s after ``after`` in which its own cards must change if it came


def unseen_pitches(
    order: list[int], log: list[tuple[float, int]], landed: dict[int, float]
) -> tuple[UnseenPitch | None, UnseenPitch | None]:
    """After the landing last in ``log`` (when, seat), in the deal's ``order``: a seat skipped between it
    and the landing before, and the last seat in the order when this landing was at the seat before it.
    ``landed``: when a card was last seen landing at each seat (a seat with a later one got its card)."""
    if len(log) < 2:
        return None, None
    n = len(order)
    steps = [
        (t1, s1, t2, (order.index(s2) - order.index(s1)) % n)
        for (t1, s1), (t2, s2) in itertools.pairwise(log)
        if s1 in order and s2 in order
    ]
    pace = sorted(t2 - t1 for t1, _, t2, k in steps if k == 1)
    t, seat = log[-1]
    if not pace or seat not in order or log[-2][1] not in order:
        return None, None
    beat = pace[len(pace) // 2]
    low, high = SKIP_PACE
    between = last = None
    last_t, last_seat, _, k = steps[-1]
    skipped = order[(order.index(last_seat) + 1) % n]
    if k == 2 and low * beat <= t - last_t <= high * beat and landed.get(skipped, -1e9) < last_t:
        between = UnseenPitch(skipped, last_t, t - last_t)
    if order.index(seat) == n - 2 and landed.get(order[-1], -1e9) < t:
        last = UnseenPitch(order[-1], t, low * beat)
    return between, last
