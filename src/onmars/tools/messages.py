"""Keep the message catalogs whole: ``python -m onmars.tools.messages [--check]``.

Collects every message the project shows a person: the templates marked in the code
(``N_("...")`` or a literal passed to ``tr``, found with Babel's extractor), the component
names of the data (Blueprints, Scientists, Missions) and the explanations of its substitute
values (``onmars rules --substitutes``). Writes ``onmars/rules/locale/en.po`` (the
English text is the template itself) and ``zh.po`` (existing translations kept, new messages
added untranslated, messages no longer used dropped). ``--check`` writes nothing and lists what
is missing or stale; the tests run the same check.
"""

from __future__ import annotations

import argparse
import sys
from datetime import UTC, datetime
from io import BytesIO
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

import onmars
from onmars import LANGS
from onmars.rules.data.components import load, substitutes

PACKAGE = Path(onmars.__file__).resolve().parent
LOCALE = PACKAGE / "rules" / "locale"
KEYWORDS = {"N_": None, "tr": (1,), "refuse": (2,)}
LOCALES = {"en": "en", "zh": "zh_Hans"}
STAMP = datetime(2026, 1, 1, tzinfo=UTC)  # fixed, so that the files change only with messages


def collect() -> list[str]:
    """Every message template, in a stable order: the code's, then the data's names."""
    found: dict[str, None] = {}
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(PACKAGE), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        if isinstance(message, str) and message:
            found[message] = None
    c = load()
    for table in (c.blueprint, c.scientist, c.mission):
        for record in table.values():
            found[record.name] = None
    for _table, substitute in substitutes():  # what ``onmars rules --substitutes`` explains
        if substitute.text:
            found[substitute.text] = None
    return list(found)


def read(lang: str) -> dict[str, str]:
    path = LOCALE / f"{lang}.po"
    if not path.exists():
        return {}
    with path.open("rb") as fh:
        return {
            m.id: m.string
            for m in read_po(fh)
            if m.id and isinstance(m.id, str) and isinstance(m.string, str)
        }


def build(lang: str, templates: list[str]) -> bytes:
    """The ``lang`` catalog file for ``templates``: English is the template itself; other
    languages keep their existing translations."""
    old = read(lang)
    catalog = Catalog(
        locale=LOCALES[lang],
        project="onmars",
        version="1",
        charset="utf-8",
        creation_date=STAMP,
        revision_date=STAMP,
        last_translator="the onmars team",
        language_team="the onmars team",
        fuzzy=False,
    )
    for template in templates:
        text = template if lang == "en" else old.get(template, "")
        catalog.add(template, text)
    out = BytesIO()
    write_po(out, catalog, width=100, omit_header=False, sort_output=False)
    return out.getvalue()


def problems(templates: list[str]) -> list[str]:
    """What the catalogs lack or hold in excess (empty when both are whole)."""
    out = []
    for lang in LANGS:
        have = read(lang)
        missing = [t for t in templates if not have.get(t)]
        stale = sorted(set(have) - set(templates))
        out += [f"{lang}.po: no translation for {t!r}" for t in missing]
        out += [f"{lang}.po: {t!r} is no longer used" for t in stale]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m onmars.tools.messages")
    parser.add_argument("--check", action="store_true", help="write nothing; list problems")
    args = parser.parse_args(argv)
    templates = collect()
    if args.check:
        found = problems(templates)
        print("\n".join(found) or f"catalogs whole: {len(templates)} messages in {LANGS}")
        return 1 if found else 0
    for lang in LANGS:
        (LOCALE / f"{lang}.po").write_bytes(build(lang, templates))
    print(f"wrote {len(templates)} messages to {', '.join(f'{x}.po' for x in LANGS)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
