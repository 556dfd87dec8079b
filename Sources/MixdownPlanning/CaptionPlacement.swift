import MixdownComposition

/// Where a burned cue goes: bottom centre in the title-safe area (the default
/// margin from the bottom edge), or where its WebVTT `line`, `position` and
/// `align` put it.
///
/// A cue's drawn size is only known when its text is laid out, after planning,
/// so a cue is held by the point its settings name: its top edge at `line`
/// (or its bottom edge above the margin), and its left edge, centre or right
/// edge (by `align`) at `position`; the painter places it from there once it
/// is drawn. WebVTT's line numbers count lines of `size × 1.2` pixels from the
/// top (0, 1, …) or from the bottom (-1 the last line, above the bottom margin).
struct CaptionPlacement {
    let settings: CaptionCueSettings
    let style: TextStyle
    let renderWidth: Int
    let renderHeight: Int

    private var margin: Int { OverlayPosition.defaultMargin(renderHeight: renderHeight) }
    private var lineHeight: Int { Int((style.size * 1.2).rounded()) }

    /// Where the cue's top edge goes when its `line` setting says (nil: the bottom, at `bottomMargin`).
    private var top: Int? {
        switch settings.line {
        case let .percent(percent)?: Int((percent * Double(renderHeight) / 100).rounded())
        case let .number(number)? where number >= 0: number * lineHeight
        default: nil
        }
    }

    /// The margin under a cue held to the bottom: the default one, raised by
    /// lines of `line:-2` and beyond.
    private var bottomMargin: Int {
        if case let .number(number)? = settings.line, number < -1 { return margin + (-number - 1) * lineHeight }
        return margin
    }

    /// Which edge (or the centre) of the cue its position holds across the picture.
    private enum Across { case left, center, right }

    private var across: Across {
        switch settings.align {
        case .start?, .left?: .left
        case .end?, .right?: .right
        case .center?, nil: .center
        }
    }

    var position: OverlayPosition {
        let top = self.top
        // The x of the held edge, when `position` gives it; else the edge's own margin.
        let held = settings.position.map { Int(($0 * Double(renderWidth) / 100).rounded()) }
        switch across {
        case .center where held == nil || held == renderWidth / 2:
            if let top { return .anchored(.top, margin: top) }
            return .anchored(.bottom, margin: bottomMargin == margin ? nil : bottomMargin)
        case .left where held == nil && top == nil && bottomMargin == margin:
            return .anchored(.bottomLeft, margin: nil)
        case .right where held == nil && top == nil && bottomMargin == margin:
            return .anchored(.bottomRight, margin: nil)
        default:
            let x: Int
            let anchor: OverlayPosition.Anchor
            switch across {
            case .left: (x, anchor) = (held ?? margin, top == nil ? .bottomLeft : .topLeft)
            case .center: (x, anchor) = (held ?? renderWidth / 2, top == nil ? .bottom : .top)
            case .right: (x, anchor) = (held ?? renderWidth - margin, top == nil ? .bottomRight : .topRight)
            }
            return .point(x: x, y: top ?? renderHeight - bottomMargin, anchor: anchor)
        }
    }
}
