"""End of a multiplayer game: the final ranking, the winner(s), rematch or back to the menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.app.scene import Scene
from game.app.setup import GameSetup, start_scene
from game.services.i18n import counted, said, t
from game.titles import registry
from game.ui import theme
from game.ui.text import blit, fit, font, line_height, wrap
from game.ui.tween import ease_out_back, pulse
from game.ui.widgets import Button, ButtonRow, panel

if TYPE_CHECKING:
    from game.app.table_scene import TableScene

ROWS_H = 390  # the ranking's height on the card, above the buttons


BACK_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_BACKSPACE)
ARRIVE = 0.5  # seconds after the ranking opens in which Enter or a click is taken as meant for the table before


def ranks(scores: list, winners: list[int], lower_wins: bool = True) -> list[int]:
    """Each seat's place: the winners first (a sudden-death winner may trail on points), then the title's order of
    `scores`; 1 + the number of seats strictly ahead, so equal scores (winner or not alike) share a place."""
    def key(seat: int) -> tuple:
        return seat not in winners, scores[seat] if lower_wins else -scores[seat]

    return [1 + sum(key(other) < key(seat) for other in range(len(scores))) for seat in range(len(scores))]


class SummaryScene(Scene):
    """Ranks by the title's order (`lower_wins` for penalty points); shared first places shown as such. Enter opens
    Statistics over it (the safe default); ← then Enter, or a click, starts a rematch.

    `scores` only orders the seats. What each row shows is the title's own result text (`results`, one formatted
    string per seat, e.g. "2 souls" or "out in round 5"), or the score as points when a title gives none. `ending`
    is one line saying why the game ended (sudden death, the rounds played out, ...), shown under the headline.
    `table`, the finished table, adds a Table button that shows it again as it was left (FinalTableScene)."""

    def __init__(self, app, setup: GameSetup, names: list[str], levels: list[str], scores: list[int],
                 winners: list[int], lower_wins: bool = True, results: list[str] | None = None,
                 ending: str = "", table: TableScene | None = None) -> None:
        super().__init__(app)
        self.setup, self.names, self.levels, self.scores, self.winners = setup, names, levels, scores, winners
        self.table = table
        self.ending = ending
        self.results = results if results is not None else [counted("summary.points", score) for score in scores]
        self.title_slug = setup.slug
        self.info = registry.get(setup.slug)
        places = ranks(scores, winners, lower_wins)
        self.ranking = sorted((place, seat) for seat, place in enumerate(places))
        self.time = 0.0
        self.buttons = [("summary.rematch", self.rematch), ("menu.statistics", self.statistics),
                        ("menu.games", self.games), *([("summary.table", self.show_table)] if table else []),
                        ("over.menu", self.app.to_menu)]
        width, gap = (170, 16) if len(self.buttons) == 4 else (140, 12)
        left = 640 - (len(self.buttons) * width + (len(self.buttons) - 1) * gap) // 2
        self.row = ButtonRow([
            Button(pygame.Rect(left + i * (width + gap), 620, width, 56), "", action, primary=i == 0, size=24)
            for i, (_, action) in enumerate(self.buttons)
        ], vertical=False, on_move=lambda: app.audio.play("menu_move"))
        # Enter while reading the result must not throw it away: the default is Statistics, which opens over this
        # screen (Esc comes back); Rematch and Menu, which leave it, take a deliberate move or a click.
        self.row.focus = 1

    def enter(self) -> None:
        self.app.audio.play("all_clear" if self.setup.seat in self.winners else "game_over")

    def rematch(self) -> None:
        self.app.audio.play("menu_select")
        self.app.stack.replace(start_scene(self.app, self.setup))

    def games(self) -> None:
        """The Games screen at this title: the game just played is the first, ready to watch again."""
        from game.app.games_scene import GamesScene

        self.app.audio.play("menu_select")
        self.app.stack.push(GamesScene(self.app, self.setup.slug))

    def statistics(self) -> None:
        from game.app.stats_scene import StatsScene

        self.app.audio.play("menu_select")
        self.app.stack.push(StatsScene(self.app, self.setup.slug))

    def show_table(self) -> None:
        """The finished table again, as it was left; any key or click comes back here."""
        self.app.audio.play("menu_select")
        self.app.stack.push(FinalTableScene(self.app, self.table))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.to_menu()
        elif self.time < ARRIVE and (event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE))):
            return  # meant for the table that just closed (a playtest's Enter on the end opened Statistics)
        else:
            self.row.handle(event)

    def update(self, dt: float) -> None:
        self.time += dt

    def headline(self) -> tuple[str, tuple[int, int, int]]:
        if self.setup.seat in self.winners:
            key = "summary.you_win" if len(self.winners) == 1 else "summary.you_share"
            return t(key), theme.GOOD
        return said("summary.winner", self.winners, self.names, None), theme.WARN

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        from game.app.menu import backdrop

        surface.blit(backdrop(), (0, 0))
        card = pygame.Rect(240, 40, 800, 560)
        panel(surface, card, theme.PANEL, theme.ACCENT)
        blit(surface, t("summary.title", title=self.info.name()), 24, (card.centerx, card.y + 30), theme.INK_DIM,
             anchor="center")
        text, color = self.headline()
        grow = 0.7 + 0.3 * ease_out_back(min(1.0, self.time * 3))
        blit(surface, text, int(50 * grow), (card.centerx, card.y + 80), color, True, "center")
        if self.ending:
            line, size = fit(self.ending, 20, card.width - 60)
            blit(surface, line, size, (card.centerx, card.y + 126), theme.INK, anchor="center")
        column = self._results_column(card)
        for line, (rank, seat) in enumerate(self.ranking):
            self._draw_line(surface, card, line, rank, seat, column)
        for button, (key, _) in zip(self.row.buttons, self.buttons, strict=True):
            button.label = t(key)
        self.row.draw(surface)

    def _row_type(self) -> tuple[int, int]:
        """The rows' step and their big type: up to five rows at full size; six or seven closer together."""
        step = min(72, ROWS_H // len(self.ranking))
        return step, 30 if step == 72 else 24

    def _results_column(self, card: pygame.Rect) -> tuple[int, int]:
        """The results' width and one type size down the column (each fitted alone, a long one stood out smaller):
        the column starts where the longest level ends (long results: a house and its home cards), no later than
        before."""
        _, big = self._row_type()
        levels = [font(18).size(t(f"level.{level}"))[0] for level in self.levels if level != "you"]
        width = card.width - 80 - 24 - min(480, 360 + max(levels, default=0) + 28)
        return width, min(fit(text, big - 2, width, True)[1] for text in self.results)

    def _draw_line(self, surface: pygame.Surface, card: pygame.Rect, line: int, rank: int, seat: int,
                   column: tuple[int, int]) -> None:
        step, big = self._row_type()
        row = pygame.Rect(card.x + 40, card.y + 160 + line * step, card.width - 80, step - 12)
        won = seat in self.winners
        fill = tuple(int(c * (0.3 + 0.15 * pulse(self.time, 1.5))) for c in theme.GOOD) if won else theme.BG
        panel(surface, row, fill, theme.GOOD if won else None)
        blit(surface, f"{rank}.", big, (row.x + 24, row.centery), theme.WARN if rank == 1 else theme.INK, True,
             "midleft")
        blit(surface, self.names[seat], big - 2, (row.x + 90, row.centery), theme.INK, True, "midleft")
        if self.levels[seat] != "you":  # a bot's level beside its name (yours would read "You · You")
            blit(surface, t(f"level.{self.levels[seat]}"), 18, (row.x + 360, row.centery), theme.INK_DIM,
                 anchor="midleft")
        width, size = column
        result, size = fit(self.results[seat], size, width, True)
        blit(surface, result, size, (row.right - 24, row.centery), theme.INK, True, "midright")


class FinalTableScene(Scene):
    """The finished table shown again from the ranking, as it was left (its last animations settle; the game moves
    no further): the move log scrolls with the wheel; Enter, Esc, Space or a click goes back to the ranking."""

    def __init__(self, app, table: TableScene) -> None:
        super().__init__(app)
        self.table = table
        self.title_slug = table.title_slug

    def update(self, dt: float) -> None:
        self.table.update(dt)  # what was on show settles (a finished game moves no further)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self.table.log.handle(event)
        elif self.table.handle_final(event):
            return
        elif (event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3)) or (
                event.type == pygame.KEYDOWN and event.key in BACK_KEYS):
            self.app.audio.play("back")
            self.app.stack.pop()

    def draw(self, surface: pygame.Surface, alpha: float) -> None:
        self.table.draw(surface, alpha)
        home = self.table.actions.home  # the decision panel, idle at the end
        lines = wrap(t("summary.table_back"), 17, home.width - 28, True)
        box = pygame.Rect(home.x, home.bottom - 24 - len(lines) * line_height(17), home.width,
                          24 + len(lines) * line_height(17))
        panel(surface, box, theme.PANEL, theme.ACCENT)
        for k, line in enumerate(lines):
            blit(surface, line, 17, (box.centerx, box.y + 12 + k * line_height(17)), theme.INK, True, "midtop")
