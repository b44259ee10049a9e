#!/usr/bin/env bash
# The README's tests against the newest releases of every dependency that pyproject.toml's
# ranges allow, not the pinned ones of requirements-lock.txt: a fresh venv (first argument,
# default /tmp/swisstui-newest), no lock, --upgrade; then ruff, mypy and the whole suite.
# The versions it tested are left in VENV/versions.txt, to compare with the lock; when they
# pass, `tools/lock.sh --upgrade` moves the lock to them.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=${1:-/tmp/swisstui-newest}
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install -q --upgrade pip setuptools
"$venv/bin/pip" install -q --upgrade --upgrade-strategy eager \
    --config-settings editable_mode=compat -e '.[test]'
"$venv/bin/pip" list --format=freeze --exclude-editable > "$venv/versions.txt"
echo "newest releases: $venv/versions.txt"
rc=0  # every check runs, so one failure does not hide the others
"$venv/bin/ruff" check swisstui tests || rc=1
"$venv/bin/mypy" || rc=1
"$venv/bin/pytest" -q -n auto -p no:cacheprovider || rc=1
exit $rc
