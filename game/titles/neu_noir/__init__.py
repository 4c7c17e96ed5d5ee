"""Neu/Noir (のいのわーる): the 101 race with bets, for four to seven players (spec: shared/rules/neu_noir.md).

The rules engine is in `rules.py`; the title joins the arcade (its `TITLE`) once its bots and scene are built.
"""
