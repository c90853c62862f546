"""The board: four-card flops, premature streets, rabbit hunting, and the all-in run-out that is none
of these."""

import pytest

from rules.records import AlertKind, Severity
from tests.rules.hands import (
    PROFILE_IDS,
    Pause,
    board_card,
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
    say,
    setup,
    tabled,
    turn,
)
from vision.events import ChipsPulledIn

TABLE = setup()  # seats 1..6, button 6; after the flop seat 1 acts first, seat 6 last
HEADS_UP = heads_up(stacks={1: 5_000, 2: 8_000})


def to_the_flop():
    return [deal(TABLE), preflop_calls(TABLE)]


# ----- four-card flop -----------------------------------------------------------------------------------


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_four_card_flop(house):
    """Scrambled with a random burn (the three left are the flop), or re-dealt after a reshuffle."""
    scramble = profile(house).value("four_card_flop").value == "scramble_random_burn"
    redeal = [] if scramble else flop()
    events = [to_the_flop(), flop(count=4), redeal, checks(TABLE), turn(), checks(TABLE)]
    record = judge(TABLE, house, *events)
    alert = only(record, AlertKind.FOUR_CARD_FLOP)
    assert alert.severity is Severity.HAND_STOPPING
    assert alert.citations == (profile(house).cite("four_card_flop"),)
    assert ("scramble" in alert.ruling) == scramble and ("re-deal" in alert.ruling) == (not scramble)
    assert [a.kind for a in record.alerts] == [AlertKind.FOUR_CARD_FLOP], describe(record)
    assert len(record.rulings) == 6 + 6 + 6, "the hand is not stopped: the betting goes on"


def test_bluff_street_34_four_card_flop_scrambled_one_card_burned():
    record = judge(TABLE, "bluff_street", to_the_flop(), flop(count=4), checks(TABLE), turn())
    assert rules_cited(only(record, AlertKind.FOUR_CARD_FLOP)) == ["34"]
    assert not [a for a in record.alerts if a.kind is AlertKind.PREMATURE_BOARD]


def test_playlive_39_1_flop_with_too_many_cards_reshuffled_and_re_dealt():
    record = judge(TABLE, "playlive", to_the_flop(), flop(count=4), flop(), checks(TABLE), turn())
    assert rules_cited(only(record, AlertKind.FOUR_CARD_FLOP)) == ["39.1"]
    assert len(record.alerts) == 1, describe(record)


# ----- premature cards -------------------------------------------------------------------------------------


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_premature_flop(house):
    """The dealer turns the flop before the big blind has used its option; the flop is re-dealt."""
    events = [deal(TABLE), preflop_calls(TABLE)[:-1], board_card(3), check(2), flop(), checks(TABLE)]
    record = judge(TABLE, house, *events)
    alert = only(record, AlertKind.PREMATURE_BOARD)
    assert alert.ruling == profile(house).value("premature_flop")
    assert alert.citations == (profile(house).cite("premature_flop"),)
    assert "flop" in alert.message and "preflop" in alert.message
    assert len(record.alerts) == 1, f"the re-dealt flop is the flop: {describe(record)}"
    assert len(record.rulings) == 12


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_premature_turn(house):
    """The turn comes while seats 4-6 still have to act on the flop; the river card becomes the turn."""
    events = [
        to_the_flop(),
        flop(),
        checks(TABLE)[:3],
        board_card(),
        checks(TABLE)[3:],
        turn(),
        checks(TABLE),
        river(),
        checks(TABLE),
    ]
    record = judge(TABLE, house, *events)
    alert = only(record, AlertKind.PREMATURE_BOARD)
    assert alert.ruling == profile(house).value("premature_turn")
    assert alert.citations == (profile(house).cite("premature_turn"),)
    assert [a.kind for a in record.alerts] == [AlertKind.PREMATURE_BOARD, AlertKind.SHOWDOWN_ORDER]


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_premature_river(house):
    events = [
        to_the_flop(),
        flop(),
        checks(TABLE),
        turn(),
        checks(TABLE)[:5],
        board_card(),
        checks(TABLE)[5:],
        river(),
        checks(TABLE),
    ]
    record = judge(TABLE, house, *events)
    alert = only(record, AlertKind.PREMATURE_BOARD)
    assert alert.ruling == profile(house).value("premature_river")
    assert alert.citations == (profile(house).cite("premature_river"),)
    assert "river" in alert.message and "turn" in alert.message
    assert [a.kind for a in record.alerts] == [AlertKind.PREMATURE_BOARD, AlertKind.SHOWDOWN_ORDER]


def test_playlive_rp_5_a_premature_flop_keeps_the_burn():
    events = [deal(TABLE), preflop_calls(TABLE)[:-1], board_card(3)]
    alert = only(judge(TABLE, "playlive", *events), AlertKind.PREMATURE_BOARD)
    assert rules_cited(alert) == ["39.3 / RP-5-A"]
    assert "without another burn" in alert.ruling


def test_general_dealing_74_premature_turn_reshuffles_and_loses_the_original_river():
    events = [to_the_flop(), flop(), check(1), board_card()]
    alert = only(judge(TABLE, "general_dealing", *events), AlertKind.PREMATURE_BOARD)
    assert rules_cited(alert) == ["74"]
    assert "original river is not kept" in alert.ruling


def test_blasters_premature_flop_pulls_back_post_flop_bets_only():
    events = [deal(TABLE), preflop_calls(TABLE)[:-2], board_card(3)]
    alert = only(judge(TABLE, "blasters", *events), AlertKind.PREMATURE_BOARD)
    assert rules_cited(alert) == ["DEALING, CARDS & MISC: premature flop"]
    assert "post-flop bets only" in alert.ruling


def test_bluff_street_is_silent_on_premature_cards_so_the_tda_baseline_is_cited():
    events = [to_the_flop(), flop(), checks(TABLE), turn(), check(1), board_card()]
    alert = only(judge(TABLE, "bluff_street", *events), AlertKind.PREMATURE_BOARD)
    (citation,) = alert.citations
    assert citation.inherited_from == "tda" and str(citation).startswith("bluff_street: silent; tda")


# ----- the all-in run-out is not premature -------------------------------------------------------------


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_all_in_run_out_is_not_premature(house):
    """All-in pre-flop and called: flop, turn and river come with no betting, as they should."""
    events = [
        deal(HEADS_UP),
        say(1, "all_in"),
        call(1, 4_900),
        call(2, 4_800),
        flop(),
        turn(),
        river(),
        tabled(1, "As", "Kd"),
        tabled(2, "7c", "7h"),
        ended(),
    ]
    record = judge(HEADS_UP, house, *events)
    assert noise(record) == [], describe(record)
    assert record.alerts == [], "an all-in showdown has no order to show"


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_all_in_on_the_flop_run_out_is_not_premature(house):
    table = setup(stacks={1: 3_000})
    events = [
        to_the_flop(),
        flop(),
        call(1, 2_800),  # the small blind bets its last 2,800
        fold(2),
        fold(3),
        fold(4),
        fold(5),
        call(6, 2_800),
        turn(),
        river(),
        tabled(1),
        tabled(6),
        ended(),
    ]
    record = judge(table, house, *events)
    assert record.alerts == [], describe(record)


# ----- rabbit hunting -----------------------------------------------------------------------------------


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_rabbit_hunt_after_everyone_folded(house):
    events = [to_the_flop(), flop(), call(1, 400), fold(2), fold(3), fold(4), fold(5), fold(6), board_card()]
    record = judge(TABLE, house, *events)
    alert = only(record, AlertKind.RABBIT_HUNT)
    assert alert.severity is Severity.VIOLATION
    assert alert.citations == (profile(house).cite("rabbit_hunting_allowed"),)
    assert [a.kind for a in record.alerts] == [AlertKind.RABBIT_HUNT]


def test_bluff_street_26_rabbit_hunt_pre_flop():
    events = [deal(TABLE), call(3, 600), fold(4), fold(5), fold(6), fold(1), fold(2), board_card(3)]
    alert = only(judge(TABLE, "bluff_street", *events), AlertKind.RABBIT_HUNT)
    assert rules_cited(alert) == ["26"]


def test_blasters_no_rabbit_hunting_after_the_river_either():
    events = [to_the_flop(), flop(), checks(TABLE), turn(), checks(TABLE), river(), checks(TABLE)]
    events.append(board_card())
    record = judge(TABLE, "blasters", *events)
    assert rules_cited(only(record, AlertKind.RABBIT_HUNT)) == ["GAME STANDARDS: Rabbit hunting"]


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_a_flop_seen_landing_a_card_at_a_time_is_the_flop(house):
    """The camera may see the flop as one card and then two more as the dealer spreads it. After the
    pre-flop betting that is the flop, not a river; before it, the first card is already premature, and
    the two seen with it are the same premature flop (seed + 38000 premature_flop: two alerts)."""
    spread = [ChipsPulledIn(0.0), board_card(1), board_card(2)]
    record = judge(TABLE, house, deal(TABLE), preflop_calls(TABLE), spread, checks(TABLE), turn())
    assert record.alerts == [], describe(record)
    early = judge(
        TABLE, house, deal(TABLE), preflop_calls(TABLE)[:-1], board_card(1), Pause(0.4), board_card(2)
    )
    assert "flop" in only(early, AlertKind.PREMATURE_BOARD).message
    assert kinds(early) == [AlertKind.PREMATURE_BOARD], describe(early)


@pytest.mark.parametrize("pieces", [(1, 3), (2, 2), (3, 1)])
def test_a_four_card_flop_seen_in_pieces_is_still_a_four_card_flop(pieces):
    """Three then one a second later is the turn: the flop was complete; one then three, or two and two,
    is a flop of four cards."""
    events = [to_the_flop(), ChipsPulledIn(0.0), [board_card(n) for n in pieces]]
    record = judge(TABLE, "tda", *events)
    expected = AlertKind.PREMATURE_BOARD if pieces[0] == 3 else AlertKind.FOUR_CARD_FLOP
    assert [a.kind for a in record.alerts] == [expected], describe(record)


@pytest.mark.parametrize("house", PROFILE_IDS)
def test_a_fourth_card_seen_as_the_flop_is_spread_is_a_four_card_flop(house):
    """Seed + 27000 four_card_flop_reshuffle: three flop cards seen, and the fourth, dim, 0.4 s later.
    A flop is spread in one motion, and a turn comes only after a burn: that is a four-card flop, not a
    premature turn. The same card a second and a half later is the turn."""
    spread = judge(TABLE, house, to_the_flop(), ChipsPulledIn(0.0), board_card(3), Pause(0.4), board_card(1))
    assert kinds(spread) == [AlertKind.FOUR_CARD_FLOP], describe(spread)
    assert "came with 4 cards" in only(spread, AlertKind.FOUR_CARD_FLOP).message
    later = judge(TABLE, house, to_the_flop(), ChipsPulledIn(0.0), board_card(3), Pause(1.5), board_card(1))
    assert kinds(later) == [AlertKind.PREMATURE_BOARD], describe(later)
