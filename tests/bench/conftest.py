# Benchmarks are scripts run on demand, never collected by pytest.
collect_ignore_glob = ["*.py"]
