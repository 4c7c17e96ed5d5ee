"""Neu/Noir (のいのわーる): push the value toward 101, bet on who will crack, or declare defeat and take a pile;
4-7 players (spec: shared/rules/neu_noir.md)."""

from game.titles.spec import Option, TitleSpec

TITLE = TitleSpec(
    "neu_noir", "Neu/Noir", "のいのわーる",
    "Push the value toward 101 with any number of cards, bet on who will crack, or give up and take a pile.",
    "何枚でも出して現在値を101へ。誰が力尽きるかにベットするか、敗北を宣言して場札を取れ。",
    min_players=4, max_players=7, prefix="nn", order=70,
    # at most 17 rounds (spec 4.9); a round is at most its cards in hand + a bet each + the declaration, each card
    # a decision plus the end of its play; the deal and the leftover: 58 chance nodes and the start
    max_actions=59 + 17 * (2 * 58 + 8 + 2) + 8,
    options=(Option("skip", ("off", "on"), "off"), Option("no_wallflower", ("off", "on"), "off"),
             Option("extra_life", ("off", "on"), "off")),
)
