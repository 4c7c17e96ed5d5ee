"""Seats for 2 to 7 players, with and without a board: every plate on the table, clear of the others, the header,
the human's strip and the board; the landed titles' seats where they were."""

import math

import pygame
import pytest

from game.ui import seats
from game.ui.seats import BADGE, COMPACT, HAND, HEADER, SEAT_0, TABLE, table_layout


def board(width: int, height: int) -> pygame.Rect:
    rect = pygame.Rect(0, 0, width, height)
    rect.center = (490, 310)
    return rect


BOARDS = [None, board(300, 240), board(440, 340), board(560, 400), board(600, 440)]


@pytest.mark.parametrize("players", range(2, 8))
@pytest.mark.parametrize("area", BOARDS, ids=lambda b: "no board" if b is None else f"board {b.w}x{b.h}")
def test_plates_fit_and_never_overlap(players, area):
    layout = table_layout(players, area)
    plates = [layout.plate_rect(seat) for seat in range(players)]
    assert len(layout.seats) == players and layout.seats[0] == SEAT_0
    for seat, plate in enumerate(plates):
        assert TABLE.contains(plate), (seat, plate)
        assert not plate.colliderect(HEADER), (seat, plate)
        if seat:
            assert not plate.colliderect(HAND), (seat, plate)
        if area is not None:
            assert not plate.colliderect(area), (seat, plate)
        for other in plates[seat + 1:]:
            assert not plate.colliderect(other), (seat, plate, other)


@pytest.mark.parametrize("players", range(2, 8))
@pytest.mark.parametrize("area", BOARDS, ids=lambda b: "no board" if b is None else f"board {b.w}x{b.h}")
def test_seats_go_clockwise_from_the_human(players, area):
    """Seat by seat, the angle around the centre, measured clockwise from straight down, only grows."""
    layout = table_layout(players, area)
    cx, cy = area.center if area else seats.CENTRE
    angles = [(math.degrees(math.atan2(y - cy, x - cx)) - 90) % 360 for x, y in layout.seats]
    assert angles == sorted(angles) and len(set(angles)) == players, angles


def test_compact_plates_from_six_seats():
    assert [table_layout(n).plate for n in range(2, 8)] == [BADGE] * 4 + [COMPACT] * 2


def test_landed_titles_keep_their_seats():
    """Shinobazu, Fusejika and Kitsune-gaeshi (3 to 5 seats) sit where they always did."""
    assert seats.seat_layout(3)[1:] == [(210, 230), (770, 230)]
    assert seats.seat_layout(4)[1:] == [(150, 340), (490, 150), (830, 340)]
    assert seats.seat_layout(5)[1:] == [(150, 390), (300, 170), (680, 170), (830, 390)]


def test_a_board_too_large_is_a_clear_error():
    with pytest.raises(ValueError, match="no room"):
        table_layout(7, board(900, 500))
    with pytest.raises(ValueError, match="2 to 7"):
        table_layout(8)


def test_every_plate_draws_inside_its_rect():
    """A plate draws nothing outside its own rectangle (and its halo), at both sizes, thinking or not."""
    surface = pygame.Surface((TABLE.w, TABLE.h))
    for size in (BADGE, COMPACT):
        surface.fill((0, 0, 0))
        rect = seats.draw_seat_badge(surface, (490, 340), "Tsubaki", "Normal", "12", 3, True, True, 0.9, size)
        halo = rect.inflate(10, 10)
        mask = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
        mask.invert()
        assert mask.get_bounding_rects() and all(halo.contains(r) for r in mask.get_bounding_rects())


def test_a_big_hand_closes_up_rather_than_run_into_the_level():
    """Twenty card backs stay right of the level and its thinking dots (a playtest saw 14 reach "Normal")."""
    from game.ui import theme

    for size in (BADGE, COMPACT):
        surface = pygame.Surface((TABLE.w, TABLE.h))
        rect = seats.draw_seat_badge(surface, (490, 340), "Tsubaki", "Normal", "", 20, False, False, 0.0, size)
        level = seats.render("Normal", 13 if size[1] < BADGE[1] else 14, theme.INK_DIM)
        backs = [x for x in range(rect.x, rect.right) if surface.get_at((x, rect.bottom - 20))[:3] == theme.SKY]
        assert len(backs) > 20 and min(backs) > rect.x + 12 + level.get_width() + 24


def test_card_backs_never_run_into_one_bar():
    """A playtest saw eight backs on a small plate merge into one solid bar: backs stay 2 px apart (fewer are drawn,
    and the number says how many), so no run of the backs' colour is wider than one back."""
    from game.ui import theme

    for size in (BADGE, COMPACT):
        for hand in (3, 8, 13, 20):
            surface = pygame.Surface((TABLE.w, TABLE.h))
            rect = seats.draw_seat_badge(surface, (490, 340), "Tsubaki", "Normal", "12", hand, False, False, 0.0,
                                         size)
            row = [surface.get_at((x, rect.bottom - 14))[:3] == theme.SKY for x in range(rect.x, rect.right)]
            runs, run = [], 0
            for lit in (*row, False):
                if lit:
                    run += 1
                elif run:
                    runs.append(run)
                    run = 0
            assert runs and max(runs) <= 8, (size, hand, runs)


def test_an_empty_hand_says_0_and_no_hand_says_nothing():
    """A seat with no cards shows an empty card outline and 0 (a playtest read a Powers plate with no backs as a
    count missing); a plate that shows no hand (None) draws nothing there."""
    from game.ui import theme

    drawn = {}
    for hand in (0, None):
        surface = pygame.Surface((TABLE.w, TABLE.h))
        rect = seats.draw_seat_badge(surface, (490, 340), "Tsubaki", "Normal", "", hand, False, False, 0.0)
        corner = pygame.Rect(rect.right - 40, rect.bottom - 28, 32, 20)
        drawn[hand] = sum(surface.get_at((x, y))[:3] != theme.PANEL for x in range(corner.left, corner.right)
                          for y in range(corner.top, corner.bottom))
    assert drawn[0] > 20 and drawn[None] == 0
