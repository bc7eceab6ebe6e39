/// The first bytes of the camera RAW formats that do not start with a TIFF header.
enum RAWSignature {
    /// Whether `bytes` start an Olympus ORF (`IIRO`, `IIRS`, `MMOR`), a Panasonic RW2 or Leica
    /// RWL (`IIU\0`), a Fujifilm RAF (`FUJIFILMCCD-RAW`) or a Canon CR3 (ISO base media, brand `crx `).
    static func matches(_ bytes: [UInt8]) -> Bool {
        func starts(_ text: String, at offset: Int = 0) -> Bool {
            let prefix = Array(text.utf8)
            return bytes.count >= offset + prefix.count && bytes[offset..<offset + prefix.count].elementsEqual(prefix)
        }
        return starts("IIRO") || starts("IIRS") || starts("MMOR") || starts("IIU\0")
            || starts("FUJIFILMCCD-RAW") || (starts("ftyp", at: 4) && starts("crx ", at: 8))
    }
}
