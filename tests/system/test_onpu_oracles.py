"""The fixtures Onpu's Swift tests compare against are still their oracle's answer: the romaji
fixture is re-made with jaconv (scripts/onpu-romaji-oracle) and must equal the committed file."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_romaji_fixture_is_jaconvs_answer(tmp_path: Path) -> None:
    made = tmp_path / "jaconv.json"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "onpu-romaji-oracle"), str(made)], check=True, timeout=120)
    committed = ROOT / "Tests" / "Fixtures" / "onpu-romaji" / "jaconv.json"
    assert made.read_text(encoding="utf-8") == committed.read_text(encoding="utf-8"), (
        "Tests/Fixtures/onpu-romaji/jaconv.json is not what jaconv answers now: "
        "re-run scripts/onpu-romaji-oracle and review the change"
    )
