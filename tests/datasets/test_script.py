"""The compiler: scenes per frame and a ground truth stamped with the frame where each thing happens."""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path

import pytest

from datasets.sim.motion import Track, ease, lerp_pose
from datasets.sim.objects import Card, ChipStack, Hand, Item, Pose
from datasets.sim.scenario import Scenario, ScenarioError, load_scenarios
from datasets.sim.script import CompiledHand, compile_scenario
from datasets.sim.staging import Bank, compose
from vision.events import (
    CardExposed,
    CardsDealt,
    CardsOutOfView,
    ChipAction,
    ChipsOutOfView,
    DecisionTime,
    Fold,
    HandEnded,
    HandStarted,
    HandTabled,
    ObjectPlaced,
    SeatVacated,
    TableTap,
)

KITCHEN_SINK = """\
version: 1
description: one of every step
profile: tda
blinds: [100, 200]
button: 6
seats: {1: 20000, 2: 20000, 3: 20000, 6: 8000}
hand:
  - post blinds
  - deal
  - seat 3 places protector
  - seat 3 peeks
  - seat 3 pushes [100, 100] then returns then pushes [500]
  - seat 6 raises to 900
  - seat 1 folds
  - seat 2 calls
  - seat 3 calls
  - flop Kd 7s 2c
  - seat 2 checks
  - seat 3 exposes a card
  - seat 3 pushes [500]
  - seat 6 places phone
  - seat 6 raises to 1500
  - seat 2 pushes [1000, 500]
  - push: {seat: 3, pushes: [[1000]], prior: combined}
  - seat 6 pockets [1000]
  - seat 2 holds cards below the rail
  - wait 2.5
  - seat 2 brings cards back
  - seat 6 leaves
  - seat 6 comes back
  - turn
  - seat 2 checks
  - seat 3 checks
  - clock on seat 6
  - seat 6 all in
  - seat 2 folds
  - seat 3 calls
  - showdown
  - river
  - push pot to seat 3
expect_alerts: []
"""


@cache
def kitchen_sink() -> CompiledHand:
    import tempfile

    folder = Path(tempfile.mkdtemp())
    path = folder / "sink.yaml"
    path.write_text(KITCHEN_SINK, encoding="utf-8")
    return compile_scenario(load_scenarios(path)[0])


def load(tmp_path: Path, text: str) -> Scenario:
    path = tmp_path / "hand.yaml"
    path.write_text(text, encoding="utf-8")
    return load_scenarios(path)[0]


def first(compiled: CompiledHand, kind: type, **fields: object):  # type: ignore[no-untyped-def]
    return next(
        e
        for e in compiled.events
        if isinstance(e, kind) and all(getattr(e, k) == v for k, v in fields.items())
    )


def zone(compiled: CompiledHand, pose: Pose) -> str | None:
    z = compiled.layout.zone_at(pose.x, pose.y)
    return z.name if z is not None else None


def objects(compiled: CompiledHand, frame: int) -> dict[str, object]:
    return compiled.scene(frame).by_id()


# ----- the timeline -------------------------------------------------------------------------------


def test_every_event_is_stamped_with_its_frame_in_order() -> None:
    hand = kitchen_sink()
    frames = [e.frame for e in hand.events]
    assert all(f is not None for f in frames)
    assert frames == sorted(frames)  # type: ignore[type-var]
    assert all(e.t == e.frame / hand.fps for e in hand.events)  # type: ignore[operator]
    assert isinstance(hand.events[0], HandStarted) and isinstance(hand.events[-1], HandEnded)
    assert hand.n_frames > hand.events[-1].frame  # type: ignore[operator]


def test_the_string_bet_is_one_action_with_its_motions() -> None:
    action = first(kitchen_sink(), ChipAction, seat=3)
    assert action.pushes == ((100, 100), (500,)) and action.returned_to_stack


def test_a_chip_action_is_stamped_when_the_last_chips_are_released_past_the_line() -> None:
    hand = kitchen_sink()
    action = first(hand, ChipAction, seat=2, pushes=((1000, 500),))
    f = action.frame
    hand_before, hand_at = objects(hand, f - 1)["hand2"], objects(hand, f)["hand2"]
    assert isinstance(hand_before, Hand) and hand_before.holding
    assert isinstance(hand_at, Hand) and not hand_at.holding
    released = [o for o in hand.scene(f).objects if isinstance(o, ChipStack) and o.id.startswith("s2_chips")]
    assert released and all(zone(hand, o.pose) == "seat2_bet" for o in released)


def test_held_chips_ride_with_the_hand() -> None:
    hand = kitchen_sink()
    action = first(hand, ChipAction, seat=6)
    for f in range(action.frame - 10, action.frame):
        scene = objects(hand, f)
        palm = scene["hand6"]
        assert isinstance(palm, Hand)
        for chip_id in palm.holding:
            chips = scene[chip_id]
            assert math.dist((palm.pose.x, palm.pose.y), (chips.pose.x, chips.pose.y)) < 12.0


def test_a_hole_card_is_dealt_when_it_lands_in_front_of_its_seat() -> None:
    hand = kitchen_sink()
    dealt = [e for e in hand.events if isinstance(e, CardsDealt) and e.seat is not None]
    assert [e.seat for e in dealt] == [1, 2, 3, 6, 1, 2, 3, 6]
    for e in dealt:
        landed = {o.id: o.pose for o in hand.scene(e.frame).objects if isinstance(o, Card)}
        before = {o.id: o.pose for o in hand.scene(e.frame - 1).objects if isinstance(o, Card)}
        moved = [i for i in landed if i in before and landed[i] != before[i]]
        assert any(zone(hand, landed[i]) == f"seat{e.seat}_cards" for i in moved)


def test_the_flop_is_dealt_when_it_is_turned_face_up() -> None:
    hand = kitchen_sink()
    flop = first(hand, CardsDealt, seat=None, count=3)
    assert flop.cards == ("Kd", "7s", "2c")
    up = [o for o in hand.scene(flop.frame).objects if isinstance(o, Card) and o.face_up]
    assert sorted(o.card for o in up if zone(hand, o.pose) == "board") == sorted(flop.cards)
    down = [o for o in hand.scene(flop.frame - 1).objects if isinstance(o, Card) and o.card in flop.cards]
    assert not any(o.face_up for o in down)


def test_a_fold_is_stamped_when_the_cards_reach_the_muck() -> None:
    hand = kitchen_sink()
    fold = first(hand, Fold, seat=1)
    cards = [
        o for o in hand.scene(fold.frame).objects if isinstance(o, Card) and zone(hand, o.pose) == "muck"
    ]
    assert len(cards) >= 2


def test_conduct_events_and_what_the_camera_sees() -> None:
    hand = kitchen_sink()
    hidden = first(hand, CardsOutOfView, seat=2)
    seat2_cards = {
        o.id
        for o in hand.scene(hidden.frame - 1).objects
        if isinstance(o, Card) and zone(hand, o.pose) != "board"
    }
    still = {o.id for o in hand.scene(hidden.frame).objects}
    assert seat2_cards - still, "the cards leave the scene at the rail"
    pocket = first(hand, ChipsOutOfView, seat=6)
    assert pocket.chips == (1000,)
    phone = first(hand, ObjectPlaced, seat=6)
    assert any(isinstance(o, Item) and o.kind.value == "phone" for o in hand.scene(phone.frame).objects)
    all_in = [e for e in hand.events if isinstance(e, ChipAction) and e.seat == 6][-1]
    assert all_in.amount == 8000 - 900 - 1500 - 1000
    assert first(hand, SeatVacated, seat=6).frame < all_in.frame
    assert first(hand, CardExposed, seat=3).card is not None
    assert first(hand, TableTap, seat=2)
    ticks = [e for e in hand.events if isinstance(e, DecisionTime)]
    assert [e.seat for e in ticks] == [2, 2] and ticks[1].seconds - ticks[0].seconds == 1.0
    tabled = [e.seat for e in hand.events if isinstance(e, HandTabled)]
    assert tabled == [3, 6]


def test_chips_are_conserved_on_the_table() -> None:
    hand = kitchen_sink()
    total = sum(s.stack for s in hand.setup.seats)
    pocketed = first(hand, ChipsOutOfView, seat=6)
    for f in range(0, hand.n_frames, 7):
        on_felt = sum(o.value for o in hand.scene(f).objects if isinstance(o, ChipStack))
        assert on_felt == total - (1000 if f >= pocketed.frame else 0), f"frame {f}"


def test_stacks_hold_the_chips_the_script_pushes_from_the_first_frame() -> None:
    hand = kitchen_sink()
    start = hand.start_stacks[3]
    assert sum(v * n for v, n in start.items()) == 20000
    assert start.get(500, 0) >= 1 and start.get(100, 0) >= 2


def test_same_scenario_same_truth() -> None:
    text = KITCHEN_SINK
    a = compile_scenario(kitchen_sink().scenario)
    assert a.records() == kitchen_sink().records()
    assert a.scene(400) == kitchen_sink().scene(400)
    assert text  # the scenario is data; nothing global changes between compiles


def test_a_different_seed_deals_different_cards(tmp_path: Path) -> None:
    scn = load(tmp_path, KITCHEN_SINK)
    other = compile_scenario(scn.model_copy(update={"seed": 99}))
    assert other.hole_cards != kitchen_sink().hole_cards
    assert [type(e) for e in other.events] == [type(e) for e in kitchen_sink().events]


# ----- errors -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("steps", "needle"),
    [
        ("  - deal\n  - seat 2 calls\n", "seat 2 has nothing to call"),
        ("  - deal\n  - seat 3 raises to 100\n", "does not raise the bet of 200"),
        ("  - deal\n  - seat 3 folds\n  - seat 3 folds\n", "seat 3 has no cards on the felt"),
        ("  - deal\n  - seat 3 leaves\n  - seat 3 checks\n", "seat 3 is away from the table"),
        (
            "  - deal\n  - seat 3 pushes [5000, 5000, 5000, 5000, 5000]\n",
            "seat 3 has 20,000 behind, not 25,000",
        ),
        ("  - deal\n  - flop\n  - turn\n  - river\n  - turn\n", "no room for 1 more"),
        ("  - deal\n  - push: {seat: 3, pushes: [[100]], prior: pulled_back}\n", "no chips in front of it"),
    ],
)
def test_impossible_steps_fail_with_the_line(tmp_path: Path, steps: str, needle: str) -> None:
    head = KITCHEN_SINK.split("hand:\n")[0]
    scn = load(tmp_path, head + "hand:\n" + steps + "expect_alerts: []\n")
    with pytest.raises(ScenarioError) as info:
        compile_scenario(scn)
    bad_line = 8 + steps.count("\n") - 1
    assert str(info.value).startswith(f"{tmp_path / 'hand.yaml'}:{bad_line}: field 'hand."), str(info.value)
    assert needle in str(info.value)


# ----- the pieces ---------------------------------------------------------------------------------


def test_keys_ease_in_and_out_and_lift_in_an_arc() -> None:
    assert ease(0.0) == 0.0 and ease(1.0) == 1.0 and ease(0.5) == 0.5 and ease(0.1) < 0.1
    mid = lerp_pose(Pose(0, 0, 350.0), Pose(10, 0, 10.0), 0.5, arc=3.0)
    assert (mid.x, mid.z) == (5.0, 3.0) and mid.angle == pytest.approx(360.0)
    track = Track("c", 1)
    track.set(0, Card("c", Pose(0, 0), "As"))
    track.move(10, 20, Pose(10, 0), face_up=True)
    track.remove(20)
    at = [track.at(f) for f in (5, 10, 15, 19, 20)]
    assert at[0].pose.x == 0 and at[1].pose.x == 0 and at[2].pose.x == 5.0  # type: ignore[union-attr]
    assert not at[3].face_up and at[3].pose.x > 9  # type: ignore[union-attr]
    assert at[4] is None


def test_stacks_are_composed_and_change_is_made_from_larger_chips() -> None:
    values = (25, 100, 500, 1000, 5000, 25000)
    start = compose(40000, values)
    assert sum(v * n for v, n in start.items()) == 40000 and len(start) >= 3
    bank = Bank(1, compose(2000, values), values)
    had = dict(bank.start)
    bank.take([25] * 12)
    assert bank.amount == 2000 - 300
    assert sum(v * n for v, n in bank.start.items()) == 2000 and bank.start != had
    assert sorted(bank.pick(1000, largest=300)) == [100] * 10 or max(bank.pick(1000, largest=300)) <= 300
