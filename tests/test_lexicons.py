"""Lexicons: the validator on broken fixtures, loading, origin resolution, the CLI, and the
completeness of every shipped file."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pytest

from switcher.cli import main
from switcher.errors import LexiconError
from switcher.lexicons import (
    FULL_ORIGINS,
    LOC_SUBTYPES,
    ORG_SUBCATEGORIES,
    PAPER_ORIGINS,
    GivenName,
    curated_files,
    entry_text_problems,
    fold_to_ascii,
    generated_files,
    lexicon_dir,
    list_lexicons,
    load_lexicon,
    read_lexicon,
    resolve_origins,
    validate_path,
    validate_paths,
)

ALLOWED = "entries hold letters, single spaces, hyphens, apostrophes, periods and '&'"
FIXTURES = Path(__file__).parent / "fixtures" / "lexicons"
BROKEN = FIXTURES / "broken"
GOOD = FIXTURES / "good" / "demo.yaml"

# (fixture, key path, fragment of the message). Each fixture holds exactly one problem.
BROKEN_CASES = [
    ("missing-field", "", "missing field 'name'"),
    ("unknown-field", "notes", "unknown field 'notes'; did you mean 'note'?"),
    ("empty-list", "per.family_names.entries", "empty list"),
    ("duplicate", "per.family_names.entries[2]", "duplicate of entries[0] (ignoring case)"),
    ("whitespace-only", "per.family_names.entries[1]", "whitespace-only entry"),
    ("tab", "per.family_names.entries[1]", "contains a tab"),
    ("newline", "per.family_names.entries[1]", "contains a newline"),
    ("double-space", "per.first_names.entries[1]", "double space"),
    ("trailing-space", "per.family_names.entries[1]", "leading or trailing space"),
    (
        "non-latin",
        "per.family_names.entries[1]",
        "non-Latin script: 'Т' is CYRILLIC CAPITAL LETTER TE",
    ),
    (
        "curated-not-ascii",
        "per.family_names.entries[0]",
        "curated lists use plain ASCII romanisation, as English newswire writes names: "
        "write 'Nguyen'",
    ),
    ("yaml-boolean", "per.family_names.entries[1]", "expected text, got the boolean false"),
    (
        "digit-in-name",
        "per.first_names.entries[0]",
        "digits are allowed in LOC and ORG entries only",
    ),
    (
        "unknown-org",
        "org.Airlines",
        "unknown ORG sub-category 'Airlines'; did you mean 'Airline'?",
    ),
    ("unknown-loc", "loc.cities", "unknown LOC sub-type 'cities'; did you mean 'city'?"),
    ("bad-gender", "per.first_names.entries[1].gender", "bad gender 'female': expected one of"),
    ("bad-shape", "per.first_names.entries[0].shape", "bad shape 'mononyme'; did you mean"),
    (
        "patronymic-without-father",
        "per.first_names.entries[1]",
        "missing field 'father_or_husband' (required by shape patronymic)",
    ),
    ("source-without-licence", "per.family_names.sources[0]", "missing field 'licence'"),
    (
        "no-sources",
        "per.family_names.sources",
        "empty list: every list needs at least one source",
    ),
    ("id-mismatch", "id", "id 'vn' does not match the file name 'id-mismatch'"),
    ("duplicate-key", "org.Bank", "duplicate key 'Bank' (YAML keeps only the last one)"),
    (
        "empty-org-without-absent",
        "org.Airline.entries",
        "empty list; where the country has none, write entries: [] and absent: why",
    ),
    ("yaml-syntax", "", "YAML syntax error: while parsing a flow sequence"),
]


@pytest.mark.parametrize(("fixture", "key_path", "fragment"), BROKEN_CASES)
def test_broken_fixture_reports_its_one_problem(fixture: str, key_path: str, fragment: str) -> None:
    problems = validate_path(BROKEN / f"{fixture}.yaml")
    assert len(problems) == 1, [str(p) for p in problems]
    problem = problems[0]
    assert problem.key_path == key_path
    assert fragment in problem.message
    assert problem.line is not None
    assert problem.line > 1
    assert problem.file.endswith(f"{fixture}.yaml")


def test_every_broken_fixture_is_in_the_table() -> None:
    on_disk = {p.stem for p in BROKEN.glob("*.yaml")}
    assert on_disk == {case[0] for case in BROKEN_CASES}


def test_problem_line_names_file_line_key_and_entry() -> None:
    (problem,) = validate_path(BROKEN / "tab.yaml")
    assert str(problem).endswith(
        "broken/tab.yaml:16: per.family_names.entries[1]: 'Tran\\tVan': contains a tab"
    )


def test_loading_a_broken_file_raises_with_every_problem() -> None:
    with pytest.raises(LexiconError, match=r"bad-gender\.yaml:13: .*bad gender 'female'") as info:
        load_lexicon(BROKEN / "bad-gender.yaml")
    assert len(info.value.problems) == 1  # type: ignore[attr-defined]


def test_an_id_used_twice_across_folders() -> None:
    (problem,) = validate_path(FIXTURES / "dup-id")
    assert problem.key_path == "id"
    assert problem.file.endswith("dup-id/b/twice.yaml")
    assert problem.message.startswith("origin id 'twice' used twice: also in ")
    assert problem.message.endswith("dup-id/a/twice.yaml")


def test_a_curated_and_a_generated_file_may_share_an_id(tmp_path: Path) -> None:
    text = GOOD.read_text()
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "demo.yaml").write_text(text)
    (tmp_path / "b" / "demo.yaml").write_text(
        text.replace("curated: true", "curated: false", 1).replace("Nguyen, Tran", "Nguyen, Pham")
    )
    assert validate_path(tmp_path) == []


def test_several_problems_of_one_file_are_all_reported(tmp_path: Path) -> None:
    text = GOOD.read_text()
    text = text.replace("{name: Lan, gender: f}", "{name: Lan, gender: x}")
    text = text.replace("[Nguyen, Tran,", "[Nguyen, Nguyen,")
    text = text.replace("Bank:", "Banks:")
    path = tmp_path / "demo.yaml"
    path.write_text(text)
    messages = [p.message for p in validate_path(path)]
    assert len(messages) == 3, messages
    assert messages[0].startswith("bad gender 'x'")
    assert messages[1] == "duplicate of entries[0] (ignoring case)"
    assert messages[2].startswith("unknown ORG sub-category 'Banks'; did you mean 'Bank'?")


@pytest.mark.parametrize(
    ("origin_id", "curated", "edit", "fragment"),
    [
        # a curated file of a paper origin needs loc and org with every key
        ("et", True, ("loc:", "locx:"), "missing field 'loc' (required for the paper's curated"),
        ("et", True, ("  Bank: {", "  Bonk: {"), "missing ORG sub-category 'Bank'"),
        # the same file is fine when generated
        ("et", False, ("  Bank: {", "  Sports Club: {"), "unknown ORG sub-category 'Sports Club'"),
        # the paper's full sets have no empty list
        ("vn", True, ("village: {entries: []", "village: {entries: []"), "must not be empty"),
    ],
)
def test_rules_for_the_paper_origins(
    tmp_path: Path, origin_id: str, curated: bool, edit: tuple[str, str], fragment: str
) -> None:
    text = GOOD.read_text().replace("id: demo", f"id: {origin_id}")
    text = text.replace("curated: true", f"curated: {str(curated).lower()}", 1)
    text = text.replace(*edit)
    path = tmp_path / f"{origin_id}.yaml"
    path.write_text(text)
    messages = [p.message for p in validate_path(path)]
    assert any(fragment in m for m in messages), messages


def test_source_records_are_checked(tmp_path: Path) -> None:
    text = GOOD.read_text().replace(
        '{curated: true, note: "typed in for the test"}], entries: [Hanoi',
        "{curated: yes, licence: CC0, retrieved: 23/11/2026}], entries: [Hanoi",
    )
    text = text.replace('url: "https://en.wikipedia', 'url: "en.wikipedia')
    text = text.replace("locale: vi_VN,", "locale: vi_VN, license: MIT,")
    path = tmp_path / "demo.yaml"
    path.write_text(text)
    found = {(p.key_path, p.message) for p in validate_path(path)}
    assert (
        "loc.city.sources[0]",
        "missing field 'note': say how the hand-made list was made",
    ) in found
    assert ("loc.city.sources[0].retrieved", "expected a date YYYY-MM-DD") in found
    assert ("per.first_names.sources[0].url", "a url starts with http:// or https://") in found
    assert (
        "per.family_names.sources[0].license",
        "unknown package-source field 'license'; did you mean 'licence'? (expected one of: "
        "package, version, licence, retrieved, locale, note)",
    ) in found
    assert len(found) == 4


@pytest.mark.parametrize(
    ("value", "options", "expected"),
    [
        ("Nguyen", {}, []),
        ("Van der Berg", {}, []),
        ("O'Brien-Smith Jr.", {}, []),
        ("A&W", {}, []),
        ("José", {}, []),
        (
            "José",
            {"ascii_only": True},
            [
                "curated lists use plain ASCII romanisation, as English newswire writes names: "
                "write 'Jose'"
            ],
        ),
        ("Pizza 4P's", {"digits": True}, []),
        ("Nguyen  Van", {}, ["double space"]),
        (" Nguyen", {}, ["leading or trailing space"]),
        ("", {}, ["empty entry"]),
        ("  ", {}, ["whitespace-only entry"]),
        (
            None,
            {},
            [
                "expected text, got nothing (null) "
                "(quote it: YAML reads yes/no/on/off/true/false/null as non-text)"
            ],
        ),
        (42, {}, ["expected text, got the number 42"]),
        ("Tran\tVan", {}, ["contains a tab"]),
        (
            "李明",
            {},
            [
                "non-Latin script: '李' is CJK UNIFIED IDEOGRAPH-674E; "
                "romanise the entry in Latin script"
            ],
        ),
        (
            "Ali (footballer)",
            {},
            [
                f"character '(' (LEFT PARENTHESIS) is not allowed; {ALLOWED}",
                f"character ')' (RIGHT PARENTHESIS) is not allowed; {ALLOWED}",
            ],
        ),
    ],
)
def test_entry_text_problems(value: object, options: dict[str, bool], expected: list[str]) -> None:
    assert entry_text_problems(value, **options) == expected


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Nguyễn Thị Minh Khai", "Nguyen Thi Minh Khai"),
        ("Đặng", "Dang"),
        ("Łukasz Wałęsa", "Lukasz Walesa"),
        ("Søren Ørsted", "Soren Orsted"),
        ("Straße", "Strasse"),
        ("Yıldırım", "Yildirim"),
        ("Sa’diya", "Sa'diya"),
        ("Иван", "Иван"),
    ],
)
def test_fold_to_ascii(text: str, folded: str) -> None:
    assert fold_to_ascii(text) == folded


def test_the_good_fixture_loads_with_every_feature() -> None:
    lex = read_lexicon(GOOD)
    assert (lex.id, lex.name, lex.country, lex.curated) == ("demo", "Demo Land", "VN", True)
    assert lex.sha256 == hashlib.sha256(GOOD.read_bytes()).hexdigest()
    assert lex.first_names[3:] == (
        GivenName("Sukarno", "m", "mononym"),
        GivenName("Siti Aminah", "f", "given_names"),
        GivenName("Ayesha", "f", "patronymic", "Khalid"),
    )
    assert lex.first_names[5].full_text == "Ayesha Khalid"
    assert lex.family_names == ("Nguyen", "Tran", "Le", "O'Brien", "Van der Berg")
    assert lex.loc == {"city": ("Hanoi", "Da Nang"), "province": ("Lao Cai",), "village": ()}
    assert tuple(lex.org) == ORG_SUBCATEGORIES
    assert lex.org["Restaurant"] == ("Pizza 4P's", "Pho 24")
    assert lex.absent == {"loc.village": "the test needs an absent list"}
    (source,) = lex.sources("per.family_names")
    assert (source.kind, source.package, source.version, source.locale) == (
        "package",
        "faker",
        "40.54.0",
        "vi_VN",
    )
    assert source.retrieved == "2026-11-23"  # an unquoted YAML date comes back as text
    assert lex.sources("loc.village") == ()
    assert lex.counts()["per.first_names"] == 6
    with pytest.raises(LexiconError, match=r"lexicon 'demo' has no list 'org\.Others'"):
        lex.sources("org.Others")


@pytest.fixture
def shipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fake shipped folder: curated demo, generated demo (shadowed) and generated gen."""
    root = tmp_path / "name_lists"
    (root / "generated").mkdir(parents=True)
    shutil.copy(GOOD, root / "demo.yaml")
    generated = GOOD.read_text().replace("curated: true", "curated: false", 1)
    (root / "generated" / "demo.yaml").write_text(generated.replace("Demo Land", "Generated Demo"))
    (root / "generated" / "gen.yaml").write_text(
        generated.replace("id: demo", "id: gen").replace("Demo Land", "Gen Land")
    )
    monkeypatch.setattr("switcher.lexicons.files.lexicon_dir", lambda: root)
    monkeypatch.setattr("switcher.lexicons.registry.lexicon_dir", lambda: root)
    return root


def test_curated_wins_over_generated(shipped: Path) -> None:
    assert [(i.id, i.name, i.curated) for i in list_lexicons()] == [
        ("demo", "Demo Land", True),
        ("gen", "Gen Land", False),
    ]
    assert [(i.id, i.name) for i in list_lexicons(include_curated=False)] == [
        ("demo", "Generated Demo"),
        ("gen", "Gen Land"),
    ]
    assert [i.id for i in list_lexicons(include_generated=False)] == ["demo"]
    assert load_lexicon("demo").name == "Demo Land"
    assert load_lexicon("gen").name == "Gen Land"


def test_resolve_origins(shipped: Path, tmp_path: Path) -> None:
    own = tmp_path / "own"
    own.mkdir()
    (own / "mine.yaml").write_text(GOOD.read_text().replace("id: demo", "id: mine"))
    assert [lex.id for lex in resolve_origins("gen, demo")] == ["gen", "demo"]
    assert [lex.id for lex in resolve_origins(["gen", str(own)])] == ["gen", "mine"]
    assert [lex.id for lex in resolve_origins(own / "mine.yaml")] == ["mine"]
    assert [lex.name for lex in resolve_origins("generated")] == ["Generated Demo", "Gen Land"]
    assert [lex.id for lex in resolve_origins("curated")] == ["demo"]
    with pytest.raises(LexiconError, match=r"unknown origin 'gem'; did you mean 'gen'"):
        resolve_origins("demo,gem")
    with pytest.raises(LexiconError, match="origin id 'demo' named twice"):
        resolve_origins(["demo", "generated"])
    with pytest.raises(LexiconError, match="no origin given"):
        resolve_origins(" , ")
    with pytest.raises(LexiconError, match="'all' needs the curated files of the paper's 17"):
        resolve_origins("all")
    with pytest.raises(LexiconError, match=r"nothing\.yaml: no such lexicon file"):
        resolve_origins(str(tmp_path / "nothing.yaml"))


def test_cli_list_and_show(shipped: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lexicons", "list"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[1].split() == [
        "demo",
        "Demo",
        "Land",
        "curated",
        "6",
        "5",
        "2",
        "1",
        "0",
        "9/9",
        "10",
    ]
    assert (
        out[-1]
        == "1 curated, 0 generated origins (2 generated: `switcher lexicons list --generated`)"
    )
    assert main(["lexicons", "list", "--all"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "1 curated, 1 generated origins"
    assert main(["lexicons", "show", "demo"]) == 0
    out = capsys.readouterr().out
    assert "demo: Demo Land (VN), curated" in out
    assert "Sukarno (m, mononym), Siti Aminah (f, given_names), Ayesha" in out
    assert "  source: faker 40.54.0 (vi_VN), MIT, retrieved 2026-11-23" in out
    assert "  absent: the test needs an absent list" in out


def test_cli_validate(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lexicons", "validate", str(GOOD)]) == 0
    assert capsys.readouterr().out == "1 lexicon file checked: no problems\n"
    assert (
        main(["lexicons", "validate", str(BROKEN / "tab.yaml"), str(BROKEN / "bad-gender.yaml")])
        == 2
    )
    captured = capsys.readouterr()
    lines = captured.out.splitlines()
    assert len(lines) == 2
    assert lines[0].endswith(
        "tab.yaml:16: per.family_names.entries[1]: 'Tran\\tVan': contains a tab"
    )
    assert captured.err == "switcher: error: 2 problems in 2 of 2 lexicon files\n"
    assert main(["lexicons", "validate", "no/such/folder"]) == 2
    assert capsys.readouterr().out == "no/such/folder: no such file or folder\n"


def test_cli_show_unknown_id(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lexicons", "show", "zz-no-such-origin"]) == 2
    assert "switcher: error: unknown origin 'zz-no-such-origin'" in capsys.readouterr().err


# --- completeness of the shipped files -------------------------------------------------------


def test_every_shipped_file_validates() -> None:
    report = validate_paths([lexicon_dir()])
    assert [str(p) for p in report.problems] == []
    assert len(report.files) == len(curated_files()) + len(generated_files())


def test_at_least_100_generated_countries() -> None:
    files = generated_files()
    assert len(files) >= 100
    for path in files:
        lex = read_lexicon(path)
        assert not lex.curated, path
        assert lex.generated_by == "scripts/build_lexicons.py", path
        assert 10 <= len(lex.first_names) <= 20, path
        assert 5 <= len(lex.family_names) <= 10, path
        assert lex.country == lex.id.upper(), path
        for key in lex.key_paths():
            assert lex.sources(key), (path, key)
            assert all(s.licence for s in lex.sources(key)), (path, key)


@pytest.mark.parametrize("origin", PAPER_ORIGINS)
def test_paper_origin_is_complete(origin: str) -> None:
    path = lexicon_dir() / f"{origin}.yaml"
    assert path.is_file(), f"the curated file {path} is missing"
    lex = read_lexicon(path)
    assert lex.curated
    assert len(lex.first_names) == 20
    assert len(lex.family_names) == 10
    assert {g.gender for g in lex.first_names} >= {"m", "f"}
    assert tuple(lex.loc) == LOC_SUBTYPES
    assert tuple(lex.org) == ORG_SUBCATEGORIES
    for key in lex.key_paths():
        assert lex.sources(key) or key in lex.absent, key
    if origin in FULL_ORIGINS:
        assert all(lex.loc[k] for k in LOC_SUBTYPES)
        assert all(lex.org[k] for k in ORG_SUBCATEGORIES)
        return
    assert len(lex.loc["city"]) >= 20
    assert len(lex.loc["province"]) >= 10
    assert len(lex.loc["village"]) >= 20
    for category in ORG_SUBCATEGORIES:
        assert len(lex.org[category]) >= 5 or f"org.{category}" in lex.absent, category


def test_paper_origins_resolve_in_the_papers_order() -> None:
    if not all((lexicon_dir() / f"{o}.yaml").is_file() for o in PAPER_ORIGINS):
        pytest.fail("the curated files of the paper's 17 origins are not all there")
    assert [lex.id for lex in resolve_origins("all")] == list(PAPER_ORIGINS)


def test_special_shapes_of_the_paper_origins() -> None:
    shapes = {o: {g.shape for g in load_lexicon(o).first_names} for o in ("id", "pk")}
    assert {"mononym", "given_names"} <= shapes["id"]
    pk = load_lexicon("pk").first_names
    assert any(g.shape == "patronymic" and g.gender == "f" and g.second for g in pk)
