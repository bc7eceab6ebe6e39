#!/usr/bin/env python3
"""Writes Tests/LocalFolderProviderTests/Corpus/dates/: small files for the dates and places
Viewfinder reads beyond EXIF, each modelled on its format's documented structure (exiftool's tag
tables: IPTC, XMP-photoshop, Iptc4xmpCore, CanonRaw, Casio QVCI, FLIR FFF, Reconyx, APP12), and exiftool's
reading of them in exiftool.json (`exiftool -j -n`, and beside it, under "MWG:" keys, its reading
by the Metadata Working Group's rules, `-use MWG`: the place, and the date taken that XMP
photoshop:DateCreated alone gives), which DateAndPlaceCorpusTests compares against.

  place-*     IPTC and XMP location fields (IPTC alone, XMP alone, both, field by field)
  iptcdate-*  the date taken from IPTC DateCreated + TimeCreated and XMP photoshop:DateCreated
  old-*       older and special cameras' own records: Canon CIFF (a CRW file and a JPEG's APP0),
              Casio QV's APP1 QVCI, a FLIR thermal camera's APP1 FFF record, Reconyx trail
              cameras' maker notes (Hyperfire, UltraFire, HF2), Olympus's APP12 Picture Info

IPTC and XMP are written by exiftool, as in make-test-corpus.sh; the camera records are built
here, byte by byte, from the documented layouts. No camera's own file is copied.
Usage: scripts/make-date-corpus.py [OUTPUT_FOLDER]. Needs python3 and exiftool. Output is committed.
"""
import calendar
import json
import os
import struct
import subprocess
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources (tests write only in their own folders)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from exif_builder import ASCII, LONG, SHORT, UNDEFINED, Directory, Entry, segment, tiff  # noqa: E402


def baseline(width=64, height=48, app=b""):
    """A JPEG exiftool can write to: SOI, `app` segments, a frame, a scan and EOI."""
    frame = segment(0xC0, bytes([8]) + struct.pack(">HH", height, width) + bytes([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]))
    scan = segment(0xDA, bytes([3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3F, 0])) + b"\x00"
    return b"\xff\xd8" + app + frame + scan + b"\xff\xd9"


def exif_app1(make, model, date=None, maker_note=None):
    entries = [Entry(0x010F, ASCII, make), Entry(0x0110, ASCII, model)]
    exif = [Entry(0x9000, UNDEFINED, b"0230")]
    if date:
        exif.append(Entry(0x9003, ASCII, date))
    if maker_note is not None:
        exif.append(Entry(0x927C, UNDEFINED, maker_note))
    if date or maker_note is not None:
        entries.append(Entry(0x8769, LONG, Directory(exif)))
    return segment(0xE1, b"Exif\0\0" + tiff(Directory(entries)))


def unix(text):
    """'YYYY:MM:DD HH:MM:SS' as seconds since 1970, read as UTC (as CIFF and FLIR clocks count)."""
    return calendar.timegm(tuple(int(x) for x in text.replace(" ", ":").split(":")) + (0, 0, 0))


# Canon CIFF (exiftool CanonRaw; the CIFF 1.0r4 specification): a heap is its values, then a
# directory (count, then tag/size/offset entries of 10 bytes), then the directory's offset in the
# heap's last 4 bytes. Tag bits 11-13 are the type: 0x28 and 0x30 are heaps; bit 14 a value of
# up to 8 bytes kept in the entry itself.
def ciff_heap(entries):
    """`entries`: (tag, bytes or a list of entries for a sub-heap). Little-endian."""
    values = bytearray()
    directory = []
    for tag, value in entries:
        if tag & 0x4000:
            directory.append(struct.pack("<H", tag) + value.ljust(8, b"\0"))
            continue
        data = ciff_heap(value) if isinstance(value, list) else value
        directory.append(struct.pack("<HII", tag, len(data), len(values)))
        values += data
        if len(values) % 2:
            values.append(0)
    start = len(values)
    return bytes(values) + struct.pack("<H", len(directory)) + b"".join(directory) + struct.pack("<I", start)


def ciff(kind, make, model, date, width, height, preview=None, model_id=None):
    time_stamp = struct.pack("<IiI", unix(date), 3600, 0x80000000)  # DateTimeOriginal, TimeZoneCode, valid
    image_info = struct.pack("<IIfiIII", width, height, 1.0, 0, 12, 12, 1)  # rotation 0, bit depths, colour
    props = [
        (0x500A, struct.pack("<H", 0)),  # TargetImageType, in the directory
        (0x180E, time_stamp),
        (0x1810, image_info),
        (0x2804, [(0x0805, b"EOS DIGITAL CRW\0".ljust(32, b"\0"))]),  # ImageDescription: CanonFileDescription
        (0x2807, [(0x080A, make.encode() + b"\0" + model.encode() + b"\0"), (0x0810, b"\0" * 32)]),  # CameraObject
    ]
    if model_id is not None:  # CameraSpecification: CanonModelID, kept in its entry
        props.append((0x3004, [(0x5834, struct.pack("<I", model_id))]))
    root = ([(0x2007, preview)] if preview else []) + [(0x300A, props)]
    header = b"II" + struct.pack("<I", 26) + b"HEAP" + kind + struct.pack("<I", 0x00010002) + b"\0" * 8
    return header + ciff_heap(root)


def qvci(date):
    """Casio QV-7000SX's APP1 QVCI block (exiftool Casio::QVCI): quality at 0x2C, date at 0x4D."""
    body = bytearray(b"QVCI\0".ljust(0x90, b"\0"))
    body[0x2C] = 3
    body[0x4D:0x4D + 19] = date.encode()
    body[0x62:0x62 + 7] = b"QV7000\0"
    return segment(0xE1, bytes(body))


def flir_record(utc, west_minutes, millis):
    """A FLIR FFF record (exiftool FLIR::FFF, big-endian as in JPEGs): 64-byte header, a 32-byte
    directory entry per record, a CameraInfo record (type 0x20) with the date at 0x384."""
    info = bytearray(0x3A0)
    struct.pack_into(">H", info, 0, 2)  # byte-order mark: 2 in the record's own order
    struct.pack_into(">HH", info, 2, 64, 48)
    struct.pack_into(">f", info, 0x20, 0.95)  # emissivity
    info[0xD4:0xD4 + 9] = b"FLIR E60\0"
    struct.pack_into(">IIh", info, 0x384, utc, millis, west_minutes)
    directory_at = 0x40
    info_at = directory_at + 2 * 0x20
    header = bytearray(0x40)
    header[0:4] = b"FFF\0"
    header[4:12] = b"CAMCTRL\0"
    struct.pack_into(">IIII", header, 0x14, 100, directory_at, 2, 2)
    entries = struct.pack(">HHIIIIIII", 0x20, 1, 0x64, 1, info_at, len(info), 0, 0, 0)
    entries += struct.pack(">HHIIIIIII", 0, 0, 0, 0, 0, 0, 0, 0, 0)  # an empty record, as cameras leave
    return bytes(header) + entries + bytes(info)


def flir_segments(record, chunks=2):
    """The record split over APP1 `FLIR` segments: 'FLIR\\0', 1, chunk number, last chunk number."""
    size = -(-len(record) // chunks)
    return b"".join(segment(0xE1, b"FLIR\0\x01" + bytes([i, chunks - 1]) + record[i * size:(i + 1) * size])
                    for i in range(chunks))


def reconyx_hyperfire(second, minute, hour, month, day, year):
    """Reconyx Hyperfire maker note (exiftool Reconyx::Main, 16-bit little-endian values):
    version 0xF101, firmware 3.0.0, firmware date, trigger, sequence, event, then the date at 0x0B."""
    values = [0xF101, 3, 0, 0, 0x2010, 0x0415] + [ord("M")] + [1, 3, 0, 42]
    values += [second, minute, hour, month, day, year, 0, 2, 52, 11]
    note = struct.pack("<%dH" % len(values), *values) + "H500HE0123456".encode("utf-16-le").ljust(30, b"\0")
    return note + struct.pack("<7H", 50, 40, 50, 50, 1, 0, 1290) + b"TRAIL 4".ljust(22, b"\0")


def reconyx_ultrafire(second, minute, hour, day, month, year):
    """Reconyx UltraFire maker note (exiftool Reconyx::Type2, bytes): `RECONYXUF\0`, IDs and
    versions, the trigger at 0x34, the sequence at 0x35, the date at 0x3B (year in two bytes)."""
    note = bytearray(b"RECONYXUF\0".ljust(0x6F, b"\0"))
    struct.pack_into("<IH", note, 0x0A, 0x00020000, 0x6F)
    note[0x34:0x37] = b"M\x01\x03"
    note[0x3B:0x42] = bytes([second, minute, hour, day, month, year & 0xFF, year >> 8])
    note[0x4B:0x4B + 14] = b"UF01234567ABCD"
    note[0x5A:0x5A + 6] = b"RIDGE\0"
    return bytes(note)


def reconyx_hf2(second, minute, hour, day, month, year):
    """Reconyx HF2 PRO maker note (exiftool Reconyx::Type3, 16-bit little-endian values):
    `RECONYXH2\0`, file and folder numbers, firmware, the date at 0x3E, serial in UTF-16 at 0x7E."""
    note = bytearray(b"RECONYXH2\0".ljust(0x9C, b"\0"))
    struct.pack_into("<HH", note, 0x10, 12, 100)
    struct.pack_into("<HHHHH", note, 0x2A, 1, 2, 3, 0x2019, 0x1104)  # firmware 1.2.3 of 2019-11-04
    note[0x34:0x36] = b"M\0"
    struct.pack_into("<6H", note, 0x3E, second, minute, hour, day, month, year)
    note[0x68:0x68 + 5] = b"CREEK"
    note[0x7E:0x7E + 20] = "H2PRO0001".encode("utf-16-le") + b"\0\0"
    return bytes(note)


def picture_info(seconds):
    """Olympus's APP12 Picture Info text (exiftool APP12): `[section]` lines and `Name=value`."""
    text = (f"[picture info]\r\nTimeDate={seconds}\r\nShutter=8000\r\nFNumber=F2.8\r\nZoom=00000\r\n"
            "Macro=0\r\nFlash=0\r\n[camera info]\r\nType=SR83\r\n[end]\r\n")
    return segment(0xEC, text.encode() + b"\0")


def exiftool(path, *arguments):
    subprocess.run(["exiftool", "-q", "-q", "-overwrite_original", "-codedcharacterset=utf8", *arguments, path],
                   check=True)


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "Tests/LocalFolderProviderTests/Corpus/dates")
    os.makedirs(out, exist_ok=True)
    for name in os.listdir(out):
        os.remove(os.path.join(out, name))

    def write(name, data, *arguments):
        path = os.path.join(out, name)
        with open(path, "wb") as f:
            f.write(data)
        if arguments:
            exiftool(path, *arguments)

    camera = exif_app1("NIKON CORPORATION", "NIKON D7000")
    # Places: IPTC alone (as older editors and news agencies write), XMP alone, both differing
    # (XMP wins, field by field: IPTC fills only what XMP lacks), and text needing care.
    write("place-iptc.jpg", baseline(app=camera), "-IPTC:Sub-location=Alfama", "-IPTC:City=Lisboa",
          "-IPTC:Province-State=Lisboa", "-IPTC:Country-PrimaryLocationCode=PRT",
          "-IPTC:Country-PrimaryLocationName=Portugal")
    write("place-xmp.jpg", baseline(app=camera), "-XMP-iptcCore:Location=Marienplatz", "-XMP-photoshop:City=München",
          "-XMP-photoshop:State=Bayern", "-XMP-photoshop:Country=Deutschland", "-XMP-iptcCore:CountryCode=DE")
    write("place-both.jpg", baseline(app=camera), "-IPTC:City=Old City", "-IPTC:Province-State=Cauca",
          "-IPTC:Country-PrimaryLocationName=Colombia", "-IPTC:Country-PrimaryLocationCode=COL",
          "-XMP-photoshop:City=Popayán", "-XMP-photoshop:Country=Colombia")
    write("place-padded.jpg", baseline(app=camera), "-IPTC:City=  Reykjavík  ", "-XMP-photoshop:Country= Iceland ",
          "-XMP-photoshop:State=")
    # Dates: IPTC's date and time with its offset; IPTC's date alone (no time: no moment);
    # XMP photoshop:DateCreated in full, and as a year alone; EXIF's date over both.
    plain = exif_app1("Canon", "Canon PowerShot G2")
    write("iptcdate-offset.jpg", baseline(app=plain), "-IPTC:DateCreated=2018:07:14", "-IPTC:TimeCreated=21:05:09-04:00")
    write("iptcdate-no-offset.jpg", baseline(app=plain), "-IPTC:DateCreated=2017:01:31", "-IPTC:TimeCreated=06:07:08")
    write("iptcdate-date-only.jpg", baseline(app=plain), "-IPTC:DateCreated=2016:02:29")
    write("iptcdate-xmp.jpg", baseline(app=plain), "-XMP-photoshop:DateCreated=2015-05-06T07:08:09+05:30")
    write("iptcdate-xmp-year.jpg", baseline(app=plain), "-XMP-photoshop:DateCreated=2014")
    write("iptcdate-xmp-over-iptc.jpg", baseline(app=plain), "-XMP-photoshop:DateCreated=2013-03-04T05:06:07Z",
          "-IPTC:DateCreated=2013:03:04", "-IPTC:TimeCreated=05:06:07+00:00")
    write("iptcdate-exif-wins.jpg", baseline(app=exif_app1("Canon", "Canon EOS 5D", "2012:12:12 12:12:12")),
          "-IPTC:DateCreated=2001:01:01", "-IPTC:TimeCreated=01:01:01+01:00")
    # Older cameras' own records.
    preview = baseline(32, 24)
    write("old-canon.crw", ciff(b"CCDR", "Canon", "Canon EOS D30", "2001:05:06 07:08:09", 2160, 1440, preview,
                                 model_id=0x01140000))
    app0 = segment(0xE0, ciff(b"JPGM", "Canon", "Canon PowerShot A5", "1999:03:04 10:11:12", 64, 48))
    write("old-ciff.jpg", baseline(app=app0))
    write("old-casio-qv.jpg", baseline(app=qvci("2000.11.22 13:14:15")))
    flir = flir_segments(flir_record(unix("2020:02:03 14:15:16"), -60, 250))  # taken at 15:15:16+01:00
    write("old-reconyx-hyperfire.jpg", baseline(app=exif_app1("RECONYX", "HC600 HYPERFIRE", maker_note=reconyx_hyperfire(
        41, 32, 23, 10, 31, 2013))))
    write("old-reconyx-ultrafire.jpg", baseline(app=exif_app1("RECONYX", "UltraFire", maker_note=reconyx_ultrafire(
        5, 4, 3, 2, 1, 2016))))
    write("old-reconyx-hf2.jpg", baseline(app=exif_app1("RECONYX", "HF2 PRO COVERT", maker_note=reconyx_hf2(
        59, 58, 0, 29, 2, 2020))))
    # An EXIF date wins over the maker note's (exiftool ranks the note's below).
    write("old-reconyx-exif-wins.jpg", baseline(app=exif_app1("RECONYX", "HC500 HYPERFIRE", "2014:06:07 08:09:10",
                                                              maker_note=reconyx_hyperfire(1, 2, 3, 4, 5, 2011))))
    write("old-picture-info.jpg", baseline(app=exif_app1("OLYMPUS OPTICAL CO.,LTD", "C2000Z")
                                           + picture_info(unix("2000:08:15 22:35:27"))))
    write("old-flir.jpg", baseline(app=exif_app1("FLIR Systems AB", "FLIR E60", "2020:02:03 15:15:16") + flir))

    names = sorted(n for n in os.listdir(out) if n != "exiftool.json")
    # exiftool's reading, and beside it its MWG reading of the date and the place ("MWG:…" keys).
    def read(*options):
        result = subprocess.run(["exiftool", "-j", "-n", "-q", "-q", *options, *names], cwd=out,
                                capture_output=True, text=True, check=False)
        return {e["SourceFile"]: e for e in json.loads(result.stdout)}
    plain, mwg = read(), read("-use", "MWG", "-G1", "-MWG:all")
    entries = [dict(plain[name], **{k: v for k, v in mwg.get(name, {}).items() if k.startswith("MWG:")})
               for name in names]
    drop = {"Directory", "FileModifyDate", "FileAccessDate", "FileInodeChangeDate", "FilePermissions", "ExifToolVersion"}
    entries = [{k: v for k, v in e.items() if k not in drop} for e in entries]
    with open(os.path.join(out, "exiftool.json"), "w") as f:
        json.dump(entries, f, indent=1, ensure_ascii=False, sort_keys=True)
        f.write("\n")
    print(f"made {len(names)} files in {out}")


if __name__ == "__main__":
    main()
