"""Hexa's drawn cards follow the language in use (found in a playtest: a card drawn in English kept its English
category word after switching to Japanese)."""

from __future__ import annotations

import pygame

from game.services import i18n
from game.titles.hexa.cards import card_face


def test_a_card_face_is_drawn_again_in_the_new_language():
    pygame.init()
    try:
        i18n.set_language("en")
        english = pygame.image.tobytes(card_face("A", 64), "RGBA")
        i18n.set_language("ja")
        japanese = pygame.image.tobytes(card_face("A", 64), "RGBA")
        assert english != japanese
        i18n.set_language("en")
        assert pygame.image.tobytes(card_face("A", 64), "RGBA") == english
    finally:
        i18n.set_language("en")
