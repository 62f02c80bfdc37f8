"""The seat draw of a club night's round: who sits at which table, in which seat, with which
element. Pure Python (no Django), so ``/verify/`` and ``bench/seating.py`` run the very same code.

A draw is a function of its inputs only: the seed, the players present for the round (any
order; they are sorted first), the tables already played tonight, the table sizes allowed and
the elements (RULES §1.5.1: a random seat is Fire, then clockwise Water, Air, Earth). All the
randomness comes from ``random.Random`` seeded with the seed, so the same inputs give the same
draw on every machine.

How tables are filled: as many tables of the largest size as the count allows, smaller ones
only where the count demands (9 players: three tables of 3; 5 players: 3 and 2). Who meets whom:
players who met earlier tonight are kept apart when that is avoidable. The draw starts from a
greedy seating (:func:`greedy_tables`: each player, in a shuffled order, goes to the open table
where they have met the fewest people) and improves it by swapping two players of different
tables (simulated annealing with a fixed number of steps, never a clock, so the result does not
depend on the machine's speed). The best seating seen is kept, so a draw is never worse than
its greedy start. A pair that met before costs a fixed amount plus the square of its earlier
meetings: fewer repeat pairs first, then a third meeting is avoided harder than a second. Among
seatings as good, pairs who have met few of the same people sit together, which leaves the next
rounds more tables of strangers (24 players: no repeat over 5 rounds, see bench/seating.py).

Twelve players at tables of 4 cannot go two rounds without a repeat: a table of round 2 takes
four players from round 1's three tables, so two of them met already. The draw then reaches the
fewest repeats possible (3 per round for rounds 2 and 3).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

# Annealing steps per player per attempt, attempts (each from a new greedy start) until a
# seating without repeats is found, and the starting temperature; tuned with bench/seating.py.
STEPS_PER_PLAYER = 3000
ATTEMPTS = 8
START_TEMPERATURE = 2000.0
# A pair that met before costs this much plus the square of its meetings: the count of repeat
# pairs comes first, and among equal counts a third meeting is avoided harder than a second.
REPEAT_COST = 1000
# Among seatings with as few repeats, pairs who have met few of the same people sit together:
# that leaves the next rounds more tables of four who have not met (a cost per shared name).
OVERLAP_COST = 1


@dataclass(frozen=True)
class DrawnTable:
    """One table of a round: players in clockwise seat order, and each seat's element."""

    number: int
    players: tuple[str, ...]
    elements: tuple[str, ...] = ()

    def to_json(self) -> dict[str, object]:
        return {
            "number": self.number,
            "players": list(self.players),
            "elements": list(self.elements),
        }


@dataclass(frozen=True)
class Draw:
    """A round's seating and how many pairs at its tables had met earlier tonight."""

    tables: tuple[DrawnTable, ...]
    repeat_pairs: int

    def to_json(self) -> dict[str, object]:
        return {"tables": [t.to_json() for t in self.tables], "repeat_pairs": self.repeat_pairs}


def table_sizes(count: int, largest: int = 4, smallest: int = 3, least: int = 2) -> list[int]:
    """Table sizes for ``count`` players, largest first: all ``largest`` where possible, tables
    of ``smallest`` where the count demands, and tables of ``least`` only when nothing else fits
    (5 players at tables of 4 and 3: 3 + 2)."""
    if count < least:
        raise ValueError(f"A round needs at least {least} players, not {count}.")
    tables = math.ceil(count / largest)
    while True:
        sizes = _split(count, tables, largest, smallest)
        if sizes is not None:
            return sizes
        sizes = _split(count, tables, largest, least)
        if sizes is not None:
            return sizes
        tables += 1


def _split(count: int, tables: int, largest: int, smallest: int) -> list[int] | None:
    """``count`` players at ``tables`` tables of ``smallest``..``largest``, as even as may be."""
    if not tables * smallest <= count <= tables * largest:
        return None
    base, extra = divmod(count, tables)
    return sorted([base + 1] * extra + [base] * (tables - extra), reverse=True)


def meetings(history: Sequence[Sequence[str]]) -> dict[frozenset[str], int]:
    """How many times each pair sat at one table in ``history`` (a list of tables)."""
    met: dict[frozenset[str], int] = {}
    for table in history:
        for pair in combinations(sorted(set(table)), 2):
            key = frozenset(pair)
            met[key] = met.get(key, 0) + 1
    return met


def repeat_pairs(tables: Sequence[Sequence[str]], history: Sequence[Sequence[str]]) -> int:
    """How many pairs sitting together at ``tables`` already met in ``history``."""
    met = meetings(history)
    return sum(
        1 for table in tables for pair in combinations(table, 2) if met.get(frozenset(pair), 0)
    )


class _Costs:
    """What each pair sitting together costs, as a matrix over the round's players (by index)."""

    def __init__(self, players: Sequence[str], history: Sequence[Sequence[str]]) -> None:
        index = {name: i for i, name in enumerate(players)}
        n = len(players)
        self.met = [[0] * n for _ in range(n)]
        for pair, times in meetings(history).items():
            a, b = tuple(pair)
            if a in index and b in index:
                self.met[index[a]][index[b]] = self.met[index[b]][index[a]] = times
        known = [{j for j in range(n) if self.met[i][j]} for i in range(n)]
        self.weight = [[0] * n for _ in range(n)]
        for a, b in combinations(range(n), 2):
            times = self.met[a][b]
            cost = (REPEAT_COST + times * times) if times else 0
            cost += OVERLAP_COST * len(known[a] & known[b])
            self.weight[a][b] = self.weight[b][a] = cost

    def repeats(self, tables: Sequence[Sequence[int]]) -> int:
        return sum(1 for t in tables for a, b in combinations(t, 2) if self.met[a][b])

    def table(self, members: Sequence[int]) -> int:
        w = self.weight
        return sum(w[a][b] for a, b in combinations(members, 2))

    def joining(self, player: int, members: Sequence[int]) -> int:
        row = self.weight[player]
        return sum(row[m] for m in members)


def greedy_tables(
    players: Sequence[str],
    history: Sequence[Sequence[str]],
    sizes: Sequence[int],
    rng: random.Random,
) -> list[list[int]]:
    """The baseline: players in a shuffled order, each to the open table where they have met
    the fewest people (the first such table on a tie). Tables hold player indices."""
    costs = _Costs(players, history)
    order = list(range(len(players)))
    rng.shuffle(order)
    tables: list[list[int]] = [[] for _ in sizes]
    for player in order:
        open_tables = [t for t, size in enumerate(sizes) if len(tables[t]) < size]
        best = min(open_tables, key=lambda t: costs.joining(player, tables[t]))
        tables[best].append(player)
    return tables


def _anneal(
    tables: list[list[int]], costs: _Costs, rng: random.Random, steps: int
) -> list[list[int]]:
    """Swap players between tables to lower the cost; the best seating seen is returned."""
    current = sum(costs.table(t) for t in tables)
    best, best_tables = current, [list(t) for t in tables]
    if current == 0 or len(tables) < 2:
        return best_tables
    where = [(t, s) for t, table in enumerate(tables) for s in range(len(table))]
    weight = costs.weight
    temperature = START_TEMPERATURE
    cooling = (1.0 / START_TEMPERATURE) ** (1 / max(steps, 1))
    for _step in range(steps):
        ta, sa = where[rng.randrange(len(where))]
        tb, sb = where[rng.randrange(len(where))]
        if ta == tb:
            continue
        a, b = tables[ta][sa], tables[tb][sb]
        row_a, row_b = weight[a], weight[b]
        delta = 0
        for other in tables[ta]:
            if other != a:
                delta += row_b[other] - row_a[other]
        for other in tables[tb]:
            if other != b:
                delta += row_a[other] - row_b[other]
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            tables[ta][sa], tables[tb][sb] = b, a
            current += delta
            if current < best:
                best, best_tables = current, [list(t) for t in tables]
                if best == 0:
                    break
        temperature *= cooling
    return best_tables


def draw_round(
    players: Sequence[str],
    history: Sequence[Sequence[str]],
    seed: int,
    *,
    largest: int = 4,
    smallest: int = 3,
    least: int = 2,
    elements: Sequence[str] = (),
) -> Draw:
    """The seating of one round (see the module's docstring for what decides it).

    ``players`` are the ids of everyone drawn this round; ``history`` the tables already
    played tonight (lists of ids; players absent now are ignored). ``elements`` in their
    clockwise order from Fire (RULES §1.5.1), or empty for a game without elements.
    """
    roster = sorted(set(players))
    if len(roster) != len(players):
        raise ValueError("A player is drawn only once per round.")
    sizes = table_sizes(len(roster), largest, smallest, least)
    if elements and len(elements) < sizes[0]:
        raise ValueError("Every seat of the largest table needs an element.")
    rng = random.Random(f"club-night-seat-draw:{seed}")
    costs = _Costs(roster, history)
    tables, cost = [], -1
    for _attempt in range(ATTEMPTS):
        start = greedy_tables(roster, history, sizes, rng)
        tried = _anneal(start, costs, rng, STEPS_PER_PLAYER * len(roster))
        tried_cost = sum(costs.table(t) for t in tried)
        if cost < 0 or tried_cost < cost:
            tables, cost = tried, tried_cost
        if costs.repeats(tables) == 0:
            break
    drawn = []
    for number, table in enumerate(tables, start=1):
        seats = [roster[i] for i in table]
        rng.shuffle(seats)
        seat_elements: tuple[str, ...] = ()
        if elements:
            fire = rng.randrange(len(seats))
            seat_elements = tuple(elements[(s - fire) % len(seats)] for s in range(len(seats)))
        drawn.append(DrawnTable(number, tuple(seats), seat_elements))
    return Draw(tuple(drawn), repeat_pairs([t.players for t in drawn], history))


def random_tables(
    players: Sequence[str], sizes: Sequence[int], rng: random.Random
) -> list[list[str]]:
    """A draw that ignores who met whom: the comparison ``bench/seating.py`` prints."""
    order = list(players)
    rng.shuffle(order)
    tables, start = [], 0
    for size in sizes:
        tables.append(order[start : start + size])
        start += size
    return tables
