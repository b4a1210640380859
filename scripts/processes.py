"""Moved to playground/processes.py, so that the apps' benchmarks start servers without importing
scripts/; the scripts and tests that import it from here need no change."""
from playground.processes import *
