import CChafa

/// The colours block symbols are drawn in: what the terminal's entry in chafa's database offers,
/// or none under `NO_COLOR`.
package enum SymbolColors: Sendable, Equatable {
    /// 24-bit colour.
    case truecolor
    /// The 240 colours of the 256-colour palette that do not depend on the user's theme.
    case indexed240
    /// The 16 ANSI colours.
    case indexed16
    /// No colour sequences at all: symbols in the terminal's own foreground and background.
    case none

    var canvasMode: vf_chafa_canvas_mode {
        switch self {
        case .truecolor: VF_CHAFA_TRUECOLOR
        case .indexed240: VF_CHAFA_INDEXED_240
        case .indexed16: VF_CHAFA_INDEXED_16
        case .none: VF_CHAFA_FGBG
        }
    }

    init(_ mode: vf_chafa_canvas_mode) {
        switch mode {
        case VF_CHAFA_TRUECOLOR: self = .truecolor
        case VF_CHAFA_INDEXED_240: self = .indexed240
        case VF_CHAFA_INDEXED_16: self = .indexed16
        default: self = .none
        }
    }
}
