"""Moved to playground/chromium.py, so that the apps' browser benchmarks launch Chromium without importing
scripts/; the scripts and tests that import it from here need no change."""
from playground.chromium import *
from playground.chromium import CHROMIUM, CHROMIUM_ARGS, launch  # noqa: F401 (named for mypy)
