"""The scenario compiler: a scripted hand -> a ``Scene`` per frame and the frame-exact ground truth.

``compile_scenario(scenario)`` plays the steps in order on a ``Stage``: each step moves hands,
chips and cards by keyframes and emits the ``vision.events`` records a perfect camera and dealer
console would, stamped with the frame where the thing completes (``t = frame / fps``). The rules
engine follows along, so "seat 4 calls" puts out what the house counts as a call.

The compiler runs twice: the first pass learns which chips each seat needs (a script may push a
chip the default stack lacks), the second stacks them from the first frame on.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from datasets.sim import script_betting as betting
from datasets.sim import script_cards as cards
from datasets.sim import script_conduct as conduct
from datasets.sim.motion import Timeline
from datasets.sim.objects import Scene
from datasets.sim.scenario import Scenario, ScenarioError
from datasets.sim.stage import Stage
from datasets.sim.steps import StepError
from datasets.sim.world import TableLayout
from rules.engine import judge_hand
from rules.hand_state import HandSetup
from rules.profile import load_profile
from rules.records import HandRecord
from vision.event_codec import to_record
from vision.events import Event

BEAT_S = 0.25  # pause between one step and the next
TAIL_S = 0.6  # video kept after the hand ends

HANDLERS: dict[str, Callable[[Stage, Any], int]] = {
    "post_blinds": betting.post_blinds,
    "push": betting.push,
    "call": betting.call,
    "bet": betting.bet,
    "raise": betting.bet,
    "all_in": betting.all_in,
    "check": betting.check,
    "declare": betting.declare,
    "pull_in": betting.pull_in,
    "push_pot": betting.push_pot,
    "deal": cards.deal,
    "flop": cards.street,
    "turn": cards.street,
    "river": cards.street,
    "take_back": cards.take_back,
    "pitch": cards.pitch,
    "fold": cards.fold,
    "expose": cards.expose,
    "peek": cards.peek,
    "showdown": cards.showdown,
    "end": cards.end,
    "place": conduct.place,
    "remove": conduct.place,
    "hide_cards": conduct.hide_cards,
    "cards_back": conduct.cards_back,
    "pocket_chips": conduct.pocket_chips,
    "leave": conduct.leave,
    "come_back": conduct.leave,
    "clock": conduct.clock,
    "wait": conduct.wait,
}


@dataclass(frozen=True, slots=True)
class CompiledHand:
    """A scenario ready to render: object tracks, the event timeline and the resolved table."""

    scenario: Scenario
    setup: HandSetup
    layout: TableLayout
    timeline: Timeline
    events: tuple[Event, ...]
    n_frames: int
    hole_cards: dict[int, tuple[str, ...]]
    board: tuple[str, ...]
    start_stacks: dict[int, dict[int, int]]  # seat -> {denomination: count} at the first frame

    @property
    def fps(self) -> int:
        return self.scenario.fps

    def scene(self, frame: int) -> Scene:
        return self.timeline.scene(frame)

    def scenes(self) -> Iterator[Scene]:
        for frame in range(self.n_frames):
            yield self.scene(frame)

    def records(self) -> list[dict[str, Any]]:
        """The ground-truth events in their written form (``vision.event_codec``)."""
        return [to_record(ev) for ev in self.events]

    def judge(self) -> HandRecord:
        """The house profile's rulings and alerts on the ground truth."""
        return judge_hand(self.setup, load_profile(self.scenario.profile), self.events)

    def resolved(self) -> dict[str, Any]:
        """The scenario as compiled, for ``scenario.json``."""
        scn = self.scenario
        return {
            "name": scn.name,
            "scenario": scn.model_dump(mode="json"),
            "setup": {
                "game": self.setup.game.value,
                "small_blind": self.setup.small_blind,
                "big_blind": self.setup.big_blind,
                "bb_ante": self.setup.bb_ante,
                "button": self.setup.button,
                "seats": [{"seat": s.seat, "stack": s.stack, "present": s.present} for s in self.setup.seats],
                "hand_id": self.setup.hand_id,
            },
            "hole_cards": {str(k): list(v) for k, v in sorted(self.hole_cards.items())},
            "board": list(self.board),
            "start_stacks": {
                str(seat): {str(v): n for v, n in sorted(chips.items())}
                for seat, chips in sorted(self.start_stacks.items())
            },
            "fps": self.fps,
            "frames": self.n_frames,
            "duration_s": round(self.n_frames / self.fps, 3),
        }


def compile_scenario(scn: Scenario) -> CompiledHand:
    first = _play(scn, None)
    starts = {n: Counter(bank.start) for n, bank in first.banks.items()}
    stage = _play(scn, starts)
    n_frames = max(stage.now, stage.timeline.last_frame) + stage.f(TAIL_S)
    return CompiledHand(
        scenario=scn,
        setup=stage.setup,
        layout=stage.layout,
        timeline=stage.timeline,
        events=tuple(stage.events),
        n_frames=n_frames,
        hole_cards={s: tuple(c) for s, c in stage.hole_cards.items()},
        board=tuple(stage.board_cards),
        start_stacks={n: dict(+Counter(bank.start)) for n, bank in stage.banks.items()},
    )


def _play(scn: Scenario, starts: dict[int, Counter[int]] | None) -> Stage:
    stage = Stage(scn, starts)
    where = f" (variant '{scn.variant}')" if scn.variant else ""
    for i, step in enumerate(scn.hand):
        try:
            end = HANDLERS[step.do](stage, step)
        except (StepError, ValueError) as exc:
            raise ScenarioError(
                f"{scn.source}:{step.line}: field 'hand.{i}' ({step.do}): {exc}{where}"
            ) from None
        stage.now = max(end, stage.now) + stage.f(BEAT_S)
    if scn.hand[-1].do != "end":
        stage.now = cards.end(stage)
    return stage
