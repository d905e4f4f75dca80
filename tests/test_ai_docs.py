"""Issue 26: docs/ai.md documents the action encoding and the tensors as the code has them."""

from __future__ import annotations

from pathlib import Path

from aikit import need

need("numpy")

from onmars.ai import tables  # noqa: E402

DOC = Path(__file__).resolve().parent.parent / "docs" / "ai.md"


def test_the_tables_of_docs_ai_are_the_codes() -> None:
    """Regenerate them with ``python -m onmars.ai.tables`` when the encoding changes."""
    text = DOC.read_text(encoding="utf-8")
    assert tables.action_table() in text
    assert tables.observation_table() in text
    assert tables.steps_list() in text
