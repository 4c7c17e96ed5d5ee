"""One package per title (found by game.titles.registry). Folders named in ASOBIBA_TITLES_PATH (os.pathsep between
them) hold more title packages: the bench adds the test suite's toy title this way, and a bot worker process, which
inherits the environment, finds the same titles."""

import os

__path__ += [folder for folder in os.environ.get("ASOBIBA_TITLES_PATH", "").split(os.pathsep) if folder]
