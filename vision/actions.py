"""Temporal analyzers: a stream of ``TableScene``s in, the rules engine's observed events out.

Two mechanisms carry almost all of it:

- **Settled counts.** What lies in a zone (a seat's cards, the board, the bets, the pot) counts only
  once it has held still for ``hold`` seconds (``Settled``), so a card flying over a zone or a
  detector flicker changes nothing. Cards landing in a seat's zone are a deal; face-up cards on the
  board are a street; a seat's cards gone (to the muck) are a fold; every bet zone emptied into the
  pot is a pull-in; the table cleared is the end of the hand. A seat's count includes cards a pitch
  landed on top of (``vision.pitches``); a face-up card that was seen face up on the deck first was
  boxed, and does not count toward the seat's cards.
- **Seat visits.** A player's hand reaching onto the felt opens a visit for its seat; the visit ends
  once the hand is seen back on the rail (or off the table), or has not been seen for ``leave``
  seconds (lost from view, it may only be hidden). Chips that landed in the seat's bet zone during the
  visit are its pushes, counted by ``vision.pushes`` (how many motions, a trip back to the stack
  zone between two); a visit that moved nothing, by the seat whose turn it is, is a tap (a check).
  Chips that landed but could not all be valued (a colour not read; or, from a camera, any stack,
  which shows only its top chip) make a chip action all the same, marked not counted: the seat acted.
  A visit that took the seat's cards with it holds its chip action until the cards show again (it
  was a push) or are seen folded (the cards, thrown over the bet zone, were read as chips).

Whose hand each one is comes from ``vision.hands``; phones, drinks and protectors on the felt from
``vision.foreign``; seats left and returned to from ``vision.presence`` (the pipeline runs it beside
this). Seats and turn order come from the caller (the rules engine's hand state), through ``Turn``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from statistics import median_low

from vision.camera_config import ZoneKind
from vision.chipset import ChipSet
from vision.events import (
    CardExposed,
    CardsDealt,
    CardsOutOfView,
    ChipAction,
    ChipsOutOfView,
    ChipsPulledIn,
    Event,
    Fold,
    HandEnded,
    HandStarted,
    HandTabled,
    OutOfView,
    TableTap,
)
from vision.foreign import ForeignObjects
from vision.hands import DEALER, HandOwners
from vision.pitches import PitchWatch
from vision.pushes import SIGHTING_IOU, Box, PushCounter, Visit, iou
from vision.settled import Settled
from vision.table import FELT, OFF, RAIL, SeenObject, TableGeometry, TableScene

MUCK_WAIT = 1.2  # seconds a seat's vanished cards have to reach the muck before they count as hidden
BET_MEMORY_S = 0.5  # chips seen in a bet zone this recently were there when a hand came (hidden by it)
MIDDLE = (FELT, "pot", "board")  # where the dealer's hands work, away from the seats and the deck
TAP_REACH = 0.55  # a tap lands past the cards (measured on renders: taps 0.79-0.81, peeks 0.33-0.39)
CARDS = ("card_up", "card_down")
REST_S = 0.2  # s a card in a seat's bet zone must lie still to count there (not one flying over)
LATE_S = 0.8  # s after a tap in which chips showing in the seat's bet zone are still its visit's
# s: board cards taken back this long, with two seats still in and none tabled, were set aside, and
# the cards that come next are dealt (seed + 8000 premature_turn: the turn set aside, the betting
# finished, a new turn; a card a hand covers comes back within a second)
REDEAL_S = 2.0
LANDED_S = 2.0  # s: once play is under way, a seat's count rising this long after a card flew in is no deal
PUSHED_OUT_S = 0.7  # s: cards seen in a seat's bet zone this close to leaving its zones went out that way
BOXED_S = 1.5  # s: a face-up card landing this soon after one was seen on the deck was boxed
Turn = Callable[[], int | None]  # the seat to act now, from the hand state (None: nobody)


class ActionAnalyzer:
    """Scenes in, events out, for one camera. ``update`` returns the events the scene completed."""

    def __init__(
        self,
        geometry: TableGeometry,
        chips: ChipSet,
        turn: Turn,
        hold: float = 0.25,
        leave: float = 0.3,
        stacks_counted: bool = True,
        reads_drinks: bool = False,
        hole_cards: int = 2,
    ):
        """``reads_drinks``: the drinks' labels are a drink reader's, which says "unknown" when unsure
        (``vision.foreign``)."""
        self.geo = geometry
        self.chips = chips
        # whether a chip object's value is its whole stack's (the simulator's boxes) or only its top
        # chip's (a camera's): chip actions of uncounted stacks are ``counted=False``, a lower bound
        self.stacks_counted = stacks_counted
        self.turn = turn
        self.hole_cards = hole_cards  # each seat's, in this game
        self.hold, self.leave = hold, leave
        self.hands = HandOwners(geometry)  # whose hand each one in view is
        self.pushes = PushCounter(chips, stacks_counted)  # what each visit pushed into its seat's bet zone
        self.visits: dict[int, Visit] = {}
        # seat -> when its last tap's visit ended, the bet-zone boxes before it, when new chips first showed
        self.after_tap: dict[int, tuple[float, list[Box], float | None]] = {}
        self.held: dict[int, tuple[ChipAction, float]] = {}  # seat -> chip action held, since when
        self.seat_cards: dict[int, Settled] = {s: Settled(hold) for s in geometry.seats}
        self.holding: dict[int, Settled] = {s: Settled(0.6) for s in geometry.seats}  # still has cards
        self.most_cards: dict[int, int] = {}  # this hand's most cards seen at each seat
        self.button: int | None = None  # the seat the dealer button was at when the hand began
        self.cards_out: dict[int, float] = {}  # seat -> when a card was last seen in its bet zone
        self.cards_since: dict[int, float] = {}  # seat -> since when it has shown a card without a break
        self.pitches = PitchWatch(geometry, hold)  # cards pitched on top of other cards
        self.seen_at_seat: dict[int, int] = {}  # seat -> cards seen in its zones in the last scene
        self.most_board = 0  # this hand's most face-up board cards
        # the fewest board cards since it last grew, and since when: cards taken back for a while (a
        # premature card set aside, a flop returned to the stub) are dealt again (``REDEAL_S``)
        self.board_low: tuple[int, float] = (0, 0.0)
        self.has_cards: dict[int, bool] = {}  # cards in the seat's own zones in the latest scene
        self.visit_ended: dict[int, float] = {}  # when each seat's last visit ended
        self.exposed_at: dict[int, float] = {}  # when each seat last showed a card
        self.gone: dict[int, float] = {}  # seat -> since when its cards are gone, destination unknown
        self._muck = next((z for z in geometry.zones if z.kind is ZoneKind.MUCK), None)
        self._dealer_zone = next((z.name for z in geometry.zones if z.kind is ZoneKind.DEALER), "dealer")
        self.up_on_deck = -1e9  # when a face-up card was last seen on the deck (a boxed card)
        self.loose_tracks: set[int] = set()  # card tracks in the muck or loose on the felt last scene
        self.card_rest: dict[int, tuple[float, float, float]] = {}  # card track -> since when still, at x, y
        self.arrivals: list[float] = []  # when cards last arrived in the muck or on the felt
        self.chips_left: dict[int, float] = {}  # seat -> when its chips were last seen leaving the table
        self.board = Settled(hold)
        self.bets = Settled(hold)
        self.table_clear = Settled(0.6)
        # phones, drinks, protectors on the felt
        self.objects = ForeignObjects(geometry, hold * 2, reads_drinks)
        self.in_hand = False
        self.deal_over = False  # a player has acted this hand (no more hole cards come)
        self.acted = False  # ... with chips, a tap or a fold (not a card exposed in the deal)
        self.folded: set[int] = set()
        self.exposed: set[int] = set()  # card tracks already reported face up
        self.tabled: set[int] = set()
        self.bets_since_pull = False
        self.last_place: dict[int, tuple[str, int | None, str, int]] = {}  # track -> place, seat, cls, value
        self.hand_no = 0
        # seat -> chip stacks in its stack zone over the last two scenes its hand was not there
        self.stack_seen: dict[int, tuple[int, int]] = {}
        # seat -> chip stacks tracked in its stack zone, the last scene its hand was not there (seed +
        # 2000 tiny_chip: a stack seen now and then, never tracked, "left empty": a false all-in)
        self.stack_tracked: dict[int, int] = {}
        self.bet_recent: dict[int, dict[int, tuple[float, SeenObject]]] = {}  # seat -> track -> (t, chip)

    # ----- the one entry point -------------------------------------------------------------------

    def update(self, scene: TableScene) -> list[Event]:
        out: list[Event] = []
        hands = self.hands.update(scene, visiting=self.visits)
        self._deal_and_cards(scene, out)
        self._visits(scene, hands, out)
        self._release_held(scene.t, out)
        self._late_chips(scene, out)
        self._bets_and_pot(scene, out)
        self.objects.update(scene, out)
        self._out_of_view(scene, out)
        self._end(scene, out)
        for e in out:
            object.__setattr__(e, "frame", scene.frame)
            self.deal_over |= not isinstance(e, CardsDealt | HandStarted)
            self.acted |= isinstance(e, ChipAction | TableTap | Fold)
        return sorted(out, key=lambda e: e.t) if out else out

    # ----- hands: what a seat's visit did ---------------------------------------------------------

    def _reach(self, seat: int, h: SeenObject) -> float:
        """How far forward the hand's centre is along its seat's axis (stack zone 0, bet zone 1)."""
        axis = self.geo.seat_axis(seat)
        if axis is None:
            return 0.0
        (sx, sy), (bx, by) = axis
        length2 = (bx - sx) ** 2 + (by - sy) ** 2 or 1.0
        x, y = h.centre
        return ((x - sx) * (bx - sx) + (y - sy) * (by - sy)) / length2

    def _visits(self, scene: TableScene, hands: list[tuple[SeenObject, int]], out: list[Event]) -> None:
        t = scene.t
        present: dict[int, SeenObject] = {}
        withdrawn: set[int] = set()  # seats whose hand is seen back over the rail
        for h, seat in hands:
            if seat != DEALER and h.place not in (RAIL, OFF):
                present[seat] = h
            elif seat != DEALER:
                withdrawn.add(seat)
        provisional = self._hand_of_the_seat_deciding(scene, hands, present)
        for seat in self.seat_cards:
            if seat not in present:
                stack = scene.in_place(f"seat{seat}_stack", "chip")
                now = len(stack)
                self.stack_seen[seat] = (self.stack_seen.get(seat, (now, now))[1], now)
                self.stack_tracked[seat] = sum(o.track >= 0 for o in stack)
        for seat in self.seat_cards:  # each bet zone's chips of the last moments, by track
            recent = {k: v for k, v in self.bet_recent.get(seat, {}).items() if t - v[0] <= BET_MEMORY_S}
            for o in scene.in_place(f"seat{seat}_bet", "chip"):
                if o.track >= 0:
                    recent[o.track] = (t, o)
            self.bet_recent[seat] = recent
        for seat, h in present.items():
            visit = self.visits.get(seat)
            if visit is None:
                # the chips in front when the hand came: those in view, and those seen there a moment
                # ago that the hand covers as it arrives (seed + 2000 short_all_in: the big blind's
                # chips, hidden as the hand came to tap, then "pushed")
                in_bet = [o for _, o in self.bet_recent.get(seat, {}).values()]
                bets = frozenset(o.track for o in in_bet)
                visit = self.visits[seat] = Visit(seat, t, t, bets, {o.track: o.value for o in in_bet})
                # a hand first seen over the cards hides them; cards held until a moment ago count
                visit.had_cards = self.has_cards.get(seat, False) or self.holding[seat].value is True
                untracked = [o.box for o in scene.in_place(f"seat{seat}_bet", "chip") if o.track < 0]
                visit.bet_boxes = [o.box for o in in_bet] + untracked
                visit.unconfirmed_bet = untracked
                visit.stack_before = self.stack_tracked.get(seat, 0)
                visit.cards_at_start = int(self.seat_cards[seat].value or 0)  # type: ignore[call-overload]
                visit.provisional = seat in provisional
            visit.provisional &= seat in provisional  # the seat's own hand seen after all
            visit.last_seen = t
            zone = self.geo.by_name.get(h.place)
            kind = zone.kind.value if zone is not None and zone.seat == seat else ""
            rank = {"stack": 1, "cards": 2, "bet": 3}.get(kind, 0)
            if rank > {"stack": 1, "cards": 2, "bet": 3}.get(visit.deepest, 0):
                visit.deepest, visit.deepest_t = kind, t
            if rank >= 2:
                visit.reach_frames += 1
            visit.reach = max(visit.reach, self._reach(seat, h))
            if kind == "stack" and visit.pushes:
                if not visit.in_stack_after_push:
                    visit.back_at = t
                visit.in_stack_after_push = True
            elif rank >= 2 and visit.in_stack_after_push:
                visit.forward_again = True
            self.pushes.update(scene, visit)
        for seat, visit in list(self.visits.items()):
            if seat in present:
                continue
            self.pushes.update(scene, visit)  # chips still show up as the hand draws back
            if seat in withdrawn or t - visit.last_seen >= self.leave:
                del self.visits[seat]
                self._close_visit(visit, t, out)

    def _hand_of_the_seat_deciding(
        self, scene: TableScene, hands: list[tuple[SeenObject, int]], present: dict[int, SeenObject]
    ) -> set[int]:
        """A hand the detector missed on its way in shows first away from the rail, where a new hand is
        the dealer's. First seen in the empty bet zone of the seat deciding, or on the felt beside that
        seat's stack or cards, it is put in ``present`` as that seat's, provisionally: the visit counts
        if chips land or it taps (seed + 2000 clean_protector_and_peek: seat 5's raise, its hand seen
        for two frames; clean_heads_up_check_down: seat 7's check on the river; seed + 8000
        premature_turn: seat 3's call, its hand first seen on the felt by its chips). Not a hand seen
        coming across the felt from elsewhere, nor one over chips, and the visit is dropped if another
        hand of the dealer's shows in the middle of the table while it lasts: the dealer at work
        (clean_check_raise_showdown, short_all_in: pulling the bets in). While the seat's visit lasts, a
        hand of the dealer's over the seat's own zones is the seat's, which the owners lost track of (a
        second box of it, unowned, took its place). Returns the seats given such a hand."""
        deciding = self.turn()
        if deciding is None or deciding in present or deciding in self.folded:
            return set()
        visit = self.visits.get(deciding)
        ongoing = visit is not None  # a hand over the seat's own zones while its visit lasts is its hand
        bet, own = f"seat{deciding}_bet", (f"seat{deciding}_stack", f"seat{deciding}_cards")

        def taken(h: SeenObject, new: bool) -> bool:
            beside = h.place == FELT and self.geo.nearest_place(*h.centre) in own
            if ongoing:
                return h.place in (bet, *own) or beside
            return new and (beside or (h.place == bet and not scene.in_place(bet, "chip")))

        pick = next(
            (
                i
                for i, ((h, seat), new) in enumerate(zip(hands, self.hands.new, strict=True))
                if seat == DEALER and taken(h, new)
            ),
            None,
        )
        if any(s == DEALER and h.place in MIDDLE for i, (h, s) in enumerate(hands) if i != pick):
            if visit is not None and visit.provisional:
                del self.visits[deciding]  # the dealer's hand at work: no visit of the seat's
            return set()
        if pick is None:
            return set()
        present[deciding] = hands[pick][0]
        return {deciding}

    def _close_visit(self, visit: Visit, t: float, out: list[Event]) -> None:
        if visit.provisional:
            self.pushes.settle(visit)
            if not (self.in_hand and (visit.pushes or visit.unread or self._is_tap(visit))):
                return  # the dealer's hand after all: no visit of the seat's
        self.visit_ended[visit.seat] = t
        if not self.in_hand:
            return
        self.pushes.settle(visit)
        if visit.pushes or visit.items or visit.unread:
            pushes, prior, pulled = self.pushes.prior_chips(visit)
            action = ChipAction(
                visit.release_t,
                seat=visit.seat,
                pushes=pushes,
                returned_to_stack=visit.returned,
                prior=prior,
                prior_pulled_back=pulled,
                non_value_items=len(visit.items),
                counted=self.stacks_counted and not visit.unread,
            )
            if not action.counted and visit.stack_before and not any(self.stack_seen.get(visit.seat, (1, 1))):
                # chips the camera cannot count, and none left in the seat's stack zone: all of them
                # went in (seed + 7000 all_in_not_tabled: read as a bet, the run-out was "premature")
                action = replace(action, all_in=True)
            if visit.had_cards and not self.has_cards.get(visit.seat, False):
                # the seat's cards went with the hand: thrown over the bet zone, cards read as chips
                # for a moment look like a push. Held until the cards' fate is known (``_release_held``).
                self.held[visit.seat] = (action, t)
            else:
                out.append(action)
        elif self._is_tap(visit):
            on_bet = visit.deepest == "bet" and bool(visit.bet_tracks_at_start)
            out.append(TableTap(visit.deepest_t, seat=visit.seat, over_own_chips=on_bet))
            self.after_tap[visit.seat] = (t, visit.bet_boxes, None)

    def _is_tap(self, visit: Visit) -> bool:
        """Whether a visit that pushed nothing was a tap: a check."""
        return (
            visit.deepest in ("cards", "bet")
            and visit.reach_frames >= 2  # a tap rests a moment in front; a hand passing by does not
            and visit.reach >= TAP_REACH  # a tap is on the felt in front of the cards; a peek is on them
            and self.turn() == visit.seat
            and visit.seat not in self.folded
            and visit.had_cards
            and self.exposed_at.get(visit.seat, -1e9) < visit.start  # showing a card is no check
            and not visit.pushed_tracks  # chips landed in the bet zone, values unread: a bet, not a tap
            and self.has_cards.get(visit.seat, False)  # cards going away (a fold) or coming back: no tap
            and not self._put_down_during(visit)  # a hand that leaves a protector there did not tap
            # nor the dealer's, first seen in the bet zone, bringing a card (seed + 8000
            # dealer_exposed_card: the replacement for a card exposed in the deal)
            and not (visit.provisional and self._cards_now(visit.seat) > visit.cards_at_start)
        )

    def _cards_now(self, seat: int) -> int:
        """The cards the seat shows now, settled or settling."""
        count = self.seat_cards[seat]
        return max(int(count.candidate or 0), int(count.value or 0))  # type: ignore[call-overload]

    def _release_held(self, t: float, out: list[Event]) -> None:
        """A chip action held because the seat's cards left with the hand: dropped when the cards
        prove to have been folded; reported (at its own time) when they show again at the seat, or once
        they have been gone as long as a fold takes to be seen."""
        for seat, (action, since) in list(self.held.items()):
            if seat in self.folded:
                del self.held[seat]
            elif self.has_cards.get(seat, False) or t - since >= MUCK_WAIT + 0.3:
                del self.held[seat]
                out.append(action)

    def _late_chips(self, scene: TableScene, out: list[Event]) -> None:
        """Chips that show in a seat's bet zone within ``LATE_S`` of a tap, with no hand there: the
        visit let them go under the hand, and they showed only once it had gone (a stack the detector
        finds a moment late). Seen in two detector calls running, they are that visit's chips: an
        uncounted chip action, which the rules engine takes as correcting the check. The hand may be
        back by then, and that visit's chips are the same action (seed + 2000 demo_feature_table: the
        first push of a string bet showed as the hand came back with the second)."""
        for seat, (since, known, first) in list(self.after_tap.items()):
            if scene.t - since > LATE_S or not self.in_hand:
                del self.after_tap[seat]
                continue
            new = [
                o
                for o in scene.in_place(f"seat{seat}_bet", "chip")
                if not any(iou(o.box, b) >= SIGHTING_IOU for b in known)
            ]
            if not new:
                self.after_tap[seat] = (since, known, None)
            elif first is None:
                self.after_tap[seat] = (since, known, scene.t)
            else:
                del self.after_tap[seat]
                values = tuple(sorted((o.value for o in new if o.value > 0), reverse=True))
                out.append(ChipAction(first, seat=seat, pushes=(values,) if values else (), counted=False))

    def _put_down_during(self, visit: Visit) -> bool:
        """Whether an object (a protector, a phone) first appeared at the visit's seat while it lasted."""
        return self.objects.put_down_since(visit.seat, visit.start)

    # ----- cards: the deal, the board, folds, exposures ------------------------------------------

    def _deal_and_cards(self, scene: TableScene, out: list[Event]) -> None:
        t = scene.t
        self._note_arrivals(scene)
        self._note_rest(scene)
        on_deck = any(o.cls == "card_up" for o in scene.in_place(self._dealer_zone))
        if on_deck or self._face_up_in_flight(scene):
            self.up_on_deck = t
        # hole cards are pitched before the board, never after; once a player has acted, a card
        # flying past a seat's cards is more likely the burn card before the board (seed + 6000
        # clean_check_raise_showdown: it "landed" on the button seat's cards, a dead hand of three),
        # so a card hidden under another then is not counted: a late card must show as one more
        if self.most_board == 0:
            self.pitches.update(scene, self.seen_at_seat, self.visits, late=self.acted)
        self._boxed_landings(scene, out)
        for seat, settled in self.seat_cards.items():
            # tabled cards are turned over in front, in the bet zone; a card pitched to a seat further
            # on flies over this one's bet zone, so a card there counts only once it lies still
            cards = [
                o
                for o in scene.objects
                if o.cls in CARDS
                and (o.place == f"seat{seat}_cards" or (o.place == f"seat{seat}_bet" and self._resting(o, t)))
            ]
            self.seen_at_seat[seat] = len(cards)
            if any(o.cls in CARDS and o.place == f"seat{seat}_bet" for o in scene.objects):
                self.cards_out[seat] = t  # on their way out (tabled ones lying there are gathered later)
            if cards:
                self.cards_since.setdefault(seat, t)
            else:
                self.cards_since.pop(seat, None)
                self.pitches.cards_gone(seat)
            change = settled.update(
                t, min(len(cards) + self.pitches.covered.get(seat, 0), self._deal_cap(seat, t))
            )
            if change is not None:
                new = int(change[1] or 0)  # type: ignore[call-overload]
                most = self.most_cards.get(seat, 0) if self.in_hand else 0
                # once play is under way, a count rising under the seat's own hand is its cards spread
                # or turned over, not a card dealt (a card pitched late arrives with the hand away)
                own_hand = seat in self.visits or self.visit_ended.get(seat, -1e9) >= settled.since - 0.3
                # nor is a card more that no card flying in from the deck brought, up to the game's hole
                # cards; with PLO's four, which overlap, beyond them too: seen as three through the deal,
                # or boxed as five (seed + 8000 clean_plo_pot_bet)
                unseen = settled.since - self.pitches.landed.get(seat, -1e9) > LANDED_S
                found = self.acted and unseen and (new <= self.hole_cards or self.hole_cards > 2)
                if new > most and self.in_hand and self.deal_over and (own_hand or found):
                    self.most_cards[seat] = new
                elif new > most:  # more than the seat ever held this hand (a hidden card coming back is not)
                    # a seat's first card dealt when it first showed, though a duplicate box made
                    # its count flicker for a while (the order of the deal is judged by these times)
                    since = min(settled.since, self.cards_since.get(seat, t)) if most == 0 else settled.since
                    if not self.in_hand:  # from the first card any seat showed (no card before it)
                        shown = [v for v in self.cards_since.values() if since - v < 1.0]
                        self._start(min([since, *shown]), scene, out)
                    up = [o for o in cards if o.cls == "card_up"]
                    # a card seen face up on the deck before it was pitched was boxed: it is set
                    # aside, so it does not count toward the seat's cards
                    boxed = bool(up) and settled.since - self.up_on_deck <= BOXED_S
                    if not boxed:
                        self.most_cards[seat] = new
                    elif all(o.track in self.exposed for o in up):
                        continue  # already reported as it landed (``_boxed_landings``)
                    out.append(
                        CardsDealt(
                            since,
                            seat=seat,
                            count=new - most,
                            face_up=bool(up),
                            boxed=boxed,
                            cards=tuple(o.label or None for o in up) if len(up) == new - most else (),
                        )
                    )
                    self.exposed.update(o.track for o in up)
            self.has_cards[seat] = bool(cards)
            held = self.holding[seat].update(t, bool(cards))
            if held is not None and held == (True, False) and self.in_hand and self._contesting(seat):
                recent = t - self.visit_ended.get(seat, -1e9) < 2.0
                # its own hand took them (the dealer collecting is not), seen or not
                if seat in self.visits or recent or self._pushed_out(seat, self.holding[seat].since):
                    self.gone[seat] = self.holding[seat].since
            self._where_did_they_go(scene, seat, out)
            up = [o for o in cards if o.cls == "card_up" and o.track >= 0]
            steady = settled.candidate == settled.value  # not a card arriving (a deal reports those)
            if self.in_hand and seat not in self.folded and steady:
                fresh = [o for o in up if o.track not in self.exposed]
                if len(up) >= 2 and seat not in self.tabled and fresh:
                    self.tabled.add(seat)
                    self.exposed.update(o.track for o in up)
                    out.append(HandTabled(t, seat=seat, cards=tuple(o.label or None for o in up)))
                elif len(up) == 1 and fresh and seat in self.exposed_at:
                    # the seat's exposed card, tracked afresh once a hand had covered it (seed + 8000
                    # card_exposed_action_pending): one exposure a seat and hand (two cards up are tabled)
                    self.exposed.add(fresh[0].track)
                elif len(up) == 1 and fresh and seat not in self.tabled:
                    self.exposed.add(fresh[0].track)
                    self.exposed_at[seat] = t
                    out.append(CardExposed(t, seat=seat, card=fresh[0].label or None))
        board = [o for o in scene.in_place("board") if o.cls == "card_up"]
        change = self.board.update(t, len(board))
        if change is not None and self.in_hand:
            new = int(change[1] or 0)  # type: ignore[call-overload]
            low, since = self.board_low
            if new < self.most_board:
                self.board_low = (new, t) if new < low else self.board_low
            redealt = new > low and self.board.since - since >= REDEAL_S and self._contested()
            if new > self.most_board or redealt:  # more than the board held (not cards gathered up)
                # as many cards as the board grew by: a card the tracker gave a new track is not
                # a new card (seed + 6000 clean_limped_pot: the turn came as two, a premature river)
                fresh = [o for o in board if o.track not in self.exposed]
                self.exposed.update(o.track for o in board)
                count = new - (low if redealt else self.most_board)
                self.most_board = max(self.most_board, new)
                self.board_low = (self.most_board, t)
                labels = tuple(o.label or None for o in fresh) if len(fresh) == count else ()
                out.append(CardsDealt(self.board.since, count=count, face_up=True, cards=labels))

    def _deal_cap(self, seat: int, t: float) -> int | float:
        """The most cards a seat can hold while the initial deal goes round, one card at a time from the
        first seat left of the button: no more than the seats before it in that order that hold cards,
        nor than one more than the fewest any other seat shows. "The seats before it" is the lower
        median of what they show, so that one seat seen a card short does not hold back every seat
        after it (seed + 8000 clean_full_ring_showdown); with four PLO cards, which overlap and are
        often seen as fewer, the most any of them shows. A count above it is the camera's: a card box
        seen twice, or a card flying to the next seat taken as one more pitched on top (seed + 2000
        clean_plo_pot_bet: seat 4 "held" five PLO cards while the others showed two; seed + 8000
        premature_river: the button's first card boxed twice, a misdeal of three). No cap while no
        other seat shows a card, nor after the deal (a late card). Another seat's count is
        the most it settled on, or the count it has been settling on for half the hold: the next seat's
        card comes 0.2 s after its own, so no seat waits on another's settling, and a seat's own
        duplicate box does not ride in on the next seat's card."""
        if self.deal_over or not self.in_hand:
            return float("inf")
        shown = {s: self.most_cards.get(s, 0) for s in self.seat_cards}
        for s, count in self.seat_cards.items():
            if t - count.since >= self.hold / 2:
                shown[s] = max(shown[s], int(count.candidate or 0))  # type: ignore[call-overload]
        others = {s: n for s, n in shown.items() if s != seat and n > 0}
        if not others:
            return float("inf")
        order = sorted(self.seat_cards)
        if self.button in order:
            start = order.index(self.button) + 1
            dealing = order[start:] + order[:start]
            before = [others[s] for s in dealing[: dealing.index(seat)] if s in others]
            if before:
                most = max(before) if self.hole_cards > 2 else median_low(before)
                return min(most, 1 + min(others.values()))
        return 1 + min(others.values())

    def _face_up_in_flight(self, scene: TableScene) -> bool:
        """A card flying face up during the deal (not resting, not yet at a seat's cards) came off the
        deck face up: at 10 detector calls a second it is seldom caught still on the deck."""
        if self.in_hand and (self.most_board or self.deal_over):
            return False
        for o in scene.of_class("card_up"):
            zone = self.geo.by_name.get(o.place)
            if (zone is None or zone.kind is not ZoneKind.CARDS) and not self._resting(o, scene.t):
                return True
        return False

    def _boxed_landings(self, scene: TableScene, out: list[Event]) -> None:
        """A card seen face up on the deck that lands face up at a seat during the deal was boxed. The
        dealer sets it aside at once, often pitching the replacement on top of it first, so it is
        reported as it lands rather than once the seat's count settles."""
        if not self.in_hand or self.most_board or scene.t - self.up_on_deck > BOXED_S:
            return
        for o in scene.of_class("card_up"):
            zone = self.geo.by_name.get(o.place)
            if o.track < 0 or o.track in self.exposed or zone is None or zone.kind is not ZoneKind.CARDS:
                continue
            self.exposed.add(o.track)
            label = o.label or None
            out.append(CardsDealt(scene.t, seat=zone.seat, count=1, face_up=True, boxed=True, cards=(label,)))

    def _note_rest(self, scene: TableScene) -> None:
        """Where each card track came to rest and since when: a move of over a third of its size
        starts the clock again."""
        now = {}
        for o in scene.of_class(*CARDS):
            if o.track < 0:
                continue
            x, y = o.centre
            size = max(o.box[2] - o.box[0], o.box[3] - o.box[1])
            since, px, py = self.card_rest.get(o.track, (scene.t, x, y))
            now[o.track] = (since, px, py) if abs(x - px) + abs(y - py) <= size / 3 else (scene.t, x, y)
        self.card_rest = now

    def _resting(self, o: SeenObject, t: float) -> bool:
        """Whether a card has lain still for ``REST_S`` (an unconfirmed track is a card just arriving)."""
        rest = self.card_rest.get(o.track)
        return rest is not None and t - rest[0] >= REST_S

    def _note_arrivals(self, scene: TableScene) -> None:
        """Cards newly over the felt or in the muck (where thrown-away cards fly and land): a track not
        there in the last scene, or one the tracker has not confirmed yet (a fast card)."""
        loose = [
            o
            for o in scene.of_class(*CARDS)
            if o.place == FELT or self.geo.by_name.get(o.place) is self._muck
        ]
        if any(o.track < 0 or o.track not in self.loose_tracks for o in loose):
            self.arrivals = [a for a in self.arrivals if scene.t - a <= 5.0] + [scene.t]
        self.loose_tracks = {o.track for o in loose if o.track >= 0}

    def _cards_left(self, seat: int) -> bool:
        """Whether the seat's cards were last seen on the rail or off the table."""
        return any(
            s == seat and place in (RAIL, OFF)
            for (place, s, cls, _) in self.last_place.values()
            if cls in CARDS
        )

    def _live(self) -> list[int]:
        """The seats dealt cards this hand that have not folded."""
        return [s for s, n in self.most_cards.items() if n > 0 and s not in self.folded]

    def _contesting(self, seat: int) -> bool:
        """Whether the seat is in the hand with another seat still in it: the last seat left has won,
        and its cards going to the muck are no fold (seed + 8000 chips_out_of_view)."""
        return seat in self._live() and len(self._live()) > 1

    def _contested(self) -> bool:
        """Two seats or more still in the hand and no hand tabled: the betting goes on."""
        return len(self._live()) > 1 and not self.tabled

    def _pushed_out(self, seat: int, since: float) -> bool:
        """Whether the cards of the seat deciding, gone from its zones ``since`` then, were seen going
        out over its bet zone at the time: its own hand pushed them toward the middle, though the
        detector may have missed the hand (seed + 8000 chips_out_of_view: seat 1's hand, small on a
        far table, scored under the bar as it folded). Not cards tabled there, which the dealer
        gathers."""
        return (
            self.turn() == seat
            and seat not in self.tabled
            and abs(self.cards_out.get(seat, -1e9) - since) <= PUSHED_OUT_S
        )

    def _where_did_they_go(self, scene: TableScene, seat: int, out: list[Event]) -> None:
        """A seat's cards gone from its zones: a fold when they were seen flying over the felt or landing
        in the muck; nothing when they reappear (a hand covered them); out of view (below the rail, or
        off the table when last seen there) when, ``MUCK_WAIT`` on and the seat's hand gone, they never
        reached the muck."""
        if seat not in self.gone:
            return
        since = self.gone[seat]
        if self.has_cards.get(seat, False):  # only covered by the hand for a while
            del self.gone[seat]
        elif any(a >= since - 0.3 for a in self.arrivals):
            del self.gone[seat]
            self.folded.add(seat)
            out.append(Fold(since, seat=seat, face_up=self._seen_up(seat)))
        elif scene.t - since >= MUCK_WAIT and seat not in self.visits:  # the hand has gone, and they with it
            del self.gone[seat]
            off = self._cards_left(seat)
            out.append(
                CardsOutOfView(since, seat=seat, where=OutOfView.OFF_TABLE if off else OutOfView.BELOW_RAIL)
            )

    def _seen_up(self, seat: int) -> bool:
        return any(cls == "card_up" and s == seat for (_, s, cls, _) in self.last_place.values())

    def _start(self, t: float, scene: TableScene, out: list[Event]) -> None:
        self.in_hand = True
        self.most_cards.clear()
        self.pitches.reset()
        self.most_board = 0
        self.board_low = (0, t)
        self.pushes.new_hand()
        self.last_place.clear()  # per-track memory lasts one hand, so a long stream stays small
        self.exposed.clear()
        self.objects.new_hand()
        self.hand_no += 1
        self.deal_over = self.acted = False
        self.folded.clear()
        self.tabled.clear()
        self.exposed_at.clear()
        buttons = scene.of_class("dealer_button")
        self.button = buttons[0].seat if buttons else None
        out.append(HandStarted(t - 0.01, hand_id=f"hand-{self.hand_no}", button_seat=self.button))

    # ----- chips: bets pulled into the pot --------------------------------------------------------

    def _bets_and_pot(self, scene: TableScene, out: list[Event]) -> None:
        bet_chips = sum(1 for o in scene.of_class("chip") if o.place.endswith("_bet"))
        change = self.bets.update(scene.t, bet_chips)
        if change is None or not self.in_hand:
            return
        old, new = (int(v) if v is not None else 0 for v in change)  # type: ignore[call-overload]
        if new > 0:
            self.bets_since_pull = True
        elif old > 0 and self.bets_since_pull and scene.chip_value("pot") > 0:
            self.bets_since_pull = False
            out.append(ChipsPulledIn(self.bets.since))

    # ----- cards and chips leaving the table ------------------------------------------------------

    def _out_of_view(self, scene: TableScene, out: list[Event]) -> None:
        """Chips on the rail or beyond it are leaving the table: reported for the nearest seat, once per
        few seconds. (Cards that vanish are judged in ``_where_did_they_go``.)"""
        for o in scene.objects:
            if o.track >= 0 and o.cls in CARDS:
                self.last_place[o.track] = (o.place, o.seat, o.cls, o.value)
            if o.cls != "chip" or o.place not in (RAIL, OFF) or not self.in_hand:
                continue
            x, y = o.centre
            seat = self.geo.nearest_seat(x, y)
            if seat is not None and scene.t - self.chips_left.get(seat, -1e9) > 3.0:
                self.chips_left[seat] = scene.t
                chips = self.pushes.chips_of(o)
                out.append(ChipsOutOfView(scene.t, seat=seat, where=OutOfView.OFF_TABLE, chips=chips))

    # ----- the end of the hand --------------------------------------------------------------------

    def _end(self, scene: TableScene, out: list[Event]) -> None:
        table_cards = [o for o in scene.of_class(*CARDS) if o.place not in (OFF, RAIL, "dealer", FELT)]
        clear = not table_cards and scene.chip_value("pot") == 0
        change = self.table_clear.update(scene.t, clear)
        if change is not None and change[1] and self.in_hand:
            self.in_hand = False
            self.visits.clear()
            out += [action for seat, (action, _) in self.held.items() if seat not in self.folded]
            self.held.clear()
            out.append(HandEnded(self.table_clear.since))
