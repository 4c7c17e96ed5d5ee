"""Command-line entry for bot-versus-bot benchmarks: `python -m game.arena <slug> ...` (see game.ai.arena)."""

from game.ai.arena import main

if __name__ == "__main__":
    main()
