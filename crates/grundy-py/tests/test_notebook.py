"""The example notebook (docs/examples/grundy.ipynb) runs from top to bottom, each cell's last
expression shows as a notebook shows it (its picture when it has one), and the notebook is
stored with those outputs, as a reader on GitHub sees it. In a notebook without ipywidgets,
progress is tqdm's text bar, without tqdm's warning."""

from __future__ import annotations

import ast
import contextlib
import io
import json
import sys
import types
import warnings
from typing import Any, Dict, List

import pytest

from conftest import REPOSITORY
from grundy._progress import Display

NOTEBOOK = REPOSITORY / "docs" / "examples" / "grundy.ipynb"


def text(lines: Any) -> str:
    """A notebook's text, stored as one string or as a list of lines."""
    return "".join(lines) if isinstance(lines, list) else lines


def run_cell(source: str, namespace: Dict[str, Any]) -> Dict[str, Any]:
    """Runs a cell as a kernel does: what it prints, and the value of its last expression."""
    tree = ast.parse(source)
    last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(tree, str(NOTEBOOK), "exec"), namespace)
        value = None
        if last is not None:
            value = eval(compile(ast.Expression(last.value), str(NOTEBOOK), "eval"), namespace)
    return {"stdout": printed.getvalue(), "value": value}


def test_the_example_notebook_runs_draws_and_is_stored_with_what_it_shows():
    cells = [cell for cell in json.loads(NOTEBOOK.read_text())["cells"]
             if cell["cell_type"] == "code"]
    namespace: Dict[str, Any] = {}
    pictures: List[str] = []
    for cell in cells:
        ran = run_cell(text(cell["source"]), namespace)
        outputs = cell["outputs"]
        stored = "".join(text(output["text"]) for output in outputs
                         if output["output_type"] == "stream" and output["name"] == "stdout")
        assert stored == ran["stdout"], (
            f"{cell['id']}: the stored output is not what the cell prints now; store the "
            "notebook again: python docs/examples/execute_notebook.py"
        )
        # A warning or a progress bar would show to every reader, and the timings of a run
        # are the machine's.
        assert all(output["output_type"] in ("stream", "execute_result") for output in outputs)
        assert all(output.get("name", "stdout") == "stdout" for output in outputs)
        assert "execution" not in cell["metadata"], f"{cell['id']}: timings stored"
        value = ran["value"]
        if value is None:
            continue
        [result] = [output["data"] for output in outputs
                    if output["output_type"] == "execute_result"]
        if type(value).__module__.split(".")[0] != "grundy":
            continue  # pandas draws its own frame, each version a little differently
        assert text(result["text/plain"]) == repr(value), cell["id"]
        picture = value._repr_svg_()
        assert picture and picture.startswith("<svg"), cell["id"]
        assert text(result["image/svg+xml"]) == picture, (
            f"{cell['id']}: the stored picture is not the one drawn now; store the notebook "
            "again: python docs/examples/execute_notebook.py"
        )
        pictures.append(picture)
    # The value, a position, the moves, the last reply, the table, the sequence and the tour.
    assert len(pictures) == 7


@pytest.fixture
def jupyter_kernel_without_ipywidgets(monkeypatch):
    """The modules by which tqdm.auto knows it runs in a Jupyter kernel (tqdm/autonotebook.py:
    ipykernel's shell imported, IPython's get_ipython), with ipywidgets not importable; tqdm's
    modules are imported afresh inside, and put back as they were after."""

    pytest.importorskip("tqdm")

    class ZMQInteractiveShell:
        pass

    ipython = types.ModuleType("IPython")
    ipython.get_ipython = ZMQInteractiveShell  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "IPython", ipython)
    monkeypatch.setitem(sys.modules, "ipykernel.zmqshell", types.ModuleType("ipykernel.zmqshell"))
    monkeypatch.setitem(sys.modules, "ipywidgets", None)
    before = {name: module for name, module in sys.modules.items() if name.split(".")[0] == "tqdm"}
    for name in before:
        monkeypatch.delitem(sys.modules, name)
    yield
    for name in [name for name in sys.modules if name.split(".")[0] == "tqdm"]:
        if name not in before:
            del sys.modules[name]


def test_a_notebook_without_ipywidgets_gets_tqdms_text_bar_and_no_warning(
    jupyter_kernel_without_ipywidgets, capsys
):
    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        display = Display()
        display({"kind": "steps", "task": "table", "done": 1, "total": 4, "seconds": 2.0})
        display.close()
    assert [str(warning.message) for warning in warned] == []
    assert "IProgress" not in capsys.readouterr().err
    assert display._tqdm is not None and display._tqdm.__module__ == "tqdm.std"
    # The kernel is one that tqdm.auto takes for a notebook: it warns there.
    with warnings.catch_warnings(record=True) as warned:
        warnings.simplefilter("always")
        import tqdm.auto  # noqa: F401
    assert any("IProgress not found" in str(warning.message) for warning in warned)
