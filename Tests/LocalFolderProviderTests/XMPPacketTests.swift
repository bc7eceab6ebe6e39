import Testing

@testable import LocalFolderProvider

/// An XMP packet read in one pass: the properties in every spelling XML allows, and nothing
/// taken from where XML says there is no markup.
@Suite("XMP packets read in one pass")
struct XMPPacketTests {
    func read(_ packet: String) -> ImageMetadata {
        var metadata = ImageMetadata(format: "xmp")
        XMPReader.read(Array(packet.utf8), into: &metadata)
        return metadata
    }

    @Test("attributes in either quote with spaces around `=`, elements with lists, and entities")
    func spellings() {
        let metadata = read(
            """
            <x:xmpmeta><rdf:RDF><rdf:Description xmp:Rating = '4' tiff:Make="Fuji&amp;Co" exif:GPSLatitude="48,51.5N"
                exif:GPSLongitude='2,21.1E'>
              <dc:title><rdf:Alt><rdf:li xml:lang="x-default">Quai &lt;ouest&gt;</rdf:li></rdf:Alt></dc:title>
              <dc:subject><rdf:Bag><rdf:li>fog</rdf:li><rdf:li/><rdf:li>bridge</rdf:li></rdf:Bag></dc:subject>
              <tiff:Model>X100V</tiff:Model>
              <cc:license rdf:resource="https://creativecommons.org/licenses/by/4.0/"/>
            </rdf:Description></rdf:RDF></x:xmpmeta>
            """)
        #expect(metadata.rating == 4)
        #expect(metadata.cameraMake == "Fuji&Co")
        #expect(metadata.cameraModel == "X100V")
        #expect(metadata.title == "Quai <ouest>")
        #expect(metadata.keywords == ["fog", "bridge"])
        #expect(metadata.rights.licenseURL == "https://creativecommons.org/licenses/by/4.0/")
        #expect(metadata.latitude.map { ($0 * 1000).rounded() } == 48858)
        #expect(metadata.longitude.map { ($0 * 1000).rounded() } == 2352)
    }

    @Test("names inside comments, CDATA, processing instructions and attribute values are not properties")
    func noMarkupThere() {
        let metadata = read(
            """
            <?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
            <!-- <dc:title>in a comment</dc:title> xmp:Rating="1" -->
            <?note <dc:creator>in an instruction</dc:creator>?>
            <rdf:Description rdf:about="uuid:x" note='a > b xmp:Rating="2"'>
              <dc:description><![CDATA[<dc:title>in CDATA</dc:title>]]></dc:description>
              <dc:titleAlt>a longer name</dc:titleAlt>
              <dc:title>the title</dc:title>
              <xmp:Rating>5</xmp:Rating>
            </rdf:Description>
            """)
        #expect(metadata.title == "the title")
        #expect(metadata.creator == nil)
        #expect(metadata.rating == 5)
    }

    @Test("an empty first element gives no value; a cut packet gives what came before the cut")
    func emptyAndCut() {
        #expect(read("<dc:title/><dc:title>later</dc:title>").title == nil)
        let cut = read(#"<rdf:Description tiff:Make="Leica"><dc:title>Harbour</dc:title><tiff:Model>M1"#)
        #expect(cut.cameraMake == "Leica")
        #expect(cut.title == "Harbour")
        #expect(cut.cameraModel == nil)
        #expect(read(#"<rdf:Description tiff:Make="unterminated"#).cameraMake == nil)
        #expect(read("<").title == nil)
    }
}
