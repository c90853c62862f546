"""One camera's pipeline: frames in, events, rulings and alerts out.

    frame -> motion gate -> perception (detector + card reader + chip values) -> tracker
          -> table scene -> temporal analyzers -> events (+ console events) -> rules engine -> alerts

``CameraPipeline.process(frame)`` runs one frame through every stage and returns what the rules
engine raised; stage times are kept for ``railbird bench``. With ``overlap=True`` perception runs on a
thread of its own while the next frames are decoded and motion-gated (the detector spends most of
its time outside the GIL). That thread is the pipeline's bottleneck, so only perception runs there:
tracking and the rest follow on the caller's thread, in frame order, once a frame's detections are
in. ``process`` then returns what frames a few frames back raised, in frame order, and ``close``
finishes every frame still waiting. The outputs are the same either way. Perception is
a callable ``Frame -> Detections``: ``ModelPerception`` (the ONNX models) in production, the simulator's own
boxes (``datasets.sim.oracle``) when the analyzers are scored apart from the detector. Two optional
attributes say more: ``counts_stacks`` (False: a chip's value is its top chip's, so chip actions are
marked not counted) and ``takes_regions`` (True: a call may be given the moving part of the frame to
look at, ``detector.region_share``; `vision.regions`).
"""

from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from rules.engine import HandJudge, Output
from rules.hand_state import Game, HandSetup, SeatSetup
from rules.profile import load_profile
from rules.records import Alert, Ruling
from vision.actions import ActionAnalyzer
from vision.camera_config import CameraConfig, ZoneKind
from vision.card_boxes import one_box_per_card, one_box_per_disc
from vision.card_faces import LightMeter, verify_faces
from vision.close_look import CloseLook
from vision.detections import Detections
from vision.drinks import OBJECTS, READ_FLOOR, ProtectorTracks, protectors_on_cards, sure_below
from vision.events import (
    ChipAction,
    DecisionTime,
    Declaration,
    Event,
    Fold,
    HandEnded,
    HandStarted,
    ObjectPlaced,
    ObjectRemoved,
    SeatReturned,
    SeatVacated,
    TableTap,
)
from vision.hands import StillFaintHands
from vision.motion import MotionGate
from vision.presence import SeatPresence
from vision.readings import StillReadings
from vision.regions import merge_region, moving_region
from vision.source import Frame
from vision.table import PixelZone, TableGeometry, TableScene, build_scene
from vision.tracking import Tracker

Perception = Callable[[Frame], Detections]
CONSOLE_LAG = 1.0  # seconds console entries wait, so the camera's events before them are in first
CONSOLE = (Declaration,)  # kinds that come from the dealer console, never from the camera
Boxes = tuple[tuple[float, float, float, float], ...]  # xyxy pixels
MAX_WAITING = 8  # frames decoded ahead of their detections (overlap); more and ``process`` waits
# The chip reader's bars on video: 16 px chips through H.264 cost more against every palette than the
# 20-50 px photos the reader's defaults were set on. On seed + 33000 (every fourth render, a frame in
# 2 s, the renderer's own boxes: `python -m datasets.eval_video_chips`), 0.10 / 28 reads 90% of the
# stacks, 99.6% right, against 61% at the defaults (0.05 / 24).
VIDEO_CHIP_BARS = {"min_confidence": 0.10, "max_cost": 28.0}
STAGES = ("motion", "perceive", "wait", "track", "scene+actions", "rules", "total")  # wait: for a detection


class ModelPerception:
    """The shipped ONNX detector (its face-up cards checked on their pixels: `vision.card_faces`; the
    bet, stack and card zones looked at closer: `vision.close_look`; one box per card:
    `vision.card_boxes`), card reader, chip classifier and drink reader, as one call per frame. A
    chip's value is its top chip's: the stack below is not counted (``counts_stacks``)."""

    counts_stacks = False
    takes_regions = True
    reads_drinks = True  # a drink, phone or protector's label is the drink reader's (or unknown)

    def __init__(self, config: CameraConfig) -> None:
        from vision.cards import CardReader
        from vision.chips import ChipClassifier
        from vision.detector import OnnxDetector
        from vision.drinks import DrinkReader

        settings = config.detector
        self.conf = settings.conf
        self.detector = OnnxDetector(Path(settings.model), conf=settings.conf, imgsz=settings.imgsz)
        if "player" in self.detector.names:  # players scored down to seated_conf: a sliver keeps a seat
            self.detector.conf = min(settings.conf, settings.seated_conf)
        self.detector.conf = min(self.detector.conf, settings.hand_conf)  # and hands down to hand_conf
        self.hand_conf = settings.hand_conf
        self.face_conf = settings.face_conf
        self.detector.conf = min(self.detector.conf, settings.face_conf)  # and face-up cards to face_conf
        self.cards = CardReader(Path(config.detector.cards_model))
        self.cards.second_look = False  # the card's next frames are its second look (docs/card_sizes.json)
        self.chips = ChipClassifier(config.chips, **VIDEO_CHIP_BARS)
        self.drinks = DrinkReader(Path(config.detector.drinks_model))
        self.oblique = config.view == "oblique"
        self.geometry = TableGeometry(config, config.width, config.height)
        self.close_look = (
            CloseLook(
                self.detector,
                self.geometry,
                settings.bet_zoom,
                settings.conf,
                settings.hand_conf,
            )
            if settings.bet_zoom > 0 and self.detector.input_hw is None
            else None
        )
        self.light = LightMeter()  # the colour of the light, which tints a face-up card's white paper
        self.still = StillReadings(("card_up", "chip", *OBJECTS))  # objects at rest are not read again
        self._last: Detections | None = None  # the last call's detections, read

    def __call__(self, frame: Frame, region: np.ndarray | None = None) -> Detections:
        """``region``: an xyxy box where the picture moved; the detector looks only there and the
        last call's detections stand elsewhere (`vision.regions`). None: the whole frame."""
        if region is None or self._last is None:
            dets, looked = self.detector(frame.image)[0], None
        else:
            dets, looked = self.detector.detect_in(frame.image, region)
        if self.detector.conf < self.conf:  # below the bar only players, hands, objects to read, faces stay
            hands = dets.of_class("hand") & (dets.confidence >= self.hand_conf)
            objects = np.isin(dets.class_names(), OBJECTS) & (dets.confidence >= READ_FLOOR)
            faces = dets.of_class("card_up") & (dets.confidence >= self.face_conf)
            dets = dets.select(
                (dets.confidence >= self.conf) | dets.of_class("player") | hands | objects | faces
            )
        if looked is not None and self._last is not None:
            dets = merge_region(self._last, dets, looked, frame.image.shape[:2])
        if self.close_look is not None:  # small chips in the bet and stack zones, looked at closer
            dets = self.close_look(frame.image, dets)
        # a back called face up is a back
        dets = verify_faces(frame.image, dets, self.light(frame.image), self._on_board)
        # a faint face-up box is kept only if its middle is white paper: a faint one that is not was no card
        dets = dets.select(~(dets.of_class("card_down") & (dets.confidence < self.conf)))
        dets = one_box_per_disc(one_box_per_card(dets))  # a card or a button boxed twice is one
        dets, todo = self.still.recall(frame.image, dets)
        dets = self.cards.label(frame.image, dets, only=todo)
        dets = self.chips.assign(frame.image, dets, oblique=self.oblique, only=todo)
        dets = sure_below(self.drinks.label(frame.image, dets, only=todo), self.conf)
        dets = protectors_on_cards(self.drinks, frame.image, dets, self._at_a_seat)  # missed there
        self.still.remember(dets)
        self._last = dets
        return dets

    def _zone_at(self, x: float, y: float) -> PixelZone | None:
        return self.geometry.by_name.get(self.geometry.place_of(x, y))

    def _on_board(self, x: float, y: float) -> bool:
        zone = self._zone_at(x, y)
        return zone is not None and zone.kind is ZoneKind.BOARD

    def _at_a_seat(self, x: float, y: float) -> bool:
        """Whether a pixel lies in a seat's cards zone (not the deck's, nor the muck's)."""
        zone = self._zone_at(x, y)
        return zone is not None and zone.kind is ZoneKind.CARDS and zone.seat is not None


@dataclass(frozen=True, slots=True)
class SetupCorrection:
    """A dealer-console correction to the next hand's setup (the button, the blinds, a seat's stack);
    ``t`` is when it was entered, on the camera's clock. ``None`` fields are left as they are."""

    t: float = 0.0
    button: int | None = None
    blinds: tuple[int, int] | None = None
    stack: tuple[int, int] | None = None  # (seat, amount)


@dataclass(slots=True)
class HandLog:
    """One hand as the pipeline saw it: its events and what the engine said."""

    hand_id: str
    t_start: float
    setup: HandSetup | None = None
    events: list[Event] = field(default_factory=list)
    rulings: list[Ruling] = field(default_factory=list)
    alerts: list[Alert] = field(default_factory=list)
    t_end: float | None = None


class CameraPipeline:
    """Frames of one camera in; alerts out. Not thread-safe: one worker owns one pipeline."""

    def __init__(
        self,
        config: CameraConfig,
        perceive: Perception,
        console: Iterable[Event] = (),
        on_output: Callable[[Output, HandLog], None] | None = None,
        on_scene: Callable[[Frame, TableScene], None] | None = None,
        overlap: bool = False,
    ) -> None:
        self.config = config
        self.perceive = perceive
        self.profile = load_profile(config.game.profile)
        self.geometry = TableGeometry(config, config.width, config.height)
        self.motion = MotionGate(config.motion)
        self.tracker = Tracker(config.fps, steady_floors={"card_up": config.detector.face_conf})
        self.protectors = ProtectorTracks()  # chip tracks read as protectors stay protectors
        self.still_hands = StillFaintHands()  # a faint hand box lying still is none
        # a camera sees a stack's top chip only; a perception that does not say so (the simulator's
        # own boxes, test doubles) gives each stack's whole value
        counted = getattr(perceive, "counts_stacks", True)
        self.analyzer = ActionAnalyzer(
            self.geometry,
            config.chips,
            turn=self._actor,
            stacks_counted=counted,
            reads_drinks=getattr(perceive, "reads_drinks", False),
            hole_cards=4 if config.game.game == "plo" else 2,
        )
        self.presence = SeatPresence(self.geometry, config.game.seats, sure=config.detector.conf)
        self.console = sorted(console, key=lambda e: e.t)
        self.on_output = on_output
        self.on_scene = on_scene  # each frame with its scene, in order, once it has run (clips)
        self.scene: TableScene | None = None  # the last finished frame's scene
        self.corrections: list[SetupCorrection] = []  # for the next hand's setup
        self.blinds = config.game.blinds  # the config's, until the console corrects them
        self.judge: HandJudge | None = None
        self.hands: list[HandLog] = []
        self.stage_ms: dict[str, list[float]] = defaultdict(list, {stage: [] for stage in STAGES})
        self.detector_calls = 0
        self.region_calls = 0  # of those, calls that looked only where the picture moved
        self._takes_regions = bool(getattr(perceive, "takes_regions", False))
        self._last_full_t = -1e9
        self._perceiver = ThreadPoolExecutor(1, thread_name_prefix="perceive") if overlap else None
        # frames in order, each with its detector call (if one was made) and its motion regions
        self._waiting: deque[tuple[Frame, Future[Detections] | None, Boxes]] = deque()
        self._last_dets: Detections | None = None
        self._last_detect_t = -1e9
        self._turn: tuple[int | None, float] = (None, 0.0)
        self._next_tick = 0.0
        self._last_button: int | None = None
        self._between_hands: list[ObjectPlaced] = []  # objects put on the felt before the hand started
        self._away: dict[int, SeatVacated] = {}  # seats whose player is away now (carried into each hand)

    # ----- the one entry point -------------------------------------------------------------------

    def process(self, frame: Frame) -> list[Output]:
        clock = time.perf_counter
        t0 = clock()
        motion = self.motion.update(frame.image)
        self._time("motion", t0, clock())
        settings = self.config.detector
        rate = settings.rate if motion.moving else settings.idle_rate
        due = rate > 0 and frame.t - self._last_detect_t >= 1.0 / rate - 1e-6
        job = None
        if self.detector_calls == 0 or due:
            self._last_detect_t = frame.t
            self.detector_calls += 1
            region = None
            if (
                self._takes_regions
                and motion.moving
                and frame.t - self._last_full_t < settings.full_every - 1e-6
            ):
                region = moving_region(motion.boxes, frame.image.shape[:2], settings.region_share)
            if region is None:
                self._last_full_t = frame.t
            else:
                self.region_calls += 1
            job = self._detect(frame, region)
        moving: Boxes = tuple((float(x0), float(y0), float(x1), float(y1)) for x0, y0, x1, y1 in motion.boxes)
        self._waiting.append((frame, job, moving))
        out: list[Output] = []
        while self._waiting and (len(self._waiting) > MAX_WAITING or _ready(self._waiting[0][1])):
            out += self._finish(*self._waiting.popleft())
        self._time("total", t0, clock())
        return out

    def _detect(self, frame: Frame, region: np.ndarray | None) -> Future[Detections]:
        if self._perceiver is not None:
            return self._perceiver.submit(self._perceive, frame, region)
        done: Future[Detections] = Future()
        done.set_result(self._perceive(frame, region))
        return done

    def _perceive(self, frame: Frame, region: np.ndarray | None) -> Detections:
        start = time.perf_counter()
        dets = self.perceive(frame) if region is None else self.perceive(frame, region)  # type: ignore[call-arg]
        self._time("perceive", start, time.perf_counter())
        return dets

    def _finish(self, frame: Frame, job: Future[Detections] | None, moving: Boxes) -> list[Output]:
        """A frame whose detections are in (its own, or the last detector call's): scene, events, rules."""
        clock = time.perf_counter
        if job is not None:
            t1 = clock()
            found = job.result()  # a perception error surfaces here, on the caller's thread
            t2 = clock()
            tracked = self.protectors(self.tracker.update(found, frame.t), frame.t)  # in frame order
            self._last_dets = self.still_hands(tracked, frame.t)
            self._time("wait", t1, t2)
            self._time("track", t2, clock())
        assert self._last_dets is not None
        t2 = clock()
        if job is None and self.scene is not None:  # the same detections: same objects, same places
            scene = replace(self.scene, frame=frame.index, t=frame.t, moving=moving, detected=False)
        else:
            scene = build_scene(frame.index, frame.t, self._last_dets, self.geometry, moving)
        self.scene = scene
        events = self.analyzer.update(scene)
        events += self.presence.update(scene, owners=self.analyzer.hands.owned)
        t3 = clock()
        self._time("scene+actions", t2, t3)
        out: list[Output] = []
        for event in self._with_console(events, frame.t):
            out += self._judge(event)
        out += self._shot_clock(frame.t)
        self._time("rules", t3, clock())
        if self.on_scene is not None:
            self.on_scene(frame, scene)
        return out

    def _time(self, stage: str, start: float, end: float) -> None:
        self.stage_ms[stage].append((end - start) * 1000)

    def add_console(self, entry: Event | SetupCorrection) -> None:
        """A dealer-console entry arriving while frames run: an event (``Declaration``,
        ``ClockCalled``) is judged with the frame at its ``t``; a ``SetupCorrection`` applies to the
        next hand's setup."""
        if isinstance(entry, SetupCorrection):
            self.corrections.append(entry)
            return
        self.console.append(entry)
        self.console.sort(key=lambda e: e.t)

    @property
    def turn(self) -> tuple[int | None, float]:
        """The seat to act (None when nobody is) and the camera time its decision began."""
        return self._turn

    def _with_console(self, events: list[Event], t: float) -> list[Event]:
        """Console entries join the camera's events ``CONSOLE_LAG`` late: the analyzers confirm what
        the camera saw up to about that long after it happened (a fold once the cards reach the
        muck), and a declaration must be judged after the actions that came before it."""
        due = []
        while self.console and self.console[0].t + CONSOLE_LAG <= t:
            due.append(self.console.pop(0))
        return sorted([*events, *due], key=lambda e: e.t)

    # ----- the rules engine ----------------------------------------------------------------------

    def _setup(self, started: HandStarted) -> HandSetup:
        game = self.config.game
        button = self._expected_button(started)
        stacks = dict(game.stacks)
        for fix in self.corrections:  # the button then rotates from it; blinds stay; a stack is one hand's
            button = fix.button if fix.button in game.seats else button
            self.blinds = fix.blinds or self.blinds
            if fix.stack is not None:
                stacks[fix.stack[0]] = fix.stack[1]
        self.corrections.clear()
        seats = tuple(SeatSetup(s, stacks.get(s, game.default_stack)) for s in game.seats)
        return HandSetup(
            game=Game(game.game),
            small_blind=self.blinds[0],
            big_blind=self.blinds[1],
            button=button,
            seats=seats,
            bb_ante=game.bb_ante,
            hand_id=started.hand_id,
            table=self.config.name,
        )

    def _expected_button(self, started: HandStarted) -> int:
        """Where the button should be: one seat on from the last hand's, else the config's, else where
        the camera sees the puck. The puck itself goes to the engine in ``HandStarted``, so a puck in
        the wrong place is judged as such rather than believed."""
        seats = sorted(self.config.game.seats)
        if self.hands and self._last_button in seats:
            return next((s for s in seats if s > self._last_button), seats[0])
        if self.config.game.button is not None:
            return self.config.game.button
        return started.button_seat if started.button_seat in seats else seats[-1]

    def _judge(self, event: Event) -> list[Output]:
        if isinstance(event, SeatVacated):
            self._away[event.seat] = event
        elif isinstance(event, SeatReturned):
            self._away.pop(event.seat, None)
        if isinstance(event, HandStarted):
            last_end = self.hands[-1].t_end if self.hands and self.hands[-1].t_end is not None else -1.0
            setup = self._setup(event)
            self._last_button = setup.button
            self.judge = HandJudge(setup, self.profile)
            self.hands.append(HandLog(event.hand_id, event.t, setup))
            self._turn = (None, event.t)
            # what was already so: objects on the felt, and players away (since this hand's start
            # when they left during an earlier hand, whose log already holds that event)
            away = [v if v.t > last_end else replace(v, t=event.t) for v in self._away.values()]
            out: list[Output] = []
            for earlier in [event, *self._between_hands, *away]:
                out += self._judge_in_hand(earlier)
            self._between_hands.clear()
            return out
        if self.judge is None or not self.hands:
            if isinstance(event, ObjectPlaced):
                self._between_hands.append(event)
            elif isinstance(event, ObjectRemoved):
                self._between_hands = [e for e in self._between_hands if e.what != event.what]
            return []
        return self._passed_by(event) + self._judge_in_hand(event)

    def _passed_by(self, event: Event) -> list[Output]:
        """A seat acts while the engine waits on chairs where nothing of a player has ever shown
        (``SeatPresence.never_shown``), each seat from the one to act up to the acting one: nobody sits
        there. They were away at the deal, their hands dead, rather than passed by out of turn
        (absent_at_deal's empty chair at the top edge, in every set: a missed absence and a false
        out_of_turn). Presence never calls such a chair vacant, even clear of the frame's edge: a player the
        detector never boxes looks the same (seed + 30000's seat 1), and acts in turn. Not chips from the
        seat that acted last (one action seen twice), nor an action behind the one to act (seed + 30000
        out_of_turn: seat 5, having bet out of turn, folded when the engine waited on the unseen button
        after it). Told to this hand only: a player who sits down there later is not seen to."""
        judge, actor, seat = self.judge, self._actor(), getattr(event, "seat", None)
        acts = isinstance(event, ChipAction | Declaration | TableTap | Fold)
        if judge is None or actor is None or seat in (None, actor) or not acts or judge.acted_last(seat):
            return []
        live = judge.hand.live_seats()
        order = [s for s in judge.setup.clockwise_from_button() if s in live]
        if actor not in order or seat not in order:
            return []
        start = order.index(actor)
        passed = (order[start:] + order[:start])[: (order.index(seat) - start) % len(order)]
        if not all(self.presence.never_shown(s) for s in passed):
            return []
        at = self.hands[-1].t_start
        return [o for s in passed for o in self._judge_in_hand(SeatVacated(at, frame=event.frame, seat=s))]

    def _judge_in_hand(self, event: Event) -> list[Output]:
        assert self.judge is not None
        log = self.hands[-1]
        log.events.append(event)
        outputs = self.judge.process(event)
        log.rulings = list(self.judge.record.rulings)  # the engine's reading (it may revise earlier ones)
        for o in outputs:
            if isinstance(o, Alert):
                log.alerts.append(o)
            if self.on_output is not None:
                self.on_output(o, log)
        if isinstance(event, HandEnded):
            log.t_end = event.t
            self.judge = None
        return outputs

    def _actor(self) -> int | None:
        if self.judge is None or self.judge.stopped or not self.judge.hand.running:
            return None
        return self.judge.deciding

    def _shot_clock(self, t: float) -> list[Output]:
        """Once a second, how long the seat to act has been deciding (the shot clock)."""
        actor = self._actor()
        if actor != self._turn[0]:
            self._turn = (actor, t)
            self._next_tick = t + 1.0
        if actor is None or t < self._next_tick:
            return []
        self._next_tick += 1.0
        return self._judge(DecisionTime(t, seat=actor, seconds=round(t - self._turn[1], 3)))

    def close(self, t: float) -> list[Output]:
        """End of the stream: frames still waiting for their detections are finished, console entries
        still waiting are judged, then a hand still open is closed, so nothing it raised is lost. A
        perception error of a waiting frame (that frame keeps the last detections) is raised after
        all that; outputs then reach the caller only through ``on_output`` and ``hands``."""
        out: list[Output] = []
        failed: BaseException | None = None
        while self._waiting:
            frame, job, moving = self._waiting.popleft()
            if job is not None and job.exception() is not None:  # it keeps the last detections
                failed, job = failed or job.exception(), None
            out += self._finish(frame, job, moving)
        if self._perceiver is not None:
            self._perceiver.shutdown(wait=True)
            self._perceiver = None  # frames after close are perceived in line
        for event in self._with_console(self.analyzer.flush(), float("inf")):
            out += self._judge(event)
        if self.judge is not None:
            out += self._judge(HandEnded(t))
        if failed is not None:  # raised once everything else is closed and recorded
            raise failed
        return out


def _ready(job: Future[Detections] | None) -> bool:
    """A waiting frame can finish: it reuses earlier detections, or its own are in."""
    return job is None or job.done()
