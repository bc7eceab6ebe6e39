#!/usr/bin/env python3
"""Writes Tests/LocalFolderProviderTests/Corpus/raw/: one small camera RAW per format, and
exiftool's reading of each (`exiftool -j -n`) in exiftool.json, and the JPEG previews exiftool
extracts (`-b -PreviewImage -JpgFromRaw`) in exiftool-previews.json.

Each file follows its format's documented structure, as exiftool's tag tables and notes describe
real cameras' files (Image::ExifTool::Exif, Canon, Nikon, Sony, Olympus, PanasonicRaw, Pentax,
FujiFilm, QuickTime): the directories, the marks of each maker (DNGVersion, the CR2 header, ORF's
and RW2's magic numbers, RAF's header, CR3's boxes), a full-resolution raw image marked as such,
and JPEG previews where the cameras put them. The images are tiny (a few dozen pixels) and made
here; no camera's file is copied. Usage: scripts/make-raw-corpus.py [OUTPUT_FOLDER]. Needs
python3, imagemagick (the previews) and exiftool. Output is committed.
"""
import importlib.util
import json
import os
import struct
import subprocess
import sys

from exif_builder import ASCII, BYTE, IFD, LONG, RATIONAL, SHORT, UNDEFINED, Directory, Entry, gps, segment, tiff

SRATIONAL_ = 10


def preview(width, height, colours="navy-orange", exif=None):
    """A real (decodable) JPEG of `width`×`height`, made by imagemagick; with an EXIF block if given."""
    jpeg = subprocess.run(["convert", "-size", f"{width}x{height}", f"gradient:{colours}", "-quality", "70",
                           "-strip", "jpg:-"], check=True, capture_output=True).stdout
    if exif is not None:
        jpeg = jpeg[:2] + segment(0xE1, b"Exif\0\0" + exif) + jpeg[2:]
    return jpeg


def raw_pixels(width, height, bits=16):
    """Uncompressed CFA samples, 16 bits each."""
    return bytes((x * 7 + y * 13) & 0xFF for y in range(height) for x in range(width * 2))


class Blob:
    """Bytes placed after the TIFF structure; `offset_entry` gets its offset, `length_entry` its length."""

    def __init__(self, data, offset_entry, length_entry=None):
        self.data, self.offset_entry, self.length_entry = data, offset_entry, length_entry
        if length_entry is not None:
            length_entry.value = [len(data)]


def assemble(root, blobs, big_endian=False, ifd0_offset=8):
    """The TIFF structure of `root` followed by `blobs`, each entry pointing at its blob."""
    for blob in blobs:
        blob.offset_entry.value = [0]
    size = len(tiff(root, big_endian, ifd0_offset))
    position, tail = size, b""
    for blob in blobs:
        if position % 2:
            position += 1
            tail += b"\0"
        blob.offset_entry.value = [position]
        tail += blob.data
        position += len(blob.data)
    head = tiff(root, big_endian, ifd0_offset)
    assert len(head) == size
    return head + tail


def ifd_chain(data):
    """The offsets of IFD0, IFD1, … in a TIFF structure."""
    endian = "<" if data[:2] == b"II" else ">"
    offsets, offset = [], struct.unpack_from(endian + "I", data, 4)[0]
    while offset and len(offsets) < 10:
        offsets.append(offset)
        count = struct.unpack_from(endian + "H", data, offset)[0]
        offset = struct.unpack_from(endian + "I", data, offset + 2 + 12 * count)[0]
    return offsets


def exif_ifd(date, offset=None, extra=()):
    entries = [Entry(0x829A, RATIONAL, [(1, 250)]), Entry(0x9000, UNDEFINED, b"0231"),
               Entry(0x9003, ASCII, date)]
    if offset:
        entries.append(Entry(0x9011, ASCII, offset))
    return Directory(entries + list(extra))


def camera(make, model, orientation):
    return [Entry(0x010F, ASCII, make), Entry(0x0110, ASCII, model), Entry(0x0112, SHORT, [orientation])]


def strip_entries(width, height, samples, bits, compression, photometric):
    offset, length = Entry(0x0111, LONG, [0]), Entry(0x0117, LONG, [0])
    entries = [Entry(0x0100, LONG, [width]), Entry(0x0101, LONG, [height]), Entry(0x0102, SHORT, [bits] * samples),
               Entry(0x0103, SHORT, [compression]), Entry(0x0106, SHORT, [photometric]), offset,
               Entry(0x0115, SHORT, [samples]), Entry(0x0116, LONG, [height]), length]
    return entries, offset, length


CFA = [Entry(0x828D, SHORT, [2, 2]), Entry(0x828E, BYTE, [0, 1, 1, 2])]


def dng(late=False):
    thumb, t_off, t_len = strip_entries(16, 12, 3, 8, 1, 2)
    raw, r_off, r_len = strip_entries(40, 26, 1, 16, 1, 32803)
    jpg, j_off, j_len = strip_entries(36, 24, 3, 8, 7, 6)
    sub_raw = Directory([Entry(0x00FE, LONG, [0])] + raw + CFA + [
        Entry(0xC61F, LONG, [2, 1]), Entry(0xC620, LONG, [36, 24])])  # DefaultCropOrigin, DefaultCropSize
    sub_preview = Directory([Entry(0x00FE, LONG, [1])] + jpg)
    root = Directory([Entry(0x00FE, LONG, [1])] + thumb[:5] + camera("Canon", "Canon EOS R6", 1)[:2] + [thumb[5]]
                     + [Entry(0x0112, SHORT, [6])] + thumb[6:] + [
                         Entry(0x014A, LONG, [sub_raw, sub_preview]),
                         Entry(0x8769, LONG, exif_ifd("2024:05:06 07:08:09", "+02:00")),
                         Entry(0x8825, LONG, gps(48.8584, 2.2945)),
                         Entry(0xC612, BYTE, [1, 4, 0, 0]), Entry(0xC614, ASCII, "Canon EOS R6")])
    # `late`: the directories after 300 KB (of zeros here; of image data in files written so).
    return assemble(root, [Blob(raw_pixels(16, 12)[:16 * 12 * 3], t_off, t_len), Blob(raw_pixels(40, 26), r_off, r_len),
                           Blob(preview(36, 24), j_off, j_len)], ifd0_offset=300_008 if late else 8)


def cr2():
    full, f_off, f_len = strip_entries(48, 32, 3, 8, 6, 6)
    thumb_off, thumb_len = Entry(0x0201, LONG, [0]), Entry(0x0202, LONG, [0])
    small, s_off, s_len = strip_entries(12, 8, 3, 16, 1, 2)
    raw_off, raw_len = Entry(0x0111, LONG, [0]), Entry(0x0117, LONG, [0])
    ifd3 = Directory([Entry(0x0103, SHORT, [6]), raw_off, raw_len, Entry(0xC5D8, LONG, [1]),
                      Entry(0xC5E0, LONG, [1]), Entry(0xC640, SHORT, [1, 24, 24])])
    ifd2 = Directory(small + [Entry(0xC5D9, LONG, [2])], next_ifd=ifd3)
    ifd1 = Directory([Entry(0x0103, SHORT, [6]), thumb_off, thumb_len], next_ifd=ifd2)
    root = Directory(full[:5] + camera("Canon", "Canon EOS 90D", 8)[:2] + [full[5]] + [Entry(0x0112, SHORT, [8])]
                     + full[6:] + [Entry(0x8769, LONG, exif_ifd("2023:11:12 13:14:15", "-05:00")),
                                   Entry(0x8825, LONG, gps(40.6892, -74.0445))], next_ifd=ifd1)
    data = bytearray(assemble(root, [Blob(preview(48, 32), f_off, f_len), Blob(preview(16, 12), thumb_off, thumb_len),
                                     Blob(raw_pixels(12, 8) * 3, s_off, s_len), Blob(raw_pixels(24, 16), raw_off, raw_len)],
                              ifd0_offset=16))
    data[8:16] = b"CR\x02\0" + struct.pack("<I", ifd_chain(bytes(data))[3])
    return bytes(data)


def nef(coolpix=False, xmp=None, raw_bytes=None):
    """A NEF (an NRW when `coolpix`); `xmp`: an XMP packet in IFD0; `raw_bytes`: the raw image
    data's length (the benchmark's files are of a RAW's size where it matters)."""
    make, model = "NIKON CORPORATION", "COOLPIX P7100" if coolpix else "NIKON D850"
    jpg_off, jpg_len = Entry(0x0201, LONG, [0]), Entry(0x0202, LONG, [0])
    raw, r_off, r_len = strip_entries(46, 31, 1, 16, 1, 32803)
    sub_raw = Directory([Entry(0x00FE, LONG, [0])] + raw + CFA)
    pixels = raw_pixels(46, 31)
    blobs = [Blob(pixels if raw_bytes is None else (pixels * (raw_bytes // len(pixels) + 1))[:raw_bytes], r_off, r_len)]
    if coolpix:  # NRW: the thumbnail is a JPEG in IFD0 itself (exiftool tells NRW from NEF so)
        ifd0 = [Entry(0x00FE, LONG, [1]), Entry(0x0103, SHORT, [6])] + camera(make, model, 1) + [jpg_off, jpg_len]
        subs = [sub_raw]
        blobs.append(Blob(preview(16, 12), jpg_off, jpg_len))
    else:
        thumb, t_off, t_len = strip_entries(16, 12, 3, 8, 1, 2)
        sub_jpeg = Directory([Entry(0x00FE, LONG, [1]), Entry(0x0103, SHORT, [6]), jpg_off, jpg_len])
        ifd0 = [Entry(0x00FE, LONG, [1])] + thumb[:5] + camera(make, model, 1)[:2] + [thumb[5]] \
            + [Entry(0x0112, SHORT, [1])] + thumb[6:]
        subs = [sub_jpeg, sub_raw]
        blobs += [Blob(raw_pixels(16, 12)[:16 * 12 * 3], t_off, t_len), Blob(preview(44, 30), jpg_off, jpg_len)]
    extra = [Entry(0x02BC, BYTE, list(xmp))] if xmp is not None else []
    root = Directory(ifd0 + [Entry(0x014A, LONG, subs)] + extra + [
        Entry(0x8769, LONG, exif_ifd("2022:07:08 09:10:11", None if coolpix else "+09:00")),
        Entry(0x8825, LONG, gps(35.6586, 139.7454))])
    return assemble(root, blobs, big_endian=True)


def arw():
    prev_off, prev_len = Entry(0x0201, LONG, [0]), Entry(0x0202, LONG, [0])
    thumb_off, thumb_len = Entry(0x0201, LONG, [0]), Entry(0x0202, LONG, [0])
    raw, r_off, r_len = strip_entries(48, 32, 1, 12, 32767, 32803)
    sub_raw = Directory([Entry(0x00FE, LONG, [0])] + raw + CFA)
    ifd1 = Directory([Entry(0x0100, LONG, [16]), Entry(0x0101, LONG, [12]), Entry(0x0103, SHORT, [6]),
                      thumb_off, thumb_len])
    root = Directory([Entry(0x00FE, LONG, [1]), Entry(0x0103, SHORT, [6])] + camera("SONY", "ILCE-7M3", 3)
                     + [Entry(0x014A, LONG, [sub_raw]), prev_off, prev_len,
                        Entry(0x8769, LONG, exif_ifd("2021:02:03 04:05:06", "+01:00")),
                        Entry(0x8825, LONG, gps(-33.8568, 151.2153))], next_ifd=ifd1)
    return assemble(root, [Blob(raw_pixels(48, 32), r_off, r_len), Blob(preview(40, 27), prev_off, prev_len),
                           Blob(preview(16, 12), thumb_off, thumb_len)])


def orf():
    raw, r_off, r_len = strip_entries(40, 30, 1, 16, 1, 32803)
    root = Directory([Entry(0x00FE, LONG, [0])] + raw[:5] + camera("OLYMPUS IMAGING CORP.", "E-M10", 1)[:2]
                     + [raw[5], Entry(0x0112, SHORT, [1])] + raw[6:] + [
                         Entry(0x8769, LONG, exif_ifd("2019:09:10 11:12:13")), Entry(0x8825, LONG, gps(51.5007, -0.1246))])
    data = bytearray(assemble(root, [Blob(raw_pixels(40, 30), r_off, r_len)]))
    data[2:4] = b"RO"
    return bytes(data)


def rw2():
    # IFD0 uses Panasonic's own tags (PanasonicRaw); the EXIF block sits in the JPEG preview
    # (JpgFromRaw, tag 0x2E), which exiftool reads as an embedded document.
    inner = tiff(Directory(camera("Panasonic", "DC-GH5", 1) + [
        Entry(0x8769, LONG, exif_ifd("2020:04:05 06:07:08", "+10:00")), Entry(0x8825, LONG, gps(-27.4698, 153.0251))]))
    jpeg = Entry(0x002E, UNDEFINED, b"")
    strip, length = Entry(0x0111, LONG, [0]), Entry(0x0117, LONG, [0])
    entries = [Entry(0x0001, UNDEFINED, b"0340"), Entry(0x0002, SHORT, [52]), Entry(0x0003, SHORT, [36]),
               Entry(0x0004, SHORT, [2]), Entry(0x0005, SHORT, [4]), Entry(0x0006, SHORT, [34]),
               Entry(0x0007, SHORT, [50]), Entry(0x0009, SHORT, [3]), Entry(0x000A, SHORT, [12]), jpeg,
               Entry(0x010F, ASCII, "Panasonic"), Entry(0x0110, ASCII, "DC-GH5"), strip, Entry(0x0112, SHORT, [1]),
               Entry(0x0116, SHORT, [36]), length]
    embedded = preview(46, 32, "teal-white", exif=inner)
    jpeg.value, jpeg.count = embedded, len(embedded)
    data = bytearray(assemble(Directory(entries), [Blob(raw_pixels(52, 36), strip, length)], ifd0_offset=24))
    data[2:4] = b"U\0"
    data[8:24] = b"\x88\xe7\x74\xd8\xf8\x25\x1d\x4d\x94\x7a\x6e\x77\x82\x2b\x5d\x6a"
    return bytes(data)


def pef():
    raw, r_off, r_len = strip_entries(44, 30, 1, 12, 65535, 32803)
    thumb_off, thumb_len = Entry(0x0201, LONG, [0]), Entry(0x0202, LONG, [0])
    jpg_off, jpg_len = Entry(0x0201, LONG, [0]), Entry(0x0202, LONG, [0])
    ifd2 = Directory([Entry(0x0100, LONG, [40]), Entry(0x0101, LONG, [27]), Entry(0x0103, SHORT, [6]), jpg_off, jpg_len])
    ifd1 = Directory([Entry(0x0103, SHORT, [6]), thumb_off, thumb_len], next_ifd=ifd2)
    root = Directory(raw[:5] + camera("PENTAX", "PENTAX K-1", 6)[:2] + [raw[5], Entry(0x0112, SHORT, [6])] + raw[6:]
                     + [Entry(0x8769, LONG, exif_ifd("2018:03:04 05:06:07", "+01:00")),
                        Entry(0x8825, LONG, gps(46.5197, 6.6323))], next_ifd=ifd1)
    return assemble(root, [Blob(raw_pixels(44, 30), r_off, r_len), Blob(preview(16, 12), thumb_off, thumb_len),
                           Blob(preview(40, 27), jpg_off, jpg_len)], big_endian=True)


def srw():
    raw, r_off, r_len = strip_entries(48, 32, 1, 12, 32770, 32803)
    thumb, t_off, t_len = strip_entries(16, 12, 3, 8, 6, 6)
    ifd1 = Directory([Entry(0x00FE, LONG, [1])] + thumb)
    root = Directory([Entry(0x00FE, LONG, [0])] + raw[:5] + camera("SAMSUNG", "NX500", 1)[:2]
                     + [raw[5], Entry(0x0112, SHORT, [1])] + raw[6:] + CFA
                     + [Entry(0x8769, LONG, exif_ifd("2016:06:07 08:09:10", "+09:00")),
                        Entry(0x8825, LONG, gps(37.5665, 126.978))], next_ifd=ifd1)
    return assemble(root, [Blob(raw_pixels(48, 32), r_off, r_len), Blob(preview(16, 12), t_off, t_len)])


def tiff_raw(make, model, date, big_endian=False):
    """The layout most other TIFF-based RAWs share (3FR, ERF, MEF, MOS, IIQ, KDC, DCR): a small
    RGB thumbnail in IFD0 and the full-resolution CFA image in a SubIFD."""
    thumb, t_off, t_len = strip_entries(16, 12, 3, 8, 1, 2)
    raw, r_off, r_len = strip_entries(42, 28, 1, 16, 1, 32803)
    sub_raw = Directory([Entry(0x00FE, LONG, [0])] + raw + CFA)
    root = Directory([Entry(0x00FE, LONG, [1])] + thumb[:5] + camera(make, model, 1)[:2] + [thumb[5]]
                     + [Entry(0x0112, SHORT, [1])] + thumb[6:]
                     + [Entry(0x014A, LONG, [sub_raw]), Entry(0x8769, LONG, exif_ifd(date))])
    return assemble(root, [Blob(raw_pixels(16, 12)[:16 * 12 * 3], t_off, t_len), Blob(raw_pixels(42, 28), r_off, r_len)],
                    big_endian=big_endian)


def big_xmp():
    """An XMP packet of 70 KB (a long edit history, as editors write): the GPS directory after it
    lies past the first 64 KB of the file."""
    history = "".join(f"<rdf:li>step {i}: exposure +0.{i % 10}</rdf:li>" for i in range(2200))
    return ('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
            '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" '
            'xmlns:xmpMM="http://ns.adobe.com/xap/1.0/mm/"><dc:subject><rdf:Bag><rdf:li>glacier</rdf:li></rdf:Bag>'
            f'</dc:subject><xmpMM:History><rdf:Seq>{history}</rdf:Seq></xmpMM:History></rdf:Description>'
            '</rdf:RDF></x:xmpmeta>').encode()


def box(kind, body):
    return struct.pack(">I", 8 + len(body)) + kind.encode() + body


def cr3():
    canon_uuid = bytes.fromhex("85c0b687820f11e08111f4ce462b6a48")
    prvw_uuid = bytes.fromhex("eaf42b5e1c984b88b9fbb7dc406e4d16")
    cmt1 = tiff(Directory([Entry(0x0100, LONG, [60]), Entry(0x0101, LONG, [40])] + camera("Canon", "Canon EOS R5", 1)
                          + [Entry(0x0132, ASCII, "2025:01:02 03:04:05")]))
    cmt2 = tiff(Directory([Entry(0x829A, RATIONAL, [(1, 100)]), Entry(0x9003, ASCII, "2025:01:02 03:04:05"),
                           Entry(0x9011, ASCII, "+01:00"), Entry(0xA002, LONG, [60]), Entry(0xA003, LONG, [40])]))
    cmt4 = tiff(gps(64.1466, -21.9426))
    thumb = preview(16, 12)
    thmb = box("THMB", struct.pack(">BBBBHHIHH", 0, 0, 0, 0, 16, 12, len(thumb), 1, 0) + thumb)
    canon = box("uuid", canon_uuid + box("CNCV", b"CanonCR3_001/00.10.00/00.00.00") + box("CMT1", cmt1)
                + box("CMT2", cmt2) + box("CMT3", tiff(Directory([Entry(0x0006, ASCII, "Canon EOS R5")]))) + box("CMT4", cmt4)
                + thmb)
    mvhd = box("mvhd", bytes(100))
    big = preview(48, 32)
    prvw = box("PRVW", struct.pack(">IHHHHI", 0, 1, 48, 32, 1, len(big)) + big)
    ftyp = box("ftyp", b"crx " + struct.pack(">I", 1) + b"crx isom")
    return ftyp + box("moov", canon + mvhd) + box("uuid", prvw_uuid + struct.pack(">II", 0, 1) + prvw) \
        + box("mdat", raw_pixels(60, 40))


def raf():
    inner = tiff(Directory(camera("FUJIFILM", "X-T4", 1) + [
        Entry(0x8769, LONG, exif_ifd("2023:06:07 08:09:10", "+02:00", [Entry(0xA002, LONG, [60]),
                                                                       Entry(0xA003, LONG, [40])])),
        Entry(0x8825, LONG, gps(45.4642, 9.19))]))
    jpeg = preview(48, 32, "orange-navy", exif=inner)
    header = bytearray(b"FUJIFILMCCD-RAW 0201FF393201" + b"X-T4".ljust(32, b"\0") + b"0100" + bytes(20))
    assert len(header) == 0x54
    directory = struct.pack(">I", 3) + struct.pack(">HHHH", 0x100, 4, 42, 64) + struct.pack(">HHHH", 0x110, 4, 1, 2) \
        + struct.pack(">HHHH", 0x111, 4, 40, 60)
    cfa = raw_pixels(64, 42)
    jpeg_at = 0x5C + 40
    directory_at = jpeg_at + len(jpeg)
    cfa_at = directory_at + len(directory)
    header += struct.pack(">IIIIII", jpeg_at, len(jpeg), directory_at, len(directory), cfa_at, len(cfa))
    header += bytes(jpeg_at - len(header))
    return bytes(header) + jpeg + directory + cfa


def olympus_with_preview(kind="OLYMPUS"):
    """An ORF whose only usable JPEG preview is in the Olympus maker note (as real ORFs keep it).
    `kind` "OLYMPUS": the note of newer cameras (Image::ExifTool::MakerNotes, MakerNoteOlympus2:
    "OLYMPUS\\0", its byte order and version, the directory at 12, offsets from the note's start),
    whose CameraSettings sub-IFD (tag 0x2020) holds PreviewImageValid, PreviewImageStart and
    PreviewImageLength (Image::ExifTool::Olympus::CameraSettings 0x100-0x102). "OM SYSTEM": the
    newest cameras' (MakerNoteOMSystem: "OM SYSTEM\\0\\0\\0", byte order and version, the
    directory at 16, offsets from the note's start), laid out as "OLYMPUS". "OLYMP": older
    cameras' (MakerNoteOlympus: "OLYMP\\0" and a version, the directory at 8, offsets from the TIFF
    header), whose own directory holds PreviewImageStart and PreviewImageLength (Olympus::Main
    0x0088 and 0x0089)."""
    jpeg = preview(320, 240, "olive-white")
    header = {"OLYMPUS": b"OLYMPUS\0II\x03\x00", "OM SYSTEM": b"OM SYSTEM\0\0\0II\x04\x00", "OLYMP": b"OLYMP\0\x01\x00"}[kind]

    def note(start):
        if kind == "OLYMP":
            entries = [Entry(0x0000, UNDEFINED, b"0100"), Entry(0x0088, LONG, [start]), Entry(0x0089, LONG, [len(jpeg)])]
        else:
            settings = Directory([Entry(0x0000, UNDEFINED, b"0100"), Entry(0x0100, LONG, [1]),
                                  Entry(0x0101, LONG, [start]), Entry(0x0102, LONG, [len(jpeg)])])
            entries = [Entry(0x0000, UNDEFINED, b"0100"), Entry(0x2020, IFD, settings)]
        body = bytearray(tiff(Directory(entries), ifd0_offset=len(header)))
        body[:len(header)] = header
        return bytes(body)

    def build(start):
        raw, r_off, r_len = strip_entries(40, 30, 1, 16, 1, 32803)
        exif = exif_ifd("2019:09:10 11:12:13", None, [Entry(0x927C, UNDEFINED, note(start))])
        root = Directory([Entry(0x00FE, LONG, [0])] + raw[:5] + camera("OLYMPUS IMAGING CORP.", "E-M10", 1)[:2]
                         + [raw[5], Entry(0x0112, SHORT, [1])] + raw[6:] + [Entry(0x8769, LONG, exif)])
        place = Entry(0, LONG, [0])
        data = bytearray(assemble(root, [Blob(raw_pixels(40, 30), r_off, r_len), Blob(jpeg, place)]))
        data[2:4] = b"RO"
        return bytes(data), place.value[0]

    data, at = build(0)
    # The older note's offsets count from the TIFF header (the file's start), the others' from the note.
    data, again = build(at - (0 if kind == "OLYMP" else data.index(header)))
    assert again == at and data[at:at + 2] == b"\xff\xd8"
    return data


def sony_with_preview():
    """An ARW whose only preview of a grid's size is the Sony maker note's PreviewImage (tag
    0x2001, Image::ExifTool::Sony::Main: a 32-byte header of length and size, then a JPEG that
    starts with its quantization tables, as cameras write it); the note ("SONY DSC \\0\\0\\0",
    MakerNoteSony) counts its offsets from the TIFF header, and holds the preview's bytes after
    its directory."""
    jpeg = preview(320, 214, "maroon-white")
    if jpeg[2:4] == b"\xff\xe0":  # no JFIF segment: exiftool takes a preview starting FFD8 FFDB or FFE1
        jpeg = jpeg[:2] + jpeg[4 + struct.unpack(">H", jpeg[4:6])[0]:]
    payload = struct.pack("<III", len(jpeg), 320, 214) + bytes(8) + struct.pack("<II", 320, 214) + bytes(4) + jpeg

    def note(start):
        directory = struct.pack("<H", 2) + struct.pack("<HHII", 0x2001, UNDEFINED, len(payload), start) \
            + struct.pack("<HHII", 0xB000, BYTE, 4, 0x00000204) + struct.pack("<I", 0)
        return b"SONY DSC \0\0\0" + directory + payload

    def build(start):
        thumb_off, thumb_len = Entry(0x0201, LONG, [0]), Entry(0x0202, LONG, [0])
        raw, r_off, r_len = strip_entries(48, 32, 1, 12, 32767, 32803)
        sub_raw = Directory([Entry(0x00FE, LONG, [0])] + raw + CFA)
        ifd1 = Directory([Entry(0x0100, LONG, [16]), Entry(0x0101, LONG, [12]), Entry(0x0103, SHORT, [6]),
                          thumb_off, thumb_len])
        exif = exif_ifd("2021:02:03 04:05:06", "+01:00", [Entry(0x927C, UNDEFINED, note(start))])
        root = Directory([Entry(0x00FE, LONG, [1]), Entry(0x0103, SHORT, [6])] + camera("SONY", "ILCE-7M3", 1)
                         + [Entry(0x014A, LONG, [sub_raw]), Entry(0x8769, LONG, exif)], next_ifd=ifd1)
        return assemble(root, [Blob(raw_pixels(48, 32), r_off, r_len), Blob(preview(16, 12), thumb_off, thumb_len)])

    data = build(0)
    at = data.index(b"SONY DSC ") + 12 + 2 + 2 * 12 + 4
    data = build(at)
    assert data[at + 32:at + 34] == b"\xff\xd8"
    return data

def crw():
    """Canon CRW (CIFF; exiftool CanonRaw): make-date-corpus.py's layout, with a JpgFromRaw (0x2007)
    of 48x32 in the root heap, which serve and the gallery show."""
    spec = importlib.util.spec_from_file_location("date_corpus", os.path.join(os.path.dirname(__file__), "make-date-corpus.py"))
    dates = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(dates)
    return dates.ciff(b"CCDR", "Canon", "Canon EOS 10D", "2003:04:05 06:07:08", 3072, 2048, dates.baseline(48, 32))


def files():
    return {
        "raw-adobe.dng": dng(), "raw-late-directories.dng": dng(late=True), "raw-canon.cr2": cr2(), "raw-canon.cr3": cr3(), "raw-nikon.nef": nef(),
        "raw-nikon-coolpix.nrw": nef(coolpix=True), "raw-nikon-big-xmp.nef": nef(xmp=big_xmp()), "raw-sony.arw": arw(), "raw-olympus.orf": orf(),
        "raw-olympus-preview.orf": olympus_with_preview(),
        "raw-olympus-old-note.orf": olympus_with_preview("OLYMP"), "raw-om-system.orf": olympus_with_preview("OM SYSTEM"), "raw-sony-makernote.arw": sony_with_preview(),
        "raw-panasonic.rw2": rw2(), "raw-canon.crw": crw(), "raw-pentax.pef": pef(), "raw-samsung.srw": srw(), "raw-fujifilm.raf": raf(),
        "raw-hasselblad.3fr": tiff_raw("Hasselblad", "Hasselblad H6D-100c", "2017:01:02 03:04:05"),
        "raw-epson.erf": tiff_raw("SEIKO EPSON CORP.", "R-D1", "2006:05:06 07:08:09"),
        "raw-mamiya.mef": tiff_raw("Mamiya-OP Co.,Ltd.", "ZD", "2009:10:11 12:13:14", big_endian=True),
        "raw-leaf.mos": tiff_raw("Leaf", "Aptus 75", "2008:02:03 04:05:06", big_endian=True),
        "raw-kodak.dcr": tiff_raw("Kodak", "DCS Pro 14N", "2004:03:04 05:06:07"),
    }


if __name__ == "__main__":
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "Tests/LocalFolderProviderTests/Corpus/raw")
    os.makedirs(out, exist_ok=True)
    made = files()
    for name, data in made.items():
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
    readings = subprocess.run(["exiftool", "-j", "-n", "-q", "-q", *sorted(made)], cwd=out, capture_output=True,
                              text=True).stdout
    with open(os.path.join(out, "exiftool.json"), "w") as f:
        json.dump(json.loads(readings), f, indent=1, ensure_ascii=False)
        f.write("\n")
    # exiftool's own extraction of each preview it names (base64), which the served bytes must equal.
    previews = json.loads(subprocess.run(["exiftool", "-j", "-b", "-PreviewImage", "-JpgFromRaw", "-q", "-q", *sorted(made)],
                                         cwd=out, capture_output=True, text=True).stdout)
    with open(os.path.join(out, "exiftool-previews.json"), "w") as f:
        json.dump({entry.pop("SourceFile"): entry for entry in previews if len(entry) > 1}, f, indent=1)
        f.write("\n")
    print(f"made {len(made)} files in {out}")
