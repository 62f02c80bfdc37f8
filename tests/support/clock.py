"""A clock for what the server remembers for a while (``games.regions.recent``): its seconds
pass only when the test says so."""


class Clock:
    """Seconds that pass only when the test says so."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now
