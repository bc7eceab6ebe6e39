#!/usr/bin/env python3
"""Writes a phone's camera roll: COUNT JPEGs named IMG_nnnn.jpg that carry nothing but what a
phone records, EXIF DateTimeOriginal, OffsetTimeOriginal and a GPS position (every tenth photo
has no position, as indoor shots often do). No title, no keywords, no place fields.

Used by the place-name and time-word tests (a few dozen photos) and Benchmarks/places.sh
(10,000). The first photos are the fixed cases the tests name; the rest cycle through the same
places with dates spread over 2016-2023. Prints nothing; writes OUT/manifest.json (file name →
latitude, longitude or null, taken) for the tests.

Usage: scripts/make-camera-roll.py OUT COUNT [--no-gps]
"""
import json
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources (tests write only in their own folders)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from exif_builder import ASCII, IFD, Directory, Entry, gps, jpeg, tiff  # noqa: E402

# (latitude, longitude, local time, offset): the fixed cases first.
FIXED = [
    (38.7101, -9.1366, "2019:06:12 18:04:31", "+01:00"),   # Lisbon, Baixa
    (38.6790, -9.1569, "2019:06:13 10:15:00", "+01:00"),   # Almada, across the Tagus: city Lisbon
    (48.1374, 11.5755, "2018:09:22 14:00:00", "+02:00"),   # Munich, Marienplatz
    (48.1497, 11.4610, "2018:09:23 09:30:00", "+02:00"),   # Pasing, in Munich's west
    (2.4448, -76.6147, "2021:03:02 11:00:00", "-05:00"),   # Popayán, Cauca Department
    (40.7580, -73.9855, "2019:12:31 23:30:00", "-05:00"),  # New York, Times Square: still 2019
    (35.6595, 139.7005, "2020:01:01 00:10:00", "+09:00"),  # Tokyo, Shibuya
    (51.5007, -0.1246, "2017:07:04 16:20:00", "+01:00"),   # London, Westminster
    (0.0, 0.0, "2022:05:05 12:00:00", "+00:00"),           # (0,0), in the Gulf of Guinea
    (-48.8767, -123.3933, "2022:05:06 12:00:00", "-08:00"),  # Point Nemo, the open Pacific
]


def photo(lat, lon, taken, offset, with_gps=True):
    exif = Directory([
        Entry(0x9003, ASCII, taken),
        Entry(0x9011, ASCII, offset),
    ])
    entries = [Entry(0x8769, IFD, exif)]
    if with_gps and lat is not None:
        entries.append(Entry(0x8825, IFD, gps(lat, lon)))
    return jpeg(exif=tiff(Directory(entries)), width=64, height=48)


def main():
    out, count = sys.argv[1], int(sys.argv[2])
    with_gps = "--no-gps" not in sys.argv[3:]
    os.makedirs(out, exist_ok=True)
    manifest = {}
    for i in range(count):
        lat, lon, taken, offset = FIXED[i % len(FIXED)]
        if i >= len(FIXED):  # later photos: the same places, other years and months
            year = 2016 + i % 8
            month = 1 + (i // 8) % 12
            day = min(int(taken[8:10]), 28)
            taken = f"{year}:{month:02d}:{day:02d}{taken[10:]}"
        if i >= len(FIXED) and i % 10 == 9:
            lat = lon = None
        name = f"IMG_{i + 1:04d}.jpg" if count < 10_000 else f"IMG_{i + 1:05d}.jpg"
        folder = out if count < 1000 else os.path.join(out, f"{100 + i // 1000}APPLE")
        os.makedirs(folder, exist_ok=True)
        with open(os.path.join(folder, name), "wb") as file:
            file.write(photo(lat, lon, taken, offset, with_gps))
        manifest[name] = {"latitude": lat if with_gps else None, "longitude": lon if with_gps else None,
                          "taken": taken.replace(":", "-", 2).replace(" ", "T") + offset}
    with open(os.path.join(out, "manifest.json"), "w") as file:
        json.dump(manifest, file, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
