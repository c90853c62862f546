"""The rules engine: observed events in, rulings and alerts out, one hand at a time.

``HandJudge`` holds one hand: the pokerkit-backed ``HandState``, the deal/board/showdown/conduct
monitors, declarations waiting for their chips, out-of-turn actions waiting for the turn, and the
chips physically in front of each seat. ``process(event)`` returns what the event caused, in order.

A few mechanisms carry the house rules into play:
- every betting action goes through ``_act``: in turn it is judged and applied; out of turn it
  waits for the seat's turn and is replayed then, unless the action to the seat changed;
- a declaration settles the action; the gesture that goes with it (its chips, a tap) is then
  part of the same action, not a new one;
- a seat whose hand is dead (absent at the deal, wrong number of cards, out of time, away from the
  table where the house folds it) is kept in ``dead`` and folded when its turn comes;
- a hand-stopping misdeal stops the hand: nothing after it is judged;
- chips the camera could not count are read as what the table did next allows: when an event
  contradicts the betting, the hand is replayed under other readings of them (a raise, an all-in) and
  the one that fits best is kept (``rules.rereading``); chips that show just after a seat's tap
  replace it; a declaration alerted on whose chips never showed put them in once the table plays on.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from rules import rereading
from rules.betting import Pending, judge, with_declaration_limits
from rules.checks import Finding
from rules.checks.conduct import (
    Clock,
    ObjectMonitor,
    card_exposed,
    cards_out_of_view,
    chips_out_of_view,
    left_with_live_hand,
    out_of_turn,
    out_of_turn_changed,
    short_of_declaration,
)
from rules.checks.deal import BoardMonitor, DealMonitor
from rules.checks.showdown import ShowdownMonitor
from rules.hand_state import BOARD_CARDS_BEFORE, HandSetup, HandState, Situation, Street
from rules.profile import HouseProfile, ShortAllInReopen, SubstantialAction
from rules.records import (
    DEFAULT_SEVERITY,
    Alert,
    AlertKind,
    BetAction,
    Citation,
    HandRecord,
    Ruling,
    Severity,
)
from rules.rereading import Output, Reading, contradicts, reread
from vision.events import (
    CardExposed,
    CardsDealt,
    CardsOutOfView,
    ChipAction,
    ChipsOutOfView,
    ChipsPulledIn,
    ClockCalled,
    Declaration,
    DeclarationKind,
    Event,
    Fold,
    HandEnded,
    HandStarted,
    HandTabled,
    ObjectPlaced,
    ObjectRemoved,
    PriorChips,
    SeatReturned,
    SeatVacated,
    TableTap,
)

_Action = ChipAction | Declaration | TableTap | Fold  # what a seat does to act

_LEFT = "left_with_live_hand"  # the dead-hand reason that a return to the seat undoes


@dataclass(slots=True)
class _OutOfTurn:
    events: list[_Action]
    level: int  # the street's bet when the seat acted out of turn


def _fits(chips: ChipAction, declared: Ruling) -> bool:
    """Whether chips are the ones a declaration asked for: its exact amount, or for chips the camera
    could not count (a lower bound) no more than it."""
    return chips.amount == declared.adds if chips.counted else chips.amount <= declared.adds


class HandJudge:
    """Judges one hand under one house profile."""

    def __init__(self, setup: HandSetup, profile: HouseProfile, reading: Reading | None = None) -> None:
        """``reading``: uncounted chip actions, by (seat, time), to read as "raise" or "all_in" rather
        than as seen (set by ``rules.rereading``)."""
        self.setup = setup
        self.profile = profile
        self.reading: Reading = dict(reading or {})
        self.events: list[Event] = []  # everything processed, in order, for a reread
        self.uncounted: list[tuple[int, float, Street, bool]] = []  # (seat, t, street, facing a bet)
        self.ignored = 0  # actions by a live seat with no betting open (an all-in reading must explain them)
        self.early = 0  # uncounted chips in turn on a street whose board is not out yet (``_act``)
        self.tabled_early = False  # a hand was tabled while betting was still expected (``_on_tabled``)
        self.held_tap: TableTap | None = None  # a tap facing a bet, waiting for its chips (``process``)
        self.hand = HandState(setup)
        self.deal = DealMonitor(setup, profile)
        self.board = BoardMonitor(profile)
        self.showdown = ShowdownMonitor(setup)
        self.objects = ObjectMonitor(profile)
        self.record = HandRecord(setup)
        self.in_front: dict[int, list[int]] = {}
        self.declared: dict[int, tuple[Declaration | None, Pending]] = {}  # said in turn, settled by chips
        # settled by a declaration; the gesture that goes with it (its chips, a tap) is still to come
        self.awaiting: dict[int, tuple[Ruling, Street]] = {}
        self.uncounted_streets: set[Street] = set()  # streets where chips the camera could not count went in
        self.out_of_turn: dict[int, _OutOfTurn] = {}
        self.dead: dict[int, str] = {}  # seat -> the profile topic that killed it; folded in its turn
        self.absent: set[int] = {s.seat for s in setup.seats if not s.present}
        self.clock: Clock | None = None
        self.actions_in_turn: list[bool] = []  # True when the action put chips in
        self.last_ruling: Ruling | None = None
        self.last_ruling_street: Street | None = None  # the street it was made on
        self.stopped = False  # a misdeal stopped the hand
        self.ended = False
        self.now = 0.0
        self._street = self.hand.street
        for seat in self.hand.seat_of_player:  # the blinds posted are in front of the seats
            if self.hand.bet_of(seat):
                self.in_front[seat] = [self.hand.bet_of(seat)]

    # ----- the one entry point ---------------------------------------------------------------

    def process(self, ev: Event) -> list[Output]:
        """What ``ev`` caused; uncounted chips are read again when the table contradicts their reading,
        and a tap facing a bet waits for its chips (``rules.rereading``)."""
        held = rereading.release_tap(self, ev)
        out = [] if held is None else self._process(held)
        return out if rereading.hold_tap(self, ev) else out + self._process(ev)

    def flush(self) -> list[Output]:
        """No more events come: a tap still waiting for chips is judged."""
        held, self.held_tap = self.held_tap, None
        return [] if held is None else self._process(held)

    def _process(self, ev: Event) -> list[Output]:
        street = self.hand.street_of_action
        amended = rereading.amend(self, ev)  # chips after a tap; a string bet's second visit
        if amended is not None:
            return amended
        early = self.early
        out = self.judge_one(ev)
        # a contradiction, or chips before the street's cards (was the last street's betting over?)
        if contradicts(out) or self.early > early:
            return reread(self, street, out)
        return out

    def judge_one(self, ev: Event) -> list[Output]:
        """One event judged under the current reading, no rereading."""
        self.events.append(ev)
        out: list[Output] = []
        self.now = max(self.now, ev.t)
        if self.stopped:
            return out
        if isinstance(ev, ChipsPulledIn | HandEnded) or (isinstance(ev, CardsDealt) and ev.seat is None):
            self._finish_deal(ev.t, out)  # play has moved past the initial deal
            self.awaiting.clear()  # and past the chips of the street's last declarations
        self._tick_clock(ev.t, out)
        handler = _HANDLERS.get(type(ev))
        if handler is not None and not self.stopped:
            handler(self, ev, out)
        self._after(ev.t, out)
        return out

    # ----- handlers --------------------------------------------------------------------------

    def _on_started(self, ev: HandStarted, out: list[Output]) -> None:
        self._find_all(out, self.deal.button_seen(ev.button_seat, ev.t))

    def _on_cards(self, ev: CardsDealt, out: list[Output]) -> None:
        if ev.seat is not None:
            self._find_all(out, self.deal.hole_card(ev, self.substantial_action))
            if not self.deal.complete and self.deal.dealt_all:
                self._finish_deal(ev.t, out)
            return
        rereading.went_in_unseen(self, ev.t, ev.frame, out)
        over = len(self.hand.live_seats()) < 2
        self._find_all(out, self.board.board_cards(ev, self.hand.street, self.hand.betting_open, over))

    def _on_chips(self, ev: ChipAction, out: list[Output]) -> None:
        ruling, street = self.awaiting.get(ev.seat, (None, None))
        # the chips of a declaration; once the street has moved on, only if they are its exact amount
        if ruling is None or ruling.adds <= 0 or (street is not self.hand.street and not _fits(ev, ruling)):
            self._act(ev, out)
            return
        del self.awaiting[ev.seat]
        if street is self.hand.street:
            self.in_front.setdefault(ev.seat, []).extend(ev.chips if ev.counted else [ruling.adds])
        if ev.counted and ev.amount < ruling.adds and not ruling.all_in:
            call = ruling.action is BetAction.CALL
            f = short_of_declaration(ev.seat, ruling.summary(), ruling.adds, ev.amount, call, ev.t)
            self._find(out, f)

    def _on_declaration(self, ev: Declaration, out: list[Output]) -> None:
        if not ev.before_chips:  # said after the seat's chips landed: part of that action, not a new one
            waiting = self.out_of_turn.get(ev.seat)
            if waiting is not None:
                waiting.events.append(ev)
            last = self.last_ruling
            if waiting is not None or (last is not None and last.seat == ev.seat):
                return
        self._act(ev, out)

    def _on_tap(self, ev: TableTap, out: list[Output]) -> None:
        declared = self.awaiting.get(ev.seat)
        if declared is not None and declared[0].action is BetAction.CHECK:
            del self.awaiting[ev.seat]  # the tap that goes with a check said aloud
            return
        if ev.over_own_chips and self._facing_bet(ev.seat):
            # a hand put down on its own bet, facing a bet: chips added on top that the camera could
            # not see, rather than a check that is no valid action
            self._act(
                ChipAction(ev.t, frame=ev.frame, seat=ev.seat, prior=PriorChips.LEFT, counted=False), out
            )
            return
        self._act(ev, out)

    def acted_last(self, seat: int) -> bool:
        """Whether the seat made the hand's latest ruling, on the street being bet now."""
        last = self.last_ruling
        return (
            last is not None and last.seat == seat and self.last_ruling_street is self.hand.street_of_action
        )

    def _facing_bet(self, seat: int) -> bool:
        return self.hand.betting_open and self.hand.actor == seat and self.hand.situation(seat).facing_bet

    def _on_fold(self, ev: Fold, out: list[Output]) -> None:
        if self.hand.betting_open:
            self._act(ev, out)
        elif ev.seat in self._live():
            self._find_all(out, self.showdown.mucked_hand(ev.seat, ev.t))

    def _on_pulled_in(self, ev: ChipsPulledIn, out: list[Output]) -> None:
        self.in_front.clear()

    def _on_exposed(self, ev: CardExposed, out: list[Output]) -> None:
        if ev.seat in self._live() and self.hand.betting_open:
            self._find(out, card_exposed(ev.seat, ev.card, ev.t, self.profile))

    def _on_tabled(self, ev: HandTabled, out: list[Output]) -> None:
        # a hand turned face up while the engine still expects betting: players table early only when
        # all-in, the one sign the camera gives that uncounted chips were all of a seat's stack
        self.tabled_early |= self.hand.betting_open
        self._find_all(out, self.showdown.tabled_hand(ev))

    def _on_cards_out(self, ev: CardsOutOfView, out: list[Output]) -> None:
        live = self._live()
        holding = ev.seat in live and len(live) >= 2 and ev.seat not in self.showdown.tabled
        self._find_all(out, cards_out_of_view(ev, self.profile, holding and not self.ended))

    def _on_chips_out(self, ev: ChipsOutOfView, out: list[Output]) -> None:
        self._find_all(out, chips_out_of_view(ev, self.profile))

    def _on_object(self, ev: ObjectPlaced, out: list[Output]) -> None:
        self._find_all(out, self.objects.placed(ev))

    def _on_object_removed(self, ev: ObjectRemoved, out: list[Output]) -> None:
        self.objects.removed(ev)

    def _on_vacated(self, ev: SeatVacated, out: list[Output]) -> None:
        if not self.deal.complete or ev.t <= self.deal.completed_at:  # away at the deal
            self.absent.add(ev.seat)
            self._find_all(out, self.deal.found_absent(ev.seat, ev.t))
        elif ev.seat in self._live() and self.hand.betting_open and not self.hand.is_all_in(ev.seat):
            self._find(out, left_with_live_hand(ev.seat, ev.t, self.profile))

    def _on_returned(self, ev: SeatReturned, out: list[Output]) -> None:
        self.absent.discard(ev.seat)
        if self.dead.get(ev.seat) == _LEFT:  # back before its turn: the hand plays on
            del self.dead[ev.seat]

    def _on_clock(self, ev: ClockCalled, out: list[Output]) -> None:
        if self.hand.actor == ev.seat:  # the clock runs on the decision the seat faces now
            self.clock = Clock(ev.seat, ev.t, self.profile)

    def _on_ended(self, ev: HandEnded, out: list[Output]) -> None:
        self.ended = True
        self._find_all(out, self.showdown.ended(self._live(), ev.t))

    # ----- betting ---------------------------------------------------------------------------

    def _act(self, ev: _Action, out: list[Output], unseen: str = "") -> None:
        """One betting action: chips, a declaration (its chips may follow), a tap or a fold motion.
        ``unseen``: chips the table's play says went in unseen, and why (``rereading.went_in_unseen``)."""
        seat = ev.seat
        chips = ev if isinstance(ev, ChipAction) else None
        said = ev if isinstance(ev, Declaration) else None
        if isinstance(ev, TableTap | Fold):  # a gesture: judged as the declaration it stands for
            said = Declaration(
                ev.t, seat=seat, what=_CHECK if isinstance(ev, TableTap) else _FOLD, frame=ev.frame
            )
        if not self.hand.betting_open or seat not in self._live():
            self.ignored += seat in self._live()
            return
        if self.hand.actor != seat and chips is not None and not chips.counted and self.acted_last(seat):
            return  # more chips from the seat that just acted, nobody since: one action the camera saw twice
        in_turn = self.hand.actor == seat
        self._finish_deal(ev.t, out)  # a seat acting, in turn or not, ends the initial deal
        if self.stopped:
            return
        if not in_turn and rereading.went_in_unseen(self, ev.t, ev.frame, out):
            return self._act(ev, out)  # judged again, now the action has moved on
        if not in_turn:
            self._act_out_of_turn(seat, ev, out)
            return
        if self.hand.actor != seat:  # the deal's end killed this hand
            return
        if self.deal.short(seat):  # acting before its missing card came: the hand is dead
            self._find(out, self.deal.acted_short(seat, ev.t))
            self._resolve_turns(ev.t, out)
            return
        earlier, pending = self.declared.pop(seat, (None, None))
        sit = self.hand.situation(seat, self.in_front.get(seat, ()))
        sit = self._limits(with_declaration_limits(sit, pending))
        street = self.hand.street_of_action
        if street in self.uncounted_streets:
            sit = replace(sit, amounts_uncertain=True)
        if chips is not None and not chips.counted:
            self.uncounted_streets.add(street)
            self.early += self.board.shown < BOARD_CARDS_BEFORE[self.hand.street]
            sit = replace(sit, uncounted_as=self.reading.get((seat, ev.t), ""))
            if not (said or earlier):
                self.uncounted.append((seat, ev.t, street, sit.facing_bet))
        verdict = judge(sit, self.profile, chips, said or earlier)
        if isinstance(verdict, Pending):  # a declaration that settles nothing until its chips arrive
            self.declared[seat] = (said or earlier, verdict)
            self._alert_from(verdict.alert_kinds, seat, verdict.explanation, "", verdict.citations, ev.t, out)
            return
        if unseen:  # the floor has the declaration's alert; the chips are inferred, not seen
            verdict = replace(verdict, alert_kinds=(), explanation=f"{verdict.explanation}; {unseen}")
        self._apply(verdict, ev.t, out)
        if chips is not None and (verdict.returned or not chips.counted):
            self.in_front[seat] = [verdict.to]  # change made, or chips not counted: the bet is what is out
        elif chips is not None:
            self.in_front.setdefault(seat, []).extend(chips.chips)
        elif isinstance(ev, Declaration) and (verdict.adds > 0 or verdict.action is BetAction.CHECK):
            self.awaiting[seat] = (verdict, self.hand.street_of_action)

    def _limits(self, sit: Situation) -> Situation:
        """The house's re-opening rule: where short all-ins never combine, one full raise is needed."""
        if self.profile.value("short_all_in_reopen") is ShortAllInReopen.NEVER_COMBINED and sit.may_raise:
            return replace(sit, may_raise=self.hand.full_raise_since(sit.seat))
        return sit

    def _apply(self, ruling: Ruling, t: float, out: list[Output], automatic: bool = False) -> None:
        """Put a ruling into the hand. ``automatic``: the engine acted for the seat (a dead hand, the
        clock); such actions are not actions in turn for substantial action."""
        hand, seat = self.hand, ruling.seat
        ruling = replace(ruling, t=t)
        self.last_ruling_street = hand.street_of_action
        if ruling.action is BetAction.FOLD:
            hand.fold(seat)
        elif ruling.action in (BetAction.CHECK, BetAction.CALL) or not hand.can_raise():
            hand.check_or_call(seat)
        else:
            state = hand.state
            lo = int(state.min_completion_betting_or_raising_to_amount or ruling.to)
            hi = int(state.max_completion_betting_or_raising_to_amount or ruling.to)
            hand.bet_or_raise_to(seat, max(lo, min(hi, ruling.to)))
        if not automatic:
            self.actions_in_turn.append(ruling.action not in (BetAction.CHECK, BetAction.FOLD))
        street = hand.street_of_action  # betting on a later street: earlier declarations' gestures are over
        self.awaiting = {s: a for s, a in self.awaiting.items() if a[1] is street}
        self.last_ruling = ruling
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

    def _act_for(
        self, seat: int, action: BetAction, why: str, topic: str, t: float, out: list[Output]
    ) -> None:
        """The engine acts for the seat: a dead hand folded in turn, a check when the clock runs out."""
        ruling = Ruling(
            seat, action, to=self.hand.bet_of(seat), explanation=why, citations=(self.profile.cite(topic),)
        )
        self._apply(ruling, t, out, automatic=True)

    def _act_out_of_turn(self, seat: int, ev: _Action, out: list[Output]) -> None:
        waiting = self.out_of_turn.get(seat)
        if waiting is not None:
            waiting.events.append(ev)
            return
        self.out_of_turn[seat] = _OutOfTurn([ev], self.hand.situation(seat).current_bet)
        self._find(out, out_of_turn(seat, self.hand.actor, ev.t, self.profile))

    def _resolve_turns(self, t: float, out: list[Output]) -> None:
        """Act for the seat whose turn it now is: fold a dead hand, replay an out-of-turn action."""
        for _ in range(4 * len(self.setup.seats) + 4):
            seat = self.hand.actor
            if seat is None or self.stopped:
                return
            if seat in self.dead:
                topic = self.dead[seat]
                self._act_for(seat, BetAction.FOLD, f"hand dead ({topic.replace('_', ' ')})", topic, t, out)
                continue
            if seat in self.awaiting and self.awaiting[seat][1] is self.hand.street:
                del self.awaiting[seat]  # its turn again on the same street: the gesture is not coming
            waiting = self.out_of_turn.pop(seat, None)
            if waiting is None:
                return
            self._replay_out_of_turn(seat, waiting, t, out)
            if self.hand.actor == seat:
                return

    def _replay_out_of_turn(self, seat: int, waiting: _OutOfTurn, t: float, out: list[Output]) -> None:
        """Binding unless the action changed (a bet or raise came in between); a fold always binds."""
        changed = self.hand.situation(seat).current_bet != waiting.level
        folds = any(
            isinstance(e, Fold) or (isinstance(e, Declaration) and e.what is _FOLD) for e in waiting.events
        )
        if changed and not folds:
            self._find(out, out_of_turn_changed(seat, t))
            return
        for e in waiting.events:
            follows = (
                e.seat in self.awaiting if isinstance(e, ChipAction) else not getattr(e, "before_chips", True)
            )
            if self.hand.actor != seat and not follows:
                break  # acted on already: what is left belongs to no action
            _HANDLERS[type(e)](self, e, out)

    # ----- bookkeeping -----------------------------------------------------------------------

    @property
    def deciding(self) -> int | None:
        """The seat whose decision it is at the table now: the actor, once the street's board cards are
        out (between streets the engine already knows who acts next, but the dealer is still pulling
        the bets in and dealing). Cards sent back (a premature street, a four-card flop) count: the
        camera reports a re-dealt street's cards only when more show than ever did."""
        if self.board.shown < BOARD_CARDS_BEFORE[self.hand.street]:
            return None
        return self.hand.actor

    @property
    def substantial_action(self) -> bool:
        acts = self.actions_in_turn
        if self.profile.value("substantial_action") is SubstantialAction.TWO_AFTER_BLINDS:
            return len(acts) >= 2
        return (len(acts) >= 2 and any(acts)) or len(acts) >= 3

    def _live(self) -> list[int]:
        """Seats holding a live hand: not folded, not dead."""
        return [s for s in self.hand.live_seats() if s not in self.dead]

    def _finish_deal(self, t: float, out: list[Output]) -> None:
        if not self.deal.complete:
            self._find_all(out, self.deal.finish(t, self.absent))

    def _after(self, t: float, out: list[Output]) -> None:
        if self.stopped:
            return
        self._resolve_turns(t, out)
        if self.hand.street != self._street:
            self._street = self.hand.street
            self.in_front.clear()
            self.declared.clear()
            self.out_of_turn.clear()
        live = self._live()
        if not self.hand.betting_open and not self.showdown.begun and len(live) >= 2:
            all_in = any(self.hand.is_all_in(s) for s in live)
            river_aggressor = self.hand.last_aggressor.get(Street.RIVER)
            self._find_all(out, self.showdown.begin(live, all_in, river_aggressor, t))

    def _tick_clock(self, t: float, out: list[Output]) -> None:
        clock = self.clock
        if clock is None:
            return
        if self.hand.actor != clock.seat:  # the seat acted (or the hand moved on): the clock is off
            self.clock = None
            return
        facing = self.hand.situation(clock.seat).facing_bet
        self._find_all(out, clock.tick(t, facing))
        if clock.expired:
            self.clock = None
            dead, topic = clock.expiry(facing)
            action, why = (BetAction.FOLD, "the hand is dead") if dead else (BetAction.CHECK, "a check")
            self._act_for(clock.seat, action, f"the clock ran out: {why}", topic, t, out)

    def _find_all(self, out: list[Output], findings: Iterable[Finding]) -> None:
        for f in findings:
            if not self.stopped:
                self._find(out, f)

    def _find(self, out: list[Output], f: Finding) -> None:
        severity = f.severity or DEFAULT_SEVERITY[f.kind]
        cites = tuple(self.profile.cite(topic) for topic in f.topics)
        self._emit(out, f.kind, severity, f.message, f.ruling, cites, f.t, f.seat, f.t_start)
        if severity is Severity.HAND_STOPPING and f.kind is AlertKind.MISDEAL:
            self.stopped = True
        if f.kills and f.seat is not None and f.seat in self.hand.live_seats():
            self.dead.setdefault(f.seat, f.topics[0])

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
        """The alert for a ruling: its most severe kind; at least a warning when the floor decides."""
        kinds = list(kinds)
        if not kinds:
            return
        kind = max(kinds, key=lambda k: DEFAULT_SEVERITY[k].rank)
        severity = DEFAULT_SEVERITY[kind]
        if discretion and severity.rank < Severity.WARNING.rank:
            severity = Severity.WARNING
        ruling = (ruling + "; floor's discretion") if discretion and ruling else ruling
        self._emit(out, kind, severity, f"seat {seat}: {message}", ruling, citations, t, seat)

    def _emit(
        self,
        out: list[Output],
        kind: AlertKind,
        severity: Severity,
        message: str,
        ruling: str,
        citations: tuple[Citation, ...],
        t: float,
        seat: int | None,
        t_start: float | None = None,
    ) -> None:
        alert = Alert(
            kind=kind,
            severity=severity,
            message=message,
            ruling=ruling,
            citations=citations,
            t_start=t if t_start is None else t_start,
            t_end=t,
            table=self.setup.table,
            hand_id=self.setup.hand_id,
            seat=seat,
        )
        self.record.alerts.append(alert)
        out.append(alert)


_CHECK = DeclarationKind.CHECK
_FOLD = DeclarationKind.FOLD

_HANDLERS: dict[type[Event], Callable[[HandJudge, Any, list[Output]], None]] = {
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
    HandEnded: HandJudge._on_ended,
}


def judge_hand(setup: HandSetup, profile: HouseProfile, events: Iterable[Event]) -> HandRecord:
    """Judge a whole hand: every event in time order."""
    judge_ = HandJudge(setup, profile)
    for ev in events:
        judge_.process(ev)
    judge_.flush()
    return judge_.record
