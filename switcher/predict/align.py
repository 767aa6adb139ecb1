"""Pure helpers shared by the sub-word backends: word windows, word labels, IOB2 repair.

Sub-word models see at most ``max_length`` tokens. A longer sentence is cut into overlapping
windows of whole words; every word is labelled from the window where it has the most context
on both sides. A word takes the label of its first sub-token.
"""

from __future__ import annotations

from collections.abc import Sequence

from switcher.schemes import spans_to_tags, tags_to_spans


def plan_word_windows(lengths: Sequence[int], budget: int, overlap: int) -> list[tuple[int, int]]:
    """Cut a sentence into overlapping windows of whole words that fit a token budget.

    Args:
        lengths: Number of sub-tokens of each word.
        budget: Most sub-tokens a window may hold (the model's length less special tokens).
        overlap: Sub-tokens that consecutive windows share (at most; whole words only).

    Returns:
        Half-open word ranges ``(start, end)`` covering every word, in order. A single word
        longer than ``budget`` gets a window of its own (its tail is truncated by the
        tokenizer; its first sub-token, which gives the label, is kept). No words, no windows.

    >>> plan_word_windows([2, 2, 2, 2], budget=4, overlap=2)
    [(0, 2), (1, 3), (2, 4)]
    """
    if budget < 1:
        raise ValueError(f"window budget must be at least 1 sub-token, got {budget}")
    count = len(lengths)
    windows: list[tuple[int, int]] = []
    start = 0
    while start < count:
        end, used = start, 0
        while end < count and used + lengths[end] <= budget:
            used += lengths[end]
            end += 1
        end = max(end, start + 1)
        windows.append((start, end))
        if end >= count:
            break
        # Step back over whole words worth at most ``overlap`` sub-tokens, but always move on.
        next_start, shared = end, 0
        while next_start - 1 > start and shared + lengths[next_start - 1] <= overlap:
            next_start -= 1
            shared += lengths[next_start]
        start = next_start
    return windows


def assign_words(windows: Sequence[tuple[int, int]], count: int) -> list[int]:
    """Pick for each of ``count`` words the window in which it has the most context.

    Context is the smaller of the number of words before it and after it in the window; ties
    go to the earlier window.

    >>> assign_words([(0, 3), (1, 4)], 4)
    [0, 0, 1, 1]
    """
    best = [-1] * count
    score = [-1] * count
    for w, (start, end) in enumerate(windows):
        for i in range(start, end):
            context = min(i - start, end - 1 - i)
            if context > score[i]:
                best[i], score[i] = w, context
    missing = [i for i, w in enumerate(best) if w < 0]
    if missing:
        raise ValueError(f"words {missing[:5]} are in no window")
    return best


def first_subtoken_labels(
    word_ids: Sequence[int | None], token_labels: Sequence[str], count: int
) -> list[str]:
    """Label each of ``count`` words with the label of its first sub-token.

    Args:
        word_ids: Word index of each sub-token (``None`` for special and padding tokens).
        token_labels: Label of each sub-token, as long as ``word_ids``.
        count: Number of words; a word with no sub-token (dropped by the tokenizer) gets ``O``.

    >>> first_subtoken_labels([None, 0, 0, 1, None], ["O", "B-PER", "I-PER", "O", "O"], 2)
    ['B-PER', 'O']
    """
    labels = ["O"] * count
    seen = [False] * count
    for word, label in zip(word_ids, token_labels, strict=True):
        if word is not None and 0 <= word < count and not seen[word]:
            labels[word] = label
            seen[word] = True
    return labels


def to_iob2(tags: Sequence[str]) -> list[str]:
    """Re-encode tags of any scheme (or an ill-formed IOB2 sequence) as strict IOB2.

    Chunks follow conlleval's rules, so a model's ``I-X`` after ``O`` starts an entity.

    >>> to_iob2(["I-PER", "I-PER", "O", "I-LOC", "B-LOC"])
    ['B-PER', 'I-PER', 'O', 'B-LOC', 'B-LOC']
    """
    return spans_to_tags(tags_to_spans(tags), len(tags), "iob2")
