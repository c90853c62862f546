"""Chips the camera saw land but could not count (``ChipAction.counted`` False): an overhead camera sees
only each stack's top chip, and a chip whose colour it cannot read has no value. The seat acted; the
amount is a lower bound, so no rule that needs the amount raises an alert, and the hand goes on in turn."""

from dataclasses import replace

import pytest

from rules.engine import HandJudge
from rules.records import AlertKind, BetAction
from tests.rules.betting_factories import make_situation, rule, say
from tests.rules.hands import (
    Pause,
    actions_of,
    check,
    checks,
    deal,
    exposed,
    flop,
    fold,
    judge,
    kinds,
    preflop_calls,
    profile,
    river,
    rulings_of,
    setup,
    tabled,
    timeline,
    turn,
)
from vision.events import ChipAction, PriorChips, TableTap

B = "bluff_street"


def tops(seat: int, *stacks: int) -> ChipAction:
    """A push seen from overhead: one chip per stack, its top chip (0: a stack whose colour was not read)."""
    seen = tuple(v for v in stacks if v)
    return ChipAction(0.0, seat=seat, pushes=(seen,) if seen else (), counted=False)


def facing(bet: int, **overrides):
    """Seat 1 facing an opening bet of ``bet`` on the flop."""
    base = dict(current_bet=bet, to_call=bet, last_raise=bet, min_raise_to=2 * bet, pot=1_000 + bet)
    return make_situation(**(base | overrides))


def test_a_lone_stack_facing_a_bet_is_a_call_without_an_oversized_chip_alert():
    """One stack topped by a 5,000 chip facing 1,000: a lone oversized chip would be a call, and so is
    a stack whose count is unknown; a counted single chip is the overchip ruling with its alert."""
    r = rule(facing(1_000), B, tops(1, 5000))
    assert (r.action, r.to, r.returned, r.must_complete_to, r.alert_kinds) == (
        BetAction.CALL,
        1_000,
        0,
        None,
        (),
    )
    assert "not counted" in r.explanation
    counted = rule(facing(1_000), B, ChipAction(0.0, seat=1, pushes=((5000,),)))
    assert AlertKind.OVERSIZED_CHIP in counted.alert_kinds


@pytest.mark.parametrize(
    ("prior", "alerts"),
    [
        (PriorChips.PULLED_BACK, (AlertKind.PRIOR_CHIPS,)),
        (PriorChips.COMBINED, (AlertKind.PRIOR_CHIPS,)),
        (PriorChips.LEFT, ()),
    ],
)
def test_what_became_of_the_earlier_bet_is_cited_without_the_amount(prior: PriorChips, alerts: tuple) -> None:
    """Seat 1 bet 1,000 and faces a raise to 3,000. Its earlier bet pulled back (or pushed forward
    with the new chips) is the prior-bet-chips rule, whatever the uncounted stacks hold: a call, with
    the rule cited. Left where it lay, the new chips are simply added: no alert."""
    sit = facing(3_000, own_bet=1_000, to_call=2_000, last_raise=2_000, min_raise_to=5_000)
    action = ChipAction(0.0, seat=1, pushes=((1000,),), prior=prior, counted=False)
    r = rule(sit, B, action)
    assert (r.action, r.to, r.alert_kinds) == (BetAction.CALL, 3_000, alerts)
    assert (profile(B).cite("prior_chips_partial_is_multi_chip") in r.citations) is bool(alerts)


def test_a_posted_blind_moved_under_uncounted_chips_is_no_prior_bet_but_a_call_is():
    """Seed + 20000: the small blind completing, its posted chip covered by the hand that adds to it,
    was read as pulled back or pushed in with the new chips, and three clean hands raised the prior-
    bet-chips alert. A blind is no bet the seat chose: no alert. A seat that called, faces a raise and
    pulls its call back still raises it."""
    table = setup(seats=(1, 2, 3))  # button 3: seat 3 first pre-flop, then the small blind 1, then 2
    for moved in (PriorChips.PULLED_BACK, PriorChips.COMBINED):
        completes = replace(tops(1, 100, 100), prior=moved)
        record = judge(table, B, deal(table), [tops(3, 100), completes, check(2)], flop())
        assert kinds(record) == [], moved
    pulled_back = replace(tops(3, 1000), prior=PriorChips.PULLED_BACK)
    record = judge(table, B, deal(table), [tops(3, 100), tops(1, 500, 500), fold(2), pulled_back])
    assert kinds(record) == [AlertKind.PRIOR_CHIPS]
    assert actions_of(record, 3) == [BetAction.CALL, BetAction.CALL]


def test_stacks_short_of_the_call_are_a_call_not_an_undercall():
    r = rule(facing(1_000), B, tops(1, 500, 100))
    assert (r.action, r.to, r.must_complete_to, r.alert_kinds) == (BetAction.CALL, 1_000, None, ())
    counted = rule(facing(1_000), B, ChipAction(0.0, seat=1, pushes=((500, 100),)))
    assert AlertKind.UNDERCALL in counted.alert_kinds


def test_no_chip_value_read_facing_a_bet_is_a_call():
    r = rule(facing(1_000), B, tops(1, 0, 0))
    assert (r.action, r.to, r.alert_kinds) == (BetAction.CALL, 1_000, ())
    assert "no chip value read" in r.explanation


def test_several_stacks_whose_top_chips_alone_make_a_full_raise_are_a_raise_to_at_least_that():
    r = rule(facing(1_000), B, tops(1, 1000, 1000, 500))
    assert (r.action, r.to, r.must_complete_to, r.alert_kinds) == (BetAction.RAISE, 2_500, None, ())


def test_opening_with_uncounted_chips_is_a_bet_of_at_least_the_minimum_without_an_under_raise():
    r = rule(make_situation(), B, tops(1, 25))
    assert (r.action, r.to, r.must_complete_to, r.alert_kinds) == (BetAction.BET, 200, None, ())
    assert rule(make_situation(), B, tops(1, 500, 500)).to == 1_000


def test_top_chips_worth_the_whole_stack_are_all_in():
    r = rule(facing(1_000, stack=2_000), B, tops(1, 1000, 1000))
    assert (r.action, r.all_in, r.to) == (BetAction.RAISE, True, 2_000)


def test_a_chip_worth_more_than_the_seat_has_is_a_misread_not_an_all_in():
    """From 16-pixel video a 500 chip can read as a 25,000 of the same edge colour."""
    r = rule(facing(200, stack=20_000), B, tops(1, 25000))
    assert (r.action, r.all_in, r.to) == (BetAction.CALL, False, 200)
    assert "misread" in r.explanation
    opening = rule(make_situation(stack=20_000), B, tops(1, 25000, 500))
    assert (opening.action, opening.all_in, opening.to) == (BetAction.BET, False, 500)


def test_top_chips_worth_all_the_seat_has_with_chips_left_in_its_stack_are_a_misread():
    """Seed + 41000 bluff_street_37: with 25,000 behind, a black 100 on blue felt read as a blue
    25,000 beside a 500, and chips still showed in the seat's stack zone. The seat cannot have put in
    all it had and kept chips: the 25,000 is left out and the push is a call, not an all-in. Without
    that sign the top chips still say all-in."""
    sit = facing(200, stack=25_000)
    kept = rule(sit, B, replace(tops(1, 25000, 500), stack_left=True))
    assert (kept.action, kept.all_in, kept.to) == (BetAction.CALL, False, 200)
    assert "25,000 chip read, but chips still show in its stack zone" in kept.explanation
    assert rule(sit, B, tops(1, 25000, 500)).all_in
    with pytest.raises(ValueError, match="stack_left"):
        ChipAction(0.0, seat=1, pushes=((100,),), counted=False, all_in=True, stack_left=True)


def test_a_declared_raise_with_uncounted_chips_is_at_least_the_minimum_raise():
    r = rule(facing(1_000), B, tops(1, 500), say(1, "raise"))
    assert (r.action, r.to, r.must_complete_to) == (BetAction.RAISE, 2_000, None)
    assert AlertKind.UNDER_RAISE not in r.alert_kinds


def test_a_string_bet_is_still_judged_from_the_motions_the_camera_saw():
    action = replace(tops(1, 500), pushes=((500,), (500,)), returned_to_stack=True)
    r = rule(facing(1_000), B, action)
    assert AlertKind.STRING_BET in r.alert_kinds


def test_a_second_motion_whose_chips_went_unread_still_makes_a_string_bet():
    """An empty push is a motion the camera saw without reading its chips: allowed only uncounted."""
    action = replace(tops(1, 200), pushes=((200,), ()), returned_to_stack=True)
    r = rule(facing(200), B, action)
    assert AlertKind.STRING_BET in r.alert_kinds
    assert r.action is BetAction.CALL
    with pytest.raises(ValueError, match="empty push"):
        ChipAction(0.0, seat=1, pushes=((200,), ()))


TABLE = setup()  # seats 1..6, blinds 100-200, button 6: pre-flop seat 3 acts first


@pytest.mark.parametrize("counted", [False, True])
def test_a_hand_bet_in_stacks_seen_from_overhead_plays_on_in_turn(counted: bool):
    """Seat 3 raises to 1,200 in three stacks, seat 4 calls in two, seats 1 and 2 call in one each;
    from overhead each stack shows its top chip. Not counted, every seat acted in turn and the flop
    comes after a complete round: no alert. Taken as counted, the same top chips are short calls."""
    seen = [
        (3, (500, 500, 100, 100)),  # 1,200 in stacks of 500, 500 and 2 x 100 (tops 500, 500, 100, 100)
        (4, (500, 100)),
        (1, (500,)),
        (2, (0,)),  # a colour the reader could not tell
    ]

    def push(seat: int, stacks: tuple[int, ...]) -> ChipAction:
        action = tops(seat, *stacks)
        return action if not counted else replace(action, counted=True, pushes=action.pushes or ((25,),))

    preflop = [
        push(3, seen[0][1]),
        push(4, seen[1][1]),
        fold(5),
        fold(6),
        push(1, seen[2][1]),
        push(2, seen[3][1]),
    ]
    record = judge(TABLE, B, deal(TABLE), preflop, flop(), checks(TABLE, live=(1, 2, 3, 4)))
    if counted:
        assert AlertKind.UNDERCALL in kinds(record)
        return
    assert kinds(record) == []
    calls = [r for r in record.rulings if r.action is BetAction.CALL]
    assert [r.seat for r in calls] == [4, 1, 2]
    assert [r.seat for r in record.rulings if r.action is BetAction.CHECK] == [1, 2, 3, 4]


def test_a_hand_put_down_on_its_own_bet_facing_a_bet_added_chips_the_camera_could_not_see():
    """Heads-up, the small blind completes with a 100 chip set on its 100 blind: from overhead the
    stack looks the same, and the hand's visit looks like a tap. Facing the big blind it is a call;
    the big blind's own tap on its blind, not facing a bet, stays a check."""
    table = setup(seats=(1, 2), button=1)  # seat 1: button and small blind, acts first pre-flop
    record = judge(
        table,
        B,
        deal(table),
        [TableTap(0.0, seat=1, over_own_chips=True), TableTap(0.0, seat=2, over_own_chips=True)],
    )
    assert kinds(record) == []
    assert [(r.seat, r.action) for r in record.rulings] == [(1, BetAction.CALL), (2, BetAction.CHECK)]
    plain = judge(table, B, deal(table), [TableTap(0.0, seat=1)])
    assert AlertKind.INVALID_DECLARATION in kinds(plain)


def test_a_fold_on_a_street_of_uncounted_chips_is_not_called_a_fold_facing_no_bet():
    """Seat 3's two stacks read as nothing: taken as a call, the big blind seems to face no bet. Its
    fold says otherwise (seat 3 had raised), so no non-standard-fold alert; with counted chips it is one."""
    preflop = [tops(3, 0, 0), fold(4), fold(5), fold(6), fold(1), fold(2)]
    record = judge(TABLE, B, deal(TABLE), preflop)
    assert kinds(record) == []
    assert "may have been larger" in record.rulings[-1].explanation
    limped = [ChipAction(0.0, seat=3, pushes=((200,),)), fold(4), fold(5), fold(6), fold(1), fold(2)]
    assert AlertKind.NON_STANDARD_FOLD in kinds(judge(TABLE, B, deal(TABLE), limped))


def test_more_uncounted_chips_from_the_seat_that_just_acted_are_the_same_action():
    """A push in two motions the camera saw as two visits: the second, before anyone else acted, is
    not an action out of turn. Once another seat has acted, it is."""
    twice = [tops(3, 100), tops(3, 500), fold(4)]
    record = judge(TABLE, B, deal(TABLE), twice)
    assert kinds(record) == [] and [r.seat for r in record.rulings] == [3, 4]
    later = [tops(3, 100), fold(4), tops(3, 500)]
    assert AlertKind.OUT_OF_TURN in kinds(judge(TABLE, B, deal(TABLE), later))


def test_chips_that_continue_the_seats_last_action_join_it_as_a_string_bet():
    """The camera saw a push in two motions as two visits, the hand lost at its stack between them, and
    says so (``continues``): the two are one action with a return to the stack, a string bet, the call
    standing. Once another seat has acted, such chips are an action of their own (out of turn)."""
    second = replace(tops(3, 500), continues=True)
    record = judge(TABLE, B, deal(TABLE), [tops(3, 100), second, fold(4)])
    assert kinds(record) == [AlertKind.STRING_BET]
    assert [r.seat for r in record.rulings][-2:] == [3, 4]
    assert actions_of(record, 3)[-1] is BetAction.CALL
    later = judge(TABLE, B, deal(TABLE), [tops(3, 100), fold(4), second])
    assert AlertKind.STRING_BET not in kinds(later) and AlertKind.OUT_OF_TURN in kinds(later)


def test_a_call_that_the_table_played_as_a_raise_is_read_again_as_one():
    """Heads-up, the button raises in one stack: from overhead, one chip, taken as a call. The big
    blind's push then faces no bet and is taken as a raise, so the button seems still to act when the
    dealer deals the flop. The flop says the betting was over: read again, the button raised and the
    big blind called. No premature-board alert, the revised rulings, and the big blind acts first on
    the flop."""
    table = setup(seats=(1, 2), button=1)  # seat 1: button and small blind, first to act pre-flop
    record = judge(table, B, deal(table), [tops(1, 100), tops(2, 100)], flop(), [check(2), check(1)])
    assert kinds(record) == []
    assert actions_of(record, 1) == [BetAction.RAISE, BetAction.CHECK]
    assert actions_of(record, 2) == [BetAction.CALL, BetAction.CHECK]
    assert "fits a raise" in rulings_of(record, 1)[0].explanation


def test_a_board_no_reading_of_the_uncounted_chips_explains_is_still_premature():
    """Three-handed, seats 3 and 1 put chips in and the flop comes before the big blind (seat 2) acts.
    Whether those chips were calls or raises, seat 2 still had to act: the alert stands, and the
    rulings stay calls."""
    table = setup(seats=(1, 2, 3))  # button 3: seat 3 first pre-flop, then 1, then the big blind 2
    record = judge(table, B, deal(table), [tops(3, 100), tops(1, 100)], flop())
    assert AlertKind.PREMATURE_BOARD in kinds(record)
    assert [r.action for r in record.rulings] == [BetAction.CALL, BetAction.CALL]


def test_chips_that_show_after_the_hand_has_gone_turn_its_check_into_a_bet():
    """On the flop seat 1's visit looked like a tap: its chips showed only once the hand had gone.
    Their chip action, right after, corrects the check into a bet, so the folds that follow face a
    bet (no non-standard fold). Once another seat has acted, more chips from seat 1 are out of turn."""
    table = setup(seats=(1, 2, 3))  # button 3: seat 1 first after the flop
    record = judge(
        table, B, deal(table), preflop_calls(table), flop(), [check(1), tops(1, 500), fold(2), fold(3)]
    )
    assert kinds(record) == []
    assert actions_of(record, 1)[-1] is BetAction.BET
    late = judge(table, B, deal(table), preflop_calls(table), flop(), [check(1), check(2), tops(1, 500)])
    assert AlertKind.OUT_OF_TURN in kinds(late)


def test_chips_seconds_after_a_check_that_closed_the_betting_change_nothing():
    """The river checks round; seat 3, the last to check, then tables its cards, and 4 s after its check
    an uncounted chip action shows (seed + 46000 oversized_chip_call: a felt print beside the tabled
    cards boxed as a chip). Chips that correct a check land within a moment of it; these are no bet,
    the betting stays closed, and a card turned at the showdown is no exposure with action pending."""
    table = setup(seats=(1, 2, 3))  # button 3: seat 3 acts last after the flop
    streets = [flop(), checks(table), turn(), checks(table), river(), checks(table)]
    showdown = [tabled(1), Pause(2.0), tops(3, 25000), exposed(3), tabled(3)]
    record = judge(table, B, deal(table), preflop_calls(table), *streets, showdown)
    assert kinds(record) == [AlertKind.SHOWDOWN_ORDER]  # the showdown's ruling, no exposure
    assert actions_of(record, 3)[-1] is BetAction.CHECK


def test_a_board_run_out_without_betting_reads_an_uncounted_push_as_all_in():
    """Seat 3 (6,000 behind) pushes all its chips in stacks whose top chip reads 100: taken as a call.
    Seat 6 calls, the blinds fold, both hands are tabled and the dealer runs out the board. Under the
    call reading the turn comes before any flop betting (premature); read again, seat 3 was all-in and
    the run-out is in order: no alert."""
    table = setup(seats=(1, 2, 3, 6), stacks={3: 6_000})  # button 6: seat 3 first pre-flop
    preflop = [tops(3, 100), tops(6, 1000), fold(1), fold(2)]
    record = judge(table, B, deal(table), preflop, [tabled(3), tabled(6)], flop(), turn(), river())
    assert kinds(record) == []
    assert rulings_of(record, 3)[0].all_in and "fits an all-in" in rulings_of(record, 3)[0].explanation


def test_without_a_hand_tabled_early_no_uncounted_push_is_read_as_all_in():
    """The same pushes and board, but nobody tables before the board is out: nothing says anyone was
    all-in, so the turn card is premature rather than the run-out of an all-in."""
    table = setup(seats=(1, 2, 3, 6), stacks={3: 6_000})
    preflop = [tops(3, 100), tops(6, 1000), fold(1), fold(2)]
    record = judge(table, B, deal(table), preflop, flop(), turn())
    assert AlertKind.PREMATURE_BOARD in kinds(record)
    assert not any(r.all_in for r in record.rulings)


def test_alerts_left_from_an_earlier_reading_do_not_count_against_the_current_one():
    """The current reading is scored on its own replay. An alert an earlier reading raised stays in
    the record (it was sent to the floor) but is not this reading's: counted against it, any other
    reading with the same one contradiction would look better and turn the calls into raises."""
    table = setup(seats=(1, 2, 3))  # button 3: seat 3 first pre-flop, then 1, then the big blind 2
    events = timeline(deal(table), [tops(3, 100), tops(1, 100)], flop())
    premature = judge(table, B, events).alerts[-1]
    judge_ = HandJudge(table, profile(B))
    for ev in events[:-1]:
        judge_.process(ev)
    judge_.record.alerts.append(
        replace(premature, kind=AlertKind.OUT_OF_TURN, seat=1)
    )  # an earlier reading's
    judge_.process(events[-1])
    assert kinds(judge_.record) == [AlertKind.OUT_OF_TURN, AlertKind.PREMATURE_BOARD]
    assert [r.action for r in judge_.record.rulings] == [BetAction.CALL, BetAction.CALL]
    assert judge_.reading == {}


def test_chips_before_the_turn_card_read_the_flop_call_before_them_as_a_raise():
    """Seat 1 bets the flop, seat 3 raises in one stack (one chip seen: a call, which closes the flop
    betting). Seat 1's chips then go in before the turn card: the flop betting was not over. Read
    again, seat 3 raised and seat 1 called, so nobody's check on the turn faces a bet."""
    table = setup(seats=(1, 2, 3))  # button 3: seat 1 first after the flop
    flop_betting = [tops(1, 1000), fold(2), tops(3, 1000), tops(1, 1000)]
    record = judge(
        table, B, deal(table), preflop_calls(table), flop(), flop_betting, turn(), [check(1), check(3)]
    )
    assert kinds(record) == []
    assert actions_of(record, 3)[1] is BetAction.RAISE
    assert actions_of(record, 1)[1:] == [BetAction.BET, BetAction.CALL, BetAction.CHECK]


def test_uncounted_chips_that_emptied_the_stack_zone_are_an_all_in():
    """Facing 1,000 with 8,000 behind, a stack of unknown height that left the seat no chips is an
    all-in raise to 8,000, not a call; without that sign it stays a call."""
    sit = facing(1_000, stack=8_000, max_raise_to=8_000)
    shoved = rule(sit, B, replace(tops(1, 1000), all_in=True))
    assert (shoved.action, shoved.to) == (BetAction.RAISE, 8_000)
    assert "all-in" in shoved.explanation
    assert rule(sit, B, tops(1, 1000)).action is BetAction.CALL
    with pytest.raises(ValueError, match="all_in"):
        ChipAction(0.0, seat=1, pushes=((1000,),), all_in=True)


def test_a_tap_facing_a_bet_followed_by_the_seats_chips_was_the_visit_that_let_them_go():
    """Heads-up, the small blind faces the big blind. Its hand visits and withdraws (a tap, no valid
    action facing a bet); the detector finds the stack it let go 0.6 s later. That is a call with no
    alert. Chips only 1.5 s later are a second action: the tap is judged first, as before."""
    table = setup(seats=(1, 2), button=1)
    late_stack = [TableTap(0.0, seat=1), Pause(0.6), tops(1, 100)]
    record = judge(table, B, deal(table), late_stack)
    assert kinds(record) == []
    assert [(r.seat, r.action) for r in record.rulings] == [(1, BetAction.CALL)]
    much_later = [TableTap(0.0, seat=1), Pause(1.5), tops(1, 100)]
    assert AlertKind.INVALID_DECLARATION in kinds(judge(table, B, deal(table), much_later))


def test_top_chips_make_a_raise_only_against_a_bet_known_to_the_chip():
    """Two stacks topped 1,000 and 25 face a raise the camera read as its minimum, 400: they would
    make a full raise, but after uncounted chips on this street the bet faced may be larger (it was
    2,400, and the chips a call). Only a bet known to the chip makes them a raise."""
    known = rule(facing(400), B, tops(1, 1000, 25))
    assert (known.action, known.to) == (BetAction.RAISE, 1_025)
    uncertain = rule(facing(400, amounts_uncertain=True), B, tops(1, 1000, 25))
    assert (uncertain.action, uncertain.to) == (BetAction.CALL, 400)
