"""The rule-based sub-type annotator: a first draft of an annotation, for a person to review.

ORG mentions get a sub-category and LOC mentions a sub-type from, in order:

1. ``known``: surface strings the caller knows to carry a label (e.g. from lexicons);
2. for ORG: the shipped list of well-known organisations (``data/organisations.tsv``), then
   cue words and suffixes (``Bank``, ``Airlines``, ``University``, ``Party``, ``Ministry``,
   ``Inc``, ``Times``...) tried in the order of :data:`ORG_CUES`, then the document's topic: in
   a sports story (its headline starts ``SOCCER -``, ``CRICKET -``...) an ORG is a team unless
   a cue says otherwise; in a ``PRESS DIGEST`` story an ORG alone on its line is a newspaper.
   Anything else is ``Others`` (never replaced);
3. for LOC: ``village`` next to the mention, the shipped place table (``data/places.tsv``:
   countries, regions, provinces, large cities, natural features), cue words (``River``,
   ``Province``, ``City``...), a direction word before a known place (``Northern Iraq`` is a
   province), and otherwise ``city``.

Every label it gives is ``reviewed = no``. ``docs/annotation.md`` has the decision rules the
cues follow.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from itertools import pairwise
from typing import TYPE_CHECKING

from switcher.annotate.format import Annotation, build_annotation
from switcher.annotate.labels import ANNOTATED_TYPES, LOC, LOC_DEFAULT, ORG, ORG_DEFAULT
from switcher.annotate.labels import labels_for as allowed_labels
from switcher.corpus import Corpus, Sentence
from switcher.errors import AnnotationError

if TYPE_CHECKING:
    from switcher.lexicons import Lexicon

#: Method recorded in the header of an annotation made by :func:`annotate_corpus`.
RULES_METHOD = "rules (switcher annotate): cue words, known lists, document topic; not reviewed"


def _words(text: str) -> frozenset[str]:
    """Return the whitespace-separated words of a table written as one string."""
    return frozenset(text.split())


def _phrases(text: str) -> frozenset[str]:
    """Return the ``;``-separated phrases of a table written as one string."""
    return frozenset(" ".join(p.split()) for p in text.split(";") if p.strip())


#: Topic words that open the headline of a sports story (``SOCCER - ...``).
SPORTS_TOPICS: frozenset[str] = _phrases(
    """
    soccer; football; cricket; tennis; golf; baseball; basketball; athletics; cycling;
    rugby; rugby union; rugby league; boxing; rallying; motor racing; motorcycling;
    motocross; horse racing; racing; badminton; squash; skiing; alpine skiing; nordic skiing;
    ski jumping; ice hockey; nhl ice hockey; hockey; nfl american football; american football;
    nba basketball; swimming; sailing; yachting; rowing; volleyball; handball; table tennis;
    snooker; darts; chess; equestrianism; equestrian; show jumping; judo; wrestling;
    weightlifting; figure skating; speed skating; skating; bobsleigh; triathlon; polo;
    olympics; gymnastics; fencing; shooting; canoeing; marathon; formula one;
    australian rules; afl; sport; sports; nba; nfl; nhl; mlb
    """
)

_PRESS_DIGEST = ("press digest",)

# Each ORG cue: a label and a predicate over the folded tokens of the mention. Tried in order.
_AIRLINE_WORDS = _words(
    """
    airlines airline airways aviation airlift
    """
)
_BANK_WORDS = _words(
    """
    bank banks bancorp banco banca banque bankers bancshares bankshares bancorporation
    sparkasse landesbank savings securities reserve bankverein kreditbank girozentrale
    bankhaus
    """
)
_BANK_EXCEPT = _words(
    """
    world development investment settlements data blood
    """
)
_UNIVERSITY_WORDS = _words(
    """
    university universities universite universitat universidad polytechnic
    """
)
_UNIVERSITY_PHRASES: tuple[tuple[str, ...], ...] = (
    ("college",),
    ("institute", "of", "technology"),
    ("business", "school"),
    ("school", "of", "economics"),
    ("school", "of", "business"),
)
_RESTAURANT_WORDS = _words(
    """
    restaurant restaurants cafe diner steakhouse pizzeria bistro brasserie trattoria burger
    burgers pizza grill
    """
)
_PARTY_WORDS = _words(
    """
    party parti partei partido partito democrats republicans socialists communists
    conservatives liberals tories labour greens nationalists unionists
    """
)
_PARTY_PHRASES: tuple[tuple[str, ...], ...] = (
    ("national", "front"),
    ("national", "congress"),
    ("awami", "league"),
    ("muslim", "league"),
    ("northern", "league"),
    ("congress", "party"),
)
_SPORT_WORDS = _words(
    """
    football soccer cricket rugby olympic olympics tennis athletics athletic golf boxing
    basketball baseball hockey volleyball handball cycling ski skiing swimming chess sports
    sport racing badminton judo gymnastics rowing sailing
    """
)
_SPORT_BODY_WORDS = _words(
    """
    federation association union board council committee league confederation body authority
    commission
    """
)
_UNION_WORDS = _words(
    """
    federation confederation fifa uefa
    """
)
_OTHERS_WORDS = _words(
    """
    ministry ministries minister department dept council commission committee parliament
    senate assembly court courts tribunal army navy police government agency authority
    organisation organization office church hospital clinic school institute foundation fund
    union movement guard forces force brigade brigades militia rebels guerrillas congress
    cabinet presidency secretariat administration inspectorate bureau service services
    exchange bourse board academy society club red cross crescent monastery mosque cathedral
    temple embassy consulate mission chamber directorate prosecutor prosecutors treasury
    customs legislature duma knesset sejm
    """
)
_TEAM_WORDS = _words(
    """
    fc f.c. afc sc cf rovers wanderers albion hotspur athletic athletico atletico sporting
    dynamo dinamo spartak cska lokomotiv olympique borussia eintracht vfb vfl tsv fortuna
    rapid ajax real racing united city town county rangers celtic wednesday argyle orient
    alexandra academicals thistle hearts harriers hibernian juventus inter lazio roma
    sampdoria feyenoord benfica sox yankees mets dodgers giants cubs braves bulls lakers
    celtics knicks bears packers cowboys redskins 49ers oilers canadiens maple leafs
    """
)
_TEAM_EXCEPT = frozenset(
    tuple(pair.split())
    for pair in _phrases(
        """
        united nations; united states; united kingdom; united arab; united press;
        united airlines; united technologies; city council; county council; town council;
        real estate
        """
    )
)
_CORPORATE_WORDS = _words(
    """
    inc inc. corp corp. corporation co co. cos company companies ltd ltd. limited plc group
    ag sa s.a. nv n.v. bv b.v. gmbh spa s.p.a. ab asa oy oyj a/s kk k.k. pty bhd berhad tbk
    pt holdings holding industries industrial enterprises partners associates motors motor
    electric electronics chemicals chemical pharmaceuticals pharmaceutical pharma petroleum
    oil gas energy mining mines resources steel telecom telecommunications communications
    systems technologies technology software computer computers semiconductor airways
    shipping lines brewery breweries foods textiles cement construction properties property
    realty insurance assurance investments capital financial finance trading international
    industrie werke sarl srl nl lp llc l.p. & brothers bros sons mills labs laboratories
    products services stores networks media entertainment studios pictures records
    publishing automotive aerospace airlines petrochemical
    """
)
_NEWS_WORDS = _words(
    """
    times post herald journal daily tribune gazette gazeta gazzetta zeitung shimbun
    telegraph chronicle observer courier examiner globe news newspaper mirror press
    television tv radio broadcasting broadcast magazine newsroom desk weekly monthly review
    bulletin nachrichten allgemeine rundschau kurier corriere repubblica diario jornal
    noticias pravda izvestia vedomosti novosti vesti gazetta dnevnik novine vjesnik inquirer
    standard sentinel dispatch independent guardian reporter star sun mail express agency
    """
)
_NEWS_CORP_EXCEPT = _words(
    """
    agency
    """
)
_DIRECTIONS = _words(
    """
    north south east west northern southern eastern western central northeast northwest
    southeast southwest north-east north-west south-east south-west northeastern
    northwestern southeastern southwestern upper lower greater inner outer mid middle far
    near
    """
)
_FEATURE_WORDS = _words(
    """
    river sea ocean lake lakes mount mt mt. mountain mountains hills hill gulf bay strait
    straits channel island islands isle isles valley desert peninsula stadium park street
    st. road avenue square airport bridge canal forest cape glacier arena ground oval
    circuit racecourse field heights plateau plain plains coast delta falls harbour harbor
    port pass reef beach palace castle tower hall building station highway motorway
    boulevard lane gardens garden stadio estadio stade velodrome dam reservoir waters basin
    marsh swamp pier wharf dock docks centre center camp base zone crossing checkpoint
    border
    """
)
_PROVINCE_WORDS = _words(
    """
    province provinces state region oblast county prefecture district territory canton
    governorate republic krai kray okrug emirate department voivodship shire land autonomous
    """
)
_CITY_WORDS = _words(
    """
    city town municipality borough township
    """
)
_VILLAGE_WORDS = _words(
    """
    village villages hamlet kibbutz settlement
    """
)
_REGION_TAILS = _words(
    """
    asia africa europe america americas pacific atlantic mediterranean balkans caucasus
    arctic antarctic
    """
)
_NON_WORD = re.compile(r"^\W+$")


@dataclass(frozen=True, slots=True)
class Context:
    """What the rules know about the surroundings of a mention.

    Args:
        sports: The mention's document is a sports story.
        press_digest: The document is a press digest (a list of newspapers' stories).
        alone: The mention is alone on its line (only punctuation beside it).
        before: Folded tokens just before the mention (up to three).
        after: Folded tokens just after the mention (up to three).
    """

    sports: bool = False
    press_digest: bool = False
    alone: bool = False
    before: tuple[str, ...] = ()
    after: tuple[str, ...] = ()


def fold(text: str) -> str:
    """Fold text for matching: no accents, lower case, single spaces.

    >>> fold("  São   PAULO ")
    'sao paulo'
    """
    decomposed = unicodedata.normalize("NFKD", text)
    stripped = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(stripped.casefold().split())


def _fold_key(text: str) -> str:
    """Fold text and drop a leading article and spaces around apostrophes."""
    key = fold(text).replace(" 's", "'s").replace(" '", "'")
    return key[4:] if key.startswith("the ") and len(key) > 4 else key


@lru_cache(maxsize=4)
def _read_table(name: str) -> dict[str, str]:
    text = resources.files("switcher.annotate").joinpath(f"data/{name}").read_text("utf-8")
    table: dict[str, str] = {}
    header_seen = False
    for line in text.splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fields = line.split("\t")
        if not header_seen:
            header_seen = True
            continue
        table.setdefault(_fold_key(fields[0]), fields[1])
    return table


def known_places() -> Mapping[str, str]:
    """Return the shipped place table: folded name -> LOC sub-type."""
    return _read_table("places.tsv")


def known_organisations() -> Mapping[str, str]:
    """Return the shipped organisation list: folded name -> ORG sub-category."""
    return _read_table("organisations.tsv")


def document_topic(sentences: Sequence[Sentence]) -> str:
    """Return the topic of a story from its headline (``"soccer"`` for ``SOCCER - ...``).

    The headline is the first of the first two sentences with a dash among its first five
    tokens, alone (``SOCCER - ...``) or inside an upper-case token (``FOOTBALL-COLTS``); the
    topic is the folded text before that dash, or ``""`` when there is none.
    """
    for sentence in sentences[:2]:
        tokens = sentence.tokens
        if "-" in tokens[:5]:
            return fold(" ".join(tokens[: tokens.index("-")]))
        for i, token in enumerate(tokens[:5]):
            head, dash, _ = token.partition("-")
            if dash and head.isupper() and head.isalpha():
                # ``NFL AMERICAN FOOTBALL-COLTS CLOBBER ...``: the dash is inside a token.
                return fold(" ".join([*tokens[:i], head]))
    return ""


def is_sports_topic(topic: str) -> bool:
    """Return whether a headline topic names a sport (``soccer``, ``rugby union``...)."""
    if topic in SPORTS_TOPICS:
        return True
    words = topic.split()
    return bool(words) and (words[0] in SPORTS_TOPICS or words[-1] in SPORTS_TOPICS)


def _has_phrase(words: Sequence[str], phrases: Iterable[tuple[str, ...]]) -> bool:
    for phrase in phrases:
        n = len(phrase)
        if any(tuple(words[i : i + n]) == phrase for i in range(len(words) - n + 1)):
            return True
    return False


def _is_team_name(words: Sequence[str]) -> bool:
    pairs = set(pairwise(words))
    if pairs & _TEAM_EXCEPT:
        return False
    return any(w in _TEAM_WORDS for w in words)


def guess_org(
    text: str, context: Context = Context(), *, known: Mapping[str, str] | None = None
) -> str:
    """Return the ORG sub-category the rules give ``text`` in ``context``.

    Args:
        text: The mention's tokens joined by spaces.
        context: The document topic and neighbouring tokens.
        known: Folded surface string -> sub-category, tried before everything else.

    >>> guess_org("Deutsche Bank")
    'Bank'
    >>> guess_org("Leeds", Context(sports=True))
    'Sports Team'
    >>> guess_org("Zorblax")
    'Others'
    """
    key = _fold_key(text)
    if known and key in known:
        return known[key]
    words = [w for w in key.split() if not _NON_WORD.match(w) or w == "&"]
    shipped = known_organisations().get(key)
    if shipped is not None and (
        not context.sports or shipped not in ("Corporation", "Bank", "Airline")
    ):
        return shipped
    sport_words = {w for w in words if w in _SPORT_WORDS}
    if sport_words and any(w in _SPORT_BODY_WORDS for w in words):
        return "Sports Union"
    if any(w in _UNION_WORDS for w in words):
        return "Sports Union"
    if context.press_digest and context.alone:
        return "Newspaper"
    if any(w in _AIRLINE_WORDS for w in words) or (
        len(words) > 1 and words[0] == "air" and words[1] not in ("force", "forces")
    ):
        return "Airline"
    if any(w in _BANK_WORDS for w in words) and not any(w in _BANK_EXCEPT for w in words):
        return "Bank"
    if any(w in _UNIVERSITY_WORDS for w in words) or _has_phrase(words, _UNIVERSITY_PHRASES):
        return "University"
    if any(w in _RESTAURANT_WORDS for w in words):
        return "Restaurant"
    if any(w in _PARTY_WORDS for w in words) or _has_phrase(words, _PARTY_PHRASES):
        return "Political Party"
    if "league" in words and context.sports:
        return "Sports Union"
    if any(w in _OTHERS_WORDS for w in words) and not (
        context.sports and any(w in ("club", "union", "board", "council") for w in words)
    ):
        return "Others"
    if shipped is not None:
        return shipped
    if context.sports or _is_team_name(words):
        return "Sports Team"
    if any(w in _CORPORATE_WORDS for w in words) or (words and words[0] == "pt"):
        return "Corporation"
    if any(w in _NEWS_WORDS and w not in _NEWS_CORP_EXCEPT for w in words) or (
        "news" in words and "agency" in words
    ):
        return "Newspaper"
    return ORG_DEFAULT


def guess_loc(
    text: str, context: Context = Context(), *, known: Mapping[str, str] | None = None
) -> str:
    """Return the LOC sub-type the rules give ``text`` in ``context``.

    Args:
        text: The mention's tokens joined by spaces.
        context: Neighbouring tokens (``village of X`` makes X a village).
        known: Folded surface string -> sub-type, tried before everything else.

    >>> guess_loc("France"), guess_loc("Bavaria"), guess_loc("Danube")
    ('country', 'province', 'feature')
    >>> guess_loc("Smallville")
    'city'
    """
    key = _fold_key(text)
    if known and key in known:
        return known[key]
    if _VILLAGE_WORDS.intersection(context.before[-2:]) or (
        context.after[:1] and context.after[0] in _VILLAGE_WORDS
    ):
        return "village"
    places = known_places()
    if key in places:
        return places[key]
    words = key.split()
    if words and words[-1] in _CITY_WORDS:
        return "city"
    if any(w in _FEATURE_WORDS for w in words):
        return "feature"
    if any(w in _PROVINCE_WORDS for w in words):
        return "province"
    if len(words) > 1 and words[0] in _DIRECTIONS:
        rest = places.get(" ".join(words[1:]))
        if words[-1] in _REGION_TAILS or rest == "region":
            return "region"
        if rest in ("country", "province"):
            return "province"
        if rest == "city":
            return "city"
    if words and words[-1] in _REGION_TAILS:
        return "region"
    return LOC_DEFAULT


def _context(sentence: Sentence, start: int, end: int, sports: bool, digest: bool) -> Context:
    tokens = sentence.tokens
    outside = tokens[:start] + tokens[end:]
    alone = all(_NON_WORD.match(t) for t in outside)
    return Context(
        sports=sports,
        press_digest=digest,
        alone=alone,
        before=tuple(fold(t) for t in tokens[max(0, start - 3) : start]),
        after=tuple(fold(t) for t in tokens[end : end + 3]),
    )


def _known_table(known: Mapping[str, Iterable[str]] | None) -> dict[str, dict[str, str]]:
    """Split ``known`` (label -> strings) into per-type tables of folded string -> label."""
    tables: dict[str, dict[str, str]] = {ORG: {}, LOC: {}}
    if not known:
        return tables
    for label, strings in known.items():
        types = [t for t in ANNOTATED_TYPES if label in allowed_labels(t)]
        if not types:
            allowed = ", ".join(allowed_labels(ORG) + allowed_labels(LOC))
            raise AnnotationError(f"known: unknown label {label!r}; expected one of {allowed}")
        if isinstance(strings, str):
            raise AnnotationError(
                f"known: the strings of {label!r} must be a list of names, not one string"
            )
        for text in strings:
            for entity_type in types:
                tables[entity_type].setdefault(_fold_key(text), label)
    return tables


def known_from_lexicons(lexicons: Iterable[Lexicon]) -> dict[str, list[str]]:
    """Collect the ORG and LOC entries of lexicons as ``known`` for :func:`annotate_corpus`.

    Args:
        lexicons: Loaded lexicons (:func:`switcher.lexicons.resolve_origins`).

    Returns:
        Label -> entries, e.g. ``{"Bank": [...], "city": [...]}``; a lexicon's ``loc`` lists
        give city/province/village and its ``org`` lists the ORG sub-categories.
    """
    known: dict[str, list[str]] = {}
    for lexicon in lexicons:
        for table in (lexicon.loc, lexicon.org):
            for label, entries in table.items():
                known.setdefault(label, []).extend(entries)
    return known


def annotate_corpus(
    corpus: Corpus, *, known: Mapping[str, Iterable[str]] | None = None
) -> Annotation:
    """Label every ORG and LOC mention of ``corpus`` by rules (nothing marked reviewed).

    Args:
        corpus: Any corpus; only its ORG and LOC spans are labelled.
        known: Label -> surface strings known to carry it (e.g. the ORG lists of lexicons:
            ``{"Bank": ["State Bank of India"], "city": ["Pune"]}``); these win over every
            rule. A string under two labels keeps the first.

    Returns:
        An :class:`Annotation` whose rows all have ``reviewed = False``; unknown ORG
        mentions are ``Others`` and unknown LOC mentions ``city``.

    Raises:
        AnnotationError: ``known`` uses a label that is not an ORG or LOC label.

    >>> from switcher.read.sources import load_corpus  # doctest: +SKIP
    >>> annotate_corpus(load_corpus("sample")).counts("ORG")  # doctest: +SKIP
    """
    tables = _known_table(known)
    labels: dict[tuple[int, int, int, int], str] = {}
    for d, document in enumerate(corpus.documents):
        topic = document_topic(document.sentences) if corpus.has_documents else ""
        sports = is_sports_topic(topic)
        digest = topic.startswith(_PRESS_DIGEST)
        for s, sentence in enumerate(document.sentences):
            for span in sentence.spans:
                if span.label not in ANNOTATED_TYPES:
                    continue
                context = _context(sentence, span.start, span.end, sports, digest)
                text = sentence.span_text(span)
                if span.label == ORG:
                    label = guess_org(text, context, known=tables[ORG])
                else:
                    label = guess_loc(text, context, known=tables[LOC])
                labels[(d, s, span.start, span.end)] = label
    return build_annotation(corpus, labels, reviewed=False, method=RULES_METHOD)
