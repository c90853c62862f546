"""The table while a scenario is compiled: every object's track, what lies where, the clock, and
the ground-truth events with the rules engine following along.

The action modules (``script_betting``, ``script_cards``, ``script_conduct``) move things through
the primitives here: a player's ``hand`` that ``reach``es, ``carry``s and ``withdraw``s; chips
grabbed from a seat's stack; cards from the deck. ``emit`` stamps an event with its frame and feeds
it to the rules engine, so "seat 4 calls" can ask the engine how much a call is.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from typing import Any

import numpy as np

from datasets.sim.motion import Timeline, Track, seconds
from datasets.sim.objects import Card, ChipStack, Hand, HandPose, Item, ItemKind, Person, Pose
from datasets.sim.scenario import Scenario
from datasets.sim.staging import (
    BUTTON_DEPTH,
    BUTTON_LATERAL,
    CARDS_DEPTH,
    LAYER_CARD,
    LAYER_CHIPS,
    LAYER_HELD,
    LAYER_ITEM,
    RAIL_DEPTH,
    Bank,
    Pile,
    Place,
    bet_slots,
    compose,
    places,
    pot_slots,
    stack_slots,
)
from datasets.sim.steps import StepError
from datasets.sim.world import make_layout
from rules.engine import HandJudge
from rules.profile import load_profile
from vision.events import Event, SeatVacated

RANKS, SUITS = "23456789TJQKA", "cdhs"
GRIP_BACK = 4.5  # cm from the palm's middle to what the fingers hold
HAND_Z = 1.0  # a palm just over the felt (the renderer lifts the back of the hand), cm
CHAIR_DEPTH = -20.0  # cm past the rail's outer edge: where a seated player's chair is


class Stage:
    def __init__(self, scn: Scenario, starts: dict[int, Counter[int]] | None = None) -> None:
        self.scn = scn
        self.fps = scn.fps
        self.rng = np.random.default_rng(scn.seed)
        self.layout = make_layout(tuple(sorted(scn.seats)))
        self.places: dict[int, Place] = places(self.layout)
        self.timeline = Timeline(scn.fps)
        self.setup = scn.setup()
        self.judge = HandJudge(self.setup, load_profile(scn.profile))
        self.chipset = scn.chip_set
        self.thick = self.chipset.thickness_cm
        self.events: list[Event] = []
        self.now = 0
        self.turn_since = 0
        self._actor = self.judge.hand.actor
        self._ids: Counter[str] = Counter()
        # what lies where
        self.banks: dict[int, Bank] = {}
        self.piles: dict[int, Pile] = {}
        self.bets: dict[int, list[Track]] = {n: [] for n in scn.seats}
        self.bet_used: Counter[int] = Counter()
        self.pot: Counter[int] = Counter()
        self.pot_pile = Pile(self.timeline, "pot", pot_slots(self.layout.pot), self.rng, 0.15)
        self.hole: dict[int, list[Track]] = {n: [] for n in range(1, 11)}
        self.hidden: dict[int, list[Track]] = {}
        self.board: list[Track] = []
        self.muck: list[Track] = []
        self.items: dict[tuple[int, str], list[Track]] = {}
        self.away: set[int] = {n for n, s in scn.seats.items() if not s.present}
        self.tabled: set[int] = set()
        self.hole_cards: dict[int, list[str]] = {}
        self.board_cards: list[str] = []
        self.deck = self._shuffled_deck()
        self.looks = {n: self._look() for n in range(11)}
        self.wrist = {n: float(self.rng.uniform(-15, 15)) for n in range(11)}
        self._set_table(starts or {})
        self._seat_players()

    # ----- time and events ---------------------------------------------------------------------

    def f(self, secs: float) -> int:
        return seconds(self.fps, secs)

    def emit(self, cls: type[Event], frame: int, **fields: Any) -> Event:
        if self.events and frame < (self.events[-1].frame or 0):
            raise StepError(f"internal: event at frame {frame} after frame {self.events[-1].frame}")
        ev = cls(frame / self.fps, frame=frame, **fields)
        self.events.append(ev)
        self.judge.process(ev)
        actor = self.judge.hand.actor
        if actor != self._actor:
            self._actor, self.turn_since = actor, frame
        return ev

    def new_id(self, prefix: str) -> str:
        self._ids[prefix] += 1
        return f"{prefix}{self._ids[prefix]}"

    # ----- the table at the first frame ---------------------------------------------------------

    def _set_table(self, starts: dict[int, Counter[int]]) -> None:
        values = self.chipset.values
        for n, spec in sorted(self.scn.seats.items()):
            start = starts.get(n) or compose(spec.stack, values)
            self.banks[n] = Bank(n, start, values)
            messy = float(self.rng.choice([0.02, 0.05, 0.3, 0.55]))
            self.piles[n] = Pile(self.timeline, f"s{n}_stack", stack_slots(self.places[n]), self.rng, messy)
            self.piles[n].show(0, self.banks[n].chips)
        button = self.places[self.scn.button_at or self.scn.button]
        self.timeline.add(
            0, Item("button", button.pose(BUTTON_DEPTH, BUTTON_LATERAL), ItemKind.DEALER_BUTTON), LAYER_ITEM
        )
        deck = self.places[0].pose(6.0, 0.0, z=1.2)
        self.timeline.add(0, Card("deck", deck, self.deck[-1]), LAYER_CARD)

    def _seat_players(self) -> None:
        """A player in each chair whose seat is present; a seat away from the start is vacant from
        the first frame (its ``SeatVacated`` opens the events). Looks come from their own stream so
        the rest of the scenario draws the same numbers as before players were scene objects."""
        for n in sorted(self.scn.seats):
            if n in self.away:
                self.emit(SeatVacated, 0, seat=n)
                continue
            self.timeline.add(0, self.player(n, self.chair(n)), LAYER_ITEM)

    def player(self, seat: int, pose: Pose) -> Person:
        """The seat's player at ``pose``; the same look every time it appears."""
        look = int(np.random.default_rng([self.scn.seed, seat, 0xC4A1]).integers(1 << 30))
        return Person(f"player{seat}", pose, seat, look)

    def chair(self, seat: int, back: float = 0.0) -> Pose:
        """Where the seat's player sits (``back`` cm further out: walking away), facing the table."""
        place = self.places[seat]
        x, y = place.at(-self.layout.rail + CHAIR_DEPTH - back)
        return Pose(x, y, math.degrees(place.inward))

    def _shuffled_deck(self) -> list[str]:
        named = {c for s in self.scn.seats.values() for c in s.cards}
        named |= {c for step in self.scn.hand for c in (getattr(step, "cards", None) or [])}
        rest = [r + s for r in RANKS for s in SUITS if r + s not in named]
        order = self.rng.permutation(len(rest))
        return [rest[i] for i in order]

    def draw(self, wanted: str | None = None) -> str:
        if wanted is not None:
            return wanted
        if len(self.deck) < 2:
            raise StepError("the deck ran out of cards")
        return self.deck.pop(0)

    def _look(self) -> dict[str, Any]:
        return {
            "skin": int(self.rng.integers(0, 6)),
            "sleeve": int(self.rng.integers(0, 4)),
            "watch": bool(self.rng.random() < 0.25),
        }

    # ----- hands ---------------------------------------------------------------------------------

    def rest_pose(self, seat: int, lateral: float = 0.0) -> Pose:
        place = self.places[seat]
        depth = -4.0 if seat == 0 else RAIL_DEPTH
        return self.hand_pose(place.at(depth, lateral), seat, z=4.0)

    def hand_pose(self, xy: tuple[float, float], seat: int, z: float = HAND_Z, back: float = 0.0) -> Pose:
        """A palm over ``xy``, or ``back`` cm short of it toward the player (fingers reaching to it);
        the angle is a wrist turn off the reach from the seat (as the renderer reads it)."""
        x, y = xy
        if back:
            ox, oy = self.places[seat].at(-32.0)  # where the arm comes from
            d = max(1e-6, ((x - ox) ** 2 + (y - oy) ** 2) ** 0.5)
            x, y = x - back * (x - ox) / d, y - back * (y - oy) / d
        return Pose(x, y, self.wrist[seat], z)

    def hand(self, seat: int, frame: int) -> Track:
        """The seat's hand (seat 0: the dealer's), put in at the rail if it is not in view."""
        track = self.timeline.track(f"hand{seat}", LAYER_HELD)
        if track.last is None:
            if seat in self.away:
                raise StepError(f"seat {seat} is away from the table; script 'seat {seat} comes back' first")
            look = self.looks[seat]
            track.set(frame, Hand(track.id, self.rest_pose(seat), seat, HandPose.OPEN, **look))
        return track

    def reach(self, seat: int, start: int, xy: tuple[float, float], secs: float = 0.4, **changes: Any) -> int:
        """Move the seat's hand over ``xy``; returns the arrival frame."""
        track = self.hand(seat, start)
        end = start + self.f(secs)
        z = changes.pop("z", HAND_Z)
        track.move(start, end, self.hand_pose(xy, seat, z, back=GRIP_BACK), **changes)
        return end

    def withdraw(self, seat: int, start: int, secs: float = 0.4) -> int:
        track = self.hand(seat, start)
        end = start + self.f(secs)
        track.move(start, end, self.rest_pose(seat), shape=HandPose.OPEN, holding=())
        track.remove(end)
        return end

    def carry(
        self,
        seat: int,
        objs: list[Track],
        dests: list[Pose],
        start: int,
        secs: float = 0.5,
        arc: float = 0.0,
        keep: tuple[str, ...] = (),
        **changes: Any,
    ) -> int:
        """The hand, holding ``objs``, takes them to ``dests`` (object poses) and lets go of all but
        the ``keep`` ids; returns the arrival frame."""
        end = start + self.f(secs)
        hand = self.hand(seat, start)
        ids = tuple(t.id for t in objs)
        cx = float(np.mean([p.x for p in dests]))
        cy = float(np.mean([p.y for p in dests]))
        top = max((p.z for p in dests), default=0.0)
        hand.change(start, shape=HandPose.GRASP, holding=ids)
        hand.move(start, end, self.hand_pose((cx, cy), seat, top + HAND_Z, back=GRIP_BACK), arc=arc)
        for track, dest in zip(objs, dests, strict=True):
            track.move(start, end, dest, arc=arc, **changes)
        hand.change(end, shape=HandPose.GRASP if keep else HandPose.OPEN, holding=keep)
        return end

    # ----- chips ---------------------------------------------------------------------------------

    def grab(self, seat: int, chips: list[int], frame: int) -> list[Track]:
        """Take ``chips`` off the seat's stack: one new stack per denomination, at its column."""
        bank, pile = self.banks[seat], self.piles[seat]
        try:
            bank.take(chips)
        except ValueError as exc:
            raise StepError(str(exc)) from None
        tracks = []
        for value, n in sorted(Counter(chips).items(), reverse=True):
            pose = pile.top_of(value, self.thick)
            stack = ChipStack(self.new_id(f"s{seat}_chips"), replace(pose, z=0.0), (value,) * n)
            tracks.append(self.timeline.add(frame, stack, LAYER_CHIPS))
        pile.show(frame, bank.chips)
        return tracks

    def to_stack(self, seat: int, tracks: list[Track], frame: int) -> None:
        """Chips arriving at the seat's stack join its columns."""
        chips = [c for t in tracks for c in chips_of(t)]
        for t in tracks:
            t.remove(frame)
        self.banks[seat].give(chips)
        self.piles[seat].show(frame, self.banks[seat].chips)

    def to_pot(self, tracks: list[Track], frame: int) -> None:
        for t in tracks:
            self.pot.update(chips_of(t))
            t.remove(frame)
        self.pot_pile.show(frame, self.pot)

    def bet_poses(self, seat: int, n: int) -> list[Pose]:
        slots = bet_slots(self.places[seat])
        out = []
        for _ in range(n):
            k = self.bet_used[seat] % len(slots)
            jitter = self.rng.normal(0, 0.4, 2)
            slot = slots[k]
            out.append(Pose(slot.x + float(jitter[0]), slot.y + float(jitter[1]), slot.angle, 0.0))
            self.bet_used[seat] += 1
        return out

    def card_poses(self, seat: int, n: int) -> list[Pose]:
        place = self.places[seat]
        spread = 4.6 if n <= 2 else 3.2
        return [
            place.pose(CARDS_DEPTH, (i - (n - 1) / 2) * spread, z=0.02 * i, turn=float(self.rng.normal(0, 4)))
            for i in range(n)
        ]

    def muck_pose(self) -> Pose:
        mx, my = self.layout.muck
        dx, dy = self.rng.normal(0, 1.5, 2)
        return Pose(mx + float(dx), my + float(dy), float(self.rng.uniform(0, 180)), 0.02 * len(self.muck))

    def live_seats(self) -> list[int]:
        """Seats holding cards on the felt (or hidden away), in dealing order."""
        order = self.setup.clockwise_from_button()
        return [s for s in order if self.hole.get(s) or self.hidden.get(s)]


def chips_of(track: Track) -> tuple[int, ...]:
    obj = track.last
    return obj.chips if isinstance(obj, ChipStack) else ()


def held_cards(tracks: list[Track]) -> list[Card]:
    return [t.last for t in tracks if isinstance(t.last, Card)]
