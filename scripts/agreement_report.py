"""Field-by-field agreement of `viewfinder inspect --format json` with `exiftool -n -j`.

Usage: agreement_report.py VIEWFINDER_JSON EXIFTOOL_JSON [EXIFTOOL_MWG_JSON]. A field agrees when
both give the same value or both give none. Dates are compared as instants where an offset is
known, else as the local time, to the second; GPS to 1e-6 degrees; size as displayed (exiftool's
width and height swapped for orientations 5-8). EXIFTOOL_MWG_JSON (`exiftool -j -n -use MWG -G1
-MWG:all`) adds exiftool's MWG reading: the date taken where exiftool's own DateTimeOriginal is
none (XMP photoshop:DateCreated alone), and the place (XMP over IPTC, field by field), compared
without the padding around each name.
"""
import json
import sys
from datetime import datetime, timezone


def exiftool_date(entry):
    texts = [entry.get("DateTimeOriginal"), entry.get("MWG:DateTimeOriginal")]
    text = next((t for t in texts if isinstance(t, str) and len(t) >= 19), None)
    if text is None:
        return None
    offset = text[19:].lstrip(".0123456789") or entry.get("OffsetTimeOriginal") or ""
    try:
        local = datetime.strptime(text[:19], "%Y:%m:%d %H:%M:%S")
    except ValueError:
        return None
    return normalise(local, offset)


def normalise(local, offset):
    if offset in ("Z", "+00:00", "-00:00"):
        return local.replace(tzinfo=timezone.utc).isoformat()
    if len(offset) == 6 and offset[0] in "+-":
        parsed = datetime.fromisoformat(local.isoformat() + offset)
        return parsed.astimezone(timezone.utc).isoformat()
    return local.replace(tzinfo=timezone.utc).isoformat()  # no offset: compare the local time


def viewfinder_date(text):
    if not text:
        return None
    text = text.replace("Z", "+00:00")
    parsed = datetime.fromisoformat(text)
    offset = parsed.strftime("%z")
    local = parsed.replace(tzinfo=None)
    return normalise(local, offset[:3] + ":" + offset[3:] if offset else "")


def number(value):
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def expected(entry):
    orientation = number(entry.get("Orientation"))
    width, height = number(entry.get("ImageWidth")), number(entry.get("ImageHeight"))
    # HEIF's sizes are already turned by its `irot` property; EXIF orientation is not applied there.
    if orientation in (5, 6, 7, 8) and entry.get("FileType") not in ("HEIC", "HEIF", "AVIF"):
        width, height = height, width
    lat, lon = number(entry.get("GPSLatitude")), number(entry.get("GPSLongitude"))
    make, model = entry.get("Make"), entry.get("Model")

    def text(key):
        value = entry.get(key)
        return str(value).strip() or None if value is not None else None
    return {
        "make": str(make) if make is not None else None, "model": str(model) if model is not None else None,
        "date taken": exiftool_date(entry),
        "orientation": orientation if orientation in range(1, 9) else None,
        "GPS": (lat, lon) if lat is not None and lon is not None else None,
        "size as displayed": (width, height) if width and height else None,
        "place name": text("MWG:Location"), "city": text("MWG:City"), "region": text("MWG:State"),
        "country": text("MWG:Country"), "country code": text("CountryCode") or text("Country-PrimaryLocationCode"),
    }


PLACE = {"place name": "name", "city": "city", "region": "region", "country": "country", "country code": "country_code"}


def actual(entry):
    if entry is None or entry.get("error"):
        return dict.fromkeys(FIELDS)
    lat, lon = entry.get("latitude"), entry.get("longitude")
    width, height = entry.get("width"), entry.get("height")
    return {
        "make": entry.get("camera_make"), "model": entry.get("camera_model"),
        "date taken": viewfinder_date(entry.get("taken_at")), "orientation": entry.get("orientation"),
        "GPS": (lat, lon) if lat is not None and lon is not None else None,
        "size as displayed": (width, height) if width and height else None,
        # Names computed from the position are Viewfinder's own, not the file's: only the file's are compared.
        **{field: (entry.get("place") or {}).get(key) if entry.get("place_from") != "position" else None
           for field, key in PLACE.items()},
    }


FIELDS = ["make", "model", "date taken", "orientation", "GPS", "size as displayed", *PLACE]


def same(field, want, got):
    if field == "GPS" and want is not None and got is not None:
        return all(abs(a - b) < 1e-6 for a, b in zip(want, got))  # exiftool prints rounded decimals
    return want == got


def main():
    with open(sys.argv[1]) as f:
        ours = {entry["path"]: entry for entry in json.load(f)}
    with open(sys.argv[2]) as f:
        theirs = json.load(f)
    if len(sys.argv) > 3:
        with open(sys.argv[3]) as f:
            mwg = {e["SourceFile"]: e for e in json.load(f)}
        theirs = [dict(e, **{k: v for k, v in mwg.get(e["SourceFile"], {}).items() if k.startswith("MWG:")})
                  for e in theirs]
    fields = list(FIELDS)
    if not any("place" in entry for entry in ours.values()):
        print("(inspect's JSON has no \"place\": the place fields are not compared)")
        fields = [f for f in fields if f not in PLACE]
    agreed = dict.fromkeys(fields, 0)
    misses = []
    for entry in theirs:
        want, got = expected(entry), actual(ours.get(entry["SourceFile"]))
        for field in fields:
            if same(field, want[field], got[field]):
                agreed[field] += 1
            else:
                misses.append(f"  {entry['SourceFile']}: {field}: exiftool {want[field]!r}, viewfinder {got[field]!r}")
    total = len(theirs)
    print(f"{total} files compared with exiftool -n")
    for field in fields:
        print(f"  {field:18} {agreed[field]:5}/{total}  {100 * agreed[field] / max(total, 1):6.2f}%")
    if misses:
        print("disagreements:")
        print("\n".join(misses))


if __name__ == "__main__":
    main()
