"""The replay theatre (issue 20): a stored game played again in its title's own scene.

The title's table scene is made from the replay's setup and seed and put in `watching` mode (it applies the actions it
is given, nobody decides, nothing is saved or recorded). Playing hands it the stored actions one by one, each told
and animated as in the game; stepping back or jumping rebuilds the scene at that point without animation (the log
told again), which takes milliseconds. The table is drawn at 90% above a control bar: play/pause, one move
back or on, a progress bar to click anywhere in the game, the speed. It shows the game as the human saw it (seat 0).
"""

from __future__ import annotations

import pygame

from game.app.saves import Save
from game.app.scene import Scene
from game.app.setup import GameSetup, start_scene
from game.app.table_scene import TableScene
from game.core.replay import Replay
from game.services.i18n import t
from game.titles import registry
from game.ui import theme
from game.ui.text import blit
from game.ui.widgets import Button, ButtonRow

SPEEDS = (("×½", 1.4), ("×1", 0.7), ("×2", 0.3), ("×4", 0.08))  # label, seconds between moves
VIEW = pygame.Rect(64, 0, 1152, 648)  # where the table is drawn (the canvas at 90%)
BAR = pygame.Rect(0, 672, theme.WIDTH, 48)
PROGRESS = pygame.Rect(560, 686, 400, 20)
FORWARDED = (pygame.MOUSEMOTION, pygame.MOUSEWHEEL, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


def replay_setup(replay: Replay, levels: list[str] | None) -> GameSetup:
    """The table of a stored game: its title, seed, options and the bots' levels (Normal where not recorded)."""
    options = {key: value for key, value in replay.options.items() if key != "players"}
    players = replay.options.get("players") or (len(levels) if levels else 2)
    bots = list(levels[1:]) if levels and len(levels) == players else ["normal"] * (players - 1)
    return GameSetup(replay.title, bots, seed=replay.seed, options=options)


class TheatreScene(Scene):
    """A stored game of a table title, played again: see the module docstring."""

    def __init__(self, app, replay: Replay, levels: list[str] | None = None) -> None:
        super().__init__(app)
        self.title_slug = replay.title
        self.setup = replay_setup(replay, levels)
        self.moves = list(replay.actions)
        self.at = 0  # actions applied
        self.playing = False
        self.speed = 1
        self.wait = 0.0  # seconds before the next move while playing
        self.frame = pygame.Surface((theme.WIDTH, theme.HEIGHT))
        self.scene = self._scene_at(0)
        self.controls = ButtonRow([
            Button(pygame.Rect(20, 680, 56, 34), "◀◀", lambda: self.jump(0), size=16),
            Button(pygame.Rect(84, 680, 56, 34), "◀", lambda: self.jump(self.at - 1), size=16),
            Button(pygame.Rect(148, 680, 120, 34), "", self.toggle, size=17, primary=True),
            Button(pygame.Rect(276, 680, 56, 34), "▶", self.step, size=16),
            Button(pygame.Rect(340, 680, 56, 34), "▶▶", lambda: self.jump(len(self.moves)), size=16),
            Button(pygame.Rect(404, 680, 140, 34), "", self.faster, size=16),
        ], vertical=False, on_move=lambda: app.audio.play("menu_move"))
        self.controls.focus = 2

    def _scene_at(self, k: int) -> TableScene:
        """The title's scene with the first `k` actions applied, without animation."""
        scene = start_scene(self.app, self.setup)
        if not isinstance(scene, TableScene):
            raise TypeError(f"{self.title_slug} has no table scene to replay in")
        scene.watching, scene.recorded = True, True
        if k:
            scene.restore(Save(self.setup, self.moves[:k]))
        return scene

    # --- moving through the game ----------------------------------------------------------------
    def jump(self, k: int) -> None:
        """Show the game after its first `k` actions (clamped), at once."""
        k = max(0, min(len(self.moves), k))
        self.scene = self._scene_at(k)
        self.at = k
        self.playing = self.playing and k < len(self.moves)
        self.app.audio.play("menu_move")

    def step(self) -> None:
        """The next action, told and animated (or at once, if the last one is still being shown)."""
        if self.at >= len(self.moves):
            self.app.audio.play("error")
        elif self.scene.timeline.busy:
            self.jump(self.at + 1)
        else:
            self._apply_next()

    def _apply_next(self) -> None:
        chance = self.scene.state.is_chance_node()
        self.scene.apply(self.scene.state.action_from_json(self.moves[self.at]))
        self.at += 1
        self.wait = 0.0 if chance else SPEEDS[self.speed][1]

    def toggle(self) -> None:
        if self.at >= len(self.moves):
            self.jump(0)
            self.playing = True
        else:
            self.playing = not self.playing
        self.app.audio.play("menu_select")

    def faster(self) -> None:
        self.speed = (self.speed + 1) % len(SPEEDS)
        self.app.audio.play("menu_move")

    # --- the loop ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.scene.update(dt)
        if not self.playing or self.scene.timeline.busy:
            return
        self.wait -= dt
        if self.wait <= 0:
            if self.at < len(self.moves):
                self._apply_next()
            else:
                self.playing = False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_SPACE: self.toggle, pygame.K_RIGHT: self.step,
                    pygame.K_LEFT: lambda: self.jump(self.at - 1), pygame.K_HOME: lambda: self.jump(0),
                    pygame.K_END: lambda: self.jump(len(self.moves)),
                    pygame.K_PAGEUP: lambda: self.jump(self.at - 10),
                    pygame.K_PAGEDOWN: lambda: self.jump(self.at + 10),
                    pygame.K_PLUS: self.faster, pygame.K_EQUALS: self.faster, pygame.K_KP_PLUS: self.faster,
                    pygame.K_MINUS: self.slower, pygame.K_KP_MINUS: self.slower}
            if event.key == pygame.K_ESCAPE:
                self.app.audio.play("back")
                self.app.stack.pop()
            elif event.key in keys:
                keys[event.key]()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_l):  # a reveal goes on, L: the last one
                self.scene.handle(event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and PROGRESS.inflate(0, 16).collidepoint(
                event.pos):
            self.jump(round(len(self.moves) * (event.pos[0] - PROGRESS.x) / PROGRESS.width))
            return
        if BAR.collidepoint(getattr(event, "pos", (0, 0))):
            self.controls.handle(event)
        elif event.type in FORWARDED:  # hovers, the log's wheel, a click that moves a reveal on
            self.scene.handle(self._to_table(event))

    def slower(self) -> None:
        self.speed = max(0, self.speed - 1)
        self.app.audio.play("menu_move")

    @staticmethod
    def _to_table(event: pygame.event.Event) -> pygame.event.Event:
        """The event with its position on the table's own canvas (it is drawn smaller)."""
        if "pos" not in event.dict:
            return event
        x, y = event.pos
        scale = VIEW.width / theme.WIDTH
        return pygame.event.Event(event.type, {**event.dict, "pos": (round((x - VIEW.x) / scale),
                                                                      round((y - VIEW.y) / scale))})

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.scene.draw(self.frame, alpha)
        surface.fill(theme.BG_DEEP)
        pygame.transform.smoothscale(self.frame, VIEW.size, surface.subsurface(VIEW))
        self.controls.buttons[2].label = t("theatre.pause") if self.playing else t("theatre.play")
        self.controls.buttons[5].label = t("theatre.speed", speed=SPEEDS[self.speed][0])
        self.controls.draw(surface)
        pygame.draw.rect(surface, theme.PANEL, PROGRESS, border_radius=8)
        if self.moves:
            done = PROGRESS.copy()
            done.width = round(PROGRESS.width * self.at / len(self.moves))
            pygame.draw.rect(surface, theme.ACCENT, done, border_radius=8)
        pygame.draw.rect(surface, theme.INK_FAINT, PROGRESS, 1, border_radius=8)
        status = t("theatre.end") if self.at >= len(self.moves) else t("theatre.move", at=self.at,
                                                                         total=len(self.moves))
        blit(surface, status, 16, (PROGRESS.right + 16, PROGRESS.centery), theme.INK, True, "midleft")
        blit(surface, t("theatre.help"), 13, (BAR.right - 12, BAR.y - 2), theme.INK_FAINT, anchor="bottomright")


def open_theatre(app, slug: str, replay_text: str, levels: list[str] | None) -> TheatreScene:
    """The theatre for a stored game's replay text (checked as it is read: ReplayError if it does not play back)."""
    from game.core import replay as replays

    replay = replays.loads(replay_text)
    if replay.title != slug:
        raise replays.ReplayError(f"the record says {replay.title}, not {slug}")
    spec = registry.get(slug)
    replays.play_back(replay, lambda players=1, **options: spec.new_state(players, options))
    return TheatreScene(app, replay, levels)
