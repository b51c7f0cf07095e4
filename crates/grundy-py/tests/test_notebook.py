"""The example notebook (docs/examples/grundy.ipynb) runs from top to bottom, and each cell's
last expression shows as a notebook shows it: its picture when it has one."""

from __future__ import annotations

import ast
import json

from conftest import REPOSITORY

NOTEBOOK = REPOSITORY / "docs" / "examples" / "grundy.ipynb"


def test_the_example_notebook_runs_and_draws():
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    namespace: dict = {}
    shown = []
    for cell in cells:
        if cell["cell_type"] != "code":
            continue
        tree = ast.parse("".join(cell["source"]))
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, str(NOTEBOOK), "exec"), namespace)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), str(NOTEBOOK), "eval"), namespace)
            shown.append(value)
    pictures = [value._repr_svg_() for value in shown if hasattr(value, "_repr_svg_")]
    # The value, a position, the moves, the last reply, the table, the sequence and the tour.
    assert len(pictures) == 7
    assert all(picture and picture.lstrip().startswith("<svg") for picture in pictures)
