"""The generated archive behind `railbird rules bench`: deterministic, and clean hands stay clean."""

import random

import pytest

from rules.engine import judge_hand
from rules.profile import available_profiles, load_profile
from rules.records import Severity
from rules.replay import bench, chips_for, generate_hand


def test_chips_for_makes_the_amount_with_house_denominations():
    assert chips_for(1725) == (1000, 500, 100, 100, 25)
    assert sum(chips_for(31_400)) == 31_400


def test_archive_is_deterministic_by_seed():
    first = [generate_hand(random.Random(3), i) for i in range(1)]
    again = [generate_hand(random.Random(3), i) for i in range(1)]
    assert first == again


@pytest.mark.parametrize("profile_id", available_profiles())
def test_ordinary_hands_raise_no_warnings_or_violations(profile_id):
    profile = load_profile(profile_id)
    rng = random.Random(11)
    for number in range(60):
        setup, events = generate_hand(rng, number)
        record = judge_hand(setup, profile, events)
        serious = [a for a in record.alerts if a.severity is not Severity.RULING]
        assert not serious, f"hand {setup.hand_id}: {[(a.kind, a.message) for a in serious]}"
        assert record.rulings


def test_bench_counts_rulings():
    result = bench(20, seed=1, profile=load_profile("tda"))
    assert result.hands == 20 and result.rulings > 100 and result.seconds > 0
