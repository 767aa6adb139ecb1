"""Which person is each PER mention of a document, and which part of the name it is.

The paper's string-matching rules (Agarwal et al. 2020, §2.1), applied per document:

- A mention of several tokens is a **full name**: its first token is the first name and the
  rest the last name (the paper's Western-centric rule). Mentions that are the same string,
  ignoring case, are the same person.
- A mention of several tokens that occurs inside a longer full name of the document belongs to
  that longer name: inside its last-name part it is a last name ("Van Basten" in "Marco Van
  Basten"), otherwise a full name.
- A single-token mention equal to the first name of a full name of the document is that
  person's first name; equal to the last name (or to the last token of a last name) it is the
  last name. When it fits several people, the person last named in full before it wins (news
  refers back to the most recent person), else the next one after it.
- Any other single-token mention is taken as a family name (``unmatched="last"``, the default:
  newswire refers to people by surname) or as a first name (``unmatched="first"``); equal
  strings are one person.

Matching ignores case, so the all-caps headline ``OKONKWO`` is the surname of ``Emeka
Okonkwo``.
"""

from __future__ import annotations

from dataclasses import dataclass

from switcher.corpus import Document, Span

FULL, FIRST, LAST = "full", "first", "last"
ROLES: tuple[str, ...] = (FULL, FIRST, LAST)
UNMATCHED_CHOICES: tuple[str, ...] = (LAST, FIRST)


@dataclass(frozen=True, slots=True)
class PersonMention:
    """A PER mention with the person it refers to.

    Args:
        sentence: Index of the sentence in its document.
        span: The mention's span.
        role: ``full``, ``first`` or ``last``: which part of the person's name it is.
        entity: Index of the person among the document's persons (0-based, in order of
            first mention).
        key: The mention's tokens, case-folded.
    """

    sentence: int
    span: Span
    role: str
    entity: int
    key: tuple[str, ...]


def _contains(longer: tuple[str, ...], shorter: tuple[str, ...]) -> int:
    """Return the index where ``shorter`` occurs contiguously in ``longer``, or -1."""
    n = len(shorter)
    for i in range(len(longer) - n + 1):
        if longer[i : i + n] == shorter:
            return i
    return -1


def analyse_persons(
    document: Document, *, label: str = "PER", unmatched: str = LAST
) -> list[PersonMention]:
    """Group the ``label`` mentions of ``document`` into persons and give each its role.

    Args:
        document: The document.
        label: The entity type of person mentions.
        unmatched: Role of single-token mentions that match no full name: ``last`` (family
            name, the default) or ``first``.

    Returns:
        One :class:`PersonMention` per mention, in document order.
    """
    if unmatched not in UNMATCHED_CHOICES:
        raise ValueError(
            f"unmatched must be one of {', '.join(UNMATCHED_CHOICES)}, not {unmatched!r}"
        )
    raw: list[tuple[int, Span, tuple[str, ...]]] = []
    for s, sentence in enumerate(document.sentences):
        for span in sentence.spans:
            if span.label == label:
                key = tuple(t.casefold() for t in sentence.tokens[span.start : span.end])
                raw.append((s, span, key))

    multi = [key for _, _, key in raw if len(key) > 1]
    distinct_multi = list(dict.fromkeys(multi))
    # Each multi-token name belongs to the longest name that contains it.
    owner: dict[tuple[str, ...], tuple[tuple[str, ...], str]] = {}
    for key in distinct_multi:
        containing = [o for o in distinct_multi if len(o) > len(key) and _contains(o, key) >= 0]
        best = max(containing, key=len) if containing else None
        if best is None:
            owner[key] = (key, FULL)
        else:
            role = LAST if _contains(best[1:], key) >= 0 else FULL
            owner[key] = (best, role)

    # First names and last names of the full names, for single-token matching.
    firsts: dict[str, list[tuple[str, ...]]] = {}
    lasts: dict[str, list[tuple[str, ...]]] = {}
    for full in dict.fromkeys(owner[key][0] for key in distinct_multi):
        firsts.setdefault(full[0], []).append(full)
        lasts.setdefault(full[-1], []).append(full)
    # Positions of full-name mentions, to resolve single tokens that fit several persons.
    full_positions = [(i, owner[key][0]) for i, (_, _, key) in enumerate(raw) if len(key) > 1]

    assigned: list[tuple[str, tuple[str, ...]]] = []  # (role, key of the person)
    for index, (_, _, key) in enumerate(raw):
        if len(key) > 1:
            full, role = owner[key]
            assigned.append((role, full))
            continue
        token = key[0]
        candidates = {full: LAST for full in lasts.get(token, [])}
        for full in firsts.get(token, []):
            candidates.setdefault(full, FIRST)
        if not candidates:
            assigned.append((unmatched, key))
            continue
        before = [full for pos, full in full_positions if pos < index and full in candidates]
        after = [full for pos, full in full_positions if pos > index and full in candidates]
        chosen = before[-1] if before else after[0]
        assigned.append((candidates[chosen], chosen))

    ids: dict[tuple[str, ...], int] = {}
    mentions = []
    for (s, span, key), (role, person) in zip(raw, assigned, strict=True):
        entity = ids.setdefault(person, len(ids))
        mentions.append(PersonMention(s, span, role, entity, key))
    return mentions
