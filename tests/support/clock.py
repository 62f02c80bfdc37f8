"""A clock for what the server remembers for a while (``games.regions.recent``): its seconds
pass only when the test says so."""


class Clock:
    """Seconds that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def remember_changes_on(clock: Clock, monkeypatch) -> None:
    """The process's remembered changes (``games.regions.snapshots``), empty and on ``clock``."""
    from games.regions import snapshots

    changes = snapshots.Recent(snapshots.REMEMBERED_CHANGES, snapshots.CHANGE_SECONDS)
    changes.clock = clock
    monkeypatch.setattr(snapshots, "recent_changes", changes)
