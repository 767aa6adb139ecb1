"""The PER-only grid, assembled with array operations instead of sentence by sentence.

A PER-only variant differs from another only in the tokens of the name: which sentences
change, where the mentions sit, their roles, tags and extra columns depend only on the
*lengths* of the name's full, first and last forms. For each such length signature the
changed rows are laid out once (:class:`_Template`), with every name token left as a
placeholder; a variant then fills the placeholders from its name with one ``take`` over an
Arrow string array. Twenty names of one origin typically share one or two signatures, so the
per-variant work is a few array operations, whatever the size of the corpus.

:func:`per_only_variant` remains the reference implementation (used for CoNLL export and in
tests): the tables built here are checked to be identical to the tables built from its
variants.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from switcher.corpus import Sentence
from switcher.switch.names import Name
from switcher.switch.per_only import SentencePlan, layout_for
from switcher.switch.persons import FIRST, FULL, LAST
from switcher.switch.store import REPLACEMENT_FIELDS, RowEncoder
from switcher.switch.variants import VariantInfo

#: The six forms a name takes: (role, written in capitals).
SLOTS: tuple[tuple[str, bool], ...] = tuple(
    (r, u) for r in (FULL, FIRST, LAST) for u in (False, True)
)
_SLOT = {slot: i for i, slot in enumerate(SLOTS)}
_WIDTH = 64  # most tokens in one form of a name


@dataclass
class _Template:
    """Changed rows of every variant whose forms have one length signature."""

    tokens: np.ndarray  # >= 0: index into the original tokens; < 0: -(1 + slot * WIDTH + j)
    offsets: Any
    tags: Any
    columns: dict[str, Any]
    fixed: dict[str, Any]  # replacement fields that do not depend on the name
    mention_slots: np.ndarray
    mention_offsets: Any


class PerOnlyGrid:
    """Builds the Arrow tables of PER-only variants of one corpus.

    Args:
        encoder: The row encoder of the corpus.
        plans: :func:`~switcher.switch.per_only.plan_persons` of the corpus.
        column_schemes: Schemes of IOB-style extra columns.
    """

    def __init__(
        self,
        encoder: RowEncoder,
        plans: Mapping[int, SentencePlan],
        column_schemes: Mapping[str, str | None],
    ) -> None:
        self.encoder = encoder
        self.plans = plans
        self.column_schemes = column_schemes
        self.changed = sorted(plans)
        n = len(encoder.sentences)
        self.rows = np.arange(n, dtype=np.int64)
        self.rows[self.changed] = n + np.arange(len(self.changed), dtype=np.int64)
        base_tokens = encoder.base["tokens"]
        self.base_values = base_tokens.values
        self.base_offsets = base_tokens.offsets.to_numpy()
        self._templates: dict[tuple[int, int, int], _Template] = {}

    def _template(self, lengths: tuple[int, int, int]) -> _Template:
        cached = self._templates.get(lengths)
        if cached is not None:
            return cached
        import pyarrow as pa

        size = dict(zip((FULL, FIRST, LAST), lengths, strict=True))
        encoder = self.encoder
        tokens: list[int] = []
        offsets = [0]
        tags: list[int] = []
        columns: dict[str, list[int]] = {name: [] for name in encoder.corpus.column_names}
        fixed: dict[str, list[Any]] = {
            name: []
            for name in (
                "orig_start",
                "orig_end",
                "new_start",
                "new_end",
                "orig_text",
                "role",
                "entity",
            )
        }
        slots: list[int] = []
        mention_offsets = [0]
        for index in self.changed:
            plan = self.plans[index]
            forms = [("_",) * size[m.role] for m in plan.mentions]
            spans, layout_columns, begins, new_spans = layout_for(plan, forms, self.column_schemes)
            start = int(self.base_offsets[index])
            position = 0
            for m, gap_index in zip(plan.mentions, range(len(plan.mentions)), strict=True):
                gap = plan.gaps[gap_index]
                tokens.extend(range(start + position, start + position + len(gap)))
                position += len(gap) + (m.span.end - m.span.start)
                slot = _SLOT[m.role, m.upper]
                tokens.extend(-(1 + slot * _WIDTH + j) for j in range(size[m.role]))
                slots.append(slot)
            last_gap = plan.gaps[-1]
            tokens.extend(range(start + position, start + position + len(last_gap)))
            length = sum(len(g) for g in plan.gaps) + sum(size[m.role] for m in plan.mentions)
            offsets.append(offsets[-1] + length)
            switched = Sentence(["_"] * length, spans, layout_columns, begins)
            tags.extend(encoder.tag_ids(switched))
            for name, values in layout_columns.items():
                index_of = encoder.column_index[name]
                columns[name].extend(index_of[v] for v in values)
            for m, new in zip(plan.mentions, new_spans, strict=True):
                fixed["orig_start"].append(m.span.start)
                fixed["orig_end"].append(m.span.end)
                fixed["new_start"].append(new.start)
                fixed["new_end"].append(new.end)
                fixed["orig_text"].append(m.text)
                fixed["role"].append(m.role)
                fixed["entity"].append(m.entity)
            mention_offsets.append(len(slots))
        list_offsets = pa.array(np.asarray(offsets, dtype=np.int32))
        rep_type = encoder.schema.field("replacements").type.value_type
        template = _Template(
            tokens=np.asarray(tokens, dtype=np.int64),
            offsets=list_offsets,
            tags=pa.ListArray.from_arrays(list_offsets, pa.array(np.asarray(tags, np.int64))),
            columns={
                name: pa.ListArray.from_arrays(list_offsets, pa.array(np.asarray(v, np.int64)))
                for name, v in columns.items()
            },
            fixed={
                name: pa.array(values, type=rep_type.field(name).type)
                for name, values in fixed.items()
            },
            mention_slots=np.asarray(slots, dtype=np.int64),
            mention_offsets=pa.array(np.asarray(mention_offsets, dtype=np.int32)),
        )
        self._templates[lengths] = template
        return template

    def variant_arrays(self, name: Name, info: VariantInfo, label: str = "PER") -> dict[str, Any]:
        """Return the arrays of the changed rows of the variant of ``name``."""
        import pyarrow as pa

        forms = {(role, upper): name.form(role) for role, upper in SLOTS}
        forms = {
            (role, upper): tuple(t.upper() for t in tokens) if upper else tokens
            for (role, upper), tokens in forms.items()
        }
        if any(len(tokens) > _WIDTH for tokens in forms.values()):
            raise ValueError(f"name {name.text!r} has more than {_WIDTH} tokens")
        template = self._template(
            (len(name.form(FULL)), len(name.form(FIRST)), len(name.form(LAST)))
        )
        pool: list[str] = []
        starts = np.zeros(len(SLOTS), dtype=np.int64)
        for slot, key in enumerate(SLOTS):
            starts[slot] = len(pool)
            pool.extend(forms[key])
        index = template.tokens.copy()
        placeholders = index < 0
        codes = -index[placeholders] - 1
        index[placeholders] = len(self.base_values) + starts[codes // _WIDTH] + codes % _WIDTH
        values = pa.concat_arrays([self.base_values, pa.array(pool, pa.string())]).take(
            pa.array(index)
        )
        texts = pa.array([" ".join(forms[key]) for key in SLOTS], pa.string())
        mentions = len(template.mention_slots)
        rep_type = self.encoder.schema.field("replacements").type.value_type
        fields = {
            **template.fixed,
            "new_text": texts.take(pa.array(template.mention_slots)),
            "label": pa.array([label] * mentions, pa.string()),
            "subtype": pa.array([""] * mentions, pa.string()),
            "entry": pa.array([name.text] * mentions, pa.string()),
            "source": pa.array([f"{info.origin}:per"] * mentions, pa.string()),
        }
        struct = pa.StructArray.from_arrays(
            [fields[f] for f in REPLACEMENT_FIELDS], fields=list(rep_type)
        )
        return {
            "tokens": pa.ListArray.from_arrays(template.offsets, values),
            **template.columns,
            "ner_tags": template.tags,
            "replacements": pa.ListArray.from_arrays(template.mention_offsets, struct),
        }

    def table(self, names: Sequence[Name], infos: Sequence[VariantInfo]) -> Any:
        """Return the Arrow table of the variants of ``names`` (with their ``infos``)."""
        parts = [
            (info, self.variant_arrays(name, info), self.rows)
            for name, info in zip(names, infos, strict=True)
        ]
        return self.encoder.assemble(parts)
