"""The keyboard and its cursor, shared by every board (no ipywidgets here either).

Arrows move a cursor between the board's :class:`~boardgames_widgets.widgets.controller.Target`
s (the nearest one in that direction, wrapping around in reading order), Enter or
Space click the target under it, Escape forgets a half-made choice, and the letters
U, H, B and R are Undo, Hint, Let the bot move and Redraw. A game adds its own keys
with :meth:`~boardgames_widgets.widgets.controller.GameController.key` (digits picking
a choice, say). Every other key — and every shortcut with Ctrl or Cmd — is left to
the notebook.
"""

from __future__ import annotations

from boardgames_widgets.widgets.controller import GameController

#: Keys the board itself uses to move the cursor; every key no board uses is left to JupyterLab.
NAV_KEYS = {"ArrowLeft": (-1, 0), "ArrowRight": (1, 0), "ArrowUp": (0, -1), "ArrowDown": (0, 1)}


class KeyboardController(GameController):
    """A :class:`GameController` that also answers keys and keeps a keyboard cursor."""

    def on_key_down(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        """A key as the canvas reports it; shortcuts (with Ctrl or Cmd) are not the board's."""
        if ctrl or meta:
            return  # leave shortcuts (Ctrl+S …) alone
        self.handle_key(key)

    def handle_key(self, key: str) -> None:
        """A key press on the board: arrows move the cursor, Enter/Space click, digits pick."""
        if key in NAV_KEYS:
            self.keyboard_active = True
            self.move_cursor(*NAV_KEYS[key])
        elif key in ("Enter", " "):
            if self.curtain is not None or self.busy:
                self.handle_click(-1, -1)
                return
            ts = self.targets()
            if ts:
                self.keyboard_active = True
                self.handle_click(*ts[self.cursor % len(ts)].center)
        elif key == "Escape":
            self.reset_selection()
            self.message = ""
            self.redraw(pieces=False)
        elif key in ("u", "U"):
            self.undo()
        elif key in ("h", "H"):
            self.hint()
        elif key in ("b", "B"):
            self.bot_move()
        elif key in ("r", "R"):
            self.redraw(full=True)
        elif self.key(key):
            self.keyboard_active = True
            self.redraw(pieces=self.click_redraws_pieces)

    def move_cursor(self, dx: int, dy: int) -> None:
        """Move the cursor to the nearest target in direction (dx, dy), else the next in reading order."""
        ts = self.targets()
        if not ts:
            return
        cur = ts[self.cursor % len(ts)]
        cx, cy = cur.center
        best, best_score = None, float("inf")
        for i, t in enumerate(ts):
            tx, ty = t.center
            ddx, ddy = tx - cx, ty - cy
            along = ddx * dx + ddy * dy
            if along <= 1e-6:
                continue
            across = abs(ddx * dy) + abs(ddy * dx)
            score = along + 2.5 * across
            if score < best_score:
                best, best_score = i, score
        if best is None:  # wrap around in reading order
            best = (self.cursor + (1 if dx + dy > 0 else -1)) % len(ts)
        self.cursor = best
        self.redraw(pieces=False)
