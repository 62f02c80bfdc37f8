"""The shuffle commitment a player can check by hand: SHA-256 of "<salt>:<seed>"."""

import shutil
import subprocess

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.trust.fairness import commit, commitment_matches, new_salt

salts = st.binary(min_size=16, max_size=16).map(bytes.hex)
seeds = st.integers(min_value=-(2**63), max_value=2**63 - 1)


@pytest.mark.skipif(shutil.which("sha256sum") is None, reason="coreutils' sha256sum is absent")
def test_the_documented_shell_recipe_gives_the_published_commitment():
    salt, seed = new_salt(), 8_675_309
    by_hand = subprocess.run(
        ["sh", "-c", f"printf '%s:%s' {salt} {seed} | sha256sum"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()[0]
    assert commit(salt, seed) == by_hand


def test_each_game_gets_its_own_secret_salt():
    salts_drawn = {new_salt() for _ in range(50)}
    assert len(salts_drawn) == 50
    assert all(len(s) == 32 and int(s, 16) >= 0 for s in salts_drawn)


@given(salts, seeds)
def test_a_revealed_seed_and_salt_match_their_commitment(salt, seed):
    assert commitment_matches(salt, seed, commit(salt, seed))
    assert commitment_matches(salt, seed, commit(salt, seed).upper())


@given(salts, seeds, seeds)
def test_a_different_seed_does_not_match(salt, seed, other):
    if other != seed:
        assert not commitment_matches(salt, other, commit(salt, seed))


@given(salts, salts, seeds)
def test_a_different_salt_does_not_match(salt, other, seed):
    if other != salt:
        assert not commitment_matches(other, seed, commit(salt, seed))


@pytest.mark.parametrize("salt", ["", "xyz", "00" * 15, "G" * 32, "AB" * 16])
def test_a_malformed_salt_is_refused(salt):
    with pytest.raises(ValueError, match="salt"):
        commit(salt, 1)


@pytest.mark.parametrize("seed", ["12", 1.5, True, None])
def test_a_seed_that_is_not_a_whole_number_is_refused(seed):
    with pytest.raises(ValueError, match="seed"):
        commit(new_salt(), seed)
