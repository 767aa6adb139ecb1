"""`switcher publish`: tested up to the network boundary, never over it.

Two stubs stand in for the Hub. ``FakeApi`` replaces the ``HfApi`` methods publish calls
(``repo_info``, ``create_repo``, ``create_commit``, ``hf_hub_download``) and records their
arguments. ``FakeHub`` is an ``httpx2`` transport that answers the Hub's HTTP API, so the real
``HfApi.create_repo`` and ``HfApi.create_commit`` run end to end and the commit payload they
send is checked byte for byte.
"""

from __future__ import annotations

import base64
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from switcher.cli import main
from switcher.errors import PublishError
from switcher.lexicons import load_lexicon
from switcher.publish import export_sets, plan_upload, publish_folder
from switcher.publish.licence import CONLL2003_FINGERPRINTS
from switcher.read.sources import load_corpus
from switcher.switch.generate import generate_sets

FIXTURES = Path(__file__).parent / "fixtures" / "generate"
REPO_ID = "someone/sample-switched"
FILES = [
    "README.md",
    "data/original/test-00000-of-00001.parquet",
    "data/per-yy/test-00000-of-00001.parquet",
    "data/per-zz/test-00000-of-00001.parquet",
    "provenance.json",
]
SHA = "0123456789abcdef0123456789abcdef01234567"
CONLL_TEST = next(k for k, v in CONLL2003_FINGERPRINTS.items() if v == "test")


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Sets of the bundled sample (origins zz and yy, 2 variants) and their export."""
    root = tmp_path_factory.mktemp("publish")
    lexicons = [load_lexicon(FIXTURES / "zz.yaml"), load_lexicon(FIXTURES / "yy.yaml")]
    generate_sets(load_corpus("sample"), lexicons, root / "sets", variants=2, progress=False)
    export_sets(root / "sets", root / "repo")
    return root


@pytest.fixture
def repo_dir(built: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "repo"
    shutil.copytree(built / "repo", copy)
    return copy


def _with_input(repo_dir: Path, **changes: object) -> Path:
    """Make the export claim another input (the text stays the sample's)."""
    path = repo_dir / "provenance.json"
    provenance = json.loads(path.read_text())
    provenance["input"].update(changes)
    path.write_text(json.dumps(provenance))
    return repo_dir


def _http_error(status: int, error_code: str | None = None) -> Exception:
    """The exception huggingface_hub raises for a response of the Hub with this status."""
    httpx2 = pytest.importorskip("httpx2")
    from huggingface_hub.utils import hf_raise_for_status

    headers = {"X-Error-Code": error_code} if error_code else {}
    if status == 401:  # what the Hub says for a bad token (not a hidden private repo)
        headers["X-Error-Message"] = "Invalid credentials in Authorization header"
    request = httpx2.Request("GET", f"https://huggingface.co/api/datasets/{REPO_ID}")
    response = httpx2.Response(status, headers=headers, request=request, json={"error": "no"})
    try:
        hf_raise_for_status(response)
    except Exception as err:
        return err
    raise AssertionError("hf_raise_for_status did not raise")


class FakeApi:
    """Stubs of the HfApi methods publish uses; ``calls`` records (method, arguments)."""

    def __init__(
        self,
        *,
        existing: list[str] | None = None,
        private: bool = False,
        remote_provenance: dict[str, Any] | None = None,
        fail: dict[str, Exception] | None = None,
    ) -> None:
        self.existing = existing
        self.private = private
        self.remote_provenance = remote_provenance
        self.fail = fail or {}
        self.calls: list[tuple[str, dict[str, Any]]] = []

    def install(self, monkeypatch: pytest.MonkeyPatch) -> FakeApi:
        from huggingface_hub import HfApi

        fake = self

        def repo_info(api: Any, repo_id: str, **kwargs: Any) -> Any:
            fake._record("repo_info", repo_id=repo_id, **kwargs)
            if fake.existing is None:
                raise _http_error(404, "RepoNotFound")
            from huggingface_hub.hf_api import DatasetInfo

            siblings = [{"rfilename": f} for f in fake.existing]
            return DatasetInfo(id=repo_id, sha=SHA, private=fake.private, siblings=siblings)

        def create_repo(api: Any, repo_id: str, **kwargs: Any) -> str:
            fake._record("create_repo", repo_id=repo_id, **kwargs)
            return f"https://huggingface.co/datasets/{repo_id}"

        def create_commit(api: Any, repo_id: str, operations: Any, **kwargs: Any) -> Any:
            fake._record("create_commit", repo_id=repo_id, operations=list(operations), **kwargs)
            from huggingface_hub import CommitInfo

            return CommitInfo(
                commit_url=f"https://huggingface.co/datasets/{repo_id}/commit/{'f' * 40}",
                commit_message=kwargs["commit_message"],
                commit_description=kwargs.get("commit_description", ""),
                oid="f" * 40,
                pr_url=None,
            )

        def hf_hub_download(api: Any, repo_id: str, filename: str, **kwargs: Any) -> str:
            fake._record("hf_hub_download", repo_id=repo_id, filename=filename, **kwargs)
            path = Path(kwargs["local_dir"]) / filename
            path.write_text(json.dumps(fake.remote_provenance))
            return str(path)

        for name, function in [
            ("repo_info", repo_info),
            ("create_repo", create_repo),
            ("create_commit", create_commit),
            ("hf_hub_download", hf_hub_download),
        ]:
            monkeypatch.setattr(HfApi, name, function)
        return self

    def _record(self, name: str, **kwargs: Any) -> None:
        self.calls.append((name, kwargs))
        if name in self.fail:
            raise self.fail[name]

    def names(self) -> list[str]:
        return [name for name, _ in self.calls]

    def call(self, name: str) -> dict[str, Any]:
        (found,) = [kwargs for n, kwargs in self.calls if n == name]
        return found


def _op_paths(operations: list[Any]) -> list[str]:
    from huggingface_hub import CommitOperationAdd

    return [op.path_in_repo for op in operations if isinstance(op, CommitOperationAdd)]


def test_publish_a_new_repository_in_one_commit(
    repo_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    api = FakeApi().install(monkeypatch)
    report = publish_folder(repo_dir, REPO_ID, private=True, token="hf_test")
    assert api.names() == ["repo_info", "create_repo", "create_commit"]
    assert api.call("repo_info") == {"repo_id": REPO_ID, "repo_type": "dataset"}
    assert api.call("create_repo") == {
        "repo_id": REPO_ID,
        "repo_type": "dataset",
        "private": True,
        "exist_ok": False,
    }
    commit = api.call("create_commit")
    assert commit["repo_id"] == REPO_ID
    assert commit["repo_type"] == "dataset"
    assert commit["parent_commit"] is None
    assert commit["commit_message"] == (
        "Upload PER-only entity-switched sets: 2 origins, 3 configs"
    )
    assert "Mode: per; seed 0; 2 variants per origin." in commit["commit_description"]
    operations = commit["operations"]
    assert _op_paths(operations) == FILES
    by_path = {op.path_in_repo: op for op in operations}
    for path in FILES[1:]:  # data and provenance go up as the local files
        assert by_path[path].path_or_fileobj == str(repo_dir / path)
    card = by_path["README.md"].path_or_fileobj
    assert isinstance(card, bytes)  # the card, with the repository id filled in
    assert f'load_dataset("{REPO_ID}", "per-zz", split="test")' in card.decode()
    assert "OWNER/NAME" not in card.decode()
    assert "OWNER/NAME" in (repo_dir / "README.md").read_text()  # the local card is untouched
    assert report.created
    assert report.private
    assert not report.dry_run
    assert report.commit_oid == "f" * 40
    assert report.deleted == ()


@pytest.mark.parametrize(
    ("input_changes", "private", "message"),
    [
        (
            {"fingerprint": CONLL_TEST, "source": "/d/test.txt"},
            False,
            "CoNLL-2003 English NER .*test split is for research use only, and these sets "
            "repeat its text: pushing them to a public repository needs --yes.*--private",
        ),
        (
            {"fingerprint": CONLL_TEST, "source": "/d/test.txt"},
            True,
            "research use only.*pushing them to a private repository needs --yes",
        ),
        (
            {"fingerprint": "0" * 64, "source": "/d/mine.conll"},
            False,
            "the licence of the input \\(/d/mine.conll\\) is unknown: pushing text derived from "
            "it to a public repository needs --yes",
        ),
    ],
)
def test_licence_needs_yes_before_any_request(
    repo_dir: Path,
    monkeypatch: pytest.MonkeyPatch,
    input_changes: dict[str, str],
    private: bool,
    message: str,
) -> None:
    _with_input(repo_dir, **input_changes)
    card = repo_dir / "README.md"  # an unknown input's card says so
    card.write_text(card.read_text().replace("license: apache-2.0", "license: unknown"))
    api = FakeApi().install(monkeypatch)
    with pytest.raises(PublishError, match=message):
        publish_folder(repo_dir, REPO_ID, private=private, token="hf_test")
    assert api.calls == []
    publish_folder(repo_dir, REPO_ID, private=private, yes=True, token="hf_test")
    assert api.names() == ["repo_info", "create_repo", "create_commit"]


def test_no_token(repo_dir: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import huggingface_hub.constants

    monkeypatch.delenv("HF_TOKEN", raising=False)
    monkeypatch.delenv("HUGGING_FACE_HUB_TOKEN", raising=False)
    monkeypatch.delenv("HF_OIDC_RESOURCE", raising=False)
    monkeypatch.setattr(huggingface_hub.constants, "HF_TOKEN_PATH", str(tmp_path / "no-token"))
    api = FakeApi().install(monkeypatch)
    with pytest.raises(PublishError, match=r"no Hugging Face token: set HF_TOKEN .*hf auth login"):
        publish_folder(repo_dir, REPO_ID)
    assert api.calls == []
    monkeypatch.setenv("HF_TOKEN", "hf_from_env")
    publish_folder(repo_dir, REPO_ID)
    assert api.names()[-1] == "create_commit"


def test_existing_repository_with_other_content_is_refused(
    repo_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    remote = [".gitattributes", "README.md", "train.csv"]
    api = FakeApi(existing=remote).install(monkeypatch)
    with pytest.raises(
        PublishError,
        match=r"already holds 2 files that are not a switcher export of this input "
        r"\(README.md, train.csv\); pass --overwrite-remote",
    ):
        publish_folder(repo_dir, REPO_ID, token="hf_test")
    assert api.names() == ["repo_info"]
    report = publish_folder(repo_dir, REPO_ID, token="hf_test", overwrite_remote=True)
    commit = api.call("create_commit")
    assert commit["parent_commit"] == SHA
    assert [op.path_in_repo for op in commit["operations"]] == [*FILES, "train.csv"]
    assert type(commit["operations"][-1]).__name__ == "CommitOperationDelete"
    assert report.deleted == ("train.csv",)
    assert not report.created


def test_existing_export_of_the_same_input_is_updated(
    repo_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    provenance = json.loads((repo_dir / "provenance.json").read_text())
    stale = "data/per-xx/test-00000-of-00001.parquet"
    api = FakeApi(existing=[".gitattributes", *FILES, stale], remote_provenance=provenance).install(
        monkeypatch
    )
    report = publish_folder(repo_dir, REPO_ID, token="hf_test")
    assert api.names() == ["repo_info", "hf_hub_download", "create_commit"]
    download = api.call("hf_hub_download")
    assert (download["filename"], download["revision"], download["repo_type"]) == (
        "provenance.json",
        SHA,
        "dataset",
    )
    assert report.deleted == (stale,)
    assert api.call("create_commit")["parent_commit"] == SHA


def test_existing_export_of_another_input_is_refused(
    repo_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    other = json.loads((repo_dir / "provenance.json").read_text())
    other["input"]["fingerprint"] = "e" * 64
    api = FakeApi(existing=FILES, remote_provenance=other).install(monkeypatch)
    with pytest.raises(PublishError, match="not a switcher export of this input"):
        publish_folder(repo_dir, REPO_ID, token="hf_test")
    assert "create_commit" not in api.names()


def test_private_cannot_hide_an_existing_public_repository(
    repo_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    api = FakeApi(existing=[".gitattributes"], private=False).install(monkeypatch)
    with pytest.raises(PublishError, match="exists and is public; --private does not change"):
        publish_folder(repo_dir, REPO_ID, private=True, token="hf_test")
    assert api.names() == ["repo_info"]


@pytest.mark.parametrize(
    ("method", "status", "message"),
    [
        ("repo_info", 401, "the Hub rejected the token \\(401 Unauthorized\\).*nothing was pushed"),
        ("create_repo", 403, "may not write to someone/sample-switched \\(403 Forbidden\\)"),
        (
            "create_commit",
            500,
            "the Hub answered 500 during the commit: .*someone/sample-switched was created, "
            "empty: nothing was committed",
        ),
        ("create_commit", 412, "received another commit while publishing"),
        ("create_repo", 409, "already exists, but this token cannot read it"),
    ],
)
def test_hub_errors_leave_no_commit(
    repo_dir: Path, monkeypatch: pytest.MonkeyPatch, method: str, status: int, message: str
) -> None:
    api = FakeApi(fail={method: _http_error(status)}).install(monkeypatch)
    with pytest.raises(PublishError, match=message):
        publish_folder(repo_dir, REPO_ID, token="hf_test")
    assert api.names().count("create_commit") <= 1
    assert api.names()[-1] == method  # nothing was tried after the failure


def test_unreachable_hub(repo_dir: Path) -> None:
    """The real HfApi against a closed port: a connection error, one clear message."""
    with pytest.raises(
        PublishError,
        match=r"cannot reach the Hugging Face Hub at http://127\.0\.0\.1:9 .*nothing was pushed",
    ):
        publish_folder(repo_dir, REPO_ID, token="hf_test", endpoint="http://127.0.0.1:9")


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ("missing", "no such folder"),
        ("no-card", "not a switcher export folder \\(no README.md\\)"),
        ("no-configs", "README.md declares no configs"),
        ("no-provenance", "not a switcher export folder \\(no provenance.json\\)"),
        ("no-data", "config 'per-yy' has no data file matching 'data/per-yy/\\*.parquet'"),
        ("extra-set", "card and provenance.json disagree: missing configs \\['per-xx'\\]"),
        ("sets-folder", "not a switcher export folder \\(no README.md\\)"),
    ],
)
def test_not_an_export_folder(
    repo_dir: Path, built: Path, monkeypatch: pytest.MonkeyPatch, setup: str, message: str
) -> None:
    target = repo_dir
    if setup == "missing":
        target = repo_dir / "nowhere"
    elif setup == "no-card":
        (repo_dir / "README.md").unlink()
    elif setup == "no-configs":
        (repo_dir / "README.md").write_text("---\nlicense: mit\n---\n# Hello\n")
    elif setup == "no-provenance":
        (repo_dir / "provenance.json").unlink()
    elif setup == "no-data":
        shutil.rmtree(repo_dir / "data" / "per-yy")
    elif setup == "extra-set":
        provenance = json.loads((repo_dir / "provenance.json").read_text())
        provenance["sets"].append({**provenance["sets"][0], "origin": "xx"})
        (repo_dir / "provenance.json").write_text(json.dumps(provenance))
    elif setup == "sets-folder":
        target = built / "sets"
    api = FakeApi().install(monkeypatch)
    with pytest.raises(PublishError, match=message):
        publish_folder(target, REPO_ID, token="hf_test")
    with pytest.raises(PublishError, match=message):
        publish_folder(target, REPO_ID, dry_run=True)
    assert api.calls == []


@pytest.mark.parametrize(
    ("repo_id", "message"),
    [
        ("sample-switched", "expected OWNER/NAME"),
        ("a/b/c", "expected OWNER/NAME"),
        ("/name", "expected OWNER/NAME"),
        ("someone/bad name", "--repo-id 'someone/bad name'"),
    ],
)
def test_bad_repo_id(repo_dir: Path, repo_id: str, message: str) -> None:
    with pytest.raises(PublishError, match=message):
        publish_folder(repo_dir, repo_id, dry_run=True)


def test_dry_run_touches_no_network_and_needs_no_token(
    repo_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from huggingface_hub import HfApi

    def refuse(*args: Any, **kwargs: Any) -> None:
        raise AssertionError("a dry run must not create an HfApi")

    monkeypatch.setattr(HfApi, "__init__", refuse)
    monkeypatch.delenv("HF_TOKEN", raising=False)
    report = publish_folder(repo_dir, REPO_ID, dry_run=True)
    assert report.dry_run
    assert report.commit_oid is None
    assert [f.path_in_repo for f in report.files] == FILES
    sizes = {f.path_in_repo: f.size for f in report.files}
    assert sizes["provenance.json"] == (repo_dir / "provenance.json").stat().st_size
    card = (repo_dir / "README.md").read_text()
    filled = card.replace("OWNER/NAME", REPO_ID).encode()
    assert sizes["README.md"] == len(filled)


def test_cli_dry_run_output(
    repo_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from huggingface_hub import HfApi

    monkeypatch.setattr(HfApi, "__init__", lambda *a, **k: pytest.fail("network in a dry run"))
    _with_input(repo_dir, fingerprint=CONLL_TEST, source="eriktks/conll2003[test]")
    assert main(["publish", str(repo_dir), "--repo-id", REPO_ID, "--dry-run"]) == 0
    lines = capsys.readouterr().out.splitlines()
    plan = plan_upload(repo_dir, REPO_ID)
    total = sum(f.size for f in plan.files)
    assert lines[0] == (
        f"would upload 5 files ({total:,} bytes) to "
        f"https://huggingface.co/datasets/{REPO_ID} (public)"
    )
    assert lines[1:6] == [f"  {f.size:>12,}  {f.path_in_repo}" for f in plan.files]
    assert [line.split()[-1] for line in lines[1:6]] == FILES
    assert lines[6] == (
        "licence: other (CoNLL-2003 English NER (Reuters RCV1 newswire), test split)"
    )
    assert lines[7] == "commit: Upload PER-only entity-switched sets: 2 origins, 3 configs"
    assert lines[8].startswith("needs --yes: CoNLL-2003 English NER")
    assert lines[9] == "dry run: nothing was sent"


def test_cli_publish_errors_exit_2(
    repo_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _with_input(repo_dir, fingerprint=CONLL_TEST, source="eriktks/conll2003[test]")
    api = FakeApi().install(monkeypatch)
    monkeypatch.setenv("HF_TOKEN", "hf_test")
    assert main(["publish", str(repo_dir), "--repo-id", REPO_ID, "--private"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("switcher: error: CoNLL-2003 English NER")
    assert err.rstrip().endswith("(nothing was pushed)")
    assert len(err.strip().splitlines()) == 1
    assert api.calls == []
    assert main(["publish", str(repo_dir), "--repo-id", REPO_ID, "--private", "--yes"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == (
        f"created the repository and committed {'f' * 40}: "
        f"https://huggingface.co/datasets/{REPO_ID}/commit/{'f' * 40}"
    )
    assert api.call("create_repo")["private"] is True


# --- the real HfApi over a stubbed HTTP transport ------------------------------------------


class FakeHub:
    """Answers the Hub HTTP API calls of create_repo and create_commit; records them."""

    def __init__(self, *, reject_card: bool = False) -> None:
        self.exists = False
        self.reject_card = reject_card
        self.requests: list[tuple[str, str]] = []
        self.created: dict[str, Any] | None = None
        self.commits: list[list[dict[str, Any]]] = []

    def __call__(self, request: Any) -> Any:
        import httpx2

        path = request.url.path
        self.requests.append((request.method, path))
        if request.method == "GET" and path == f"/api/datasets/{REPO_ID}":
            if not self.exists:
                return httpx2.Response(404, headers={"X-Error-Code": "RepoNotFound"})
            return httpx2.Response(200, json={"id": REPO_ID, "sha": SHA, "siblings": []})
        if request.method == "POST" and path == "/api/repos/create":
            self.created = json.loads(request.content)
            self.exists = True
            return httpx2.Response(200, json={"url": f"https://hub.test/datasets/{REPO_ID}"})
        if request.method == "POST" and path == "/api/validate-yaml":
            if self.reject_card:
                errors = [{"message": '"license" must be one of [apache-2.0, ...]'}]
                return httpx2.Response(400, json={"errors": errors})
            return httpx2.Response(200, json={})
        if request.method == "POST" and path == f"/api/datasets/{REPO_ID}/preupload/main":
            files = json.loads(request.content)["files"]
            modes = [
                {"path": f["path"], "uploadMode": "regular", "shouldIgnore": False} for f in files
            ]
            return httpx2.Response(200, json={"files": modes})
        if request.method == "POST" and path == f"/api/datasets/{REPO_ID}/commit/main":
            lines = [json.loads(line) for line in request.read().splitlines() if line]
            self.commits.append(lines)
            return httpx2.Response(
                200,
                json={
                    "commitUrl": f"https://hub.test/datasets/{REPO_ID}/commit/{'c' * 40}",
                    "commitOid": "c" * 40,
                    "pullRequestUrl": None,
                },
            )
        return httpx2.Response(500, json={"error": f"unexpected {request.method} {path}"})


@pytest.fixture
def fake_hub() -> Any:
    httpx2 = pytest.importorskip("httpx2")
    import huggingface_hub

    if not hasattr(huggingface_hub, "set_client_factory"):
        pytest.skip("this huggingface_hub has no pluggable httpx client")
    from huggingface_hub.utils._http import default_client_factory

    hub = FakeHub()
    huggingface_hub.set_client_factory(lambda: httpx2.Client(transport=httpx2.MockTransport(hub)))
    yield hub
    huggingface_hub.set_client_factory(default_client_factory)


def test_real_hfapi_sends_one_commit_with_every_file(repo_dir: Path, fake_hub: FakeHub) -> None:
    report = publish_folder(
        repo_dir, REPO_ID, private=True, token="hf_test", endpoint="https://hub.test"
    )
    assert fake_hub.created is not None
    assert fake_hub.created["name"] == "sample-switched"
    assert fake_hub.created["organization"] == "someone"
    assert fake_hub.created["type"] == "dataset"
    assert (
        fake_hub.created.get("visibility") == "private" or fake_hub.created.get("private") is True
    )
    (commit,) = fake_hub.commits
    assert commit[0] == {
        "key": "header",
        "value": {
            "summary": "Upload PER-only entity-switched sets: 2 origins, 3 configs",
            "description": report.commit_description,
        },
    }
    files = {line["value"]["path"]: line["value"] for line in commit[1:]}
    assert sorted(files) == FILES
    for path in FILES[1:]:
        assert base64.b64decode(files[path]["content"]) == (repo_dir / path).read_bytes()
    card = base64.b64decode(files["README.md"]["content"]).decode()
    assert card == (repo_dir / "README.md").read_text().replace("OWNER/NAME", REPO_ID)
    assert report.commit_oid == "c" * 40
    posts = [path for method, path in fake_hub.requests if method == "POST"]
    assert posts.count(f"/api/datasets/{REPO_ID}/commit/main") == 1


def test_real_hfapi_card_rejected_means_no_commit(repo_dir: Path, fake_hub: FakeHub) -> None:
    fake_hub.reject_card = True
    with pytest.raises(
        PublishError,
        match=r"the Hub refused the upload of someone/sample-switched: Invalid metadata in "
        r"README\.md\. - \"license\" must be one of .*was created, empty: nothing was committed",
    ):
        publish_folder(repo_dir, REPO_ID, token="hf_test", endpoint="https://hub.test")
    assert fake_hub.commits == []
    assert ("POST", f"/api/datasets/{REPO_ID}/preupload/main") not in fake_hub.requests


def test_a_licence_declared_at_export_needs_no_yes(built: Path, tmp_path: Path) -> None:
    sets = tmp_path / "sets"
    shutil.copytree(built / "sets", sets)
    _with_input(sets, fingerprint="0" * 64, source="/d/mine.conll")
    export_sets(sets, tmp_path / "declared", license="cc-by-4.0")
    plan = plan_upload(tmp_path / "declared", REPO_ID)
    assert (plan.licence.kind, plan.licence.license, plan.confirmation) == (
        "declared",
        "cc-by-4.0",
        None,
    )
    export_sets(sets, tmp_path / "unknown")
    reason = plan_upload(tmp_path / "unknown", REPO_ID).confirmation
    assert reason is not None
    assert reason.startswith("the licence of the input (/d/mine.conll) is unknown")
