"""`python -m game` starts the arcade, like `python main.py`."""

import sys

from game.app.main import main

if __name__ == "__main__":  # the bot worker process re-imports this module; it must not start a second arcade
    sys.exit(main())
