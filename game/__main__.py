"""`python -m game` starts the arcade, like `python main.py`."""

import sys

from game.app.main import main

sys.exit(main())
