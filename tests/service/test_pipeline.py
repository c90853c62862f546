"""CameraPipeline wiring that the scenario runs do not pin down on their own."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from rules.records import Alert, BetAction, Ruling
from service.pipeline import CONSOLE_LAG, CameraPipeline, ModelPerception
from tests.rules.hands import deal, flop, fold, preflop_order, timeline
from tests.rules.test_uncounted_chips import tops
from vision.camera_config import CameraConfig, load_camera_config
from vision.detections import Detections
from vision.events import Declaration, DeclarationKind, HandEnded, HandStarted, SeatReturned, SeatVacated
from vision.source import Frame

CONFIG = Path(__file__).resolve().parents[2] / "camera_configs" / "demo_overhead.yaml"


def nothing_seen(frame: Frame) -> Detections:
    return Detections.empty(("card_up", "card_down", "chip", "hand"))


def test_console_entries_wait_for_the_camera_events_before_them() -> None:
    pipeline = CameraPipeline(load_camera_config(CONFIG), nothing_seen)
    said = Declaration(5.0, seat=3, what=DeclarationKind.RAISE, amount=1000)
    pipeline.add_console(said)
    assert pipeline._with_console([], 5.0 + CONSOLE_LAG / 2) == []
    assert pipeline._with_console([], 5.0 + CONSOLE_LAG) == [said]
    assert pipeline._with_console([], 99.0) == []  # judged once


def test_a_static_table_costs_one_detector_call_a_second() -> None:
    config = load_camera_config(CONFIG)
    pipeline = CameraPipeline(config, nothing_seen)
    still = np.zeros((config.height, config.width, 3), np.uint8)
    for i in range(90):  # three seconds of an empty, unchanging table
        pipeline.process(Frame(i, i / 30, still))
    assert pipeline.detector_calls <= 4  # the first frame, then config.detector.idle_rate (1 a second)
    assert pipeline.hands == []


def test_a_player_away_before_the_deal_is_away_in_every_hand_until_back() -> None:
    pipeline = CameraPipeline(load_camera_config(CONFIG), nothing_seen)
    pipeline._judge(SeatVacated(1.0, seat=3))  # between hands: no hand to judge it in yet
    pipeline._judge(HandStarted(2.0, hand_id="h1", button_seat=1))
    assert SeatVacated(1.0, seat=3) in pipeline.hands[-1].events
    assert pipeline.judge is not None and 3 in pipeline.judge.absent
    pipeline._judge(HandEnded(10.0))
    pipeline._judge(HandStarted(12.0, hand_id="h2", button_seat=2))
    assert SeatVacated(12.0, seat=3) in pipeline.hands[-1].events  # still away: said again in this hand
    pipeline._judge(SeatReturned(13.0, seat=3))
    pipeline._judge(HandEnded(20.0))
    pipeline._judge(HandStarted(22.0, hand_id="h3", button_seat=3))
    assert not any(isinstance(e, SeatVacated) for e in pipeline.hands[-1].events)


@pytest.mark.parametrize(
    ("shown_at_4", "acting", "alerts_seen"),
    [
        (False, 1, [("absent_at_deal", 4), ("absent_at_deal", 5), ("absent_at_deal", 6)]),
        (True, 1, [("out_of_turn", 1)]),
        (False, 2, [("out_of_turn", 2)]),
    ],
    ids=["nothing-ever-shown", "a-sliver-once", "past-a-seat-seen"],
)
def test_action_passing_a_chair_the_camera_cannot_judge_where_nobody_ever_showed_finds_it_empty(
    shown_at_4: bool, acting: int, alerts_seen: list[tuple[str, int]]
) -> None:
    """The demo camera shows seats 1-3 clear of the frame's edge; seat 4's chair is cut by the top edge,
    and seats 5 and 6 lie beyond it, where nobody was ever seen. The small blind acting after under the
    gun passes them by: they were away at the deal (their hands dead, stamped when the deal was over),
    not passed out of turn (absent_at_deal's empty top-edge chair, in every set). A player once boxed at
    seat 4, even scored low, sits there: acting past it is out of turn. So is the big blind's acting
    past the small blind, whose player the camera shows."""
    from tests.rules.hands import call
    from vision.table import OFF, SeenObject, TableScene

    pipeline = CameraPipeline(load_camera_config(CONFIG), nothing_seen)
    geo = pipeline.geometry
    seated = [SeenObject(50 + s, "player", _chair_box(geo, s), OFF, s, score=0.9) for s in (1, 2, 3)]
    if shown_at_4:
        seated.append(SeenObject(54, "player", _chair_box(geo, 4), OFF, 4, score=0.08))
    pipeline.presence.update(TableScene(0, 0.5, tuple(seated), ("card_down", "hand", "player")))
    pipeline._judge(HandStarted(1.0, hand_id="h1", button_seat=6))
    table = pipeline.hands[-1].setup
    assert table is not None and preflop_order(table) == [3, 4, 5, 6, 1, 2]
    events = timeline(deal(table), [call(3, table.big_blind), call(acting, table.small_blind)])
    alerts = [a for ev in events for a in pipeline._judge(replace(ev, t=ev.t + 1.0)) if isinstance(a, Alert)]
    assert [(a.kind.value, a.seat) for a in alerts] == alerts_seen
    deal_over = events[len(deal(table)) - 1].t + 1.0
    assert all(a.t_end == deal_over for a in alerts if a.kind.value == "absent_at_deal")


@pytest.mark.parametrize(
    ("first", "alerts_seen"), [(3, []), (4, [("absent_at_deal", 3)])], ids=["acts", "passed"]
)
def test_a_clear_chair_where_nobody_ever_showed_is_empty_only_once_the_action_passes_it(
    first: int, alerts_seen: list[tuple[str, int]]
) -> None:
    """Seat 3's chair lies clear of the frame's edge, but nothing of a player ever showed there (seed +
    30000's seat 1: a dark-clothed player under dim light, never boxed, was called away at the deal in
    four renders). Presence no longer calls it vacant; under the gun, it acts in turn and nothing is
    said, or seat 4 acts past it and it was away at the deal."""
    from tests.rules.hands import call
    from vision.table import OFF, SeenObject, TableScene

    pipeline = CameraPipeline(load_camera_config(CONFIG), nothing_seen)
    geo = pipeline.geometry
    assert 3 in geo.chairs_clear
    seated = tuple(SeenObject(50 + s, "player", _chair_box(geo, s), OFF, s, score=0.9) for s in (1, 2, 4))
    for i in range(30):  # three seconds with seat 3 never seen: not vacant
        assert pipeline.presence.update(TableScene(i, i / 10, seated, ("card_down", "hand", "player"))) == []
    pipeline._judge(HandStarted(3.0, hand_id="h1", button_seat=6))
    table = pipeline.hands[-1].setup
    assert table is not None and preflop_order(table)[0] == 3
    events = timeline(deal(table), [call(first, table.big_blind)])
    alerts = [a for ev in events for a in pipeline._judge(replace(ev, t=ev.t + 3.0)) if isinstance(a, Alert)]
    assert [(a.kind.value, a.seat) for a in alerts] == alerts_seen


def _chair_box(geo: object, seat: int) -> tuple[float, float, float, float]:
    x, y = geo.chairs[seat]  # type: ignore[attr-defined]
    return (x - 60, y - 45, x + 60, y + 45)


def _run(config_path: Path, overlap: bool) -> tuple[CameraPipeline, list[object], list[int]]:
    from datasets.sim.oracle import OraclePerception
    from vision.source import FrameSource

    config = load_camera_config(config_path)
    perceive = OraclePerception(config_path.parent / "annotations.jsonl", config.chips)
    finished: list[int] = []
    pipeline = CameraPipeline(
        config, perceive, overlap=overlap, on_scene=lambda frame, scene: finished.append(scene.frame)
    )
    outputs: list[object] = []
    with FrameSource(config.source, expected_size=(config.width, config.height)) as frames:
        for frame in frames:
            outputs += pipeline.process(frame)
            last = frame.t
    outputs += pipeline.close(last)
    return pipeline, outputs, finished


def test_overlapped_perception_gives_the_same_events_and_alerts_in_frame_order(camera_yaml: Path) -> None:
    in_line, said_in_line, order_in_line = _run(camera_yaml, overlap=False)
    overlapped, said_overlapped, order_overlapped = _run(camera_yaml, overlap=True)
    assert said_overlapped == said_in_line and any(isinstance(o, Alert) for o in said_in_line)
    assert [h.events for h in overlapped.hands] == [h.events for h in in_line.hands]
    assert order_overlapped == order_in_line == sorted(order_in_line)  # every frame, once, in order
    assert overlapped.detector_calls == in_line.detector_calls


def test_a_perception_error_surfaces_and_close_still_ends_the_hand() -> None:
    config = load_camera_config(CONFIG)
    calls = 0

    def fails_on_the_fourth_call(frame: Frame) -> Detections:
        nonlocal calls
        calls += 1
        if calls == 4:
            raise RuntimeError(f"frame {frame.index}: the detector's session failed")
        return nothing_seen(frame)

    pipeline = CameraPipeline(config, fails_on_the_fourth_call, overlap=True)
    pipeline._judge(HandStarted(0.0, hand_id="h1", button_seat=1))
    rng = np.random.default_rng(0)
    raised = None
    last = 0.0
    for i in range(60):  # every frame changes, so the detector is due ten times a second
        last = i / 30
        try:
            pipeline.process(Frame(i, last, rng.integers(0, 255, (config.height, config.width, 3), np.uint8)))
        except RuntimeError as exc:
            raised = str(exc)
            break
    if raised is None:  # the failed frame was still waiting: close finishes the rest, then raises
        with pytest.raises(RuntimeError, match="session failed"):
            pipeline.close(last)
    else:
        assert "session failed" in raised
        pipeline.close(last)
    assert pipeline.hands[-1].t_end == last  # the open hand was closed either way


class RegionRecorder:
    """A perception that takes regions and records what each call was given."""

    takes_regions = True

    def __init__(self) -> None:
        self.calls: list[tuple[float, np.ndarray | None]] = []

    def __call__(self, frame: Frame, region: np.ndarray | None = None) -> Detections:
        self.calls.append((frame.t, region))
        return nothing_seen(frame)


@pytest.mark.parametrize("share", [0.5, 0.0])
def test_between_whole_frame_calls_the_detector_looks_only_where_the_picture_moves(share: float) -> None:
    config = load_camera_config(CONFIG)
    config = config.model_copy(
        update={"detector": config.detector.model_copy(update={"region_share": share})}
    )
    perceive = RegionRecorder()
    pipeline = CameraPipeline(config, perceive)
    rng = np.random.default_rng(1)
    felt = rng.integers(0, 40, (config.height, config.width, 3), dtype=np.uint8)
    for i in range(90):  # a 60 px square sliding right across the felt for three seconds
        image = felt.copy()
        x = 300 + 4 * i
        image[400:460, x : x + 60] = 255
        pipeline.process(Frame(i, i / 30, image))
    regions = [(t, r) for t, r in perceive.calls if r is not None]
    whole = [t for t, r in perceive.calls if r is None]
    assert pipeline.region_calls == len(regions)
    if share == 0.0:
        assert regions == [] and len(whole) == len(perceive.calls)
        return
    assert len(regions) >= len(perceive.calls) * 0.6
    for t, r in regions:  # each region holds the square where it was then
        x = 300 + 4 * round(t * 30)
        assert r[0] <= x and r[2] >= x + 60 and r[1] <= 400 and r[3] >= 460
        assert (r[2] - r[0]) * (r[3] - r[1]) <= 0.5 * config.width * config.height
    gaps = np.diff(whole)
    assert whole[0] == 0.0 and (gaps <= config.detector.full_every + 1e-6).all()


def test_the_hand_record_keeps_the_engines_revised_rulings() -> None:
    """The first seat's one-stack push reads as a call until the flop shows it was a raise: the hand
    record's rulings are the revised ones, and the revision was sent out as it was made."""
    sent: list[object] = []
    pipeline = CameraPipeline(
        load_camera_config(CONFIG), nothing_seen, on_output=lambda o, log: sent.append(o)
    )
    pipeline._judge(HandStarted(1.0, hand_id="h1", button_seat=None))
    table = pipeline.hands[-1].setup
    first, *middle, big_blind = preflop_order(table)
    events = timeline(deal(table), [tops(first, 100), *map(fold, middle), tops(big_blind, 100)], flop())
    for ev in events:
        pipeline._judge(replace(ev, t=ev.t + 2.0))
    rulings = pipeline.hands[-1].rulings
    assert [(r.seat, r.action) for r in rulings if r.seat in (first, big_blind)] == [
        (first, BetAction.RAISE),
        (big_blind, BetAction.CALL),
    ]
    assert not any(isinstance(o, Alert) and o.kind.value == "premature_board" for o in sent)
    assert [o.action for o in sent if isinstance(o, Ruling) and o.seat == first] == [
        BetAction.CALL,
        BetAction.RAISE,
    ]


def test_hands_are_kept_from_their_own_lower_bar_and_other_objects_from_the_detector_bar() -> None:
    """A far table's hands score 0.2-0.3 (seed + 8000 premature_flop: seat 2's tap at 0.25), under the
    detector bar of 0.3 that keeps cards and chips honest. A hand missed is a tap or a fold missed."""
    from service.pipeline import ModelPerception

    config = load_camera_config(CONFIG)
    perception = ModelPerception(config)
    names = perception.detector.names
    scores = {"hand": 0.22, "chip": 0.22, "card_down": 0.35}
    boxes = np.array([[100, 100, 140, 140], [300, 300, 320, 320], [500, 300, 540, 340]], np.float32)

    class Detector:
        conf = perception.detector.conf  # the model runs at the lowest bar of all, then each class's

        def __call__(self, image: np.ndarray) -> list[Detections]:
            ids = np.array([names.index(n) for n in scores], np.int32)
            return [Detections(boxes, np.array(list(scores.values()), np.float32), ids, names)]

    perception.detector = Detector()  # type: ignore[assignment]
    seen = perception(Frame(0, 0.0, np.zeros((config.height, config.width, 3), np.uint8)))
    assert sorted(seen.class_names()) == ["card_down", "hand"]
    assert config.detector.conf == 0.3 and config.detector.hand_conf == 0.2


CARD_BOX = np.array([[600, 300, 640, 356]], np.float32)


def perception_seeing_a_face_up_card(score: float, close_up: bool) -> tuple[ModelPerception, CameraConfig]:
    """The model perception with its detector faked to find one face-up card box at ``CARD_BOX``
    scored ``score``; ``close_up``: the card zones' close look finds it instead, the detector nothing."""
    config = load_camera_config(CONFIG)
    perception = ModelPerception(config)
    names = perception.detector.names
    up = np.array([names.index("card_up")], np.int32)
    card = Detections(CARD_BOX, np.array([score], np.float32), up, names)
    nothing = card.select(np.zeros(1, bool))

    class Fake:
        conf = perception.detector.conf

        def __call__(self, image: np.ndarray) -> list[Detections]:
            return [nothing if close_up else card]

    perception.detector = Fake()  # type: ignore[assignment]
    perception.close_look = (lambda image, dets: Detections.joined(dets, card)) if close_up else None  # type: ignore[assignment]
    return perception, config


def felt_with_card(config: CameraConfig, colour: tuple[int, int, int]) -> np.ndarray:
    """A blue felt frame with a card-sized patch of ``colour`` (BGR) under ``CARD_BOX``."""
    image = np.full((config.height, config.width, 3), (90, 60, 40), np.uint8)
    image[300:356, 600:640] = colour
    return image


def test_a_card_found_face_up_close_up_is_a_back_unless_its_middle_is_white() -> None:
    """The card zones' close look adds face-up cards (seed + 20000 card_exposed_action_pending: an
    exposed card at 0.09 to the whole frame, 0.90 close up), so the check that a face-up box shows
    white paper runs on the close look's boxes too: a red back called face up is a back."""
    perception, config = perception_seeing_a_face_up_card(0.9, close_up=True)
    red_back = felt_with_card(config, (40, 40, 170))
    assert perception(Frame(0, 0.0, red_back)).class_names() == ["card_down"]
    white_paper = felt_with_card(config, (235, 235, 235))
    assert perception(Frame(1, 0.1, white_paper)).class_names() == ["card_up"]


def test_a_faint_face_up_card_is_kept_if_its_middle_is_white_and_dropped_if_not() -> None:
    """Seed + 27000 (a dark blue felt under dim light): the flop's middle card, a nine of spades, scored
    0.27, under the detector bar of 0.3, in every call; the flop was seen as two cards and the third
    as a card dealt after the hand (a rabbit hunt) or early (a premature board). A face-up box from
    ``face_conf`` (0.2) stays if its middle is white paper; a faint one that is not (a red back) is
    dropped, not kept as a faint back."""
    perception, config = perception_seeing_a_face_up_card(0.25, close_up=False)
    white_paper = felt_with_card(config, (235, 235, 235))
    assert perception(Frame(0, 0.0, white_paper)).class_names() == ["card_up"]
    red_back = felt_with_card(config, (40, 40, 170))
    assert perception(Frame(1, 0.1, red_back)).class_names() == []
    assert config.detector.face_conf == 0.2 < config.detector.conf
