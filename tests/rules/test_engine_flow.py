"""The engine's flow over a hand: action out of turn, declarations and their chips, clean hands that
must raise no false alarms, and the citations every alert carries."""

from pathlib import Path

import pytest

from rules import engine
from rules.engine import HandJudge, judge_hand
from rules.hand_file import load_hand
from rules.records import AlertKind, BetAction, Severity
from tests.rules.hands import (
    PROFILE_IDS,
    actions_of,
    alerts,
    assert_cited,
    bet,
    call,
    check,
    checks,
    deal,
    describe,
    ended,
    flop,
    fold,
    heads_up,
    judge,
    kinds,
    noise,
    only,
    preflop_calls,
    profile,
    river,
    rules_cited,
    rulings_of,
    say,
    setup,
    started,
    tabled,
    timeline,
    turn,
)
from vision.events import ChipAction

TABLE = setup()  # seats 1..6, button 6: seat 1 small blind, seat 2 big blind, seat 3 under the gun


def summaries(record, seat):
    return [r.summary() for r in rulings_of(record, seat)]


# ----- action out of turn -------------------------------------------------------------------------------


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_out_of_turn_call_is_binding_when_the_action_does_not_change(house):
    """Seat 5 calls while seat 3 is to act; seat 3 calls and seat 4 folds: no change, the call stands
    and is applied when seat 5's turn arrives."""
    events = [deal(TABLE), call(5, 200), call(3, 200), fold(4), call(6, 200), call(1, 100), check(2)]
    record = judge(TABLE, house, *events)
    alert = only(record, AlertKind.OUT_OF_TURN)
    assert (alert.seat, alert.severity) == (5, Severity.WARNING)
    assert alert.citations == (profile(house).cite("out_of_turn"),)
    assert [r.seat for r in record.rulings] == [3, 4, 5, 6, 1, 2], "seat 5's call is applied in its turn"
    assert summaries(record, 5) == ["call 200"]


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_out_of_turn_call_is_not_binding_when_a_raise_intervened(house):
    events = [deal(TABLE), call(5, 200), bet(3, 600), fold(4), call(5, 600), fold(6), fold(1), fold(2)]
    record = judge(TABLE, house, *events)
    first, changed = alerts(record, AlertKind.OUT_OF_TURN)
    assert first.severity is Severity.WARNING
    assert (changed.seat, changed.severity) == (5, Severity.RULING)
    assert "may call, raise or fold" in changed.ruling
    assert summaries(record, 5) == ["call 600"], "seat 5 acts again, facing the raise"


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_out_of_turn_fold_is_binding_even_when_the_action_changed(house):
    events = [deal(TABLE), fold(5), bet(3, 600), fold(4), call(6, 600)]
    record = judge(TABLE, house, *events)
    assert len(alerts(record, AlertKind.OUT_OF_TURN)) == 1
    assert [r.seat for r in record.rulings] == [3, 4, 5, 6]
    assert actions_of(record, 5) == [BetAction.FOLD]


def test_out_of_turn_check_on_the_flop_is_applied_in_turn():
    events = [deal(TABLE), preflop_calls(TABLE), flop(), check(3), check(1), check(2), checks(TABLE)[3:]]
    record = judge(TABLE, "playlive", *events)
    assert rules_cited(only(record, AlertKind.OUT_OF_TURN)) == ["53"]
    assert [r.seat for r in record.rulings[6:]] == [1, 2, 3, 4, 5, 6]


def test_out_of_turn_bet_stands_and_is_applied_when_the_others_check_to_it():
    events = [deal(TABLE), preflop_calls(TABLE), flop(), bet(4, 400), check(1), check(2), check(3)]
    events += [fold(5), call(6, 400), call(1, 400), fold(2), fold(3)]
    record = judge(TABLE, "bluff_street", *events)
    assert rules_cited(only(record, AlertKind.OUT_OF_TURN)) == ["35.d"]
    assert summaries(record, 4)[-1] == "bet 400"


def test_blasters_out_of_turn_action_is_not_binding_except_a_fold():
    record = judge(TABLE, "blasters", deal(TABLE), call(5, 200))
    alert = only(record, AlertKind.OUT_OF_TURN)
    assert rules_cited(alert) == ["BETTING: Out Of Turn"] and "except a fold" in alert.ruling


def test_cpa_2008_out_of_turn_cites_betting_and_raising():
    record = judge(TABLE, "cpa_2008", deal(TABLE), fold(6))
    assert rules_cited(only(record, AlertKind.OUT_OF_TURN)) == ["Sec 3 Betting and raising"]


def test_out_of_turn_action_waits_for_a_dead_hand_folded_in_between():
    """Seat 5 acts out of turn over an absent seat 4; the engine folds seat 4, then applies seat 5."""
    table = setup(absent=(4,))
    record = judge(table, "tda", deal(table), call(3, 200), call(5, 200), call(6, 200))
    assert [r.seat for r in record.rulings] == [3, 4, 5, 6]
    assert AlertKind.OUT_OF_TURN not in kinds(record)


# ----- declarations and their chips ---------------------------------------------------------------------


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_declaration_then_its_chips_is_one_action(house):
    events = [deal(TABLE), say(3, "raise", 600), bet(3, 600), say(4, "call"), call(4, 600)]
    events += [fold(5), fold(6), fold(1), say(2, "call"), call(2, 400), flop()]
    record = judge(TABLE, house, *events)
    assert record.alerts == [], describe(record)
    expected = ["raise to 600", "call 600", "fold", "fold", "fold", "call 600"]
    assert [r.summary() for r in record.rulings] == expected
    assert all(r.declaration_seen for r in record.rulings if r.action is not BetAction.FOLD)


def test_chips_short_of_a_declared_raise_must_be_completed():
    events = [deal(TABLE), say(3, "raise", 1_000), bet(3, 600)]
    record = judge(TABLE, "playlive", *events)
    alert = only(record, AlertKind.UNDER_RAISE)
    assert alert.seat == 3 and "add 400" in alert.ruling
    assert summaries(record, 3) == ["raise to 1,000"]


def test_raise_with_no_amount_settles_nothing_until_the_chips_arrive():
    events = timeline(deal(TABLE), say(3, "raise"))
    judge_ = HandJudge(TABLE, profile("bluff_street"))
    for ev in events:
        judge_.process(ev)
    assert judge_.record.rulings == [] and judge_.record.alerts == []
    assert judge_.hand.actor == 3, "the seat is still to act"
    out = judge_.process(ChipAction(events[-1].t + 1, seat=3, pushes=((500, 100, 100),)))
    assert [r.summary() for r in judge_.record.rulings] == ["raise to 700"]
    assert out == judge_.record.rulings


def test_declared_raise_then_an_amount_then_chips():
    events = [deal(TABLE), say(3, "raise"), say(3, "amount", 1_200), bet(3, 1_200), fold(4)]
    record = judge(TABLE, "tda", *events)
    assert summaries(record, 3) == ["raise to 1,200"] and record.alerts == []


def test_raise_declared_then_chips_for_only_a_call_must_complete_the_raise():
    record = judge(TABLE, "tda", deal(TABLE), say(3, "raise"), call(3, 200), fold(4))
    (ruling,) = rulings_of(record, 3)
    assert ruling.action is BetAction.RAISE and ruling.must_complete_to == 400
    assert kinds(record) == [AlertKind.UNDER_RAISE]


def test_chips_after_the_street_moved_on_belong_to_the_declaration_only_if_exact():
    """Heads-up the big blind says "call" (closing the pre-flop betting) and acts first on the flop.
    Chips for exactly the call are the call's; any other amount is its flop action."""
    table = heads_up()
    raise_ = ChipAction(0.0, seat=1, pushes=((100,) * 5,))
    record = judge(table, "tda", deal(table), raise_, say(2, "call"), call(2, 400), flop(), check(2))
    assert [r.summary() for r in record.rulings] == ["raise to 600", "call 600", "check"]
    record = judge(table, "tda", deal(table), raise_, say(2, "call"), bet(2, 1_000), check(1))
    assert [r.summary() for r in record.rulings] == ["raise to 600", "call 600", "bet 1,000"]


def test_dead_hand_acting_out_of_turn_raises_nothing():
    table = setup(absent=(5,))
    record = judge(table, "bluff_street", deal(table), call(5, 200), call(3, 200), fold(4))
    assert kinds(record) == [AlertKind.ABSENT_AT_DEAL]
    assert [r.seat for r in record.rulings] == [3, 4, 5]


def test_declaration_said_after_the_chips_is_part_of_the_same_action():
    events = [deal(TABLE), call(3, 200), say(3, "call", before_chips=False), call(4, 200)]
    record = judge(TABLE, "playlive", *events)
    assert record.alerts == [], describe(record)
    assert [r.seat for r in record.rulings] == [3, 4]


def test_heads_up_call_said_after_the_chips_is_no_flop_action():
    """The big blind's chips close the pre-flop betting and it is first to act on the flop; its
    "call", said after the chips landed, belongs to the pre-flop call."""
    table = heads_up()
    raise_ = ChipAction(0.0, seat=1, pushes=((100,) * 5,))
    events = [deal(table), raise_, call(2, 400), say(2, "call", before_chips=False), flop(), check(2)]
    record = judge(table, "bluff_street", *events)
    assert record.alerts == [], describe(record)
    assert [r.summary() for r in record.rulings] == ["raise to 600", "call 600", "check"]


def test_declaration_after_out_of_turn_chips_goes_with_them():
    events = [deal(TABLE), call(5, 200), say(5, "call", before_chips=False), call(3, 200), fold(4)]
    record = judge(TABLE, "tda", *events)
    assert len(alerts(record, AlertKind.OUT_OF_TURN)) == 1
    assert [r.summary() for r in record.rulings] == ["call 200", "fold", "call 200"]


def test_heads_up_big_blind_declares_check_with_a_tap():
    table = heads_up()
    record = judge(table, "bluff_street", deal(table), call(1, 100), say(2, "check"), check(2), flop())
    assert record.alerts == [], describe(record)
    assert [r.summary() for r in record.rulings] == ["call 200", "check"]


def test_actions_after_everyone_folded_are_ignored():
    events = [deal(TABLE), bet(3, 600), fold(4), fold(5), fold(6), fold(1), fold(2), call(2, 400), check(3)]
    record = judge(TABLE, "playlive", *events)
    assert record.alerts == [] and len(record.rulings) == 6


# ----- clean hands: no false alarms ------------------------------------------------------------------------


def six_handed_hand():
    """Raise and two calls pre-flop, a bet and a call on the flop, checks on the turn, a river bet
    called, both hands tabled."""
    return [
        started(TABLE),
        deal(TABLE),
        bet(3, 600),
        fold(4),
        call(5, 600),
        fold(6),
        fold(1),
        call(2, 400),
        flop("Kd", "7s", "2c"),
        check(2),
        bet(3, 800),
        call(5, 800),
        fold(2),
        turn("9h"),
        check(3),
        check(5),
        river("3s"),
        bet(3, 1_500),
        call(5, 1_500),
        tabled(3, "Ah", "Kh"),
        tabled(5, "Qs", "Qd"),
        ended(),
    ]


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_clean_six_handed_hand_raises_only_the_showdown_order(house):
    record = judge(TABLE, house, six_handed_hand())
    assert noise(record) == [], describe(record)
    showdown = only(record, AlertKind.SHOWDOWN_ORDER)
    assert showdown.seat == 3, "the river bettor tables first"
    assert [r.summary() for r in rulings_of(record, 3)] == ["raise to 600", "bet 800", "check", "bet 1,500"]


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_clean_heads_up_hand(house):
    table = heads_up()
    events = [
        started(table),
        deal(table),
        call(1, 100),
        check(2),
        flop(),
        bet(2, 400),
        call(1, 400),
        turn(),
        check(2),
        check(1),
        river(),
        check(2),
        check(1),
        tabled(2),
        tabled(1),
        ended(),
    ]
    record = judge(table, house, *events)
    assert noise(record) == [], describe(record)
    assert only(record, AlertKind.SHOWDOWN_ORDER).seat == 2
    assert len(record.rulings) == 8


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_clean_all_in_run_out(house):
    table = setup(seats=(1, 2, 3), stacks={3: 5_000, 2: 8_000})
    events = [
        started(table),
        deal(table),
        say(3, "all_in"),
        bet(3, 5_000),
        fold(1),
        call(2, 4_800),
        flop(),
        turn(),
        river(),
        tabled(3),
        tabled(2),
        ended(),
    ]
    record = judge(table, house, *events)
    assert record.alerts == [], describe(record)
    assert [r.summary() for r in record.rulings] == ["raise to 5,000 (all-in)", "fold", "call 5,000"]


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_clean_silent_all_in_with_the_last_chips(house):
    table = setup(seats=(1, 2, 3), stacks={3: 5_000, 2: 8_000})
    last_chips = ChipAction(0.0, seat=3, pushes=((1_000,) * 5,))
    events = [deal(table), last_chips, fold(1), call(2, 4_800), flop(), turn(), river()]
    events += [tabled(2), tabled(3), ended()]
    record = judge(table, house, *events)
    assert noise(record) == [], describe(record)
    assert rulings_of(record, 3)[0].all_in


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_clean_hand_checked_down_with_a_limp(house):
    events = [deal(TABLE), preflop_calls(TABLE, folds=(4, 5)), flop(), checks(TABLE, live=(1, 2, 3, 6))]
    events += [turn(), checks(TABLE, live=(1, 2, 3, 6)), river(), checks(TABLE, live=(1, 2, 3, 6))]
    events += [tabled(1), tabled(2), fold(3), tabled(6), ended()]
    record = judge(TABLE, house, *events)
    assert noise(record) == [], describe(record)
    assert only(record, AlertKind.SHOWDOWN_ORDER).seat == 1


# ----- citations ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("house", "rule"),
    [
        ("bluff_street", "33.a.1"),
        ("playlive", "35-A-1"),
        ("general_dealing", "35"),
        ("blasters", "DEALING, CARDS & MISC: boxed card"),
        ("tda", "35-A-1"),
    ],
    ids=["bluff_street", "playlive", "general_dealing", "blasters", "tda"],
)
def test_misdeal_cites_the_house_boxed_card_rule(house, rule):
    limit = profile(house).value("boxed_cards_for_misdeal")
    record = judge(TABLE, house, deal(TABLE, boxed_at=range(1, limit + 1)))
    (misdeal,) = [a for a in record.alerts if a.kind is AlertKind.MISDEAL]
    assert rules_cited(misdeal) == [rule]
    assert misdeal.citations[0].profile == house and misdeal.citations[0].excerpt


def test_every_alert_of_a_busy_hand_cites_the_active_profile():
    """The demo-like hand touches many checks; ``judge`` asserts each alert cites the house."""
    events = [
        deal(TABLE, exposed_at=(7,)),
        call(5, 200),
        bet(3, 600),
        fold(4),
        call(5, 600),
        fold(6),
        fold(1),
        fold(2),
        flop(),
        check(3),
        bet(5, 1_000),
        call(3, 1_000),
        river(),
    ]
    for house in PROFILE_IDS:
        record = judge(TABLE, house, *events)
        assert len(record.alerts) >= 3, describe(record)
        for alert in record.alerts:
            assert alert.citations and alert.table == "test-table" and alert.hand_id == "t-1"


# ----- the shipped example hands ----------------------------------------------------------------------

EXAMPLES = Path(engine.__file__).parent / "examples"
K = AlertKind
EXAMPLE_ALERTS = {
    "misdeal_boxed_cards": [K.CARD_EXPOSED, K.MISDEAL],
    "misdeal_exposed_first_card": [K.MISDEAL],
    "dead_hand_three_cards": [K.MISDEAL],
    "extra_card_after_substantial_action": [K.MISDEAL_TOO_LATE],
    "button_missing_card": [K.MISDEAL, K.MISDEAL],
    "four_card_flop": [K.FOUR_CARD_FLOP],
    "premature_flop": [K.PREMATURE_BOARD],
    "rabbit_hunt": [K.RABBIT_HUNT],
    "out_of_turn": [K.OUT_OF_TURN] * 3,
    "clock_expired": [K.CLOCK_COUNTDOWN, K.CLOCK_EXPIRED],
    "absent_at_deal": [K.ABSENT_AT_DEAL],
    "left_table": [K.LEFT_WITH_LIVE_HAND],
    "table_items": [K.FOREIGN_OBJECT] * 4,
    "chips_out_of_view": [K.CHIPS_OUT_OF_VIEW],
    "cards_below_rail": [K.CARDS_OUT_OF_VIEW],
    "all_in_showdown_mucked": [K.ALL_IN_NOT_TABLED],
    "non_standard_fold": [K.NON_STANDARD_FOLD],
    "card_exposed": [K.CARD_EXPOSED],
    "clean_hand": [K.SHOWDOWN_ORDER],
}


@pytest.mark.parametrize("name", sorted(EXAMPLE_ALERTS))
def test_shipped_example_raises_what_it_describes(name):
    hand = load_hand(EXAMPLES / f"{name}.yaml")
    assert hand.profile and hand.description.strip()
    record = judge_hand(hand.setup, profile(hand.profile), hand.events)
    assert [a.kind for a in record.alerts] == EXAMPLE_ALERTS[name], describe(record)
    assert_cited(record, hand.profile)


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_shipped_examples_judge_under_every_house(house):
    for name in EXAMPLE_ALERTS:
        hand = load_hand(EXAMPLES / f"{name}.yaml")
        record = judge_hand(hand.setup, profile(house), hand.events)
        assert_cited(record, house)
        if name == "clean_hand":
            assert kinds(record) == [K.SHOWDOWN_ORDER], describe(record)


def test_the_seat_deciding_waits_for_the_streets_board_cards():
    """Once the pre-flop betting is over the engine knows seat 1 acts first on the flop, but until the
    flop is on the table the dealer is pulling bets in and dealing: nobody is deciding."""
    table = setup()
    judge_ = HandJudge(table, profile("tda"))
    for ev in timeline(deal(table), preflop_calls(table)):
        judge_.process(ev)
    assert judge_.hand.actor == 1 and judge_.deciding is None
    for ev in timeline(flop()):
        judge_.process(ev)
    assert judge_.deciding == 1
