"""Shinoburi (忍): deploy, move and attack with a hidden allegiance, for two to five players
(spec: shared/rules/shinoburi.md). The engine is here; the title is declared (TITLE) once its bots and scene land."""
