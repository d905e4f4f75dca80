"""Texts in two languages, English and Simplified Chinese, from gettext catalogs read with Babel.

Every text the project shows a person is a *message*: an English template with named
placeholders (``"Take {n} items from the Warehouse"``), translated in ``locale/<lang>.po``.
Code marks its templates with :func:`N_` (or passes them straight to :func:`tr`) so that
``python -m onmars.tools.messages`` can collect them, with the names and texts of the component
data, into the catalogs; a test fails when a message lacks a translation in either language.
The Chinese terms follow the project's seed digest (生活区, 工作区, 水晶库, 先进建筑, ...).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import cache
from importlib import resources

from babel.messages.pofile import read_po

from onmars.rules.engine.errors import OptionsError

#: The languages every text exists in.
LANGS = ("en", "zh")
DEFAULT = "en"


def N_(template: str) -> str:
    """Mark ``template`` as a message (collected into the catalogs); returns it unchanged."""
    return template


def env_lang(environ: Mapping[str, str] | None = None) -> str:
    """The language of a command line, from the environment as gettext reads it (``LANGUAGE``,
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``: the first set; ``zh_CN.UTF-8`` is Chinese);
    English when none names one of ours."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            code = value.split(":")[0].split("_")[0].split(".")[0].lower()
            return code if code in LANGS else DEFAULT
    return DEFAULT


def check_lang(lang: str) -> str:
    if lang not in LANGS:
        raise OptionsError(f"unknown language {lang!r}; the languages are {', '.join(LANGS)}")
    return lang


@cache
def messages(lang: str) -> dict[str, str]:
    """The ``lang`` catalog: English template -> its text in ``lang`` (translated entries)."""
    path = resources.files("onmars.rules") / "locale" / f"{check_lang(lang)}.po"
    with path.open("rb") as fh:
        catalog = read_po(fh, locale="zh_Hans" if lang == "zh" else lang)
    return {
        m.id: m.string
        for m in catalog
        if m.id and isinstance(m.id, str) and m.string and isinstance(m.string, str)
    }


def tr(template: str, lang: str = DEFAULT, /, **params: object) -> str:
    """``template`` in ``lang`` with ``params`` filled in (the English template when a
    translation is missing: the catalogs' test makes that a failure)."""
    text = messages(lang).get(template, template)
    return text.format(**params) if params else text
