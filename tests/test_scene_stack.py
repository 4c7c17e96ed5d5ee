"""The scene stack: changes wait for the tick, only the top updates, overlays draw over the scene below."""

from game.app.scene import Scene, SceneStack


class Probe(Scene):
    def __init__(self, name, log, overlay=False):
        super().__init__(app=None)
        self.name, self.log, self.overlay = name, log, overlay

    def enter(self):
        self.log.append(("enter", self.name))

    def leave(self):
        self.log.append(("leave", self.name))

    def update(self, dt):
        self.log.append(("update", self.name))

    def draw(self, surface, alpha):
        self.log.append(("draw", self.name))


def test_changes_wait_until_applied():
    log, stack = [], SceneStack()
    stack.push(Probe("a", log))
    assert stack.top is None
    stack.apply_pending()
    assert stack.top.name == "a" and log == [("enter", "a")]


def test_only_top_updates_and_overlays_draw_over_the_paused_scene():
    log, stack = [], SceneStack()
    stack.push(Probe("game", log))
    stack.push(Probe("pause", log, overlay=True))
    stack.apply_pending()
    log.clear()
    stack.update(1 / 60)
    stack.draw(None, 0.5)
    assert log == [("update", "pause"), ("draw", "game"), ("draw", "pause")]


def test_opaque_scene_hides_the_ones_below():
    log, stack = [], SceneStack()
    for name in ("menu", "game"):
        stack.push(Probe(name, log))
    stack.apply_pending()
    log.clear()
    stack.draw(None, 0.0)
    assert log == [("draw", "game")]


def test_pop_resumes_replace_does_not_and_clear_to_empties():
    log, stack = [], SceneStack()
    stack.push(Probe("menu", log))
    stack.push(Probe("game", log))
    stack.apply_pending()
    log.clear()
    stack.pop()
    stack.apply_pending()
    assert log == [("leave", "game"), ("enter", "menu")]
    log.clear()
    stack.replace(Probe("scores", log))
    stack.apply_pending()
    assert log == [("leave", "menu"), ("enter", "scores")]
    stack.push(Probe("over", log, overlay=True))
    stack.clear_to(Probe("menu2", log))
    stack.apply_pending()
    assert [s.name for s in stack.scenes] == ["menu2"]


def test_find_title_looks_down_the_stack():
    stack = SceneStack()
    game = Probe("game", [])
    game.title_slug = "dice_slayer"
    stack.push(game)
    stack.push(Probe("pause", [], overlay=True))
    stack.apply_pending()
    assert stack.find_title() == "dice_slayer"
