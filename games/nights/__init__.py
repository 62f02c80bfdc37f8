"""Club nights: check-in, rounds, the seat draw and its tables, the night's board and its socket."""
