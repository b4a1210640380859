"""Developer tooling behind `make run` / `make test` (run from the repository root)."""
