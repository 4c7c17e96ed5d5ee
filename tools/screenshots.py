"""Render every screen headless to PNG files: `python tools/screenshots.py out/` (used for the README).

Drives the real scenes with scripted input under SDL's dummy video driver.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from game.app.app import STEP, App  # noqa: E402
from game.services.storage import Storage  # noqa: E402


def settle(app: App, frames: int) -> None:
    for _ in range(frames):
        app.tick(STEP)


def key(app: App, k: int) -> None:
    app.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def shot(app: App, out: Path, name: str) -> None:
    app.tick(STEP)
    app.screenshot(out / f"{name}.png")
    print(out / f"{name}.png")


def play_until(app: App, scene, rounds: int | None) -> None:
    """Let the hint bot make the human's picks for `rounds` rounds (None: to the end)."""
    while (rounds is None or scene.state.round < rounds) and not scene.state.is_terminal():
        if scene.picking:
            scene.pick(scene.bot.choose(scene.state, scene.bot_rng))
        settle(app, 5)
    settle(app, 120)


def main(out: Path, language: str = "en") -> None:
    from game.app.menu import TitleMenuScene
    from game.app.settings_scene import SettingsScene
    from game.titles.dice_slayer.game_over import GameOverScene
    from game.titles.dice_slayer.scene import DIE, DiceSlayerScene

    out.mkdir(parents=True, exist_ok=True)
    home = tempfile.mkdtemp()
    app = App(headless=True, storage=Storage(Path(home) / "shots.sqlite3"))
    app.change_settings(language=language)
    app.run(TitleMenuScene(app), frames=30, fixed_clock=True)
    shot(app, out, "menu")
    app.stack.push(SettingsScene(app))
    settle(app, 5)
    shot(app, out, "settings")
    app.stack.clear_to(DiceSlayerScene(app, seed=2024))
    settle(app, 60)
    scene = app.stack.top
    play_until(app, scene, 7)
    shot(app, out, "dice_slayer")
    sprite = next(s for s in scene.plate if scene.preview(s.value)["removed"]) if any(
        scene.preview(s.value)["removed"] for s in scene.plate) else scene.plate[0]
    pos = (int(sprite.pos[0] + DIE / 2), int(sprite.pos[1] + DIE / 2))
    app.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    key(app, pygame.K_h)
    shot(app, out, "dice_slayer_hover")
    key(app, pygame.K_ESCAPE)
    settle(app, 3)
    shot(app, out, "pause")
    key(app, pygame.K_ESCAPE)
    app.open_rules()
    settle(app, 3)
    shot(app, out, "rules")
    key(app, pygame.K_ESCAPE)
    settle(app, 3)
    play_until(app, scene, None)
    assert isinstance(app.stack.top, GameOverScene)
    settle(app, 60)
    shot(app, out, "game_over")
    for ch in "Aoi":
        app.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    key(app, pygame.K_RETURN)
    settle(app, 40)
    shot(app, out, "high_scores")
    app.close()


def dice_combat(out: Path, language: str = "en") -> None:
    """A decision with the win chances shown, a hit, a victory and a defeat."""
    from game.titles.dice_combat.scene import DiceCombatScene

    home = tempfile.mkdtemp()
    app = App(headless=True, storage=Storage(Path(home) / "shots.sqlite3"))
    app.change_settings(language=language)
    outcomes: dict[str, bool] = {}
    for seed in range(1, 40):
        app.stack.clear_to(DiceCombatScene(app, seed=seed))
        settle(app, 2)
        scene = app.stack.top
        if seed == 1:
            while not scene.deciding:
                settle(app, 1)
            key(app, pygame.K_h)
            settle(app, 20)
            shot(app, out, "dice_combat_decision")
        while isinstance(app.stack.top, DiceCombatScene):
            if scene.deciding:
                scene.choose(scene.bot.choose(scene.state, scene.bot_rng))
            settle(app, 1)
            if "hit" not in outcomes and scene.shown_damage == 1 and scene.now < scene.shake_until:
                shot(app, out, "dice_combat_hit")
                outcomes["hit"] = True
        result = "win" if app.stack.top.won else "defeat"
        if result not in outcomes:
            settle(app, 90)
            shot(app, out, f"dice_combat_{result}")
            outcomes[result] = True
        if {"hit", "win", "defeat"} <= set(outcomes):
            break
    app.close()


def shinobazu(out: Path, language: str = "en") -> None:
    """Setup, a forced card waiting for your stance, a showdown with a reversal, a duel offer, the summary."""
    from game.app.setup import GameSetup
    from game.app.setup_scene import GameSetupScene
    from game.app.summary import SummaryScene
    from game.titles.shinobazu.scene import ShinobazuScene

    home = tempfile.mkdtemp()
    app = App(headless=True, storage=Storage(Path(home) / "shots.sqlite3"))
    app.change_settings(language=language)
    app.run(GameSetupScene(app, "shinobazu"), frames=5, fixed_clock=True)
    shot(app, out, "shinobazu_setup")
    wanted = {"shinobazu_stance", "shinobazu_showdown", "shinobazu_duel", "shinobazu_summary"}
    for seed in range(1, 60):
        scene = ShinobazuScene(app, GameSetup("shinobazu", ["easy"] * 3, seed=seed))
        app.stack.clear_to(scene)
        settle(app, 2)
        while wanted and isinstance(app.stack.top, ShinobazuScene):
            settle(app, 1)
            _shinobazu_moment(app, out, scene, wanted)
        if isinstance(app.stack.top, SummaryScene) and "shinobazu_summary" in wanted:
            settle(app, 40)
            shot(app, out, "shinobazu_summary")
            wanted.discard("shinobazu_summary")
        if not wanted:
            break
    app.close()


def _shinobazu_moment(app: App, out: Path, scene, wanted: set[str]) -> None:
    """Take the pictures still wanted at this moment of the game; otherwise play the human's turn."""
    import random

    event = scene.panel_event
    if event is not None and "shinobazu_showdown" in wanted and type(event).__name__ == "Showdown" \
            and event.reversals % 2 and scene.now > scene.panel_until - 2.4:
        shot(app, out, "shinobazu_showdown")
        wanted.discard("shinobazu_showdown")
    if not scene.human_turn():
        return
    phase = scene.view.phase
    name = {"stance": "shinobazu_stance", "challenge": "shinobazu_duel", "response": "shinobazu_duel"}.get(phase)
    if name in wanted:
        settle(app, 20)
        shot(app, out, name)
        wanted.discard(name)
    scene.choose(random.Random(len(scene.state.history)).choice(list(scene.view.legal)))


def hige_mekuri(out: Path, language: str = "en") -> None:
    """Your turn, a beard with the odds shown, the quip on a long beard run, Victoria's reveal, the game's end."""
    from game.app.setup import GameSetup
    from game.titles.hige_mekuri.scene import HigeScene

    home = tempfile.mkdtemp()
    app = App(headless=True, storage=Storage(Path(home) / "shots.sqlite3"))
    app.change_settings(language=language)
    wanted = ["hige_mekuri_turn", "hige_mekuri_odds", "hige_mekuri_quip", "hige_mekuri_victoria", "hige_mekuri_end"]
    for seed in range(1, 80):
        scene = HigeScene(app, GameSetup("hige_mekuri", ["normal"], human_starts=seed % 2 == 1, seed=seed))
        app.stack.clear_to(scene)
        settle(app, 2)
        while not scene.over and wanted:
            settle(app, 1)
            _hige_moment(app, out, scene, wanted)
        if scene.over and "hige_mekuri_end" in wanted and "hige_mekuri_victoria" not in wanted:
            settle(app, 90)
            shot(app, out, "hige_mekuri_end")
            wanted.remove("hige_mekuri_end")
        if not wanted:
            break
    app.close()


def _hige_moment(app: App, out: Path, scene, wanted: list[str]) -> None:
    """Take the pictures still wanted at this moment; on the human's turn, always flip (again)."""
    if "hige_mekuri_quip" in wanted and scene.now < scene.quip_until - 2.4:
        shot(app, out, "hige_mekuri_quip")
        wanted.remove("hige_mekuri_quip")
    if "hige_mekuri_victoria" in wanted and scene.victory_at is not None and scene.now > scene.victory_at + 0.7:
        shot(app, out, "hige_mekuri_victoria")
        wanted.remove("hige_mekuri_victoria")
    if not scene.human_turn():
        return
    if "hige_mekuri_turn" in wanted and scene.state.phase == "turn_start" and scene.shown >= 2:
        settle(app, 10)
        shot(app, out, "hige_mekuri_turn")
        wanted.remove("hige_mekuri_turn")
    if "hige_mekuri_odds" in wanted and scene.state.phase == "after_beard" and scene.state.left()["clean"] % 2 == 0:
        key(app, pygame.K_o)
        settle(app, 10)
        shot(app, out, "hige_mekuri_odds")
        wanted.remove("hige_mekuri_odds")
        key(app, pygame.K_o)
    key(app, pygame.K_f)


def fusejika(out: Path, language: str = "en") -> None:
    """A kick target choice, an almighty copy choice, a round-end breakdown, a sudden-death win, the summary."""
    from game.app.setup import GameSetup
    from game.app.summary import SummaryScene
    from game.titles.fusejika.scene import FusejikaScene

    out.mkdir(parents=True, exist_ok=True)
    home = tempfile.mkdtemp()
    app = App(headless=True, storage=Storage(Path(home) / "shots.sqlite3"))
    app.change_settings(language=language)
    wanted = {"fusejika_kick", "fusejika_copy", "fusejika_round_end", "fusejika_sudden_death", "fusejika_summary"}
    for seed in range(1, 80):
        scene = FusejikaScene(app, GameSetup("fusejika", ["easy"] * 3, seed=seed))
        app.stack.clear_to(scene)
        settle(app, 2)
        while wanted and isinstance(app.stack.top, FusejikaScene):
            settle(app, 1)
            _fusejika_moment(app, out, scene, wanted)
        if isinstance(app.stack.top, SummaryScene) and "fusejika_summary" in wanted:
            settle(app, 40)
            shot(app, out, "fusejika_summary")
            wanted.discard("fusejika_summary")
        if not wanted:
            break
    app.close()


def _fusejika_moment(app: App, out: Path, scene, wanted: set[str]) -> None:
    """Take the pictures still wanted now; otherwise let the Easy policy make the human's choice."""
    from game.titles.fusejika.bots import EasyBot

    if scene.breakdown is not None and "fusejika_round_end" in wanted and scene.now > scene.panel_until - 5:
        shot(app, out, "fusejika_round_end")
        wanted.discard("fusejika_round_end")
    if scene.sudden is not None and "fusejika_sudden_death" in wanted:
        settle(app, 50)
        shot(app, out, "fusejika_sudden_death")
        wanted.discard("fusejika_sudden_death")
    if not scene.human_turn():
        return
    phase = scene.view.phase
    name = {"kick_to": "fusejika_kick", "copy": "fusejika_copy"}.get(phase)
    if name in wanted and len(scene.view.legal) > 1:
        scene._refresh_buttons()
        if name == "fusejika_kick":
            target = scene.target_rect(scene.view.legal[0].target).center
            scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0)))
            scene.dragging = True
        settle(app, 20)
        shot(app, out, name)
        wanted.discard(name)
        scene.dragging = False
    scene.choose(EasyBot().choose(scene.state, None))


def kitsune_gaeshi(out: Path, language: str = "en") -> None:
    """A declaration choice, a reveal with a companion-soul loss, an elimination, in `language`."""
    from game.app.setup import GameSetup
    from game.titles.kitsune_gaeshi.scene import KitsuneScene

    home = tempfile.mkdtemp()
    app = App(headless=True, storage=Storage(Path(home) / "shots.sqlite3"))
    app.change_settings(language=language)
    wanted = {"kitsune_declare", "kitsune_companion", "kitsune_eliminated"}
    for seed in range(1, 80):
        scene = KitsuneScene(app, GameSetup("kitsune_gaeshi", ["easy"] * 3, seed=seed))
        app.stack.clear_to(scene)
        settle(app, 2)
        while wanted and isinstance(app.stack.top, KitsuneScene):
            settle(app, 1)
            _kitsune_moment(app, out, scene, wanted, language)
        if not wanted:
            break
    app.close()


def _kitsune_moment(app: App, out: Path, scene, wanted: set[str], language: str) -> None:
    import random

    from game.titles.kitsune_gaeshi.bots import EasyBot

    info = scene.reveal
    if info is not None and info["opened"] and scene.reveal_until - 1.2 < scene.now < scene.reveal_until:
        dragged = any(e.companion for e in info["lost"])
        name = "kitsune_eliminated" if info["out"] else "kitsune_companion" if dragged else None
        if name in wanted:
            shot(app, out, f"{name}_{language}")
            wanted.discard(name)
    if not scene.human_turn():
        return
    if scene.view.drawn is not None and "kitsune_declare" in wanted and scene.view.drawn == "fox" \
            and scene.view.declared_foxes() >= 1:
        settle(app, 10)
        shot(app, out, f"kitsune_declare_{language}")
        wanted.discard("kitsune_declare")
    scene.choose(EasyBot().choose(scene.state, random.Random(len(scene.state.history))))


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "out")
    main(target, *(sys.argv[2:3]))
    dice_combat(target, *(sys.argv[2:3]))
    shinobazu(target, *(sys.argv[2:3]))
    hige_mekuri(target, *(sys.argv[2:3]))
    fusejika(target, *(sys.argv[2:3]))
    kitsune_gaeshi(target, *(sys.argv[2:3]))
