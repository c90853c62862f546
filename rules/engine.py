"""The rules engine: observed events in, rulings and alerts out, one hand at a time.

``HandJudge`` holds one hand: the pokerkit-backed ``HandState``, the deal/board/conduct monitors,
declarations waiting for chips, out-of-turn actions waiting for the turn, and the chips physically
in front of each seat. ``process(event)`` returns what the event caused, in order.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace

from rules.betting import Pending, judge, with_declaration_limits
from rules.checks import Finding
from rules.checks.conduct import (
    Clock,
    ObjectMonitor,
    cards_out_of_view,
    chips_out_of_view,
    left_with_live_hand,
)
from rules.checks.deal import BoardMonitor, DealMonitor
from rules.hand_state import HandSetup, HandState, Street
from rules.profile import (
    AbsentAtDeal,
    ClockExpiry,
    ExposedCardPenalty,
    HouseProfile,
    LeftWithLiveHand,
    OutOfTurnPolicy,
    ShortAllInReopen,
    SubstantialAction,
)
from rules.records import DEFAULT_SEVERITY, Alert, AlertKind, BetAction, Citation, Ruling, Severity
from vision.events import (
    CardExposed,
    CardsDealt,
    CardsOutOfView,
    ChipAction,
    ChipsOutOfView,
    ChipsPulledIn,
    ClockCalled,
    DecisionTime,
    Declaration,
    DeclarationKind,
    Event,
    Fold,
    HandEnded,
    HandStarted,
    HandTabled,
    ObjectPlaced,
    ObjectRemoved,
    SeatReturned,
    SeatVacated,
    TableTap,
)

Output = Ruling | Alert


@dataclass(slots=True)
class _OutOfTurn:
    events: list[Event]
    level: int  # the street's bet when the seat acted out of turn


@dataclass(slots=True)
class HandRecord:
    """Everything the engine said about one hand."""

    setup: HandSetup
    rulings: list[Ruling] = field(default_factory=list)
    alerts: list[Alert] = field(default_factory=list)

    @property
    def outputs(self) -> list[Output]:
        return sorted([*self.rulings, *self.alerts], key=_output_time)


def _output_time(o: Output) -> float:
    return o.t_start if isinstance(o, Alert) else 0.0


class HandJudge:
    """Judges one hand under one house profile."""

    def __init__(self, setup: HandSetup, profile: HouseProfile) -> None:
        self.setup = setup
        self.profile = profile
        self.hand = HandState(setup)
        self.deal = DealMonitor(setup, profile)
        self.board = BoardMonitor(profile)
        self.objects = ObjectMonitor(profile)
        self.record = HandRecord(setup)
        self.in_front: dict[int, list[int]] = {}
        self.declared: dict[int, tuple[Declaration, Pending | None]] = {}
        self.awaiting_chips: dict[int, Ruling] = {}  # settled by a declaration; its chips are still to come
        self.out_of_turn: dict[int, _OutOfTurn] = {}
        self.dead: set[int] = set()  # seats whose hands are dead; folded when their turn comes
        self.absent: set[int] = {s.seat for s in setup.seats if not s.present}
        self.clocks: dict[int, Clock] = {}
        self.tabled: set[int] = set()
        self.actions_in_turn: list[bool] = []  # True when the action put chips in
        self.stopped = False  # a hand-stopping alert voided the hand
        self.showdown_announced = False
        self.all_in_showdown = False
        self.now = 0.0
        self._street = self.hand.street
        self._post_blinds()

    # ----- the one entry point ---------------------------------------------------------------

    def process(self, ev: Event) -> list[Output]:
        out: list[Output] = []
        self.now = max(self.now, ev.t)
        if self.stopped and not isinstance(ev, HandEnded | HandStarted):
            return out
        self._tick_clocks(ev.t, out)
        handler = _HANDLERS.get(type(ev))
        if handler is not None:
            handler(self, ev, out)
        self._after(ev.t, out)
        return out

    # ----- handlers --------------------------------------------------------------------------

    def _on_started(self, ev: HandStarted, out: list[Output]) -> None:
        if ev.button_seat is not None and ev.button_seat != self.setup.button:
            self._find(
                out,
                Finding(
                    AlertKind.MISDEAL,
                    f"dealer button seen at seat {ev.button_seat}; the hand expects seat {self.setup.button}",
                    "check the button before the deal; correct it before substantial action",
                    ("substantial_action",),
                    ev.t,
                    ev.button_seat,
                    Severity.WARNING,
                ),
            )

    def _on_cards(self, ev: CardsDealt, out: list[Output]) -> None:
        if ev.seat is not None:
            for f in self.deal.hole_card(ev, self.substantial_action):
                self._find(out, f)
            return
        self._finish_deal(ev.t, out)
        over = not self.hand.running and len(self.hand.live_seats()) < 2
        for f in self.board.board_cards(ev, self.hand.street, self.hand.betting_open, over):
            self._find(out, f)

    def _on_chips(self, ev: ChipAction, out: list[Output]) -> None:
        if ev.seat in self.awaiting_chips:
            self._chips_for_declaration(ev, self.awaiting_chips.pop(ev.seat), out)
            return
        if not self.hand.betting_open or ev.seat not in self.hand.live_seats():
            return
        if self.hand.actor != ev.seat:
            self._act_out_of_turn(ev.seat, ev, out)
            return
        self._finish_deal(ev.t, out)
        said, pending = self.declared.pop(ev.seat, (None, None))
        self._judge_and_apply(ev.seat, ev, said, pending, ev.t, out)
        self.in_front.setdefault(ev.seat, []).extend(ev.chips)

    def _on_declaration(self, ev: Declaration, out: list[Output]) -> None:
        if not self.hand.betting_open or ev.seat not in self.hand.live_seats():
            return
        if self.hand.actor != ev.seat:
            self._act_out_of_turn(ev.seat, ev, out)
            return
        self._finish_deal(ev.t, out)
        sit = self.hand.situation(ev.seat, self.in_front.get(ev.seat, ()))
        verdict = judge(self._house_limits(sit), self.profile, None, ev)
        if isinstance(verdict, Pending):
            self.declared[ev.seat] = (ev, verdict)
            self._alert_from(
                verdict.alert_kinds, ev.seat, verdict.explanation, "", verdict.citations, ev.t, out
            )
            return
        self._apply(verdict, ev.t, out)
        if verdict.adds > 0:
            self.awaiting_chips[ev.seat] = verdict

    def _chips_for_declaration(self, ev: ChipAction, ruling: Ruling, out: list[Output]) -> None:
        """The chips that follow a declaration already ruled on: check they match it."""
        self.in_front.setdefault(ev.seat, []).extend(ev.chips)
        if ev.amount < ruling.adds and not ruling.all_in:
            self._find(
                out,
                Finding(
                    AlertKind.UNDERCALL if ruling.action is BetAction.CALL else AlertKind.UNDER_RAISE,
                    f"seat {ev.seat} declared {ruling.summary()} but put out {ev.amount:,} of {ruling.adds:,}",
                    f"the declaration is binding: add {ruling.adds - ev.amount:,}",
                    ("verbal_precedence",),
                    ev.t,
                    ev.seat,
                    Severity.RULING,
                ),
            )

    def _on_tap(self, ev: TableTap, out: list[Output]) -> None:
        self._on_declaration(Declaration(ev.t, seat=ev.seat, what=_CHECK, frame=ev.frame), out)

    def _on_fold(self, ev: Fold, out: list[Output]) -> None:
        seat = ev.seat
        if seat not in self.hand.live_seats():
            return
        if not self.hand.betting_open:
            if self.all_in_showdown and seat not in self.tabled:
                self._find(
                    out,
                    Finding(
                        AlertKind.ALL_IN_NOT_TABLED,
                        f"seat {seat} mucked without tabling in an all-in showdown",
                        "all hands are tabled when a player is all-in and betting is over: retrieve the cards if identifiable",
                        ("all_in_hands_tabled",),
                        ev.t,
                        seat,
                    ),
                )
            return
        self._on_declaration(Declaration(ev.t, seat=seat, what=_FOLD, frame=ev.frame), out)

    def _on_pulled_in(self, ev: ChipsPulledIn, out: list[Output]) -> None:
        self.in_front.clear()

    def _on_exposed(self, ev: CardExposed, out: list[Output]) -> None:
        if ev.seat not in self.hand.live_seats() or not self.hand.betting_open:
            return
        kills = (
            self.profile.rules.exposed_card_with_action_pending.value is ExposedCardPenalty.PENALTY_MAY_KILL
        )
        card = f" ({ev.card})" if ev.card else ""
        self._find(
            out,
            Finding(
                AlertKind.CARD_EXPOSED,
                f"seat {ev.seat} exposed a card{card} with action pending",
                "penalty at the end of the hand"
                + ("; the floor may rule the hand dead" if kills else "; the hand stays live")
                + "; every player is entitled to see the card",
                ("exposed_card_with_action_pending",),
                ev.t,
                ev.seat,
            ),
        )

    def _on_tabled(self, ev: HandTabled, out: list[Output]) -> None:
        self.tabled.add(ev.seat)
        n = len([c for c in ev.cards])
        if n and n != self.setup.game.hole_cards:
            self._find(
                out,
                Finding(
                    AlertKind.MISDEAL_TOO_LATE,
                    f"seat {ev.seat} tabled {n} hole cards",
                    "no misdeal after substantial action: a hand with the wrong number of cards is dead",
                    ("substantial_action", "wrong_card_count"),
                    ev.t,
                    ev.seat,
                ),
            )

    def _on_cards_out(self, ev: CardsOutOfView, out: list[Output]) -> None:
        live = ev.seat in self.hand.live_seats() and (self.hand.running or not self.all_in_showdown)
        for f in cards_out_of_view(ev, self.profile, live):
            self._find(out, f)

    def _on_chips_out(self, ev: ChipsOutOfView, out: list[Output]) -> None:
        for f in chips_out_of_view(ev, self.profile):
            self._find(out, f)

    def _on_object(self, ev: ObjectPlaced, out: list[Output]) -> None:
        for f in self.objects.placed(ev):
            self._find(out, f)

    def _on_object_removed(self, ev: ObjectRemoved, out: list[Output]) -> None:
        self.objects.removed(ev)

    def _on_vacated(self, ev: SeatVacated, out: list[Output]) -> None:
        if not self.deal.complete:
            self.absent.add(ev.seat)
            return
        if ev.seat in self.hand.live_seats() and self.hand.betting_open and not self.hand.is_all_in(ev.seat):
            self._find(out, left_with_live_hand(ev.seat, ev.t, self.profile))
            if self.profile.rules.left_with_live_hand.value is LeftWithLiveHand.FOLDED_IN_TURN:
                self.dead.add(ev.seat)

    def _on_returned(self, ev: SeatReturned, out: list[Output]) -> None:
        self.absent.discard(ev.seat)

    def _on_clock(self, ev: ClockCalled, out: list[Output]) -> None:
        self.clocks[ev.seat] = Clock(ev.seat, ev.t, self.profile)

    def _on_decision_time(self, ev: DecisionTime, out: list[Output]) -> None:
        pass  # the clock ticks on every event's timestamp

    def _on_ended(self, ev: HandEnded, out: list[Output]) -> None:
        self._finish_deal(ev.t, out)
        if self.all_in_showdown:
            for seat in self.hand.live_seats():
                if seat not in self.tabled:
                    self._find(
                        out,
                        Finding(
                            AlertKind.ALL_IN_NOT_TABLED,
                            f"seat {seat} was in an all-in showdown but its hand was never tabled",
                            "all hands in an all-in showdown must be tabled",
                            ("all_in_hands_tabled",),
                            ev.t,
                            seat,
                        ),
                    )

    # ----- betting ---------------------------------------------------------------------------

    def _judge_and_apply(
        self,
        seat: int,
        chips: ChipAction | None,
        said: Declaration | None,
        pending: Pending | None,
        t: float,
        out: list[Output],
    ) -> None:
        sit = with_declaration_limits(self.hand.situation(seat, self.in_front.get(seat, ())), pending)
        verdict = judge(self._house_limits(sit), self.profile, chips, said)
        if isinstance(verdict, Pending):  # a declaration with chips always settles; defensive
            self.declared[seat] = (said, verdict) if said else self.declared.get(seat, (said, verdict))  # type: ignore[assignment]
            return
        if (
            pending is not None
            and pending.min_to is not None
            and verdict.to < pending.min_to
            and not verdict.all_in
        ):
            verdict = replace(verdict, must_complete_to=pending.min_to, to=pending.min_to)
        self._apply(verdict, t, out)

    def _house_limits(self, sit):  # type: ignore[no-untyped-def]
        """The house's re-opening rule: where short all-ins never combine, one full raise is needed."""
        if self.profile.rules.short_all_in_reopen.value is ShortAllInReopen.NEVER_COMBINED and sit.may_raise:
            return replace(sit, may_raise=self.hand.full_raise_since(sit.seat))
        return sit

    def _apply(self, ruling: Ruling, t: float, out: list[Output]) -> None:
        hand, seat = self.hand, ruling.seat
        if ruling.action is BetAction.FOLD:
            hand.fold(seat)
        elif ruling.action in (BetAction.CHECK, BetAction.CALL) or not hand.can_raise():
            hand.check_or_call(seat)
        else:
            state = hand.state
            lo = int(state.min_completion_betting_or_raising_to_amount or ruling.to)
            hi = int(state.max_completion_betting_or_raising_to_amount or ruling.to)
            hand.bet_or_raise_to(seat, max(lo, min(hi, ruling.to)))
        self.actions_in_turn.append(ruling.action not in (BetAction.CHECK, BetAction.FOLD))
        self.record.rulings.append(ruling)
        out.append(ruling)
        self._alert_from(
            ruling.alert_kinds,
            seat,
            ruling.explanation,
            ruling.summary(),
            ruling.citations,
            t,
            out,
            ruling.floor_discretion,
        )

    def _act_out_of_turn(self, seat: int, ev: Event, out: list[Output]) -> None:
        first = seat not in self.out_of_turn
        level = self.hand.situation(seat).current_bet
        self.out_of_turn.setdefault(seat, _OutOfTurn([], level)).events.append(ev)
        if first:
            policy = self.profile.rules.out_of_turn.value
            binding = (
                "binding if the action to it does not change"
                if policy is OutOfTurnPolicy.BINDING_UNLESS_ACTION_CHANGES
                else "not binding (a fold is), unless the action to it does not change"
            )
            self._find(
                out,
                Finding(
                    AlertKind.OUT_OF_TURN,
                    f"seat {seat} acted out of turn; it is seat {self.hand.actor}'s turn",
                    f"the out-of-turn action is {binding}; seat {self.hand.actor} keeps its options",
                    ("out_of_turn",),
                    ev.t,
                    seat,
                ),
            )

    def _resolve_turns(self, t: float, out: list[Output]) -> None:
        """Apply what is waiting for the seat whose turn it now is: a dead hand, an out-of-turn action."""
        for _ in range(2 * len(self.setup.seats) + 2):
            seat = self.hand.actor
            if seat is None:
                return
            if seat in self.dead:
                self._apply(Ruling(seat, BetAction.FOLD, explanation="hand dead: folded in turn"), t, out)
                continue
            self.awaiting_chips.pop(seat, None)
            waiting = self.out_of_turn.pop(seat, None)
            if waiting is None:
                return
            self._replay_out_of_turn(seat, waiting, t, out)
            if self.hand.actor == seat:
                return

    def _replay_out_of_turn(self, seat: int, waiting: _OutOfTurn, t: float, out: list[Output]) -> None:
        changed = self.hand.situation(seat).current_bet != waiting.level
        folds = any(isinstance(e, Declaration) and e.what is _FOLD for e in waiting.events)
        if changed and not folds:
            self._find(
                out,
                Finding(
                    AlertKind.OUT_OF_TURN,
                    f"the action changed after seat {seat} acted out of turn",
                    f"seat {seat} may reconsider: call, raise or fold; out-of-turn chips may be taken back",
                    ("out_of_turn",),
                    t,
                    seat,
                    Severity.RULING,
                ),
            )
            return
        for e in waiting.events:
            if self.hand.actor != seat:
                break
            if isinstance(e, ChipAction):
                self._on_chips(e, out)
            elif isinstance(e, Declaration):
                self._on_declaration(e, out)

    # ----- bookkeeping -----------------------------------------------------------------------

    @property
    def substantial_action(self) -> bool:
        acts = self.actions_in_turn
        if self.profile.rules.substantial_action.value is SubstantialAction.TWO_AFTER_BLINDS:
            return len(acts) >= 2
        return (len(acts) >= 2 and any(acts)) or len(acts) >= 3

    def _post_blinds(self) -> None:
        for seat in self.hand.seat_of_player:
            bet = self.hand.bet_of(seat)
            if bet:
                self.in_front[seat] = [bet]

    def _finish_deal(self, t: float, out: list[Output]) -> None:
        if self.deal.complete:
            return
        for f in self.deal.finish(t, self.absent):
            self._find(out, f)
            if f.kind is AlertKind.ABSENT_AT_DEAL and f.seat is not None:
                self.dead.add(f.seat)
        if self.profile.rules.absent_at_deal.value is AbsentAtDeal.FOLDED:
            self.dead |= self.absent & set(self.hand.seat_of_player)

    def _after(self, t: float, out: list[Output]) -> None:
        if self.stopped:
            return
        self._resolve_turns(t, out)
        if self.hand.street != self._street:
            self._street = self.hand.street
            self.in_front.clear()
            self.declared.clear()
            self.out_of_turn.clear()
            self.awaiting_chips.clear()
        if not self.hand.betting_open and not self.showdown_announced and len(self.hand.live_seats()) >= 2:
            self._announce_showdown(t, out)

    def _announce_showdown(self, t: float, out: list[Output]) -> None:
        self.showdown_announced = True
        live = self.hand.live_seats()
        self.all_in_showdown = any(self.hand.is_all_in(s) for s in live)
        if self.all_in_showdown:
            return
        final = max((s for s in self.hand.last_aggressor), key=list(Street).index, default=None)
        aggressor = self.hand.last_aggressor.get(final) if final is Street.RIVER else None
        order = [s for s in self.setup.clockwise_from_button() if s in live]
        first = aggressor if aggressor is not None else order[0]
        why = (
            "the last aggressor on the river"
            if aggressor is not None
            else "first seat left of the button, no river bet"
        )
        self._find(
            out,
            Finding(
                AlertKind.SHOWDOWN_ORDER,
                f"showdown between seats {', '.join(map(str, order))}",
                f"if no one tables spontaneously, seat {first} ({why}) tables first",
                ("showdown_order",),
                t,
                first,
            ),
        )

    def _tick_clocks(self, t: float, out: list[Output]) -> None:
        for seat, clock in list(self.clocks.items()):
            if self.hand.actor != seat:
                if not self.hand.betting_open or seat not in self.hand.live_seats() or clock.expired:
                    del self.clocks[seat]
                continue
            facing = self.hand.situation(seat).facing_bet
            for f in clock.tick(t, facing):
                self._find(out, f)
            if clock.expired:
                del self.clocks[seat]
                action = BetAction.FOLD if clock.outcome(facing) is ClockExpiry.DEAD_HAND else BetAction.CHECK
                self._apply(
                    Ruling(seat, action, to=self.hand.bet_of(seat), explanation="clock expired"), t, out
                )

    def _find(self, out: list[Output], f: Finding) -> None:
        cites = tuple(self.profile.cite(topic) for topic in f.topics)
        severity = f.severity or DEFAULT_SEVERITY[f.kind]
        alert = Alert(
            kind=f.kind,
            severity=severity,
            message=f.message,
            ruling=f.ruling,
            citations=cites,
            t_start=f.t if f.t_start is None else f.t_start,
            t_end=f.t,
            table=self.setup.table,
            hand_id=self.setup.hand_id,
            seat=f.seat,
        )
        self.record.alerts.append(alert)
        out.append(alert)
        if severity is Severity.HAND_STOPPING and f.kind is AlertKind.MISDEAL:
            self.stopped = True

    def _alert_from(
        self,
        kinds: Iterable[AlertKind],
        seat: int,
        message: str,
        ruling: str,
        citations: tuple[Citation, ...],
        t: float,
        out: list[Output],
        discretion: bool = False,
    ) -> None:
        kinds = list(kinds)
        if not kinds:
            return
        kind = max(kinds, key=lambda k: DEFAULT_SEVERITY[k].rank)
        severity = DEFAULT_SEVERITY[kind]
        if discretion and severity.rank < Severity.WARNING.rank:
            severity = Severity.WARNING
        alert = Alert(
            kind=kind,
            severity=severity,
            message=f"seat {seat}: {message}",
            ruling=(ruling + "; floor's discretion") if discretion and ruling else ruling,
            citations=citations,
            t_start=t,
            t_end=t,
            table=self.setup.table,
            hand_id=self.setup.hand_id,
            seat=seat,
        )
        self.record.alerts.append(alert)
        out.append(alert)


_CHECK = DeclarationKind.CHECK
_FOLD = DeclarationKind.FOLD

_HANDLERS = {
    HandStarted: HandJudge._on_started,
    CardsDealt: HandJudge._on_cards,
    ChipAction: HandJudge._on_chips,
    Declaration: HandJudge._on_declaration,
    TableTap: HandJudge._on_tap,
    Fold: HandJudge._on_fold,
    ChipsPulledIn: HandJudge._on_pulled_in,
    CardExposed: HandJudge._on_exposed,
    HandTabled: HandJudge._on_tabled,
    CardsOutOfView: HandJudge._on_cards_out,
    ChipsOutOfView: HandJudge._on_chips_out,
    ObjectPlaced: HandJudge._on_object,
    ObjectRemoved: HandJudge._on_object_removed,
    SeatVacated: HandJudge._on_vacated,
    SeatReturned: HandJudge._on_returned,
    ClockCalled: HandJudge._on_clock,
    DecisionTime: HandJudge._on_decision_time,
    HandEnded: HandJudge._on_ended,
}


def judge_hand(setup: HandSetup, profile: HouseProfile, events: Iterable[Event]) -> HandRecord:
    """Judge a whole hand: every event in time order."""
    judge_ = HandJudge(setup, profile)
    for ev in events:
        judge_.process(ev)
    return judge_.record
