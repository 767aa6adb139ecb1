"""Push an export folder to the Hugging Face Hub: one commit, or none.

:func:`publish_folder` is the only code of switcher that talks to the network. It checks
everything it can before the first request (the folder is a complete export, the repository
id, the input's licence, a token), then asks the Hub about the repository, creates it when it
does not exist, and sends every file in a single ``create_commit``. An error before that call
leaves the Hub untouched; the Hub applies a commit whole or not at all.

Rules (see ``docs/publishing.md``):

* The input's licence travels (:mod:`switcher.publish.licence`): sets derived from a
  research-only input (CoNLL-2003) or from an input of unknown licence need ``yes=True``
  (``--yes``), for a private repository as well as a public one.
* The token is ``token``, else ``HF_TOKEN``, else the cached login (``hf auth login``).
* An existing repository is updated only when it is empty or holds a switcher export of the
  same input (same content fingerprint in its ``provenance.json``); its files that the new
  export lacks are deleted in the same commit. Any other content is refused unless
  ``overwrite_remote=True`` (``--overwrite-remote``).
* ``--private`` cannot make an existing public repository private: that is refused.
"""

from __future__ import annotations

import importlib
import json
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from switcher import __version__
from switcher.errors import PublishError
from switcher.publish.card import REPO_PLACEHOLDER
from switcher.publish.layout import CARD_FILE, PROVENANCE_FILE, read_export
from switcher.publish.licence import SourceLicence, confirmation_reason, identify_source

#: Files a new Hub repository starts with; they are neither ours nor someone else's content.
HUB_DEFAULT_FILES: frozenset[str] = frozenset({".gitattributes"})
REPO_TYPE = "dataset"


@dataclass(frozen=True)
class UploadFile:
    """One file of the commit.

    Args:
        path_in_repo: Where it goes in the repository.
        local_path: The file in the export folder.
        size: Bytes uploaded.
        content: The bytes to upload when they differ from the file's (the card, with the
            repository id filled in); ``None`` to upload the file as it is.
    """

    path_in_repo: str
    local_path: Path
    size: int
    content: bytes | None = None


@dataclass(frozen=True)
class PublishReport:
    """What :func:`publish_folder` did, or would do with ``dry_run``.

    Args:
        repo_id: The repository.
        private: Whether the repository is (or will be created) private.
        dry_run: Nothing was sent.
        files: The files of the commit.
        deleted: Files of an existing repository the commit deletes.
        commit_message: The commit's title.
        commit_description: The commit's description.
        licence: The input's licence.
        fingerprint: Content fingerprint of the input (from ``provenance.json``).
        confirmation: Why the push needs ``--yes`` (``None`` when it does not).
        created: The repository was created by this call.
        commit_url: URL of the commit (``None`` in a dry run).
        commit_oid: Its id (``None`` in a dry run).
    """

    repo_id: str
    private: bool
    dry_run: bool
    files: tuple[UploadFile, ...]
    deleted: tuple[str, ...]
    commit_message: str
    commit_description: str
    licence: SourceLicence
    fingerprint: str
    confirmation: str | None
    created: bool = False
    commit_url: str | None = None
    commit_oid: str | None = None

    @property
    def total_bytes(self) -> int:
        """Bytes over all uploaded files."""
        return sum(f.size for f in self.files)

    @property
    def url(self) -> str:
        """The dataset page on the Hub."""
        return f"https://huggingface.co/datasets/{self.repo_id}"


def check_repo_id(repo_id: str) -> str:
    """Return ``repo_id`` if it is a valid ``OWNER/NAME`` Hub id.

    Raises:
        PublishError: It has no owner, or characters the Hub does not allow.
    """
    from huggingface_hub.errors import HFValidationError
    from huggingface_hub.utils import validate_repo_id  # type: ignore[attr-defined]

    if repo_id.count("/") != 1 or not all(repo_id.split("/")):
        raise PublishError(
            f"--repo-id {repo_id!r}: expected OWNER/NAME (your user or organisation name, a "
            "slash, and the dataset name)"
        )
    try:
        validate_repo_id(repo_id)
    except HFValidationError as err:
        raise PublishError(f"--repo-id {repo_id!r}: {err}") from None
    return repo_id


def _commit_text(provenance: dict[str, Any], configs: int) -> tuple[str, str]:
    source = provenance.get("input") or {}
    mode = {"per": "PER-only", "full": "full"}.get(str(provenance.get("mode")), "switched")
    origins = len(provenance.get("sets", []))
    message = f"Upload {mode} entity-switched sets: {origins} origins, {configs} configs"
    description = "\n".join(
        [
            f"Exported with switcher {__version__} (sets generated with switcher "
            f"{provenance.get('switcher_version')}).",
            f"Input: {source.get('source')} (fingerprint {source.get('fingerprint')}).",
            f"Mode: {provenance.get('mode')}; seed {provenance.get('seed')}; "
            f"{provenance.get('variants_per_origin')} variants per origin.",
        ]
    )
    return message, description


def plan_upload(repo_dir: str | Path, repo_id: str, *, private: bool = False) -> PublishReport:
    """Check an export folder and return what publishing it would upload; no network.

    Raises:
        PublishError: The folder is not a complete export, or ``repo_id`` is malformed.
    """
    check_repo_id(repo_id)
    folder = read_export(repo_dir)
    card_license = folder.card_data.get("license")
    declared = card_license if isinstance(card_license, str) else None
    licence = identify_source(folder.provenance.get("input") or {})
    if licence.kind == "unknown" and declared not in (None, "unknown"):
        licence = identify_source(folder.provenance.get("input") or {}, license=declared)
    files = []
    for path in folder.files:
        local = folder.root / path
        content = None
        if path == CARD_FILE:
            text = local.read_text(encoding="utf-8")
            if REPO_PLACEHOLDER in text:
                content = text.replace(REPO_PLACEHOLDER, repo_id).encode("utf-8")
        size = len(content) if content is not None else local.stat().st_size
        files.append(UploadFile(path, local, size, content))
    message, description = _commit_text(dict(folder.provenance), len(folder.configs))
    return PublishReport(
        repo_id=repo_id,
        private=private,
        dry_run=True,
        files=tuple(files),
        deleted=(),
        commit_message=message,
        commit_description=description,
        licence=licence,
        fingerprint=str((folder.provenance.get("input") or {}).get("fingerprint")),
        confirmation=confirmation_reason(licence, private=private),
    )


def _connection_errors() -> tuple[type[BaseException], ...]:
    """Exception types that mean "the Hub could not be reached", whichever HTTP client."""
    kinds: list[type[BaseException]] = [ConnectionError, TimeoutError]
    for module_name in ("httpx2", "httpx"):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        kinds.append(module.TransportError)
    try:
        import requests

        kinds += [requests.exceptions.ConnectionError, requests.exceptions.Timeout]
    except ImportError:
        pass
    return tuple(kinds)


@contextmanager
def _hub_errors(repo_id: str, endpoint: str, stage: list[str]) -> Iterator[None]:
    """Turn the Hub's errors into one-line PublishErrors that say what was (not) pushed."""
    from huggingface_hub.errors import HfHubHTTPError, OfflineModeIsEnabled

    try:
        yield
    except PublishError:
        raise
    except OfflineModeIsEnabled:
        raise PublishError(
            "HF_HUB_OFFLINE is set, so the Hub cannot be reached; unset it to publish "
            "(nothing was pushed)"
        ) from None
    except HfHubHTTPError as err:
        status = err.response.status_code if err.response is not None else None
        after = _after(repo_id, stage)
        if status == 401:
            raise PublishError(
                f"the Hub rejected the token (401 Unauthorized): set HF_TOKEN to a valid write "
                f"token or run `hf auth login`{after}"
            ) from None
        if status == 403:
            raise PublishError(
                f"the token may not write to {repo_id} (403 Forbidden): it needs write access "
                f"to {repo_id.split('/')[0]}{after}"
            ) from None
        if status == 409 and stage[-1] == "the repository creation":
            raise PublishError(
                f"{repo_id} already exists, but this token cannot read it (a private "
                f"repository of another account?): choose another --repo-id{after}"
            ) from None
        if status == 409:
            raise PublishError(
                f"{repo_id} changed on the Hub while publishing (409 Conflict): run publish "
                f"again{after}"
            ) from None
        if status == 412:
            raise PublishError(
                f"{repo_id} received another commit while publishing (412): run publish "
                f"again{after}"
            ) from None
        server = " ".join(str(getattr(err, "server_message", None) or err).split())
        raise PublishError(
            f"the Hub answered {status} during {stage[-1]}: {server}{after}"
        ) from None
    except _connection_errors() as err:
        raise PublishError(
            f"cannot reach the Hugging Face Hub at {endpoint} ({type(err).__name__}: {err}); "
            f"check your network or HF_ENDPOINT{_after(repo_id, stage)}"
        ) from None
    except ValueError as err:  # create_commit raises ValueError when the Hub rejects the card
        text = " ".join(str(err).split())
        raise PublishError(
            f"the Hub refused the upload of {repo_id}: {text}{_after(repo_id, stage)}"
        ) from None


def _after(repo_id: str, stage: list[str]) -> str:
    if "created" in stage:
        return f" ({repo_id} was created, empty: nothing was committed)"
    return " (nothing was pushed)"


def _remote_export_matches(api: Any, repo_id: str, revision: str, fingerprint: str) -> bool:
    """True when the repository's ``provenance.json`` is switcher's, for the same input."""
    with tempfile.TemporaryDirectory(prefix="switcher-publish-") as tmp:
        path = api.hf_hub_download(
            repo_id, PROVENANCE_FILE, repo_type=REPO_TYPE, revision=revision, local_dir=tmp
        )
        try:
            remote = json.loads(Path(path).read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError):
            return False
    if not isinstance(remote, dict):
        return False
    from switcher.switch.store import FORMAT

    remote_input = remote.get("input") or {}
    return remote.get("format") == FORMAT and remote_input.get("fingerprint") == fingerprint


def _check_remote(
    api: Any, plan: PublishReport, *, overwrite_remote: bool
) -> tuple[Any | None, tuple[str, ...]]:
    """Return the repository's info (``None`` when it does not exist) and the files to delete.

    Raises:
        PublishError: ``--private`` for an existing public repository, or a repository whose
            content is not a switcher export of the same input (without ``overwrite_remote``).
    """
    from huggingface_hub.errors import RepositoryNotFoundError

    repo_id = plan.repo_id
    try:
        info = api.repo_info(repo_id, repo_type=REPO_TYPE)
    except RepositoryNotFoundError:
        return None, ()
    if plan.private and not info.private:
        raise PublishError(
            f"{repo_id} exists and is public; --private does not change the visibility of an "
            "existing repository: make it private on the Hub first, or choose another "
            "--repo-id (nothing was pushed)"
        )
    siblings = getattr(info, "siblings", None)
    remote_files = (
        [s.rfilename for s in siblings]
        if siblings is not None
        else api.list_repo_files(repo_id, repo_type=REPO_TYPE, revision=info.sha)
    )
    content = sorted(f for f in remote_files if f not in HUB_DEFAULT_FILES)
    ours = not content or (
        PROVENANCE_FILE in content
        and _remote_export_matches(api, repo_id, str(info.sha), plan.fingerprint)
    )
    if not ours and not overwrite_remote:
        shown = ", ".join(content[:5]) + (", ..." if len(content) > 5 else "")
        raise PublishError(
            f"{repo_id} already holds {len(content)} files that are not a switcher export of "
            f"this input ({shown}); pass --overwrite-remote to replace them in one commit, or "
            "choose another --repo-id (nothing was pushed)"
        )
    local = {f.path_in_repo for f in plan.files}
    return info, tuple(f for f in content if f not in local)


def publish_folder(
    repo_dir: str | Path,
    repo_id: str,
    *,
    private: bool = False,
    dry_run: bool = False,
    yes: bool = False,
    token: str | None = None,
    overwrite_remote: bool = False,
    endpoint: str | None = None,
) -> PublishReport:
    """Push an export folder to a Hub dataset repository in one commit.

    Args:
        repo_dir: A folder written by :func:`switcher.publish.export_sets`.
        repo_id: ``OWNER/NAME`` of the dataset repository.
        private: Create the repository private.
        dry_run: Check the folder and return what would be uploaded; no token, no network.
        yes: Confirm pushing text of a research-only input, or of an unknown licence.
        token: A Hub token; default ``HF_TOKEN`` or the cached login.
        overwrite_remote: Replace an existing repository's content even when it is not a
            switcher export of the same input.
        endpoint: The Hub's URL (default ``HF_ENDPOINT`` or https://huggingface.co).

    Returns:
        What was committed (or would be, with ``dry_run``).

    Raises:
        PublishError: The folder is not an export, the repository id is malformed, the
            licence needs ``yes``, there is no token, the Hub cannot be reached or refuses,
            or the repository holds other content. Nothing is committed then.
    """
    plan = plan_upload(repo_dir, repo_id, private=private)
    if dry_run:
        return plan
    if plan.confirmation and not yes:
        raise PublishError(plan.confirmation + " (nothing was pushed)")
    from huggingface_hub import CommitOperationAdd, CommitOperationDelete, HfApi, get_token

    token = token or get_token()
    if not token:
        raise PublishError(
            "no Hugging Face token: set HF_TOKEN to a token with write access, or run "
            "`hf auth login` (nothing was pushed)"
        )
    # Local work first: hashing every file can fail or take a while, and must not do so
    # between the repository's creation and the commit.
    additions = [
        CommitOperationAdd(
            path_in_repo=f.path_in_repo,
            path_or_fileobj=f.content if f.content is not None else str(f.local_path),
        )
        for f in plan.files
    ]
    api = HfApi(endpoint=endpoint, token=token)
    stage = ["the repository check"]
    with _hub_errors(repo_id, api.endpoint, stage):
        info, deleted = _check_remote(api, plan, overwrite_remote=overwrite_remote)
        operations: list[Any] = [
            *additions,
            *(CommitOperationDelete(path_in_repo=path) for path in deleted),
        ]
        if info is None:
            stage.append("the repository creation")
            api.create_repo(repo_id, repo_type=REPO_TYPE, private=private, exist_ok=False)
            stage.append("created")
        stage.append("the commit")
        commit = api.create_commit(
            repo_id,
            operations,
            commit_message=plan.commit_message,
            commit_description=plan.commit_description,
            repo_type=REPO_TYPE,
            parent_commit=info.sha if info is not None else None,
        )
    visibility = private if info is None else bool(info.private)
    return replace(
        plan,
        private=visibility,
        dry_run=False,
        deleted=deleted,
        created=info is None,
        commit_url=getattr(commit, "commit_url", None),
        commit_oid=getattr(commit, "oid", None),
    )
