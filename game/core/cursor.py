"""A cursor over a finished (or unfinished) game's history: the state after any number of its actions, at once.

The replay theatre steps forward and back through a stored game. Rebuilding from the start at every step costs a
whole replay; the cursor keeps a clone every `every` actions (checkpoints, made on the first pass), so any position
is a checkpoint plus fewer than `every` actions. Actions are applied through the checked `apply` once, when the
cursor first passes them (a stored history that is not a legal game is refused there, with its index), and
through `_apply_quietly` (no events) from then on.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.engine import Action, IllegalAction, State

CHECKPOINT_EVERY = 16


class HistoryError(ValueError):
    """A history with an action the rules refuse."""


class HistoryCursor:
    """`state_at(i)`: the position after the first i actions of `actions`, from the fresh `start` (not changed)."""

    def __init__(self, start: State, actions: Sequence[Action], every: int = CHECKPOINT_EVERY) -> None:
        if every < 1:
            raise ValueError("checkpoints every one action at least")
        self.actions = list(actions)
        self.every = every
        self.checkpoints: list[State] = [start.clone()]  # checkpoint k: after k * every actions
        self.checked = 0  # actions known legal (applied through `apply` once)
        self.position = 0

    def __len__(self) -> int:
        return len(self.actions)

    def state_at(self, index: int) -> State:
        """A fresh state after `index` actions (0 <= index <= len); HistoryError if an action on the way is illegal."""
        if not 0 <= index <= len(self.actions):
            raise IndexError(f"position {index} is outside 0..{len(self.actions)}")
        self._check_up_to(index)
        k = index // self.every
        state = self.checkpoints[k].clone()
        for action in self.actions[k * self.every:index]:
            state._apply_quietly(action)
            state.history.append(action)
        self.position = index
        return state

    def _check_up_to(self, index: int) -> None:
        """Play the unchecked actions up to `index` through `apply`, keeping a checkpoint every `every`."""
        if index <= self.checked:
            return
        k = self.checked // self.every
        state = self.checkpoints[k].clone()
        for at in range(k * self.every, index):
            action = self.actions[at]
            try:
                if at < self.checked:
                    state._apply_quietly(action)
                    state.history.append(action)
                else:
                    state.apply(action)
            except IllegalAction as exc:
                raise HistoryError(f"action {at + 1} of the history ({action!r}) is refused: {exc}") from None
            if (at + 1) % self.every == 0 and len(self.checkpoints) == (at + 1) // self.every:
                self.checkpoints.append(state.clone())
        self.checked = index
