"""Synthesize the game's sound effects into sounds/*.wav (44.1 kHz, 16-bit mono), stdlib only.

Seeded and free of timestamps, so re-running gives byte-identical files. Usage: python tools/make_sounds.py
"""

from __future__ import annotations

import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

SR = 44_100
OUT_DIR = Path(__file__).resolve().parents[1] / "sounds"
Signal = list[float]
BELL = ((1.0, 1.0), (2.0, 0.3), (3.0, 0.12), (4.2, 0.05))
SOFT_SQUARE = ((1.0, 1.0), (3.0, 0.2), (5.0, 0.07))
TRIANGLE = ((1.0, 1.0), (3.0, 0.11), (5.0, 0.04))


def ns(seconds: float) -> int:
    """Sample count for a duration."""
    return max(1, round(seconds * SR))


def note(midi: float) -> float:
    """Frequency of a MIDI note number."""
    return 440.0 * 2 ** ((midi - 69) / 12)


def envelope(n: int, attack: float, decay: float | None, release: float) -> Signal:
    """Raised-cosine attack, exponential decay (None: sustain), raised-cosine release to zero."""
    a, r = ns(attack), ns(release)
    out = []
    for i in range(n):
        g = math.exp(-max(0.0, i / SR - attack) / decay) if decay else 1.0
        if i < a:
            g *= 0.5 - 0.5 * math.cos(math.pi * i / a)
        if i >= n - r:
            g *= 0.5 - 0.5 * math.cos(math.pi * (n - i) / r)
        out.append(g)
    return out


def tone(
    freq: float,
    dur: float,
    *,
    amp: float = 1.0,
    attack: float = 0.003,
    decay: float | None = None,
    release: float = 0.01,
    partials: tuple[tuple[float, float], ...] = ((1.0, 1.0),),
    glide: float | None = None,
) -> Signal:
    """A tone of summed partials, optionally gliding exponentially from freq to glide."""
    n = ns(dur)
    env = envelope(n, attack, decay, release)
    end = glide or freq
    phase, out = 0.0, []
    for i in range(n):
        f = freq * (end / freq) ** (i / n)
        phase += f / SR
        s = sum(a * math.sin(2 * math.pi * k * phase) for k, a in partials if k * f < SR / 2.2)
        out.append(s * env[i])
    return scaled(out, amp)


def noise(
    dur: float,
    seed: str,
    *,
    amp: float = 1.0,
    lo: float = 1000.0,
    hi: float | None = None,
    q: float = 1.0,
    attack: float = 0.001,
    decay: float | None = None,
    release: float = 0.01,
    swell: bool = False,
) -> Signal:
    """White noise through two band-pass stages whose centre sweeps from lo to hi (q: 1/resonance)."""
    rng = random.Random(seed)
    n = ns(dur)
    env = [math.sin(math.pi * i / n) ** 2 for i in range(n)] if swell else envelope(n, attack, decay, release)
    end = hi or lo
    state = [0.0, 0.0, 0.0, 0.0]  # (low, band) of each stage
    out = []
    for i in range(n):
        f = 2 * math.sin(math.pi * min(lo * (end / lo) ** (i / n), SR / 7) / SR)
        x = rng.uniform(-1.0, 1.0)
        for s in (0, 2):
            high = x - state[s] - q * state[s + 1]
            state[s + 1] += f * high
            state[s] += f * state[s + 1]
            x = state[s + 1]
        out.append(x * env[i])
    return scaled(out, amp)


def scaled(sig: Signal, peak: float) -> Signal:
    """Signal rescaled so its largest magnitude is peak."""
    top = max((abs(x) for x in sig), default=0.0)
    return [x * peak / top for x in sig] if top else sig


def mix(parts: list[tuple[float, Signal]]) -> Signal:
    """Sum (start seconds, signal) parts into one signal."""
    out: Signal = [0.0] * max(round(at * SR) + len(sig) for at, sig in parts)
    for at, sig in parts:
        start = round(at * SR)
        for i, x in enumerate(sig):
            out[start + i] += x
    return out


def sparkles(
    seed: str, count: int, span: float, notes: tuple[int, ...], amp: float = 0.4
) -> list[tuple[float, Signal]]:
    """Short high bell pings scattered over span seconds."""
    rng = random.Random(seed)
    return [
        (
            rng.uniform(0, span),
            tone(
                note(rng.choice(notes)),
                0.12,
                amp=amp * rng.uniform(0.6, 1.0),
                attack=0.001,
                decay=0.035,
                partials=BELL,
            ),
        )
        for _ in range(count)
    ]


def roll() -> Signal:
    """Dice tumbling: a few woody clacks, slowing and fading."""
    rng = random.Random("roll")
    parts, t = [], 0.0
    for k in range(7):
        body = tone(
            rng.uniform(650, 1050),
            0.06,
            amp=0.6,
            attack=0.0008,
            decay=0.018,
            partials=((1.0, 1.0), (2.76, 0.4)),
        )
        knock = noise(
            0.03, f"roll{k}", amp=0.5, lo=rng.uniform(1800, 3000), q=0.5, attack=0.0005, decay=0.006
        )
        parts.append((t, scaled(mix([(0, body), (0, knock)]), 1.0 - 0.08 * k)))
        t += 0.045 + 0.012 * k + rng.uniform(0, 0.03)
    return mix(parts)


def pick() -> Signal:
    """Soft pop."""
    return tone(900, 0.07, attack=0.002, decay=0.018, partials=((1.0, 1.0), (2.0, 0.15)), glide=480)


def slide() -> Signal:
    """Short swish rising through the band."""
    return noise(0.2, "slide", lo=600, hi=3200, q=0.9, swell=True)


def slide_out() -> Signal:
    """Lower swish, falling."""
    return noise(0.22, "slide_out", lo=1400, hi=300, q=0.9, swell=True)


def set_() -> Signal:
    """Bright two-note chime."""
    return mix(
        [
            (0, tone(note(88), 0.3, attack=0.002, decay=0.09, partials=BELL)),
            (0.075, tone(note(95), 0.42, attack=0.002, decay=0.13, partials=BELL)),
        ]
    )


def clear() -> Signal:
    """Small burst with a sparkle."""
    burst = noise(0.25, "clear", amp=0.7, lo=3200, hi=900, q=0.7, attack=0.002, decay=0.05)
    return mix([(0, burst), *sparkles("clear", 8, 0.25, (96, 98, 100, 103, 105))])


def clear_big() -> Signal:
    """Bigger burst: a thump, a longer shatter and more sparkle."""
    thump = tone(150, 0.25, amp=0.7, attack=0.002, decay=0.07, glide=55)
    burst = noise(0.5, "clear_big", amp=0.8, lo=4500, hi=700, q=0.6, attack=0.002, decay=0.12)
    rise = tone(note(84), 0.5, amp=0.25, attack=0.02, decay=0.2, partials=BELL, glide=note(96))
    return mix(
        [(0, thump), (0, burst), (0.05, rise), *sparkles("clear_big", 16, 0.55, (96, 98, 100, 103, 105, 108))]
    )


def all_clear() -> Signal:
    """Short happy fanfare: an arpeggio up to a held chord."""
    arp = [
        (i * 0.09, tone(note(m), 0.3, amp=0.6, attack=0.004, decay=0.12, partials=SOFT_SQUARE))
        for i, m in enumerate((72, 76, 79, 84, 88))
    ]
    chord = [
        (0.47, tone(note(m), 0.72, amp=0.45, attack=0.01, decay=0.3, release=0.12, partials=SOFT_SQUARE))
        for m in (84, 88, 91)
    ]
    return mix([*arp, *chord, *sparkles("all_clear", 8, 0.6, (100, 103, 105, 108), amp=0.25)])


def warning() -> Signal:
    """Two low soft beeps."""
    beep = tone(
        note(64), 0.13, attack=0.01, decay=0.25, release=0.03, partials=((1.0, 1.0), (2.0, 0.25), (3.0, 0.08))
    )
    return mix([(0, beep), (0.2, beep)])


def game_over() -> Signal:
    """Three descending notes, the last one held."""
    notes = [
        (0, tone(note(67), 0.3, attack=0.006, decay=0.25, partials=TRIANGLE)),
        (0.26, tone(note(63), 0.3, attack=0.006, decay=0.25, partials=TRIANGLE)),
        (0.52, tone(note(60), 0.75, attack=0.006, decay=0.35, release=0.15, partials=TRIANGLE)),
    ]
    return mix(notes)


def menu_move() -> Signal:
    """Tiny tick."""
    return tone(2400, 0.03, amp=0.5, attack=0.0006, decay=0.005, release=0.005)


def menu_select() -> Signal:
    """Confirm blip: two quick rising notes."""
    return mix(
        [
            (0, tone(note(79), 0.07, attack=0.002, decay=0.04, partials=SOFT_SQUARE)),
            (0.05, tone(note(86), 0.12, attack=0.002, decay=0.05, partials=SOFT_SQUARE)),
        ]
    )


def back() -> Signal:
    """Lower, falling blip."""
    return tone(700, 0.12, amp=0.8, attack=0.002, decay=0.05, partials=SOFT_SQUARE, glide=430)


def highscore() -> Signal:
    """Rising sparkle over a soft shimmer."""
    pings = [
        (i * 0.06, tone(note(m), 0.3, amp=0.6, attack=0.001, decay=0.1, partials=BELL))
        for i, m in enumerate((84, 86, 88, 91, 93, 96, 98, 100, 103))
    ]
    shimmer = noise(0.8, "highscore", amp=0.15, lo=4000, hi=6000, q=0.3, swell=True)
    return mix([*pings, (0.05, shimmer)])


def hit() -> Signal:
    """Thud."""
    body = tone(150, 0.3, attack=0.002, decay=0.08, partials=((1.0, 1.0), (2.0, 0.15)), glide=45)
    return mix([(0, body), (0, noise(0.1, "hit", amp=0.5, lo=300, q=0.8, attack=0.001, decay=0.025))])


def card() -> Signal:
    """Card snap."""
    return mix(
        [
            (0, noise(0.08, "card", amp=0.8, lo=2600, q=0.8, attack=0.0008, decay=0.012)),
            (0, noise(0.04, "card2", amp=0.4, lo=5000, q=0.8, attack=0.0005, decay=0.005)),
            (0, tone(220, 0.06, amp=0.3, attack=0.001, decay=0.015)),
        ]
    )


def error() -> Signal:
    """Soft low buzz for an illegal action."""
    buzz = ((1.0, 1.0), (3.0, 0.3), (5.0, 0.15), (7.0, 0.08))
    return mix(
        [
            (0, tone(130, 0.24, attack=0.01, decay=0.3, release=0.05, partials=buzz)),
            (0, tone(123, 0.24, amp=0.6, attack=0.01, decay=0.3, release=0.05, partials=buzz)),
        ]
    )


# name -> (synthesizer, peak level in dBFS)
SOUNDS: dict[str, tuple[Callable[[], Signal], float]] = {
    "roll": (roll, -3),
    "pick": (pick, -4),
    "slide": (slide, -4),
    "slide_out": (slide_out, -4),
    "set": (set_, -3),
    "clear": (clear, -3),
    "clear_big": (clear_big, -3),
    "all_clear": (all_clear, -3),
    "warning": (warning, -6),
    "game_over": (game_over, -3),
    "menu_move": (menu_move, -8),
    "menu_select": (menu_select, -5),
    "back": (back, -5),
    "highscore": (highscore, -3),
    "hit": (hit, -3),
    "card": (card, -4),
    "error": (error, -7),
}


def write_wav(path: Path, sig: Signal, peak_db: float) -> int:
    """Normalise to peak_db and write 16-bit mono PCM; return the file size."""
    pcm = array("h", (round(x * 32767) for x in scaled(sig, 10 ** (peak_db / 20))))
    if sys.byteorder == "big":
        pcm.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(SR)
        w.writeframes(pcm.tobytes())
    return path.stat().st_size


def main() -> int:
    """Write every sound and report durations and sizes."""
    OUT_DIR.mkdir(exist_ok=True)
    total = 0
    for name, (make, peak_db) in SOUNDS.items():
        sig = make()
        size = write_wav(OUT_DIR / f"{name}.wav", sig, peak_db)
        total += size
        print(f"{name + '.wav':16} {len(sig) / SR:5.2f} s {size:8,} bytes")
    print(f"total: {len(SOUNDS)} files, {total:,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
