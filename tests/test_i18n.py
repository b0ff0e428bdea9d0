"""The catalogs, the translator and the rules summaries (issue 13: en, lv, ru, he).

The catalog checks read the ``.po`` files with a small parser of their own (no Babel
needed), compare every entry with the compiled ``.mo`` the package loads, and — when
Babel is installed — re-extract the messages from the source to catch missing or stale
entries.
"""

from __future__ import annotations

import ast
import gettext
import os
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from boardgames_widgets import i18n
from boardgames_widgets.i18n import LANGUAGES, LOCALE_DIR, Translator, rules_summary, translator

ROOT = Path(__file__).resolve().parents[1]
LANGS = list(LANGUAGES)


# -- a small .po reader (no Babel) ------------------------------------------------------------
def read_po(path: Path) -> tuple[dict[str, str], list[dict[str, object]]]:
    """(header fields, entries); an entry has msgid, msgid_plural, msgstr (list), fuzzy."""
    entries: list[dict[str, object]] = []
    cur: dict[str, object] = {}
    key: str | None = None
    fuzzy = False

    def flush() -> None:
        nonlocal cur, fuzzy
        if "msgid" in cur:
            cur["fuzzy"] = fuzzy
            entries.append(cur)
        cur, fuzzy = {}, False

    def unquote(s: str) -> str:
        return ast.literal_eval(s.strip())  # a .po string is a C string, like Python's here

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line:
            flush()
            key = None
            continue
        if line.startswith("#~"):
            raise AssertionError(f"{path}: obsolete entry left in the catalog: {line}")
        if line.startswith("#,"):
            fuzzy = "fuzzy" in line
            continue
        if line.startswith("#"):
            continue
        m = re.match(r"(msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*\")$", line)
        if m:
            if m.group(1) == "msgid" and "msgid" in cur:
                flush()
            name, index, value = m.group(1), m.group(2), unquote(m.group(3))
            if name.startswith("msgstr"):
                strs = cur.setdefault("msgstr", [])
                assert isinstance(strs, list)
                strs.append(value)
                key = f"msgstr{len(strs) - 1}"
                assert index is None or int(index) == len(strs) - 1
            else:
                cur[name] = value
                key = name
            continue
        assert line.startswith('"') and key is not None, f"{path}: cannot read {raw!r}"
        if key.startswith("msgstr"):
            strs = cur["msgstr"]
            assert isinstance(strs, list)
            strs[-1] += unquote(line)
        else:
            cur[key] = str(cur[key]) + unquote(line)
    flush()
    header_entry = next(e for e in entries if e["msgid"] == "")
    header = dict(
        line.split(": ", 1)
        for line in str(header_entry["msgstr"][0]).splitlines()
        if ": " in line  # type: ignore[index]
    )
    return header, [e for e in entries if e["msgid"] != ""]


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / "boardgames_widgets.po"


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.fixture(scope="module")
def catalogs() -> dict[str, tuple[dict[str, str], list[dict[str, object]]]]:
    return {lang: read_po(po_path(lang)) for lang in LANGS}


# -- every entry translated, the .mo compiled from the .po ----------------------------------------
@pytest.mark.parametrize("lang", LANGS)
def test_every_entry_has_a_translation_in_every_form(lang: str, catalogs: dict) -> None:  # type: ignore[type-arg]
    header, entries = catalogs[lang]
    assert header["Language"] == lang
    nplurals = int(re.search(r"nplurals=(\d+)", header["Plural-Forms"]).group(1))  # type: ignore[union-attr]
    assert len(entries) > 300
    for e in entries:
        strs = e["msgstr"]
        assert isinstance(strs, list)
        assert not e["fuzzy"], e["msgid"]
        assert len(strs) == (nplurals if "msgid_plural" in e else 1), e["msgid"]
        assert all(s.strip() for s in strs), f"{lang}: empty translation of {e['msgid']!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_translations_use_only_the_fields_of_their_message(lang: str, catalogs: dict) -> None:  # type: ignore[type-arg]
    """A translation may drop {n} ("one mouse") but never invent a field: str.format would fail."""
    for e in catalogs[lang][1]:
        allowed = fields(str(e["msgid"])) | fields(str(e.get("msgid_plural", "")))
        for s in e["msgstr"]:  # type: ignore[attr-defined]
            assert fields(s) <= allowed, (lang, e["msgid"], s)
            s.format(**{k: "x" for k in allowed})  # no stray braces


def test_every_catalog_has_the_same_messages(catalogs: dict) -> None:  # type: ignore[type-arg]
    ids = {lang: {(e["msgid"], e.get("msgid_plural")) for e in catalogs[lang][1]} for lang in LANGS}
    for lang in LANGS:
        assert ids[lang] == ids["en"], lang


def test_english_catalog_is_the_identity(catalogs: dict) -> None:  # type: ignore[type-arg]
    for e in catalogs["en"][1]:
        expected = [e["msgid"], e["msgid_plural"]] if "msgid_plural" in e else [e["msgid"]]
        assert e["msgstr"] == expected


@pytest.mark.parametrize("lang", LANGS)
def test_compiled_mo_matches_the_po(lang: str, catalogs: dict) -> None:  # type: ignore[type-arg]
    with (po_path(lang).with_suffix(".mo")).open("rb") as fh:
        mo = gettext.GNUTranslations(fh)
    header, entries = catalogs[lang]
    assert mo.info()["plural-forms"] == header["Plural-Forms"]
    table = mo._catalog  # type: ignore[attr-defined]
    n_keys = 0
    for e in entries:
        if "msgid_plural" in e:
            for i, s in enumerate(e["msgstr"]):  # type: ignore[arg-type]
                assert table[(e["msgid"], i)] == s, (lang, e["msgid"], i)
                n_keys += 1
        else:
            assert table[e["msgid"]] == e["msgstr"][0], (lang, e["msgid"])  # type: ignore[index]
            n_keys += 1
    assert len(table) == n_keys + 1  # + the header entry: nothing stale in the .mo


def test_catalogs_match_the_source_when_re_extracted() -> None:
    """Babel re-extracts every message from the widgets and views: no entry missing or stale."""
    pytest.importorskip("babel")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import i18n as tool  # tools/i18n.py
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert tool.check() == []


# -- plural forms -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [
        ("en", 1, "1 mouse left"),
        ("en", 0, "0 mice left"),
        ("lv", 0, "nav palikusi neviena pele"),  # Latvian: a form of its own for zero
        ("lv", 1, "palikusi 1 pele"),
        ("lv", 21, "palikusi 21 pele"),
        ("lv", 11, "palikušas 11 peles"),
        ("lv", 3, "palikušas 3 peles"),
        ("ru", 1, "осталась 1 мышь"),
        ("ru", 3, "осталось 3 мыши"),
        ("ru", 5, "осталось 5 мышей"),
        ("ru", 11, "осталось 11 мышей"),
        ("ru", 22, "осталось 22 мыши"),
        ("he", 1, "נשאר עכבר אחד"),
        ("he", 4, "נשארו 4 עכברים"),
    ],
)
def test_plural_forms_follow_each_language(lang: str, n: int, expected: str) -> None:
    assert translator(lang).ngettext("{n} mouse left", "{n} mice left", n) == expected


def test_plural_headers_have_three_forms_in_latvian_and_russian(catalogs: dict) -> None:  # type: ignore[type-arg]
    assert "nplurals=3" in catalogs["lv"][0]["Plural-Forms"]
    assert "n != 0" in catalogs["lv"][0]["Plural-Forms"]  # the zero form
    assert "nplurals=3" in catalogs["ru"][0]["Plural-Forms"]
    assert "nplurals=2" in catalogs["he"][0]["Plural-Forms"]


# -- names of game things -------------------------------------------------------------------------
def test_names_of_game_things_are_translated() -> None:
    """Cheese, cat, mouse, dog, tile pictures, card names and the mice of Mouse Trap."""
    expected = {
        "cheese": ("siers", "сыр", "גבינה"),
        "cat": ("kaķis", "кошка", "חתול"),
        "mouse": ("pele", "мышь", "עכבר"),
        "dog": ("suns", "собака", "כלב"),
        "Egg": ("Ola", "Яйцо", "ביצה"),
        "Pan Flute": ("Pana flauta", "Флейта Пана", "חליל פאן"),
        "Capture": ("Noķerts", "Птицелов", "לוכד"),
        "Red": ("Sarkanā", "Красная", "אדום"),
    }
    for msgid, words in expected.items():
        for lang, word in zip(("lv", "ru", "he"), words, strict=True):
            assert translator(lang)(msgid) == word, (lang, msgid)


def test_term_lists_match_the_rules_names() -> None:
    from boardgames_widgets.core.registry import GAMES, game_class
    from boardgames_widgets.games.chop_chop import Tile
    from boardgames_widgets.games.mouse_trap.layout import MOUSE_NAMES, TRAP_PARTS, TRAP_STAGES, Space, SpaceKind
    from boardgames_widgets.games.papageno.cards import POSITION_NAMES
    from boardgames_widgets.i18n import terms

    assert terms.MOUSE_TRAP_MICE == MOUSE_NAMES
    assert terms.MOUSE_TRAP_PARTS == TRAP_PARTS
    assert tuple(s.name for s in TRAP_STAGES) == terms.MOUSE_TRAP_STAGES
    translated = [g for g, game in GAMES.items() if not game.english_only]
    assert set(terms.GAME_NAMES) == {game_class(g).info.name for g in translated}
    assert tuple(t.value for t in Tile if t.value.isalpha()) == terms.CHOP_CHOP_TILES
    words = {Space(k).short for k in SpaceKind if k is not SpaceKind.BUILD and Space(k).short.isalpha()}
    assert words == set(terms.MOUSE_TRAP_SPACE_LABELS)
    src = (ROOT / "boardgames_widgets" / "games" / "papageno" / "words.py").read_text(encoding="utf-8")
    for name in POSITION_NAMES:
        assert f'N_("{name}")' in src
    ru = translator("ru")
    for name in (*MOUSE_NAMES, *TRAP_PARTS, *terms.MOUSE_TRAP_STAGES, *words, *POSITION_NAMES, *terms.CHOP_CHOP_TILES):
        assert ru(name) != name, name


# -- the translator, the default language ---------------------------------------------------------
def test_translators_are_per_language_objects_not_a_global_install() -> None:
    lv, he = translator("lv"), translator("he")
    assert isinstance(lv, Translator) and lv is translator("lv")
    assert lv("New game") == "Jauna spēle" and he("New game") == "משחק חדש"
    assert he.rtl and he.direction == "rtl" and not lv.rtl
    assert lv("Hint ({bot}): {move}", bot="A", move="B") == "Padoms (A): B"
    assert lv.join_and(["A", "B", "C"]) == "A, B un C"
    import builtins

    # nothing installed globally (doctests and IPython may leave their last result in builtins._)
    assert getattr(getattr(builtins, "_", None), "__module__", None) != "gettext"
    src = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "boardgames_widgets").rglob("*.py"))
    assert "gettext.install" not in src


def test_package_default_language_from_set_language_and_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(i18n.ENV_VAR, raising=False)
    try:
        i18n.set_language(None)
        assert i18n.get_language() == "en"
        monkeypatch.setenv(i18n.ENV_VAR, "ru_RU.UTF-8")
        assert i18n.get_language() == "ru"
        monkeypatch.setenv(i18n.ENV_VAR, "klingon")
        assert i18n.get_language() == "en"  # an unknown value falls back to English
        i18n.set_language("HE")
        assert i18n.get_language() == "he" and translator().lang == "he"
        with pytest.raises(ValueError, match="unknown language"):
            i18n.set_language("xx")
        with pytest.raises(ValueError, match="unknown language"):
            translator("fr")
    finally:
        i18n.set_language(None)


def test_set_language_is_exported_lazily_without_ipywidgets() -> None:
    code = (
        "import sys, boardgames_widgets as bw; bw.set_language('lv'); "
        "print(bw.get_language(), bw.rules_summary('papageno').splitlines()[0], 'ipywidgets' in sys.modules)"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop(i18n.ENV_VAR, None)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    assert out.split() == ["lv", "#", "Papageno", "—", "noteikumi", "īsumā", "False"]


def test_the_environment_variable_sets_the_default_in_a_fresh_process() -> None:
    code = "import boardgames_widgets as bw; print(bw.get_language())"
    env = dict(os.environ, PYTHONPATH=str(ROOT), BOARDGAMES_WIDGETS_LANG="he")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True).stdout
    assert out.strip() == "he"


def test_painter_text_direction_helpers() -> None:
    assert i18n.has_rtl_letters("שחקן 0") and not i18n.has_rtl_letters("-2")
    assert not i18n.has_rtl_letters("+1") and not i18n.has_rtl_letters("Сыр 3/10")

    class P:
        lang = "ru"

    assert i18n.painter_translator(P()).lang == "ru"
    assert i18n.painter_translator(object()).lang == i18n.get_language()


# -- rules summaries ----------------------------------------------------------------------------------
def test_every_game_has_a_rules_summary_in_every_language() -> None:
    from boardgames_widgets.core.registry import GAMES

    assert sorted(GAMES) == i18n.summary_games()  # English: every game
    translated = sorted(g for g, game in GAMES.items() if not game.english_only)
    assert {"food_chain", "chop_chop", "papageno", "mouse_trap"} <= set(translated)
    for lang in ("lv", "ru", "he"):
        assert i18n.summary_games(lang) == translated
    for game in set(GAMES) - set(translated):  # the documented English-only fallback
        assert rules_summary(game, "lv") == rules_summary(game, "en")
    letters = {"lv": "āēīūķļņšžč", "ru": "абвгдежзиклмнопрстуфхцчшыэюя", "he": "אבגדהוזחטיכלמנסעפצקרשת"}
    for game in translated:
        en = rules_summary(game, "en")
        assert en.startswith("# ") and "rules in brief" in en.splitlines()[0]
        for lang, alphabet in letters.items():
            text = rules_summary(game, lang)
            assert text.startswith("# ") and text != en
            assert sum(ch in alphabet for ch in text.lower()) > (60 if lang == "lv" else 200), (game, lang)
            # the same shape as the English summary: headings and list items line up
            assert text.count("\n- ") == en.count("\n- "), (game, lang)
            assert text.count("**") == en.count("**"), (game, lang)
    with pytest.raises(ValueError, match="no rules summary"):
        rules_summary("chess", "en")
    with pytest.raises(ValueError, match="unknown language"):
        rules_summary("papageno", "de")
