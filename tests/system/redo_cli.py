"""Runs the real `redo` executable in its own REDO_HOME, as a person would."""

from __future__ import annotations

import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hearth_harness import REPO, HarnessError, _clean_env, make_workdir


def redo_binary() -> Path:
    path = Path(os.environ.get("REDO_BIN", REPO / ".build" / "debug" / "redo"))
    if not path.is_file() or not os.access(path, os.X_OK):
        raise HarnessError(f"no redo executable at {path}: run `swift build --product redo` (or set REDO_BIN)")
    return path


@dataclass
class RedoHome:
    path: Path

    @classmethod
    def fresh(cls, name: str = "redo") -> "RedoHome":
        return cls(make_workdir(name) / "home")

    @property
    def env(self) -> dict[str, str]:
        return {**_clean_env(), "REDO_HOME": str(self.path), "TZ": "Europe/Paris"}

    def popen(self, *args: str) -> subprocess.Popen:
        """A long-running redo command, such as `sync --watch`; the caller stops it."""
        return subprocess.Popen([str(redo_binary()), *args], env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def run(self, *args: str, stdin: str | bytes | None = None, check: bool = True) -> subprocess.CompletedProcess:
        env = self.env
        result = subprocess.run(
            [str(redo_binary()), *args],
            env=env,
            input=stdin.encode() if isinstance(stdin, str) else stdin,
            capture_output=True,
            timeout=120,
        )
        if check and result.returncode != 0:
            raise AssertionError(
                f"redo {' '.join(args)} exited {result.returncode}:\n{result.stdout.decode()}\n{result.stderr.decode()}"
            )
        return result

    def out(self, *args: str, stdin: str | bytes | None = None) -> str:
        return self.run(*args, stdin=stdin).stdout.decode()

    def json(self, *args: str) -> Any:
        return json.loads(self.out(*args, "--json"))
