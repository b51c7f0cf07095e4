"""Runs the example notebook (grundy.ipynb, beside this file) in a Jupyter kernel and stores it
with its outputs, so that a reader on GitHub sees its pictures. Run it after a change to what
the notebook shows: crates/grundy-py/tests/test_notebook.py compares the stored outputs with
what the package gives, and fails until they are stored again.

    pip install "./crates/grundy-py[pandas,progress]" nbclient ipykernel
    python docs/examples/execute_notebook.py

What depends on the machine that runs it is not stored: the cells' timings, the kernel's
version, and progress bars (a bar shows only when a cell runs past a second). Anything else a
cell writes to stderr, such as a warning, stops the script: every reader would see it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().with_name("grundy.ipynb")


def main() -> int:
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    metadata = notebook.metadata
    NotebookClient(
        notebook, kernel_name="python3", timeout=600, record_timing=False,
        resources={"metadata": {"path": str(NOTEBOOK.parent)}},
    ).execute()
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        kept = []
        for output in cell.outputs:
            if output.output_type == "stream" and output.name == "stderr":
                # tqdm's text bar redraws its line with carriage returns; nothing else may be
                # written there.
                if "\r" not in output.text:
                    print(f"{cell.id} wrote to stderr:\n{output.text}", file=sys.stderr)
                    return 1
                continue
            if output.output_type == "error":
                print(f"{cell.id} raised {output.ename}: {output.evalue}", file=sys.stderr)
                return 1
            kept.append(output)
        cell.outputs = kept
    # The kernel fills in its own language version; the notebook names only the language.
    notebook.metadata = metadata
    nbformat.write(notebook, NOTEBOOK)
    print(f"stored {NOTEBOOK} with its outputs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
