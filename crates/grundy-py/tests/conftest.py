"""What the tests share: the repository's paths and the command line to compare with."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any, Dict

import pytest

REPOSITORY = Path(__file__).resolve().parents[3]
ORACLES = REPOSITORY / "crates" / "grundy" / "tests" / "oracles"

#: Keys that differ from one run to the next: times, and what a parallel search happened to do.
VOLATILE = {
    "seconds",
    "search_seconds",
    "count_seconds",
    "positions_searched",
    "table_hits",
    "endgame_positions",
    "threads",
    "first_moves_settled",
    "search_nodes",
    "peak_states",
}


def steady(data: Any) -> Any:
    """`data` without its volatile keys, at any depth."""
    if isinstance(data, dict):
        return {key: steady(value) for key, value in data.items() if key not in VOLATILE}
    if isinstance(data, list):
        return [steady(item) for item in data]
    return data


@pytest.fixture(scope="session")
def cli():
    """Runs the `grundy` command line (GRUNDY_CLI, or the release build of this checkout) with
    `--json` and returns its report."""
    binary = Path(os.environ.get("GRUNDY_CLI", REPOSITORY / "target" / "release" / "grundy"))
    if not binary.is_file():
        pytest.fail(
            f"no grundy command line at {binary}: run `cargo build --release` first, or set GRUNDY_CLI"
        )

    def run(*words: str) -> Dict[str, Any]:
        done = subprocess.run(
            [str(binary), *words, "--json"], capture_output=True, text=True, timeout=300
        )
        assert done.stdout, f"grundy {' '.join(words)}: {done.stderr}"
        return json.loads(done.stdout)

    return run
