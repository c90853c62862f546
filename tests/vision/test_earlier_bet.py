"""The seat's earlier bet in its bet zone as its hand visits (``vision.earlier_bet`` and
``PushCounter.prior_chips``, through ``vision.actions``): stacks the tracker confirms late, reads late
or gives a new id, stacks taken away, and, from a camera that sees only top chips, chips put on or
against them.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.vision.scenes import Table, dealt, demo_geometry, rail_hand, thing
from vision.events import ChipAction, ChipsPulledIn, PriorChips, TableTap
from vision.table import SeenObject, TableGeometry


@pytest.fixture(scope="module")
def geometry() -> TableGeometry:
    return demo_geometry()


def _pushes_a_thousand(table: Table, *lying: SeenObject, below: float = 0.0) -> ChipAction:
    """Seat 2's hand comes in from the rail by its stack and lays a 1,000 (the top of a stack) in its bet
    zone, ``below`` px under the zone's middle, over ``lying`` (what else is in view); the one chip action
    the table has reported."""
    g = table.geo
    pushed = thing(g, 61, "chip", "seat2_bet", label="yellow", value=1000)
    pushed = replace(pushed, box=(pushed.box[0], pushed.box[1] + below, pushed.box[2], pushed.box[3] + below))
    table.show(0.3, *lying, rail_hand(g, 8, 2))
    table.show(0.3, *lying, thing(g, 8, "hand", "seat2_stack"))
    table.show(0.3, *lying, thing(g, 8, "hand", "seat2_bet"))
    table.show(0.3, *lying, pushed, thing(g, 8, "hand", "seat2_bet"))
    table.show(1.0, *lying, pushed)
    [action] = [e for e in table.events if isinstance(e, ChipAction)]
    return action


def test_an_earlier_bet_stack_the_tracker_confirms_only_during_the_visit_is_no_push(
    geometry: TableGeometry,
) -> None:
    """Seed + 8000 clean_check_raise_showdown: one stack of seat 1's raise lay in its bet zone unconfirmed
    by the tracker until its hand came back to re-raise; confirmed then, it is the earlier bet, and the
    re-raise is one motion, not a string bet."""
    table = Table(geometry, turn=2, stacks_counted=False)
    cards = dealt(geometry)
    g = geometry
    earlier = thing(g, -1, "chip", "seat2_bet", label="green", value=25)
    x0, y0, x1, y1 = earlier.box
    raised = SeenObject(51, "chip", (x0 + 30, y0, x1 + 30, y1), "seat2_bet", 2, label="green", value=25)
    table.show(1.0, *cards, earlier)
    table.show(0.3, *cards, earlier, rail_hand(g, 9, 2))
    table.show(0.3, *cards, earlier, thing(g, 9, "hand", "seat2_stack"))
    table.show(
        0.3,
        *cards,
        thing(g, 50, "chip", "seat2_bet", label="green", value=25),
        thing(g, 9, "hand", "seat2_bet"),
    )
    table.show(
        0.3,
        *cards,
        thing(g, 50, "chip", "seat2_bet", label="green", value=25),
        raised,
        thing(g, 9, "hand", "seat2_bet"),
    )
    table.show(1.0, *cards, thing(g, 50, "chip", "seat2_bet", label="green", value=25), raised)
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.pushes == ((25,),)
    assert not action.returned_to_stack


@pytest.mark.parametrize("forward", [False, True], ids=["hand-at-its-stack", "hand-come-forward"])
def test_an_earlier_bet_stack_boxed_apart_before_the_hand_comes_forward_is_no_push(
    geometry: TableGeometry, forward: bool
) -> None:
    """clean_exact_calls-s55000: seat 5's big blind lay as three stacks boxed as two, a 1,000 half under
    a 100 in one box. As the hand took chips from its stack the 1,000 was boxed alone, a new track: a
    push before the call's, and the call a string bet. Boxed apart while the hand is still at its stack,
    it is the earlier bet; chips that show there once the hand has come forward were pushed."""
    g = geometry
    table = Table(g, turn=2, stacks_counted=False)
    cards = dealt(g)
    x0, y0, x1, y1 = thing(g, -1, "chip", "seat2_bet").box
    w = x1 - x0
    left = SeenObject(40, "chip", (x0 - w, y0, x0, y1), "seat2_bet", 2, label="black", value=100)
    pair = SeenObject(41, "chip", (x0 + w / 2, y0, x1 + w, y1), "seat2_bet", 2, label="black", value=100)
    apart = SeenObject(
        42, "chip", (x0 - w / 6, y0, x1 - w / 6, y1), "seat2_bet", 2, label="yellow", value=1000
    )
    blind = (left, pair)
    table.show(1.0, *cards, *blind)
    table.show(0.3, *cards, *blind, rail_hand(g, 9, 2))
    hand = thing(g, 9, "hand", "seat2_bet" if forward else "seat2_stack")
    table.show(0.3, *cards, *blind, hand)
    table.show(0.3, *cards, *blind, apart, hand)
    pushed = SeenObject(
        61, "chip", (x0, y1 + 4, x1, y1 + 4 + (y1 - y0)), "seat2_bet", 2, label="yellow", value=1000
    )
    table.show(0.3, *cards, *blind, apart, thing(g, 9, "hand", "seat2_bet"))
    table.show(0.3, *cards, *blind, apart, pushed, thing(g, 9, "hand", "seat2_bet"))
    table.show(0.3, *cards, *blind, apart, pushed, thing(g, 9, "hand", "seat2_stack"))
    table.show(1.0, *cards, *blind, apart, pushed)
    (action,) = [e for e in table.events if isinstance(e, ChipAction)]
    assert (len(action.pushes), action.returned_to_stack) == ((2, False) if forward else (1, False))


def test_an_earlier_bet_read_for_the_first_time_during_a_visit_is_no_push(geometry: TableGeometry) -> None:
    """The blind's stack went unread until the hand came near; then its colour read. That is a
    reading, not chips set on top of the bet (which, read before and after, would be)."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    unread = thing(g, 60, "chip", "seat2_bet", label="unknown", value=0)
    read = thing(g, 60, "chip", "seat2_bet", label="purple", value=500)
    hand = thing(g, 7, "hand", "seat2_bet")
    table.show(1.0, *cards, unread)
    table.show(0.3, *cards, unread, rail_hand(g, 7, 2))
    table.show(0.3, *cards, unread, hand)
    table.show(0.3, *cards, read, hand)
    table.show(1.0, *cards, read)
    assert not any(isinstance(e, ChipAction) for e in table.events)
    [tap] = [e for e in table.events if isinstance(e, TableTap)]
    assert tap.over_own_chips


@pytest.mark.parametrize(
    ("under_the_hand", "after"), [("blue", "unknown"), ("blue", "purple"), ("black", "blue")]
)
def test_from_overhead_an_earlier_bet_read_as_a_higher_chip_is_no_chips_put_on_top(
    geometry: TableGeometry, under_the_hand: str, after: str
) -> None:
    """Top chips only (a camera): the blind's 100 chip misread as a 25,000 while the hand covers it
    is no 24,900 put on top; nor is a higher chip that still shows once the hand is gone. A 16 px
    chip's colour flickers frame to frame: seed + 2000 all_in_not_tabled, the big blind's black 100
    read blue 25,000 from the frame its hand left after a check, at the pipeline's video bars, and
    the check became a bet. The visit is a tap over the seat's own chips. (Chips put on a stack show
    as it grows: ``grown``.)"""
    g = geometry
    table = Table(g, turn=2, stacks_counted=False)
    cards = dealt(g)
    values = {"black": 100, "blue": 25000, "purple": 500, "unknown": 0}

    def blind(label: str) -> SeenObject:
        return thing(g, 60, "chip", "seat2_bet", label=label, value=values[label])

    hand = thing(g, 7, "hand", "seat2_bet")
    table.show(1.0, *cards, blind("black"))
    table.show(0.3, *cards, blind("black"), rail_hand(g, 7, 2))
    table.show(0.1, *cards, blind("black"), hand)
    table.show(0.3, *cards, blind(under_the_hand), hand)
    table.show(0.3, *cards, blind(after), rail_hand(g, 7, 2))
    table.show(1.0, *cards, blind(after))
    assert not any(isinstance(e, ChipAction) for e in table.events)
    taps = [e for e in table.events if isinstance(e, TableTap)]
    assert len(taps) == 1 and taps[0].over_own_chips


@pytest.mark.parametrize("taken_away", [False, True], ids=["hidden-under-the-hand", "seen-gone"])
def test_a_stack_in_the_earlier_bets_place_under_a_new_id(geometry: TableGeometry, taken_away: bool) -> None:
    """Hidden: seed + 13000 premature_turn, seat 3 tapped over its big blind; the hand hid the blind's
    chip and the tracker gave it back the lost id of a chip from the stack. Same value, same place: the
    blind, neither pulled back nor bet again, and the visit is a tap over the seat's own chips.
    Taken away: seed + 18000 prior_chips_pulled_back, seat 1 took its 1,000 back to the stack, its place
    empty with no hand over it, and put three 1,000s there. Same value (the top chip), same place, but
    seen gone: the earlier bet was pulled back and the new stack pushed."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    blind = thing(g, 60, "chip", "seat2_bet", label="black", value=100)
    over_the_bet = thing(g, 7, "hand", "seat2_bet")
    table.show(1.0, *cards, blind)
    table.show(0.3, *cards, blind, rail_hand(g, 7, 2))
    table.show(0.3, *cards, blind, over_the_bet)
    if taken_away:
        table.show(0.2, *cards, over_the_bet)  # picked up
        table.show(0.4, *cards, thing(g, 7, "hand", "seat2_stack"))  # at the stack: the bet zone empty
        table.show(0.2, *cards, over_the_bet)
    else:
        table.show(0.1, *cards, over_the_bet)  # the hand hides the chip
    again = thing(g, 61, "chip", "seat2_bet", label="black", value=100)  # another chip's old id
    table.show(0.3, *cards, again, over_the_bet)
    table.show(1.0, *cards, again)
    actions = [e for e in table.events if isinstance(e, ChipAction)]
    if taken_away:
        [action] = actions
        assert (action.seat, action.pushes, action.prior) == (2, ((100,),), PriorChips.PULLED_BACK)
    else:
        assert not actions
        [tap] = [e for e in table.events if isinstance(e, TableTap)]
        assert (tap.seat, tap.over_own_chips) == (2, True)


def test_earlier_bet_stacks_shown_again_under_swapped_ids_were_left_where_they_lay(
    geometry: TableGeometry,
) -> None:
    """Seed + 23000 clean_exact_calls: seat 7's earlier bet, two stacks side by side, lay under the hand
    as it called; as they showed again the tracker gave the 500's place its neighbour's id and left the
    neighbour's place unconfirmed. No stack was missing from where the bet lay: the earlier bet was
    left in front (a false prior_chips alert when it read as the 500 pulled back)."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    x, y = g.by_name["seat2_bet"].centre
    left = SeenObject(60, "chip", (x - 22, y - 10, x - 2, y + 10), "seat2_bet", 2, label="purple", value=500)
    right = SeenObject(61, "chip", (x + 2, y - 10, x + 22, y + 10), "seat2_bet", 2, label="black", value=100)
    table.show(1.0, *cards, left, right)
    over_the_bet = thing(g, 7, "hand", "seat2_bet")
    table.show(0.3, *cards, left, right, rail_hand(g, 7, 2))
    table.show(0.3, *cards, over_the_bet)  # both stacks hidden
    called = SeenObject(
        62, "chip", (x - 10, y + 14, x + 10, y + 34), "seat2_bet", 2, label="white", value=1000
    )
    swapped = replace(left, track=61)  # the 500 where it lay, under its neighbour's id
    unconfirmed = SeenObject(-1, "chip", right.box, "seat2_bet", 2, label="black", value=100)
    table.show(0.3, *cards, over_the_bet, called)
    table.show(1.0, *cards, swapped, unconfirmed, called)
    [action] = [e for e in table.events if isinstance(e, ChipAction)]
    assert (action.seat, action.prior) == (2, PriorChips.LEFT)


@pytest.mark.parametrize("grown", [False, True], ids=["same-box", "box-grown"])
def test_from_overhead_chips_put_half_over_an_earlier_bet_grow_its_box(
    geometry: TableGeometry, grown: bool
) -> None:
    """Seed + 23000 tiny_chip: the small blind completed with a 100 put half over its 100; the two
    showed as one box, 9 px taller, under the blind's track, and the call was missed (so every check
    after it was out of turn, and each street a premature board). Top chips only, a box grown half
    again is chips added, how many unknown: an uncounted chip action. The same box is a tap."""
    g = geometry
    table = Table(g, turn=2, stacks_counted=False)
    cards = dealt(g)
    x, y = g.by_name["seat2_bet"].centre
    blind = SeenObject(60, "chip", (x - 9, y - 8, x + 9, y + 8), "seat2_bet", 2, label="black", value=0)
    after = replace(blind, box=(x - 9, y - 17, x + 13, y + 6)) if grown else blind
    hand = thing(g, 7, "hand", "seat2_bet")
    table.show(1.0, *cards, blind)
    table.show(0.3, *cards, blind, rail_hand(g, 7, 2))
    table.show(0.4, *cards, hand)
    table.show(0.3, *cards, after, rail_hand(g, 7, 2))
    table.show(1.0, *cards, after)
    actions = [(a.seat, a.pushes, a.counted) for a in table.events if isinstance(a, ChipAction)]
    taps = [e.seat for e in table.events if isinstance(e, TableTap)]
    assert (actions, taps) == (([(2, (), False)], []) if grown else ([], [2]))


@pytest.mark.parametrize("reached", [False, True], ids=["hand-beside-it", "hand-over-it"])
def test_an_earlier_bet_boxed_larger_is_chips_put_on_it_only_when_a_hand_reached_over_it(
    geometry: TableGeometry, reached: bool
) -> None:
    """Seed + 26000 clean_protector_and_peek: seat 3 put a protector on its cards, its hand over a third
    of its big blind, and the blind read differently after (then taken as chips put on it: a false
    out_of_turn and a premature board; a higher top chip no longer counts at all). No hand was over
    the stack, so nothing was put on it, even if its box changed. With the hand over it, a box grown
    half again is chips added, how many unknown."""
    g = geometry
    table = Table(g, turn=1, stacks_counted=False)
    cards = dealt(g)
    x, y = g.by_name["seat2_bet"].centre
    blind = SeenObject(60, "chip", (x - 9, y - 8, x + 9, y + 8), "seat2_bet", 2, label="black", value=100)
    grown = replace(blind, box=(x - 9, y - 17, x + 13, y + 6))
    hand_box = (x - 9 - 50, y - 25, x + 9, y + 25) if reached else (x - 9 - 60, y - 25, x - 3, y + 25)
    hand = SeenObject(7, "hand", hand_box, "seat2_cards", 2)
    table.show(1.0, *cards, blind)
    table.show(0.3, *cards, blind, rail_hand(g, 7, 2))
    table.show(0.4, *cards, blind, hand)
    table.show(0.3, *cards, grown, rail_hand(g, 7, 2))
    table.show(1.0, *cards, grown)
    actions = [(a.seat, a.pushes, a.counted) for a in table.events if isinstance(a, ChipAction)]
    assert actions == ([(2, (), False)] if reached else [])


@pytest.mark.parametrize(("gap", "prior"), [(0.5, PriorChips.PULLED_BACK), (4.0, PriorChips.NONE)])
def test_an_earlier_bet_taken_away_in_one_visit_is_the_next_visits_earlier_bet(
    geometry: TableGeometry, gap: float, prior: PriorChips
) -> None:
    """Seed + 28000 prior_chips_pulled_back: seat 1 (here seat 2) took its 1,000 back to the stack, its
    hand lost there until that visit ended, and pushed three 1,000s to the same place in a second visit.
    The chip seen gone in the first visit is the second's earlier bet, pulled back. A push long after is
    judged on its own (``TAKEN_BACK_S``)."""
    g = geometry
    table = Table(g, turn=2, stacks_counted=False)
    cards = dealt(g)
    bet = thing(g, 60, "chip", "seat2_bet", label="yellow", value=1000)
    over_the_bet = thing(g, 7, "hand", "seat2_bet")
    table.show(1.0, *cards, bet)
    table.show(0.3, *cards, bet, rail_hand(g, 7, 2))
    table.show(0.1, *cards, bet, over_the_bet)  # picked up at once: the hand does not rest there (no tap)
    table.show(0.4, *cards, thing(g, 7, "hand", "seat2_stack"))  # at the stack: the bet zone empty
    table.show(1.0, *cards)  # the hand lost from view: the visit ends, nothing pushed
    assert not [e for e in table.events if isinstance(e, ChipAction | TableTap)]
    table.show(gap, *cards)
    table.show(0.3, *cards, thing(g, 8, "hand", "seat2_stack"))
    table.show(0.3, *cards, thing(g, 8, "hand", "seat2_bet"))
    pushed = thing(g, 61, "chip", "seat2_bet", label="yellow", value=1000)  # the top of three
    table.show(0.3, *cards, pushed, thing(g, 8, "hand", "seat2_bet"))
    table.show(1.0, *cards, pushed)
    [action] = [e for e in table.events if isinstance(e, ChipAction)]
    assert (action.seat, action.pushes, action.prior, action.counted) == (2, ((1000,),), prior, False)


@pytest.mark.parametrize("dealt_in", [False, True], ids=["one-card-yet", "both-cards"])
def test_a_blind_grown_under_a_hand_while_the_seat_is_still_being_dealt_is_no_bet(
    geometry: TableGeometry, dealt_in: bool
) -> None:
    """Seed + 40000 misdeal_boxed_cards: the dealer's arm, reaching over seat 1's blind for a card boxed
    at seat 2, was taken for seat 1's hand, and the blind's box grew under it: chips put on it, an
    uncounted bet. The bet ended the deal, seat 2 (its boxed card taken back) was "dealt out", a false
    misdeal, and the real one, a second boxed card, was missed. No one bets while the deal has yet to
    give them their cards; once it has, a grown blind is chips put on it."""
    g = geometry
    table = Table(g, turn=2, stacks_counted=False)
    cards = dealt(g) if dealt_in else dealt(g)[:3]  # seat 1's two cards, and seat 2's first
    x, y = g.by_name["seat2_bet"].centre
    blind = SeenObject(60, "chip", (x - 9, y - 8, x + 9, y + 8), "seat2_bet", 2, label="black", value=0)
    grown = replace(blind, box=(x - 9, y - 17, x + 13, y + 6))
    table.show(1.0, *cards, blind)
    table.show(0.3, *cards, blind, rail_hand(g, 7, 2))
    table.show(0.4, *cards, thing(g, 7, "hand", "seat2_bet"))
    table.show(0.3, *cards, grown, rail_hand(g, 7, 2))
    table.show(1.0, *cards, grown)
    acted = [(type(e).__name__, e.seat) for e in table.events if isinstance(e, ChipAction | TableTap)]
    assert acted == ([("ChipAction", 2)] if dealt_in else [])


def test_a_hand_that_takes_its_earlier_bet_back_over_its_cards_did_not_tap(geometry: TableGeometry) -> None:
    """Seed + 2000 prior_chips_pulled_back: seat 1's hand rested on its 1,000, drew it back over its
    cards to the stack, and put three 1,000s where it had lain, all in one visit. The hand drawing
    back over the cards with its bet zone empty was read as a check over its own chips, the push
    after it as a second action. The earlier bet was taken: no tap, one chip action that says what
    became of the earlier bet."""
    g = geometry
    table = Table(g, turn=2)
    cards = dealt(g)
    earlier = thing(g, 60, "chip", "seat2_bet", label="white", value=1000)
    over_the_bet = thing(g, 7, "hand", "seat2_bet")
    over_the_cards = thing(g, 7, "hand", "seat2_cards")
    table.show(1.0, *cards, earlier)
    at_the_stack = thing(g, 7, "hand", "seat2_stack")
    table.show(0.3, *cards, earlier, at_the_stack)
    table.show(0.4, *cards, over_the_bet)  # rests on it
    table.show(0.3, *cards, over_the_cards)  # drawn back with the chip: the bet zone empty
    table.show(0.4, *cards, at_the_stack)
    more = thing(g, 61, "chip", "seat2_bet", label="white", value=1000)
    table.show(0.3, *cards, more, over_the_bet)
    table.show(1.0, *cards, more)
    assert not [e for e in table.events if isinstance(e, TableTap)]
    [action] = [e for e in table.events if isinstance(e, ChipAction)]
    assert action.seat == 2 and action.prior in (PriorChips.PULLED_BACK, PriorChips.COMBINED)


@pytest.mark.parametrize(("taken", "prior"), [(True, PriorChips.PULLED_BACK), (False, PriorChips.LEFT)])
def test_an_earlier_bet_gone_while_no_visit_of_the_seats_was_open_is_the_next_visits_earlier_bet(
    geometry: TableGeometry, taken: bool, prior: PriorChips
) -> None:
    """Seed + 52000 prior_chips_pulled_back: with the betting closed as far as the engine knew (the raise
    before read as a call), seat 1's hand, first seen over its 1,000, was the dealer's; it drew the chip
    back to the stack and was lost there, then came back from the rail and pushed three 1,000s. The
    1,000 gone from its uncovered place was taken back: the push's earlier bet, pulled back. A bet a
    hand only covered a while, showing again where it lay, was left there."""
    g = geometry
    table = Table(g, turn=None, stacks_counted=False)
    cards = dealt(g)
    bet = thing(g, 60, "chip", "seat2_bet", label="yellow", value=1000)
    table.show(1.0, *cards, bet)
    table.show(0.2, *cards, thing(g, 7, "hand", "seat2_bet"))  # first seen over the bet: the dealer's
    table.show(0.3, *cards, thing(g, 7, "hand", "seat2_stack"))
    table.show(0.8, *cards, *([] if taken else [bet]))  # the hand lost at the stack
    assert not [e for e in table.events if isinstance(e, ChipAction | TableTap)]
    table.turn = 2  # the engine reads the raise again: seat 2 is to act
    left = [] if taken else [bet]
    action = _pushes_a_thousand(table, *cards, *left, below=0 if taken else 25)  # beside a bet still there
    assert (action.seat, action.prior, action.counted) == (2, prior, False)


def test_bets_gone_into_the_pot_are_no_earlier_bet_of_the_next_street(geometry: TableGeometry) -> None:
    """Seed + 52000 prior_chips_pulled_back: the dealer's hand sweeping the pre-flop bets, over seat 1's
    zones, was taken for seat 1's visit taking its bet away; seat 1's flop bet 2.8 s later read as that
    bet pulled back. Once the bets show in the pot they went there, not back to the stack."""
    g = geometry
    table = Table(g, turn=2, stacks_counted=False)
    cards = dealt(g)
    bet = thing(g, 60, "chip", "seat2_bet", label="yellow", value=1000)
    table.show(1.0, *cards, bet)
    table.show(0.3, *cards, bet, rail_hand(g, 7, 2))
    table.show(0.1, *cards, bet, thing(g, 7, "hand", "seat2_bet"))
    table.show(0.4, *cards, thing(g, 7, "hand", "seat2_stack"))
    table.show(1.0, *cards)  # the visit ends, the bet gone from its zone
    pot = thing(g, 62, "chip", "pot", label="yellow", value=1000)
    table.show(0.2, *cards, pot)
    assert [e for e in table.events if isinstance(e, ChipsPulledIn)]
    assert _pushes_a_thousand(table, *cards, pot).prior is PriorChips.NONE


def test_bets_the_dealer_sweeps_into_the_pot_with_no_visit_open_were_not_taken_back(
    geometry: TableGeometry,
) -> None:
    """The dealer's hand sweeps seat 2's bet into the pot, nobody's visit open: the chips leave the bet
    zone's memory only after the pull-in is seen, and are no bet taken back by seat 2 (its flop bet
    just after would read as that bet pulled back)."""
    g = geometry
    table = Table(g, turn=None, stacks_counted=False)
    cards = dealt(g)
    bet = thing(g, 60, "chip", "seat2_bet", label="yellow", value=1000)
    pot = thing(g, 62, "chip", "pot", label="yellow", value=1000)
    table.show(1.0, *cards, bet)
    table.show(0.2, *cards, thing(g, 7, "hand", "seat2_bet"))  # the dealer's, first seen over the bet
    table.show(1.0, *cards, pot)
    assert [e for e in table.events if isinstance(e, ChipsPulledIn)]
    table.turn = 2
    assert _pushes_a_thousand(table, *cards, pot).prior is PriorChips.NONE
