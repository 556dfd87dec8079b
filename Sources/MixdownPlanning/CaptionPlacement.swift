import MixdownComposition

/// Where a burned cue goes: bottom centre in the title-safe area (the default
/// margin from the bottom edge), or where its WebVTT `line`, `position` and
/// `align` put it.
///
/// A cue's drawn size is only known when its text is laid out, after planning.
/// So a placement is exact where an anchor holds it (centred across, or held
/// to an edge at one margin) and otherwise an approximation from the style:
/// a line `size × 1.2` pixels high, a character `size × 0.55` wide, the cue's
/// width its longest line's at most the wrapping width. WebVTT's line numbers
/// count lines of that height from the top (0, 1, …) or from the bottom (-1
/// the last line, above the bottom margin).
struct CaptionPlacement {
    let settings: CaptionCueSettings
    /// The cue's lines, before wrapping.
    let lineCount: Int
    let style: TextStyle
    let renderWidth: Int
    let renderHeight: Int
    /// The characters of the cue's longest line, for the width approximation.
    let longestLine: Int

    private var margin: Int { OverlayPosition.defaultMargin(renderHeight: renderHeight) }
    private var lineHeight: Int { Int((style.size * 1.2).rounded()) }
    private var estimatedHeight: Int { max(1, min(lineCount, style.maximumLines ?? lineCount)) * lineHeight }
    private var estimatedWidth: Int {
        let natural = Int((Double(longestLine) * style.size * 0.55).rounded())
        return min(natural, style.maximumWidth ?? natural)
    }

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
            let y = top ?? renderHeight - bottomMargin - estimatedHeight
            let x: Int
            switch across {
            case .left: x = held ?? margin
            case .center: x = (held ?? renderWidth / 2) - estimatedWidth / 2
            case .right: x = (held ?? renderWidth - margin) - estimatedWidth
            }
            return .point(x: x, y: y)
        }
    }
}
