"""Hand state: pokerkit's ``State`` behind seat numbers, plus what the house rules need to know.

pokerkit does the poker: positions, blinds and antes, whose turn, amounts to call, minimum and
pot-limit maximum raises, pots and side pots, streets. This wrapper maps the table's printed seat
numbers onto pokerkit's player indices and answers questions in the rules' vocabulary
(``situation(seat)``). It keeps the few facts pokerkit does not track: the last aggressor per
street and the betting level each seat last acted at (for the houses' re-opening rules).
"""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from pokerkit import (
    Automation,
    BettingStructure,
    Deck,
    Mode,
    OmahaHoldemHand,
    Opening,
    StandardHighHand,
    State,
)
from pokerkit import Street as PkStreet

_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.BOARD_DEALING,
    Automation.RUNOUT_COUNT_SELECTION,
)
# No hand-killing or pot-pushing automations: who wins is not the rules engine's business, and
# hand evaluation would cost more than all the betting logic together. The state stops at the
# showdown. All-in hands are shown by ``_show_all_in`` so that pokerkit runs the board out.


class Game(StrEnum):
    NLHE = "nlhe"  # no-limit hold'em
    PLHE = "plhe"  # pot-limit hold'em
    FLHE = "flhe"  # fixed-limit hold'em
    PLO = "plo"  # pot-limit Omaha

    @property
    def structure(self) -> BettingStructure:
        if self is Game.NLHE:
            return BettingStructure.NO_LIMIT
        if self is Game.FLHE:
            return BettingStructure.FIXED_LIMIT
        return BettingStructure.POT_LIMIT

    @property
    def hole_cards(self) -> int:
        return 4 if self is Game.PLO else 2


class Street(StrEnum):
    PREFLOP = "preflop"
    FLOP = "flop"
    TURN = "turn"
    RIVER = "river"
    SHOWDOWN = "showdown"


STREETS = (Street.PREFLOP, Street.FLOP, Street.TURN, Street.RIVER)
BOARD_CARDS_BEFORE = {Street.PREFLOP: 0, Street.FLOP: 3, Street.TURN: 4, Street.RIVER: 5, Street.SHOWDOWN: 5}


@dataclass(frozen=True, slots=True)
class SeatSetup:
    seat: int
    stack: int
    present: bool = True


@dataclass(frozen=True, slots=True)
class HandSetup:
    """Everything known about a hand before the first card: the game, stakes, seats, button."""

    game: Game
    small_blind: int
    big_blind: int
    button: int
    seats: tuple[SeatSetup, ...]
    bb_ante: int = 0
    hand_id: str = ""
    table: str = ""

    def __post_init__(self) -> None:
        numbers = [s.seat for s in self.seats]
        if len(numbers) < 2:
            raise ValueError("a hand needs at least two seats dealt in")
        if len(set(numbers)) != len(numbers):
            raise ValueError(f"seat numbers repeat: {numbers}")
        if self.button not in numbers:
            raise ValueError(f"button seat {self.button} is not one of the seats dealt in {sorted(numbers)}")
        if not 0 < self.small_blind <= self.big_blind:
            raise ValueError(f"blinds must satisfy 0 < small <= big, got {self.small_blind}/{self.big_blind}")
        if any(s.stack <= 0 for s in self.seats):
            raise ValueError("every seat dealt in needs a positive stack")

    def clockwise_from_button(self) -> tuple[int, ...]:
        """Seats in dealing order: first seat left of the button ... the button last."""
        ordered = sorted(s.seat for s in self.seats)
        start = (ordered.index(self.button) + 1) % len(ordered)
        return tuple(ordered[start:] + ordered[:start])


@dataclass(frozen=True, slots=True)
class Situation:
    """What the rules need to judge one seat's action, all amounts in chips for this street.

    ``current_bet``: the highest bet on the street; ``own_bet``: the seat's bet already counted;
    ``to_call``: what calling adds (capped by the stack); ``last_raise``: the last full bet or
    raise increment (the minimum raise); ``min_raise_to``/``max_raise_to``: legal totals;
    ``pot``: chips in the pot including bets not yet pulled in.
    """

    seat: int
    street: Street
    game: Game
    big_blind: int
    current_bet: int
    own_bet: int
    stack: int
    to_call: int
    last_raise: int
    min_raise_to: int
    max_raise_to: int
    pot: int
    may_raise: bool
    heads_up: bool
    facing_opening_bet: bool
    in_turn: bool
    prior_chips: tuple[int, ...] = ()  # the chip denominations physically in front of the seat
    prior_posted: bool = False  # the seat's bet is only the blind it posted: it has not acted yet
    # chips the camera could not count went in on this street: a bet there may have been larger, so
    # "not facing a bet" is not known for sure
    amounts_uncertain: bool = False
    # how to read uncounted chips when what the table did next says more than the chips seen (set by
    # ``HandJudge``'s reread): "" as seen (a call facing a bet), "raise" (a minimum raise at least) or
    # "all_in" (all the seat's chips)
    uncounted_as: str = ""

    @property
    def facing_bet(self) -> bool:
        return self.to_call > 0

    @property
    def all_in_to(self) -> int:
        return self.own_bet + self.stack


class HandState:
    """A live hand in pokerkit, addressed by seat numbers."""

    def __init__(self, setup: HandSetup) -> None:
        self.setup = setup
        # pokerkit's players are in dealing order: left of the button first, the button last.
        # Heads-up that makes player 0 the big blind and player 1 the button, which posts the SB.
        order = list(setup.clockwise_from_button())
        self.seat_of_player: tuple[int, ...] = tuple(order)
        self.player_of_seat = {seat: i for i, seat in enumerate(order)}
        stacks = {s.seat: s.stack for s in setup.seats}
        big_blind_player = 0 if len(order) == 2 else 1
        self.state = State(
            _AUTOMATIONS,
            Deck.STANDARD,
            (OmahaHoldemHand,) if setup.game is Game.PLO else (StandardHighHand,),
            _streets(setup.game, setup.small_blind, setup.big_blind),
            setup.game.structure,
            False,  # ante trimming off: a big-blind ante is posted in full
            {big_blind_player: setup.bb_ante} if setup.bb_ante else 0,
            (setup.small_blind, setup.big_blind),
            0,
            tuple(stacks[seat] for seat in order),
            len(order),
            mode=Mode.CASH_GAME,  # cash-game mode lets a binding fold happen when not facing a bet
        )
        self._street_seen = 0
        self._last_raise = setup.big_blind
        self._raises_this_street = 0
        self.folded: set[int] = set()
        self.all_in: set[int] = set()
        self._reset_street()
        self.last_aggressor: dict[Street, int] = {}

    # ----- reading ---------------------------------------------------------------------------

    @property
    def running(self) -> bool:
        """Whether betting is still open (two or more hands live and someone to act)."""
        return self.state.actor_index is not None

    @property
    def street(self) -> Street:
        index = self.state.street_index
        return Street.SHOWDOWN if index is None else STREETS[index]

    @property
    def betting_open(self) -> bool:
        return self.state.actor_index is not None

    @property
    def actor(self) -> int | None:
        index = self.state.actor_index
        return None if index is None else self.seat_of_player[index]

    def live_seats(self) -> list[int]:
        """Seats still holding cards (not folded), in pokerkit order; stays valid after the showdown."""
        return [seat for seat in self.seat_of_player if seat not in self.folded]

    def bet_of(self, seat: int) -> int:
        return int(self.state.bets[self.player_of_seat[seat]])

    def stack_of(self, seat: int) -> int:
        return int(self.state.stacks[self.player_of_seat[seat]])

    def is_all_in(self, seat: int) -> bool:
        """Whether the seat has put all its chips in (remembered through the showdown's payout)."""
        return seat in self.all_in

    def pot_total(self) -> int:
        """Every chip committed: pots plus bets not yet pulled in."""
        return int(self.state.total_pot_amount)

    def pots(self) -> list[tuple[int, tuple[int, ...]]]:
        """Main pot then side pots (bets already pulled in): (amount, seats eligible to win it)."""
        return [
            (int(pot.amount), tuple(self.seat_of_player[i] for i in pot.player_indices))
            for pot in self.state.pots
        ]

    def situation(self, seat: int, prior_chips: Sequence[int] = ()) -> Situation:
        """The betting situation for ``seat`` right now (whether or not it is its turn)."""
        self._sync_street()
        st = self.state
        bets = [int(b) for b in st.bets]
        current = max(bets, default=0)
        own = self.bet_of(seat)
        stack = self.stack_of(seat)
        in_turn = self.actor == seat
        pokerkit_may_raise = in_turn and st.can_complete_bet_or_raise_to()
        if pokerkit_may_raise:
            min_to = int(st.min_completion_betting_or_raising_to_amount or 0)
            max_to = int(st.max_completion_betting_or_raising_to_amount or 0)
            if self.setup.game.structure is BettingStructure.POT_LIMIT and self.street is Street.PREFLOP:
                max_to = min(max(max_to, self._pot_limit_with_full_blinds(own, current)), own + stack)
        else:
            min_to = current + self._last_raise
            max_to = own + stack
        min_to = min(min_to, own + stack)
        return Situation(
            seat=seat,
            street=self.street,
            game=self.setup.game,
            big_blind=self.setup.big_blind,
            current_bet=current,
            own_bet=own,
            stack=stack,
            to_call=min(current - own, stack),
            last_raise=self._last_raise,
            min_raise_to=min_to,
            max_raise_to=max(max_to, min_to),
            pot=self.pot_total(),
            # a raise cap (fixed limit) or everyone else all-in also ends the raising
            may_raise=self._may_raise_cumulative(seat, current) and (pokerkit_may_raise or not in_turn),
            heads_up=len(self.live_seats()) == 2,
            facing_opening_bet=current > 0
            and self._raises_this_street == (0 if self.street is Street.PREFLOP else 1),
            in_turn=in_turn,
            prior_chips=tuple(prior_chips),
            prior_posted=self.street is Street.PREFLOP and own > 0 and self.acted_at(seat) is None,
        )

    def _pot_limit_with_full_blinds(self, own: int, current: int) -> int:
        """Pre-flop pot-limit maximum as if the blinds were posted in full (PlayLive 54-B): a
        short all-in blind does not shrink the pot a raise is measured against."""
        heads_up = len(self.seat_of_player) == 2  # heads-up, player 1 (the button) posts the small blind
        blinds = (
            ((1, self.setup.small_blind), (0, self.setup.big_blind))
            if heads_up
            else (
                (0, self.setup.small_blind),
                (1, self.setup.big_blind),
            )
        )
        short = sum(max(0, blind - int(self.state.starting_stacks[p])) for p, blind in blinds)
        facing = max(current, self.setup.big_blind)
        return facing + (self.pot_total() + short) + (facing - own)

    def acted_at(self, seat: int) -> int | None:
        """The street's bet level the seat last acted at (``None``: not acted this street)."""
        self._sync_street()
        return self._acted_at.get(seat)

    # ----- acting ----------------------------------------------------------------------------

    def fold(self, seat: int) -> None:
        self._require_turn(seat)
        with warnings.catch_warnings():  # pokerkit warns on a fold with nothing to call; houses allow it
            warnings.simplefilter("ignore")
            self.state.fold()
        self.folded.add(seat)
        self._show_all_in()
        self._acted_at[seat] = self._current_bet()

    def check_or_call(self, seat: int) -> None:
        self._require_turn(seat)
        self._note_all_in(seat, int(self.state.checking_or_calling_amount or 0))
        self.state.check_or_call()
        self._show_all_in()
        self._acted_at[seat] = self._current_bet()

    def bet_or_raise_to(self, seat: int, amount: int) -> None:
        self._require_turn(seat)
        before = self._current_bet()
        self._note_all_in(seat, amount - self.bet_of(seat))
        self.state.complete_bet_or_raise_to(amount)
        self._show_all_in()
        increment = amount - before
        if increment >= self._last_raise:  # a full bet or raise re-opens the action
            self._last_raise = increment
            self._raises_this_street += 1
            self._full_raise_levels.append(amount)
        self.last_aggressor[self.street_of_action] = seat
        self._acted_at[seat] = amount

    @property
    def street_of_action(self) -> Street:
        return self._street_at_action

    def can_raise(self) -> bool:
        return bool(self.state.can_complete_bet_or_raise_to())

    # ----- internals -------------------------------------------------------------------------

    def _show_all_in(self) -> None:
        """pokerkit waits for all-in hands to be shown before running the board out."""
        if not self.all_in or self.state.actor_index is not None:
            return
        while self.state.street_index is not None and self.state.can_show_or_muck_hole_cards():
            self.state.show_or_muck_hole_cards(True)

    def _note_all_in(self, seat: int, adds: int) -> None:
        if adds > 0 and adds >= self.stack_of(seat):
            self.all_in.add(seat)

    def _require_turn(self, seat: int) -> None:
        self._sync_street()
        if self.actor != seat:
            raise ValueError(f"seat {seat} cannot act now; it is seat {self.actor}'s turn")
        self._street_at_action = self.street

    def _current_bet(self) -> int:
        return max((int(b) for b in self.state.bets), default=0)

    def _reset_street(self) -> None:
        index = self.state.street_index or 0
        preflop = index == 0
        self._last_raise = int(self.state.streets[index].min_completion_betting_or_raising_amount)
        self._raises_this_street = 0
        self._full_raise_levels: list[int] = [self.setup.big_blind] if preflop else []
        self._acted_at: dict[int, int] = {}
        self._street_at_action = self.street

    def _sync_street(self) -> None:
        index = self.state.street_index
        if index is not None and index != self._street_seen:
            self._street_seen = index
            self._reset_street()

    def _may_raise_cumulative(self, seat: int, current: int) -> bool:
        """TDA re-opening: a seat that has acted may raise only if it now faces a full raise."""
        acted = self._acted_at.get(seat)
        if acted is None:
            return True
        return current - acted >= self._last_raise

    def full_raise_since(self, seat: int) -> bool:
        """Whether one single full bet or raise was made after ``seat`` last acted this street."""
        acted = self._acted_at.get(seat)
        if acted is None:
            return True
        return any(level > acted for level in self._full_raise_levels)


def _streets(game: Game, small_blind: int, big_blind: int) -> tuple[PkStreet, ...]:
    """Hold'em / Omaha streets; fixed-limit bets are the big blind, doubled on turn and river.

    Fixed limit allows one bet and four raises (Bluff Street 45.b); pokerkit counts completions,
    and before the flop the big blind is the bet, so four completions there and five after.
    """
    small_bet, big_bet = big_blind, 2 * big_blind
    hole = game.hole_cards
    limit = game is Game.FLHE
    pre, post = (4, 5) if limit else (None, None)
    return (
        PkStreet(False, (False,) * hole, 0, False, Opening.POSITION, small_bet, pre),
        PkStreet(True, (), 3, False, Opening.POSITION, small_bet, post),
        PkStreet(True, (), 1, False, Opening.POSITION, big_bet, post),
        PkStreet(True, (), 1, False, Opening.POSITION, big_bet, post),
    )
