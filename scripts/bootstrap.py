"""Make a fresh clone ready to run: the .venv, Python packages, node_modules, frontend/dist.

Run by `make` with the system Python, so this file uses the standard library only and
simple syntax: on an old Python it must get far enough to say what is wrong. Each step is
skipped when a stamp file says its inputs have not changed since it last succeeded.
"""
from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterable, Iterator
from typing import Any

MIN_PYTHON = (3, 11)
MIN_NODE = (20, 19)
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV = os.path.join(ROOT, ".venv")
VENV_PYTHON = os.path.join(VENV, "bin", "python")
FRONTEND = os.path.join(ROOT, "frontend")
STAMPS = os.path.join(ROOT, ".run", "stamps")
# Outputs and caches under frontend/ that must not trigger a rebuild.
FRONTEND_IGNORED_DIRS = {"node_modules", "dist", "coverage", ".vite"}


class SetupError(Exception):
    """A problem the developer can fix; printed as a message, not a traceback."""


def say(message: str) -> None:
    print("[make] " + message, flush=True)


def run(command: list[str], cwd: str = ROOT, log: str | None = None) -> None:
    """Run `command`; with `log`, its output goes to that file and is shown only if it fails."""
    try:
        if log is None:
            subprocess.run(command, cwd=cwd, check=True)
            return
        os.makedirs(os.path.dirname(log), exist_ok=True)
        with open(log, "wb") as out:
            subprocess.run(command, cwd=cwd, check=True, stdout=out, stderr=subprocess.STDOUT)
    except FileNotFoundError:
        raise SetupError(f"`{command[0]}` is not installed or not on PATH.")
    except subprocess.CalledProcessError as exc:
        where = "its output above" if log is None else log
        if log is not None:
            with open(log, errors="replace") as f:
                print("".join(f.readlines()[-30:]), file=sys.stderr)
        raise SetupError(f"`{' '.join(command)}` failed with exit code {exc.returncode} (see {where}).")


def digest(paths: Iterable[str], extra: str = "") -> str:
    h = hashlib.sha256(extra.encode())
    for path in sorted(paths):
        h.update(os.path.relpath(path, ROOT).encode() + b"\0")
        with open(path, "rb") as f:
            h.update(f.read())
    return h.hexdigest()


def read_stamp(path: str) -> str | None:
    try:
        with open(path) as f:
            return f.read().strip()
    except OSError:
        return None


def write_stamp(path: str, value: str) -> None:
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(value + "\n")


def check_python() -> None:
    if sys.version_info < MIN_PYTHON:
        raise SetupError(
            f"Python 3.11 or newer is needed, but `{sys.executable}` is Python {sys.version.split()[0]}. "
            "Install Python 3.11 (apt-get install python3.11 python3.11-venv / brew install python@3.11 / "
            "pyenv install 3.11) and run `make PYTHON=python3.11 ...`."
        )


def venv_works() -> bool:
    if not os.path.exists(VENV_PYTHON):
        return False
    return subprocess.run([VENV_PYTHON, "-c", "import sys"], check=False, capture_output=True).returncode == 0


def ensure_venv() -> None:
    requirements = [os.path.join(ROOT, name) for name in ("requirements.txt", "requirements-dev.txt")]
    wanted = digest([p for p in requirements if os.path.exists(p)])
    stamp = os.path.join(VENV, ".requirements.sha256")
    if venv_works() and read_stamp(stamp) == wanted:
        return
    if not venv_works():
        say("Creating the virtualenv in .venv ...")
        shutil.rmtree(VENV, ignore_errors=True)
        try:
            import ensurepip  # noqa: F401  (Debian splits venv and ensurepip into python3-venv)
            import venv  # noqa: F401
        except ImportError:
            raise SetupError("Python's venv module is missing: apt-get install python3-venv (or python3.11-venv).")
        run([sys.executable, "-m", "venv", VENV])
    log = os.path.join(ROOT, ".run", "pip-install.log")
    say(f"Installing Python dependencies (requirements-dev.txt; the first time takes a minute; log: {log}) ...")
    run([VENV_PYTHON, "-m", "pip", "install", "--disable-pip-version-check", "-r", requirements[1]], log=log)
    write_stamp(stamp, wanted)


def check_node() -> None:
    for tool in ("node", "npm"):
        if shutil.which(tool) is None:
            raise SetupError(
                f"Node.js 20.19+ with npm is needed to build the browser app, but `{tool}` is not on PATH. "
                "Install it (apt-get install nodejs npm / brew install node / https://nodejs.org) "
                "or run with SKIP_FRONTEND=1 to start without the browser app."
            )
    out = subprocess.run(["node", "--version"], check=False, capture_output=True, text=True).stdout.strip()
    version = tuple(int(part) for part in out.lstrip("v").split(".")[:2] if part.isdigit())
    if version < MIN_NODE:
        raise SetupError(
            f"Node.js 20.19 or newer is needed to build the browser app; `node --version` says {out}. "
            "Upgrade it (brew upgrade node / nvm install 20 / https://nodejs.org)."
        )


def package_json() -> dict[str, Any]:
    with open(os.path.join(FRONTEND, "package.json")) as f:
        data: dict[str, Any] = json.load(f)
    return data


def npm_lock_files() -> list[str]:
    names = ("package.json", "package-lock.json")
    return [os.path.join(FRONTEND, n) for n in names if os.path.exists(os.path.join(FRONTEND, n))]


def ensure_node_modules() -> None:
    stamp = os.path.join(FRONTEND, "node_modules", ".playground-deps.sha256")
    if read_stamp(stamp) == digest(npm_lock_files()):
        return
    if os.path.exists(os.path.join(FRONTEND, "package-lock.json")):
        say("Installing frontend dependencies (npm ci) ...")
        run(["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=FRONTEND)
    else:
        say("Installing frontend dependencies (npm install: there is no package-lock.json) ...")
        run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"], cwd=FRONTEND)
    # npm install may have just written the lock file: hash after installing.
    write_stamp(stamp, digest(npm_lock_files()))


def frontend_sources() -> Iterator[str]:
    for dirpath, dirnames, filenames in os.walk(FRONTEND):
        dirnames[:] = [d for d in dirnames if d not in FRONTEND_IGNORED_DIRS]
        for name in filenames:
            if not name.endswith(".tsbuildinfo") and ".timestamp-" not in name:
                yield os.path.join(dirpath, name)


def ensure_frontend_build() -> None:
    if "build" not in package_json().get("scripts", {}):
        say("frontend/package.json has no `build` script yet: skipping the browser app build.")
        return
    stamp = os.path.join(STAMPS, "frontend-build.sha256")
    wanted = digest(frontend_sources())
    if read_stamp(stamp) == wanted and os.path.exists(os.path.join(FRONTEND, "dist", "index.html")):
        return
    say("Building the browser app (npm run build -> frontend/dist) ...")
    run(["npm", "run", "build", "--silent"], cwd=FRONTEND)
    write_stamp(stamp, wanted)


def ensure_frontend() -> None:
    if os.environ.get("SKIP_FRONTEND"):
        say("SKIP_FRONTEND is set: not installing or building the browser app.")
        return
    if not os.path.exists(os.path.join(FRONTEND, "package.json")):
        say("frontend/package.json does not exist yet: skipping the browser app.")
        return
    check_node()
    ensure_node_modules()
    if os.environ.get("SKIP_FRONTEND_BUILD"):  # make lint: ESLint needs the dependencies, not a build
        return
    ensure_frontend_build()


def main() -> int:
    try:
        check_python()
        ensure_venv()
        ensure_frontend()
    except SetupError as exc:
        print("\n[make] " + str(exc) + "\n", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
