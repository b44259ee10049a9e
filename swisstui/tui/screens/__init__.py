"""One screen per mode (registration, pairings, results, standings, crosstable) plus the
read-only projector screen."""
