"""A seat alerted for a declaration whose chips the camera never saw: the table playing on says they went
in (``rules.rereading.went_in_unseen``). One missed push costs one alert, not the rest of the hand."""

from rules.records import AlertKind, BetAction, Severity
from tests.rules.hands import Pause, alerts, checks, deal, flop, fold, judge, kinds, rulings_of, setup, turn
from tests.rules.test_uncounted_chips import tops
from vision.events import TableTap

THREE = setup(seats=(2, 5, 8), button=8)  # pre-flop: seat 8 first, seat 2 small blind, seat 5 big blind
RAISE = tops(8, 0)  # seat 8's chips, not counted: taken as a call of the big blind


def test_the_next_seat_acting_after_a_check_facing_a_bet_means_the_call_went_in_unseen():
    """Seat 2 (small blind) faces the big blind; its hand's trip reads as a tap ("check" facing a bet:
    call or fold), the chips it pushed unseen. Seat 5 then folds and the flop comes: seat 2 called,
    as the table played it. One alert, none out of turn or premature, and the flop checks in turn."""
    hand = [RAISE, TableTap(0.0, seat=2), Pause(1.5), fold(5)]
    record = judge(THREE, "tda", deal(THREE), hand, flop(), checks(THREE, live=(2, 8)))
    assert kinds(record) == [AlertKind.INVALID_DECLARATION]
    called, checked = rulings_of(record, 2)
    assert (called.action, called.to, called.alert_kinds) == (BetAction.CALL, 200, ())
    assert "not seen" in called.explanation
    assert checked.action is BetAction.CHECK
    assert [r.action for r in rulings_of(record, 5)] == [BetAction.FOLD]


def test_the_next_street_dealt_after_a_check_facing_a_bet_means_the_call_went_in_unseen():
    """On the flop seat 2 checks, seat 5 bets, seat 8 folds and seat 2 "taps" facing the bet, its chips
    unseen: the turn card comes. The betting was over when seat 2 called; no premature turn."""
    flop_play = [TableTap(0.0, seat=2), tops(5, 1000), fold(8), TableTap(0.0, seat=2), Pause(1.5)]
    record = judge(
        THREE, "tda", deal(THREE), [RAISE, tops(2, 0), TableTap(0.0, seat=5)], flop(), flop_play, turn()
    )
    assert kinds(record) == [AlertKind.INVALID_DECLARATION]
    assert [r.action for r in rulings_of(record, 2)][-1] is BetAction.CALL


def test_a_seat_that_skips_its_turn_without_declaring_anything_is_still_passed_out_of_turn():
    """Nothing seen from seat 2 at all: seat 5 acting is out of turn, as before (the floor has had no
    alert about seat 2, and the camera cannot tell a missed action from a skipped turn)."""
    record = judge(THREE, "tda", deal(THREE), [RAISE, fold(5)])
    assert kinds(record) == [AlertKind.OUT_OF_TURN]


def test_a_seat_acting_again_after_its_out_of_turn_call_means_the_uncounted_chips_before_it_raised():
    """Seed + 2000 out_of_turn: pre-flop seat 4 is to act, seat 5 calls out of turn, then seat 4 puts out
    chips the camera cannot count and seat 5 folds. Read as a call, seat 4's chips left seat 5's call
    binding and its fold out of turn; seat 5 acting again says they were a raise: the action changed,
    seat 5's call was not binding, and the floor is told so, not that seat 5 acted out of turn twice."""
    table = setup(seats=(1, 2, 4, 5, 6), button=6)  # seat 1 small blind, seat 2 big blind, seat 4 first
    record = judge(table, "tda", deal(table), [tops(5, 0), tops(4, 0), fold(5), fold(6), fold(1), fold(2)])
    warned, changed = alerts(record, AlertKind.OUT_OF_TURN)
    assert (warned.seat, warned.severity) == (5, Severity.WARNING)
    assert (changed.seat, changed.severity) == (5, Severity.RULING)
    assert "not binding" in changed.ruling
    assert rulings_of(record, 4)[-1].action is BetAction.RAISE
    assert [r.action for r in rulings_of(record, 5)] == [BetAction.FOLD]
