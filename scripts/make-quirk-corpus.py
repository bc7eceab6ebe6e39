#!/usr/bin/env python3
"""Writes Tests/LocalFolderProviderTests/Corpus/quirks/: one small JPEG per quirk of real files
(old cameras' layouts, phones' GPS, damaged directories), each made on purpose, and exiftool's
reading of them (`exiftool -j -n`) in exiftool.json, which QuirkCorpusTests compares against;
Corpus/rights/: files stating their rights and licence as editors write them (RightsTests); and
Corpus/sidecars/: XMP sidecars as exiftool writes them (SidecarTests).
Usage: scripts/make-quirk-corpus.py [OUTPUT_FOLDER]. Needs python3 and exiftool. Output is committed.
"""
import json
import os
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources (tests write only in their own folders)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from exif_builder import (ASCII, BYTE, IFD, LONG, RATIONAL, SHORT, SRATIONAL, UNDEFINED,  # noqa: E402
                          Directory, Entry, degrees, gps, jpeg, tiff, xmp_packet)

DATE = "2019:06:01 08:30:15"


def camera(make="Canon", model="Canon EOS 5D", orientation=1, date=DATE, exif_extra=(), gps_ifd=None,
           ifd0_extra=(), pointer_type=LONG, next_ifd=None):
    exif = Directory([Entry(0x9000, UNDEFINED, b"0230"), Entry(0x9003, ASCII, date)] + list(exif_extra))
    entries = [Entry(0x010F, ASCII, make), Entry(0x0110, ASCII, model), Entry(0x0112, SHORT, [orientation])]
    entries += list(ifd0_extra)
    entries.append(Entry(0x8769, pointer_type, exif))
    if gps_ifd is not None:
        entries.append(Entry(0x8825, pointer_type, gps_ifd))
    return Directory(entries, next_ifd=next_ifd)


def quirks():
    """name → (file bytes, what it shows)."""
    q = {}
    # One entry's value lies past the end of the segment: exiftool skips that tag only.
    bad = camera(ifd0_extra=[Entry(0x010E, ASCII, "x" * 20, offset=0x7FFF0)])
    q["bad-entry-offset"] = jpeg(tiff(bad))
    # The EXIF directory points back at IFD0: the loop ends that chain, IFD0 is kept.
    looped = camera()
    looped.entries[-1].value.entries.append(Entry(0x8769, LONG, looped))
    q["exif-ifd-loop"] = jpeg(tiff(looped))
    # IFD0's next-IFD pointer (IFD1, the thumbnail's) points at garbage past the segment.
    q["bad-ifd1"] = jpeg(tiff(camera(next_ifd=0x00FFFFF0)))
    # IFD1 points back at IFD0.
    self_loop = camera()
    self_loop.next_ifd = self_loop
    q["ifd1-loop"] = jpeg(tiff(self_loop))
    # The GPS directory lies past the end of the segment: GPS is lost, the rest kept.
    far = camera()
    far.entries.append(Entry(0x8825, LONG, [0x00100000]))
    q["gps-past-segment"] = jpeg(tiff(far))
    # The EXIF directory claims more entries than the segment holds.
    short = camera(exif_extra=[Entry(0xA002, LONG, [64]), Entry(0xA003, LONG, [48])])
    data = bytearray(tiff(short))
    q["exif-ifd-truncated"] = jpeg(bytes(data[:-14]))
    # Motorola byte order, as Nikon, Olympus, Pentax and older Canon compacts write it.
    q["big-endian"] = jpeg(tiff(camera(make="NIKON CORPORATION", model="NIKON D70", orientation=8,
                                       gps_ifd=gps(48.8584, 2.2945)), big_endian=True))
    # Sub-IFD pointers of type IFD (13), as some phones write them.
    q["ifd-type-pointers"] = jpeg(tiff(camera(make="samsung", model="SM-G991B", gps_ifd=gps(-33.8568, 151.2153),
                                              pointer_type=IFD)))
    # GPS coordinates as signed rationals.
    q["gps-srational"] = jpeg(tiff(camera(make="HUAWEI", model="ELE-L29", gps_ifd=gps(35.6586, 139.7454,
                                                                                     value_type=SRATIONAL))))
    # Phone GPS as degrees and decimal minutes: two rationals, no seconds.
    phone_gps = Directory([Entry(1, ASCII, "N"), Entry(2, RATIONAL, [(40, 1), (4473, 100)]),
                           Entry(3, ASCII, "W"), Entry(4, RATIONAL, [(73, 1), (5916, 100)])])
    q["gps-degrees-minutes"] = jpeg(tiff(camera(make="Apple", model="iPhone 6", gps_ifd=phone_gps)))
    # GPS references missing: exiftool keeps the coordinates positive.
    no_ref = Directory([Entry(2, RATIONAL, degrees(51.5007)), Entry(4, RATIONAL, degrees(0.1246))])
    q["gps-no-ref"] = jpeg(tiff(camera(make="Google", model="Pixel 7", gps_ifd=no_ref)))
    # Old cameras: the date in IFD0 (DateTimeOriginal where it does not belong).
    old = Directory([Entry(0x010F, ASCII, "OLYMPUS OPTICAL CO.,LTD"), Entry(0x0110, ASCII, "C2500L"),
                     Entry(0x9003, ASCII, "2001:02:03 04:05:06")])
    q["date-in-ifd0"] = jpeg(tiff(old))
    # Make and model in the EXIF directory, not IFD0.
    inner = Directory([Entry(0x8769, LONG, Directory([Entry(0x010F, ASCII, "KONICA MINOLTA"),
                                                      Entry(0x0110, ASCII, "DiMAGE Z3"),
                                                      Entry(0x9003, ASCII, "2005:05:05 05:05:05")]))])
    q["make-in-exif-ifd"] = jpeg(tiff(inner))
    # Kodak: "Exif\0" with no second NUL.
    q["kodak-exif-header"] = jpeg(tiff(camera(make="EASTMAN KODAK COMPANY", model="KODAK DX4530 ZOOM DIGITAL CAMERA")),
                                  exif_header=b"Exif\0\xff")
    # Garbage before the EXIF identifier (a second APP1 header).
    q["exif-header-garbage"] = jpeg(tiff(camera(make="SONY", model="DSC-P10")), exif_header=b"\xff\xe1\0\0Exif\0\0")
    # Make written as UNDEFINED bytes without a NUL, model padded with spaces.
    q["make-undefined"] = jpeg(tiff(Directory([Entry(0x010F, UNDEFINED, b"FUJIFILM"),
                                               Entry(0x0110, ASCII, "FinePix S5000   "),
                                               Entry(0x8769, LONG, Directory([Entry(0x9003, ASCII, DATE)]))])))
    # Orientation as a LONG.
    q["orientation-long"] = jpeg(tiff(Directory([Entry(0x010F, ASCII, "Panasonic"), Entry(0x0110, ASCII, "DMC-FZ20"),
                                                  Entry(0x0112, LONG, [6])])))
    # Orientations 5 (transpose) and 7 (transverse): turned a quarter and mirrored, so the
    # displayed size swaps as for 6 and 8; wider than tall, so a mistake shows.
    q["orientation-5"] = jpeg(tiff(camera(make="Apple", model="iPhone 12", orientation=5)), width=80, height=48)
    q["orientation-7"] = jpeg(tiff(camera(make="OLYMPUS IMAGING CORP.", model="E-M5", orientation=7)),
                              width=80, height=48)
    # A MakerNote whose own IFD points everywhere (and back at IFD0): never followed.
    maker = b"Nikon\0\x02\x10\0\0MM\0*\0\0\0\x08" + b"\xff" * 40
    q["makernote-oddity"] = jpeg(tiff(camera(make="NIKON CORPORATION", model="NIKON D3",
                                             exif_extra=[Entry(0x927C, UNDEFINED, maker)])))
    # A tag written twice in one directory.
    q["duplicate-tag"] = jpeg(tiff(Directory([Entry(0x010F, ASCII, "Canon"), Entry(0x010F, ASCII, "Other"),
                                               Entry(0x0110, ASCII, "Canon PowerShot A80")])))
    # A date only in XMP (scanned and edited files), with orientation, camera and GPS there too.
    q["xmp-only"] = jpeg(xmp=xmp_packet({"exif:DateTimeOriginal": "2017-08-09T10:11:12", "tiff:Orientation": "6",
                                         "tiff:Make": "Leica Camera AG", "tiff:Model": "LEICA Q (Typ 116)",
                                         "exif:GPSLatitude": "47,22.5N", "exif:GPSLongitude": "8,32.25E"}))
    # An unknown entry type and a zero count among good entries.
    odd = camera(ifd0_extra=[Entry(0x010E, 99, b"abcd", count=4), Entry(0x013B, ASCII, b"", count=0)])
    q["unknown-entry-type"] = jpeg(tiff(odd))
    # Stray bytes between two segments: skipped up to the next marker.
    q["bytes-between-segments"] = jpeg(tiff(camera(make="Canon", model="Canon EOS 350D DIGITAL")), after=b"\0\0junk")
    # The first entry of no known type: exiftool takes the whole directory for garbage.
    q["bad-first-entry"] = jpeg(tiff(Directory([Entry(0x00FE, 99, b"\0\0\0\0", count=4)] + camera().entries)))
    # Cut short inside the XMP segment after a whole EXIF block (an interrupted copy): exiftool
    # warns "JPEG format error" and keeps camera and date.
    whole = jpeg(tiff(camera(make="FUJIFILM", model="X-T4")), xmp=xmp_packet({"dc:title": "Cut"}))
    q["cut-after-exif"] = whole[:whole.index(b"\xff\xc0") + 8]
    # The 0xFF of a segment's marker became 0x00: that segment is lost, the frame after it found.
    jfif = b"\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"
    damaged = bytearray(jpeg(tiff(camera()), before=jfif))
    damaged[2 + len(jfif)] = 0
    q["damaged-marker"] = bytes(damaged)
    return q


RIGHTS = {
    # name → exiftool arguments: how editors and cameras state a licence.
    "cc-license-url": ["-XMP-cc:License=https://creativecommons.org/licenses/by/2.0/", "-XMP-dc:Creator=Ana Lopez",
                       "-XMP-dc:Title=Harbour"],
    "usage-terms-name": ["-XMP-xmpRights:UsageTerms=This work is licensed under CC BY-SA 4.0.",
                         "-XMP-dc:Rights=© 2024 Ana Lopez"],
    "rights-cc0": ["-XMP-dc:Rights=CC0"],
    "web-statement": ["-XMP-xmpRights:WebStatement=https://creativecommons.org/publicdomain/zero/1.0/",
                      "-XMP-xmpRights:Marked=False"],
    "iptc-copyright": ["-IPTC:CopyrightNotice=© 2020 Jo Bloggs. All rights reserved."],
    "exif-copyright": ["-EXIF:Copyright=Jo Bloggs"],
    "marked-only": ["-XMP-xmpRights:Marked=True"],
}


def rights_files(out):
    """Files stating their rights as editors write them, by exiftool itself, on Corpus/plain.jpg."""
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(os.path.dirname(out), "plain.jpg"), "rb") as f:
        plain = f.read()
    for name, arguments in RIGHTS.items():
        path = os.path.join(out, name + ".jpg")
        with open(path, "wb") as f:
            f.write(plain)
        subprocess.run(["exiftool", "-q", "-overwrite_original", "-codedcharacterset=utf8", *arguments, path],
                       check=True)
    print(f"made {len(RIGHTS)} files in {out}")


SIDECARS = {
    # name → exiftool arguments, written with `exiftool -o NAME.xmp` as digiKam and darktable read them.
    "tag-only": ["-XMP-dc:Subject=lighthouse-keeper", "-XMP-dc:Subject+=Sidecar only", "-XMP-dc:Title=Keeper's house"],
    "licensed": ["-XMP-cc:License=https://creativecommons.org/licenses/by/4.0/", "-XMP-dc:Creator=Sam Reyes",
                 "-XMP-dc:Title=Pier at noon", "-XMP-xmpRights:UsageTerms=CC BY 4.0"],
    "edited": ["-XMP-dc:Subject=seagull-colony", "-XMP-dc:Title=Edited title",
               "-XMP-exif:DateTimeOriginal=2011:07:08 09:10:11"],
}


def sidecar_files(out):
    """XMP sidecars written by exiftool (SidecarTests)."""
    os.makedirs(out, exist_ok=True)
    for name, arguments in SIDECARS.items():
        path = os.path.join(out, name + ".xmp")
        if os.path.exists(path):
            os.remove(path)
        subprocess.run(["exiftool", "-q", "-o", path, *arguments], check=True)
    print(f"made {len(SIDECARS)} sidecars in {out}")


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "Tests/LocalFolderProviderTests/Corpus/quirks")
    os.makedirs(out, exist_ok=True)
    names = []
    for name, data in quirks().items():
        names.append(name + ".jpg")
        with open(os.path.join(out, name + ".jpg"), "wb") as f:
            f.write(data)
    result = subprocess.run(["exiftool", "-j", "-n", "-q", "-q", *sorted(names)], cwd=out, capture_output=True,
                            text=True)
    kept = ("SourceFile", "Make", "Model", "DateTimeOriginal", "OffsetTimeOriginal", "Orientation", "GPSLatitude",
            "GPSLongitude", "ImageWidth", "ImageHeight", "Warning")
    parsed = [{key: entry[key] for key in kept if key in entry} for entry in json.loads(result.stdout)]
    with open(os.path.join(out, "exiftool.json"), "w") as f:
        json.dump(parsed, f, indent=1, ensure_ascii=False, sort_keys=True)
        f.write("\n")
    print(f"made {len(names)} files in {out}")
    rights_files(os.path.join(os.path.dirname(out), "rights"))
    sidecar_files(os.path.join(os.path.dirname(out), "sidecars"))


if __name__ == "__main__":
    main()
