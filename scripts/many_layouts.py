"""Many makers' EXIF layouts, and damaged copies of them, for exiftool-agreement.sh.

Each camera or phone is written the way that maker's files are laid out (byte order, where the
date and GPS sit, pointer types, MakerNote blobs, thumbnail directories); then each layout is
damaged in the ways real files are (a bad entry, a loop, a cut directory, a stray IFD1).
"""
import os
import random

from exif_builder import (ASCII, IFD, LONG, RATIONAL, SHORT, SRATIONAL, UNDEFINED, Directory, Entry, gps, jpeg,
                          tiff, xmp_packet)

MAKERS = [
    ("Canon", "Canon EOS R5", False), ("NIKON CORPORATION", "NIKON Z 6_2", True), ("SONY", "ILCE-7M3", False),
    ("FUJIFILM", "X-T4", False), ("OLYMPUS IMAGING CORP.", "E-M10", True), ("Panasonic", "DC-GH5", False),
    ("PENTAX", "PENTAX K-1", True), ("Apple", "iPhone 13 Pro", True), ("samsung", "SM-S918B", False),
    ("Google", "Pixel 8", False), ("HUAWEI", "VOG-L29", False), ("Xiaomi", "M2101K6G", False),
    ("LEICA CAMERA AG", "LEICA M11", False), ("Hasselblad", "X2D 100C", True), ("EASTMAN KODAK COMPANY",
                                                                               "KODAK EASYSHARE C195", False),
    ("Minolta Co., Ltd.", "DiMAGE 7", True), ("CASIO COMPUTER CO.,LTD.", "EX-Z750", False),
    ("SIGMA", "sd Quattro H", False), ("OnePlus", "LE2123", False), ("DJI", "FC3582", False),
]
DAMAGES = ["none", "bad-entry", "loop", "bad-ifd1", "cut-gps", "duplicate", "unknown-type", "gps-past-end",
           "stray-bytes"]


def layout(rng, make, model, big_endian, damage):
    orientation = rng.choice([1, 1, 1, 3, 6, 8])
    date = f"20{rng.randint(0, 24):02d}:{rng.randint(1, 12):02d}:{rng.randint(1, 28):02d} " \
           f"{rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}:{rng.randint(0, 59):02d}"
    exif_entries = [Entry(0x9000, UNDEFINED, b"0232"), Entry(0x9003, ASCII, date)]
    if rng.random() < 0.5:
        exif_entries.append(Entry(0x9011, ASCII, rng.choice(["+02:00", "-05:00", "+09:00", "+00:00"])))
    exif_entries.append(Entry(0x927C, UNDEFINED, bytes(rng.getrandbits(8) for _ in range(rng.randint(8, 200)))))
    exif = Directory(exif_entries)
    pointer = IFD if make in ("samsung", "Xiaomi") else LONG
    entries = [Entry(0x010F, ASCII, make), Entry(0x0110, ASCII, model), Entry(0x0112, SHORT, [orientation])]
    entries.append(Entry(0x8769, pointer, exif))
    has_gps = rng.random() < 0.6
    if has_gps:
        lat, lon = rng.uniform(-80, 80), rng.uniform(-179, 179)
        entries.append(Entry(0x8825, pointer, gps(lat, lon, value_type=SRATIONAL if make == "HUAWEI" else RATIONAL)))
    thumbnail = Directory([Entry(0x0103, SHORT, [6]), Entry(0x0201, LONG, [0]), Entry(0x0202, LONG, [0])])
    root = Directory(entries, next_ifd=thumbnail)
    if damage == "bad-entry":
        entries.insert(0, Entry(0x010E, ASCII, "x" * 30, offset=0x7FFFFF))
    elif damage == "loop":
        exif.entries.append(Entry(0x8769, LONG, root))
    elif damage == "bad-ifd1":
        root.next_ifd = 0x7FFFFFF0
    elif damage == "duplicate":
        entries.insert(2, Entry(0x0110, ASCII, model + " II"))
    elif damage == "unknown-type":
        entries.insert(0, Entry(0x010E, 77, b"abcd", count=4))
    elif damage == "gps-past-end" and has_gps:
        entries[-1] = Entry(0x8825, LONG, [0x00FFFFF0])
    data = tiff(root, big_endian=big_endian)
    if damage == "cut-gps":
        data = data[: len(data) - 10]
    header = b"Exif\0\xff" if make == "EASTMAN KODAK COMPANY" else b"Exif\0\0"
    xmp = None
    if rng.random() < 0.2:
        xmp = xmp_packet({"xmp:Rating": "3", "tiff:Make": "XMP " + make})
    width, height = rng.choice([(6000, 4000), (4032, 3024), (640, 480), (8192, 5464)])
    after = b"\0\0stray" if damage == "stray-bytes" else b""
    return jpeg(data, width=width, height=height, xmp=xmp, exif_header=header, after=after)


def xmp_only(rng, index):
    fields = {"exif:DateTimeOriginal": f"2015-0{index % 9 + 1}-1{index % 9}T12:3{index % 10}:00+01:00",
              "tiff:Orientation": str(rng.choice([1, 6])), "tiff:Make": "Epson", "tiff:Model": "Perfection V600",
              "exif:GPSLatitude": f"{rng.randint(0, 80)},{rng.randint(0, 59)}.{rng.randint(0, 9999):04d}N",
              "exif:GPSLongitude": f"{rng.randint(0, 179)},{rng.randint(0, 59)}.{rng.randint(0, 9999):04d}W"}
    return jpeg(xmp=xmp_packet(fields), width=1200, height=900)


def write(out):
    """Writes the files into `out`; returns how many."""
    rng = random.Random(13)
    os.makedirs(out, exist_ok=True)
    count = 0
    for make, model, big_endian in MAKERS:
        for damage in DAMAGES:
            name = f"{make.split()[0].lower()}-{damage}.jpg".replace(",", "")
            with open(os.path.join(out, name), "wb") as f:
                f.write(layout(rng, make, model, big_endian, damage))
            count += 1
    for index in range(10):
        with open(os.path.join(out, f"scan-xmp-{index}.jpg"), "wb") as f:
            f.write(xmp_only(rng, index))
        count += 1
    return count


if __name__ == "__main__":
    import sys
    print(write(sys.argv[1]), "files")
