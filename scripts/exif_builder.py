"""Builds small JPEG files with hand-made EXIF structures, damaged on purpose where asked.

Used by make-quirk-corpus.py (the committed corpus of quirks) and exiftool-agreement.sh (many
makers' layouts). Only metadata and a frame header: no image data, so exiftool and Viewfinder
read the same structures and nothing else.
"""
import struct

ASCII, BYTE, SHORT, LONG, RATIONAL, UNDEFINED, SRATIONAL, IFD = 2, 1, 3, 4, 5, 7, 10, 13
SIZES = {1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8, 13: 4}


class Entry:
    """One IFD entry. `value`: str (ASCII), bytes, a list of ints, a list of (num, den), or a
    Directory (a sub-IFD pointer). `count` overrides the count the value implies."""

    def __init__(self, tag, type_, value, count=None, offset=None):
        self.tag, self.type, self.value, self.count, self.offset = tag, type_, value, count, offset


class Directory:
    def __init__(self, entries, next_ifd=None):
        self.entries = entries
        self.next_ifd = next_ifd  # a Directory, an int (raw offset), or None


def _pack_value(entry, endian):
    value, type_ = entry.value, entry.type
    if isinstance(value, str):
        raw = value.encode("latin-1") + b"\0"
    elif isinstance(value, bytes):
        raw = value
    elif type_ in (RATIONAL, SRATIONAL):
        code = "I" if type_ == RATIONAL else "i"
        raw = b"".join(struct.pack(endian + code + code, n, d) for n, d in value)
    else:
        code = {BYTE: "B", SHORT: "H", LONG: "I", IFD: "I", 9: "i"}[type_]
        raw = b"".join(struct.pack(endian + code, v) for v in value)
    count = entry.count if entry.count is not None else len(raw) // SIZES[type_]
    return raw, count


def _directories(value):
    return isinstance(value, list) and value and all(isinstance(d, Directory) for d in value)


def tiff(root, big_endian=False, ifd0_offset=8):
    """The TIFF structure of `root` (IFD0) and every Directory it points at."""
    endian = ">" if big_endian else "<"
    out = bytearray(b"MM\0*" if big_endian else b"II*\0")
    out += struct.pack(endian + "I", ifd0_offset)
    out += b"\0" * (ifd0_offset - 8)
    placed = {}

    def place(directory):
        if id(directory) in placed:
            return placed[id(directory)]
        start = len(out)
        placed[id(directory)] = start
        n = len(directory.entries)
        out.extend(b"\0" * (2 + 12 * n + 4))
        struct.pack_into(endian + "H", out, start, n)
        for index, entry in enumerate(directory.entries):
            base = start + 2 + 12 * index
            if isinstance(entry.value, Directory):
                raw, count = None, 1
            elif _directories(entry.value):  # several sub-IFDs (SubIFDs in RAW files)
                raw, count = b"\0" * 4 * len(entry.value), len(entry.value)
            else:
                raw, count = _pack_value(entry, endian)
            struct.pack_into(endian + "HHI", out, base, entry.tag, entry.type, count)
            if raw is None:
                continue
            if entry.offset is not None:
                struct.pack_into(endian + "I", out, base + 8, entry.offset)
            elif len(raw) <= 4:
                out[base + 8 : base + 8 + len(raw)] = raw
            else:
                if len(out) % 2:
                    out.append(0)
                struct.pack_into(endian + "I", out, base + 8, len(out))
                out.extend(raw)
        for index, entry in enumerate(directory.entries):
            if isinstance(entry.value, Directory):
                where = place(entry.value)
                struct.pack_into(endian + "I", out, start + 2 + 12 * index + 8, where)
            elif _directories(entry.value):
                wheres = [place(d) for d in entry.value]
                field = start + 2 + 12 * index + 8
                at = field if len(wheres) == 1 else struct.unpack_from(endian + "I", out, field)[0]
                for k, where in enumerate(wheres):
                    struct.pack_into(endian + "I", out, at + 4 * k, where)
        nxt = directory.next_ifd
        if isinstance(nxt, Directory):
            struct.pack_into(endian + "I", out, start + 2 + 12 * n, place(nxt))
        elif isinstance(nxt, int):
            struct.pack_into(endian + "I", out, start + 2 + 12 * n, nxt)
        return start

    place(root)
    return bytes(out)


def segment(marker, body):
    return bytes([0xFF, marker]) + struct.pack(">H", len(body) + 2) + body


def jpeg(exif=None, width=64, height=48, xmp=None, exif_header=b"Exif\0\0", before=b"", after=b""):
    """A JPEG of SOI, optional APP1 EXIF and XMP, a baseline frame header, and EOI."""
    out = b"\xff\xd8" + before
    if exif is not None:
        out += segment(0xE1, exif_header + exif)
    if xmp is not None:
        out += segment(0xE1, b"http://ns.adobe.com/xap/1.0/\0" + xmp.encode())
    out += after
    out += segment(0xC0, bytes([8]) + struct.pack(">HH", height, width) + bytes([3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]))
    return out + b"\xff\xd9"


def degrees(value):
    """Decimal degrees as three rationals, the way cameras write them."""
    value = abs(value)
    d = int(value)
    m = int((value - d) * 60)
    s = round(((value - d) * 60 - m) * 60 * 1000)
    return [(d, 1), (m, 1), (s, 1000)]


def gps(lat, lon, ref_type=ASCII, value_type=RATIONAL):
    return Directory([
        Entry(0, BYTE, [2, 3, 0, 0]),
        Entry(1, ref_type, "N" if lat >= 0 else "S"),
        Entry(2, value_type, degrees(lat)),
        Entry(3, ref_type, "E" if lon >= 0 else "W"),
        Entry(4, value_type, degrees(lon)),
    ])


def xmp_packet(fields):
    """An XMP packet with the given `prefix:Name` simple properties as attributes."""
    attributes = "\n".join(f'   {name}="{value}"' for name, value in fields.items())
    return (
        '<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>\n'
        '<x:xmpmeta xmlns:x="adobe:ns:meta/">\n'
        ' <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n'
        '  <rdf:Description rdf:about=""\n'
        '   xmlns:exif="http://ns.adobe.com/exif/1.0/"\n'
        '   xmlns:tiff="http://ns.adobe.com/tiff/1.0/"\n'
        '   xmlns:xmp="http://ns.adobe.com/xap/1.0/"\n'
        '   xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"\n'
        f"{attributes}/>\n"
        " </rdf:RDF>\n"
        "</x:xmpmeta>\n"
        '<?xpacket end="w"?>'
    )
