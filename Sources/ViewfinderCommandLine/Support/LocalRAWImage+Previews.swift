import LocalFolderProvider
import ProviderKit
import WebView

extension LocalRAWImage {
    /// What `serve` sends for the local file `file`: the preview `pick` chooses among a RAW's
    /// (``RAWPreviews``), ``noPreview`` for a RAW with none (or a file that could not be read
    /// as far as its previews), ``notRAW`` for any other file.
    init(_ file: FileBytes, pick: ([RAWPreview]) -> RAWPreview?) {
        switch Result(catching: { () throws(ImageMetadataError) in try RAWPreviews.findInRAW(file) }) {
        case .success(nil): self = .notRAW
        case .success(let previews?):
            self = pick(previews).map { .preview(offset: $0.offset, length: $0.length) } ?? .noPreview
        case .failure: self = .noPreview
        }
    }
}
