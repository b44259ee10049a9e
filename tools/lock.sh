#!/usr/bin/env bash
# Regenerate requirements-lock.txt: the exact version and hashes of every runtime, test and
# build dependency, which the README's install command and .ci/run install.  pyproject.toml
# keeps the honest ranges that people installing the package get; the lock is what the
# project is tested with.
#
#     tools/lock.sh                   # after a change in pyproject.toml: pins kept where valid
#     tools/lock.sh --upgrade         # every package to its newest release within the ranges
#     tools/lock.sh -P babel          # one package to its newest release (--upgrade-package)
#
# The resolver is uv (pinned below), run from a throwaway venv, on PyPI.  The lock is
# universal: one file for every platform and Python >= 3.11 (markers where they differ), with
# the hashes of every file PyPI has for each pinned release.
set -euo pipefail
cd "$(dirname "$0")/.."
UV_VERSION=0.13.9
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install -q "uv==$UV_VERSION"
# the build backend too (pyproject's [build-system] requires): the README's editable install
# builds with it (--no-build-isolation) instead of fetching an unpinned setuptools
python3 -c 'import tomllib; print(*tomllib.load(open("pyproject.toml", "rb"))
            ["build-system"]["requires"], sep="\n")' \
    | "$tmp/venv/bin/uv" pip compile pyproject.toml - --extra test --universal \
        --python-version 3.11 --generate-hashes \
        --custom-compile-command tools/lock.sh --output-file requirements-lock.txt --quiet "$@"
