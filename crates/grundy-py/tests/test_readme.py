"""The README's Python examples run as they are written."""

from __future__ import annotations

import re

from conftest import REPOSITORY


def test_the_readmes_python_blocks_run():
    readme = (REPOSITORY / "README.md").read_text()
    blocks = re.findall(r"```python\n(.*?)```", readme, re.DOTALL)
    assert blocks, "the README shows Python"
    for block in blocks:
        exec(compile(block, "README.md", "exec"), {})
