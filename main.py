"""Start the Asobiba arcade: `python main.py` (see `python main.py --help`)."""

import sys

from game.app.main import main

if __name__ == "__main__":
    sys.exit(main())
