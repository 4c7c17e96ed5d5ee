"""Colours and sizes shared by every screen: a warm night-market palette on a dark table."""

WIDTH, HEIGHT = 1280, 720

BG = (22, 26, 38)
BG_DEEP = (14, 17, 26)
PANEL = (34, 40, 58)
PANEL_HI = (48, 56, 80)
FELT = (28, 70, 64)
FELT_EDGE = (18, 48, 44)
INK = (238, 234, 222)
INK_DIM = (150, 156, 172)
INK_FAINT = (96, 102, 120)
ACCENT = (244, 170, 66)     # lantern orange: focus, primary
ACCENT_DEEP = (196, 118, 34)
GOOD = (112, 212, 140)
BAD = (236, 88, 80)
WARN = (246, 204, 84)
SKY = (110, 180, 250)
SHADOW = (0, 0, 0, 110)

DIE_FACE = (250, 246, 236)
DIE_EDGE = (196, 186, 168)
DIE_PIP = (34, 34, 44)
DIE_PIP_RED = (200, 40, 48)  # the 1 pip is red, as on Japanese dice

RADIUS = 12
