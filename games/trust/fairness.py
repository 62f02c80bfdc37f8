"""Shuffle commitment: proof that the server did not stack the deck mid-game.

At game start the server draws a secret random *salt* and publishes

    commitment = SHA-256( ASCII( "<salt>:<seed>" ) )    as 64 lowercase hex digits

where ``<salt>`` is the 32 lowercase hex digits of 16 random bytes and ``<seed>``
is the game's shuffle seed in decimal (a leading ``-`` if negative, no leading
zeros). Anyone can recompute it by hand, e.g. ``printf '%s:%s' SALT SEED | sha256sum``.

The seed decides every shuffle of the game (``Engine.new_game`` draws all its
randomness from it). At game end the seed and salt are revealed; :func:`verify`
recomputes the commitment and, through the game's own engine (never a
re-implementation), the deal the seed produces: the full deck order of the
first game of the set (Dragon Formula) or the starting setup (DragSaga).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from games.engine import Engine, State

SALT_BYTES = 16
SALT_PATTERN = re.compile(r"^[0-9a-f]{32}$")
COMMITMENT_PATTERN = re.compile(r"^[0-9a-f]{64}$")


def new_salt() -> str:
    """A fresh secret salt: 16 random bytes as 32 lowercase hex digits."""
    return secrets.token_hex(SALT_BYTES)


def commitment_message(salt: str, seed: int) -> bytes:
    """The exact bytes that are hashed: ``"<salt>:<seed>"`` in ASCII."""
    if not SALT_PATTERN.match(salt):
        raise ValueError("The salt must be 32 lowercase hexadecimal digits.")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError("The seed must be a whole number.")
    return f"{salt}:{seed}".encode("ascii")


def commit(salt: str, seed: int) -> str:
    """The published commitment of ``seed`` under ``salt`` (64 lowercase hex digits)."""
    return hashlib.sha256(commitment_message(salt, seed)).hexdigest()


def commitment_matches(salt: str, seed: int, commitment: str) -> bool:
    """Whether ``commitment`` is the commitment of ``seed`` under ``salt``."""
    return hmac.compare_digest(commit(salt, seed), commitment.strip().lower())


# --- the deal a seed produces, read from the engine's own new_game ------------------


@dataclass(frozen=True)
class DealRow:
    """One line of a starting setup: who or what (``label``) and its cards, in order."""

    label: str
    cards: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Deal:
    """What a seed deals: rows in the order a player would check them at the table."""

    title: str
    rows: tuple[DealRow, ...]
    deck: tuple[str, ...] = ()  # the whole shuffled deck, top first (Dragon Formula)
    faces: dict[str, dict[str, Any]] = field(default_factory=dict)  # code -> card face

    def face_rows(self) -> list[tuple[DealRow, list[tuple[str, dict[str, Any] | None]]]]:
        """Each row with its cards as (code, face) pairs, for the game's card partial."""
        return [(row, [(code, self.faces.get(code)) for code in row.cards]) for row in self.rows]

    def deck_faces(self) -> list[tuple[str, dict[str, Any] | None]]:
        """The whole deck, top first, as (code, face) pairs."""
        return [(code, self.faces.get(code)) for code in self.deck]


DealReader = Callable[[State], Deal]


def dealt(engine: Engine, players: int, options: dict[str, Any], seed: int) -> Deal:
    """The deal ``seed`` produces, from the engine's own ``new_game``, read by the game's
    ``deal_path`` hook (``games.registry``)."""
    from games.registry import game_kind

    state = engine.new_game(players, engine.validate_options(options), seed)
    try:
        reader = game_kind(engine.name).deal_reader
    except LookupError:
        raise ValueError(f"No deal reader for the game {engine.name!r}.") from None
    return reader(state)


def seat_label(seat: int) -> str:
    """A seat of a deal's rows, as a player counts them."""
    return _("Seat %(seat)d") % {"seat": seat + 1}


def faces_from_presenters(game: str, codes: tuple[str, ...]) -> dict[str, dict[str, Any]]:
    """Card faces as the game's own table draws them (its presenters' ``face``)."""
    from games.registry import game_kind

    face = game_kind(game).presenters.face
    return {code: face(code) for code in codes} if face is not None else {}


@dataclass(frozen=True)
class Verification:
    """The outcome of checking a revealed seed and salt against a published commitment."""

    game: str
    players: int
    seed: int
    salt: str
    commitment: str
    recomputed: str
    matches: bool
    deal: Deal | None
    problems: tuple[str, ...] = field(default=())


def verify(
    seed: int,
    salt: str,
    commitment: str,
    engine: Engine,
    players: int,
    options: dict[str, Any] | None = None,
) -> Verification:
    """Recompute the commitment of ``seed`` under ``salt`` and the deal it produces.

    ``matches`` is true only when the recomputed commitment equals ``commitment``.
    The deal is shown either way, so a player can compare it with what they saw.
    """
    if not engine.min_players <= players <= engine.max_players:
        raise ValueError(
            f"{engine.name} is played by {engine.min_players} to {engine.max_players} players."
        )
    recomputed = commit(salt, seed)
    normalised = commitment.strip().lower()
    return Verification(
        game=engine.name,
        players=players,
        seed=seed,
        salt=salt,
        commitment=normalised,
        recomputed=recomputed,
        matches=hmac.compare_digest(recomputed, normalised),
        deal=dealt(engine, players, options or {}, seed),
    )


# --- the platform's record ----------------------------------------------------------


def publish(game: Any) -> Any:
    """Draw the secret salt of a game that is starting and publish its commitment.

    Call inside the transaction that creates the game, so no game ever runs without one.
    """
    from games.trust.models import ShuffleCommitment

    salt = new_salt()
    return ShuffleCommitment.objects.create(
        game=game, salt=salt, commitment=commit(salt, game.seed)
    )


def options_json(options: dict[str, Any]) -> str:
    """A game's options as the verify form carries them (canonical JSON)."""
    return json.dumps(options, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def replay_reaches_record(game: Any) -> bool:
    """Whether the revealed seed and the action log, replayed by the engine, reach the
    recorded final state: the deal was not changed between the start and the end."""
    from games.trust.replays import ReplayRefused, replay_of

    try:
        rebuilt = replay_of(game).final_state()
    except ReplayRefused:
        return False
    return json.loads(json.dumps(rebuilt)) == game.state
