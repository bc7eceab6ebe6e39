import Foundation
import ProviderKit
import Testing

@testable import LocalFolderProvider

/// The dates and places read beyond EXIF (Corpus/dates, by scripts/make-date-corpus.py): IPTC
/// and XMP location fields, IPTC and XMP dates, and older cameras' own records (Canon CIFF, Casio
/// QV, FLIR), each against exiftool's reading of the same file (Corpus/dates/exiftool.json).
@Suite("Image metadata: dates and places beyond EXIF read as exiftool reads them")
struct DateAndPlaceCorpusTests {
    static let folder = ExiftoolComparisonTests.corpus.appendingPathComponent("dates")

    static var exiftool: [[String: Any]] {
        let data = (try? Data(contentsOf: folder.appendingPathComponent("exiftool.json"))) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
    }

    static var files: [String] { exiftool.compactMap { $0["SourceFile"] as? String }.sorted() }

    /// Reads a corpus file as the folder walk would; CRW files through the CIFF reader itself,
    /// since recognising them as a format of their own is the RAW work's.
    static func read(_ name: String) throws -> ImageMetadata {
        let url = folder.appendingPathComponent(name)
        guard name.hasSuffix(".crw") else { return try ImageInspector.inspect(url) }
        var metadata = ImageMetadata(format: "crw")
        try CIFFReader.read(try FileBytes(path: url.path), into: &metadata)
        return metadata
    }

    @Test("camera, date and place agree with exiftool", arguments: files)
    func agreesWithExiftool(file: String) throws {
        let expected = try #require(Self.exiftool.first { $0["SourceFile"] as? String == file })
        let read = try Self.read(file)
        ExiftoolExpectations.expectCameraFields(read, expected)
        #expect(read.takenAt?.description == ExiftoolExpectations.dateTaken(expected))
        #expect(read.place == ExiftoolExpectations.place(expected))
    }

    @Test("the corpus holds each kind of place, date and older camera")
    func coverage() {
        let names = [
            "place-iptc.jpg", "place-xmp.jpg", "place-both.jpg", "place-padded.jpg", "iptcdate-offset.jpg",
            "iptcdate-no-offset.jpg", "iptcdate-date-only.jpg", "iptcdate-xmp.jpg", "iptcdate-xmp-year.jpg",
            "iptcdate-xmp-over-iptc.jpg", "iptcdate-exif-wins.jpg", "old-canon.crw", "old-ciff.jpg",
            "old-casio-qv.jpg", "old-flir.jpg", "old-reconyx-hyperfire.jpg", "old-reconyx-ultrafire.jpg",
            "old-reconyx-hf2.jpg", "old-reconyx-exif-wins.jpg", "old-picture-info.jpg",
        ]
        #expect(Set(Self.files) == Set(names))
    }

    @Test("XMP's place fields win over IPTC's field by field; IPTC fills what XMP lacks")
    func xmpOverIPTC() throws {
        let read = try Self.read("place-both.jpg")
        #expect(read.place?.city == "Popayán")  // XMP; IPTC says "Old City"
        #expect(read.place?.region == "Cauca")  // IPTC only
        #expect(read.place?.countryCode == "COL")
    }

    @Test("IPTC's date and time with its offset is the date taken when EXIF has none; EXIF's wins")
    func iptcDate() throws {
        #expect(try Self.read("iptcdate-offset.jpg").takenAt?.description == "2018-07-14T21:05:09-04:00")
        #expect(try Self.read("iptcdate-date-only.jpg").takenAt == nil)  // a day is no moment
        #expect(try Self.read("iptcdate-xmp-year.jpg").takenAt == nil)
        #expect(try Self.read("iptcdate-exif-wins.jpg").takenAt?.description == "2012-12-12T12:12:12")
    }

    @Test("older cameras' records give their date, camera and size")
    func olderCameras() throws {
        let crw = try Self.read("old-canon.crw")
        #expect(crw.cameraModel == "Canon EOS D30" && crw.width == 2160 && crw.height == 1440)
        #expect(crw.takenAt?.description == "2001-05-06T07:08:09")
        #expect(try Self.read("old-ciff.jpg").cameraModel == "Canon PowerShot A5")
        #expect(try Self.read("old-casio-qv.jpg").takenAt?.description == "2000-11-22T13:14:15")
        // FLIR's record comes after EXIF and gives the offset EXIF lacks (milliseconds dropped).
        #expect(try Self.read("old-flir.jpg").takenAt?.description == "2020-02-03T15:15:16+01:00")
        #expect(try Self.read("old-reconyx-hyperfire.jpg").takenAt?.description == "2013-10-31T23:32:41")
        #expect(try Self.read("old-reconyx-ultrafire.jpg").takenAt?.description == "2016-01-02T03:04:05")
        #expect(try Self.read("old-reconyx-hf2.jpg").takenAt?.description == "2020-02-29T00:58:59")
        #expect(try Self.read("old-picture-info.jpg").takenAt?.description == "2000-08-15T22:35:27")
    }

    @Test("a maker note's or Picture Info's date counts only where EXIF has none (exiftool's priority 0)")
    func makerDatesRankLow() throws {
        #expect(try Self.read("old-reconyx-exif-wins.jpg").takenAt?.description == "2014-06-07T08:09:10")
        // IPTC's date and time count only where no camera record gave one, wherever they come.
        let info = Self.segment(0xEC, Array("[picture info]\r\nTimeDate=966383727\r\n".utf8))
        let iptc = Self.iptcSegment([(55, "20010101"), (60, "010101+0100")])
        #expect(try ImageInspector.inspect(bytes: Self.jpeg(iptc + info)).takenAt?.description == "2000-08-15T23:55:27")
    }

    @Test("Picture Info's TimeDate as Olympus writes it: on its own line, or among others on one line")
    func pictureInfoForms() {
        #expect(
            PictureInfo.date(Array("[picture info]\r\nTimeDate=966383727\r\n".utf8))?.description
                == "2000-08-15T23:55:27")
        #expect(
            PictureInfo.date(Array("Type=SR83 TimeDate=966383727 Shutter=8000".utf8))?.description
                == "2000-08-15T23:55:27")
        #expect(PictureInfo.date(Array("OldTimeDate=966383727".utf8)) == nil)
        #expect(PictureInfo.date(Array("TimeDate=0".utf8)) == nil)
    }

    @Test("XMP's date wins over IPTC's even when the IPTC block comes first in the file")
    func xmpDateOverEarlierIPTC() throws {
        let iptc = Self.iptcSegment([(55, "20010101"), (60, "010101+0100"), (90, "Faro")])
        let xmp = Self.segment(
            0xE1,
            Array("http://ns.adobe.com/xap/1.0/\0".utf8)
                + Array(
                    "<x:xmpmeta><rdf:RDF><rdf:Description photoshop:DateCreated='2002-02-02T02:02:02+02:00'/></rdf:RDF></x:xmpmeta>"
                        .utf8))
        let read = try ImageInspector.inspect(bytes: Self.jpeg(iptc + xmp))
        #expect(read.takenAt?.description == "2002-02-02T02:02:02+02:00")
        #expect(read.place?.city == "Faro")
    }

    @Test("place names lose control characters and padding; blank ones are none")
    func untrustedPlaceText() throws {
        let iptc = Self.iptcSegment([(90, "\u{07} Lis\tbon\n\u{1B}"), (95, " \u{00} "), (101, "Portu\u{0}gal")])
        let read = try ImageInspector.inspect(bytes: Self.jpeg(iptc))
        #expect(read.place == PlaceNames(city: "Lis bon", country: "Portu gal"))
    }

    @Test("IPTC dates: only a whole date and time is a moment; a bad offset leaves a local time")
    func iptcDateForms() {
        #expect(IPTCDate.parse(date: "20190601", time: "083015+0200")?.description == "2019-06-01T08:30:15+02:00")
        #expect(IPTCDate.parse(date: "20190601", time: "083015")?.description == "2019-06-01T08:30:15")
        #expect(IPTCDate.parse(date: "20190601", time: "083015+2500")?.description == "2019-06-01T08:30:15")
        #expect(IPTCDate.parse(date: "20190600", time: "083015") == nil)
        #expect(IPTCDate.parse(date: "2019", time: "083015") == nil)
        #expect(IPTCDate.parse(date: "20190601", time: nil) == nil)
        #expect(IPTCDate.parse(date: "20190601", time: "0830") == nil)
    }

    @Test("GPS degrees read as exiftool prints them (37.8199, not 37.819900000000004), never -0, both halves or none")
    func gpsDegrees() throws {
        let sample = try ImageInspector.inspect(PhotoFolder.samples.appendingPathComponent("city-bridge-fog.jpg"))
        #expect(sample.latitude == 37.8199 && sample.longitude == -122.4783)
        #expect(GPSDegrees.tidy(-0.0).sign == .plus)
        #expect(GPSDegrees.tidy(-1e-12) == 0 && GPSDegrees.tidy(-1e-12).sign == .plus)
        #expect(GPSDegrees.tidy(37.819900000000004) == 37.8199)
    }

    @Test("a CIFF heap that holds itself is read once: its camera, no loop")
    func ciffLoop() throws {
        let makeModel = Array("Canon\0X\0".utf8)
        let heapLength = makeModel.count + 2 + 2 * 10 + 4
        func le16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func le32(_ value: Int) -> [UInt8] { le16(value & 0xFFFF) + le16(value >> 16) }
        let directory =
            le16(2) + le16(0x080A) + le32(makeModel.count) + le32(0)
            + le16(0x300A) + le32(heapLength) + le32(0)  // a heap whose range is the heap itself
        let header =
            Array("II".utf8) + le32(26) + Array("HEAPCCDR".utf8) + le32(0x0001_0002) + [UInt8](repeating: 0, count: 8)
        let file = header + makeModel + directory + le32(makeModel.count)
        var read = ImageMetadata(format: "crw")
        try CIFFReader.read(FileBytes(bytes: file), into: &read)
        #expect(read.cameraMake == "Canon" && read.cameraModel == "X")
    }

    // MARK: Building files

    static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
    }

    /// An APP13 Photoshop block holding IPTC records 2:`dataset`.
    static func iptcSegment(_ records: [(UInt8, String)]) -> [UInt8] {
        let data = records.flatMap { dataset, text in
            let bytes = Array(text.utf8)
            return [0x1C, 2, dataset, UInt8(bytes.count >> 8), UInt8(bytes.count & 0xFF)] + bytes
        }
        let size = data.count
        let resource =
            Array("8BIM".utf8) + [0x04, 0x04, 0, 0]
            + [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF)] + data
            + (size % 2 == 1 ? [0] : [])
        return segment(0xED, Array("Photoshop 3.0\0".utf8) + resource)
    }

    /// A JPEG of `segments` and a 64×48 frame.
    static func jpeg(_ segments: [UInt8]) -> [UInt8] {
        let frame = segment(0xC0, [8, 0, 48, 0, 64, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1])
        return [0xFF, 0xD8] + segments + frame + [0xFF, 0xD9]
    }
}
