"""docs/python.md's examples run as written: every ```python block, in order, in one
namespace (a block may use what an earlier one made)."""

import re

from conftest import REPO


def blocks():
    text = (REPO / "docs" / "python.md").read_text()
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def test_the_page_starts_with_a_short_example():
    first = blocks()[0]
    assert len(first.strip().splitlines()) <= 10
    assert (REPO / "docs" / "python.md").read_text().index("```python") < 800


def test_every_python_block_runs():
    namespace = {}
    found = blocks()
    assert len(found) >= 15
    for number, code in enumerate(found):
        try:
            exec(compile(code, f"docs/python.md block {number + 1}", "exec"), namespace)
        except Exception as error:
            raise AssertionError(f"docs/python.md block {number + 1} fails:\n{code}") from error
