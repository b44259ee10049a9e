"""The pure domain core of swisstui. Never imports Textual (tests/test_import_contract.py)."""
