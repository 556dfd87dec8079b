extension TextStyle {
    /// The style in render pixels for a render `renderHeight` lines high: every
    /// size (the font's, the outline's width, the shadow's offset and blur, the
    /// box's padding and radius, the wrapping width) scaled by
    /// `renderHeight / designHeight`, so that a default title or caption covers
    /// the same share of a 360-line picture as of a 2160-line one. A style of
    /// render pixels (no ``designHeight``) is returned as it is.
    public func resolved(forRenderHeight renderHeight: Int) -> TextStyle {
        guard let designHeight, designHeight > 0, renderHeight != designHeight else {
            var style = self
            style.designHeight = nil
            return style
        }
        let factor = Double(renderHeight) / Double(designHeight)
        var style = self
        style.designHeight = nil
        style.size = size * factor
        style.outline?.width *= factor
        if let shadow {
            style.shadow = Shadow(colour: shadow.colour, offsetX: shadow.offsetX * factor, offsetY: shadow.offsetY * factor, blur: shadow.blur * factor)
        }
        if let background {
            style.background = BoxStyle(colour: background.colour, cornerRadius: background.cornerRadius * factor, padding: background.padding * factor)
        }
        style.maximumWidth = maximumWidth.map { max(1, Int((Double($0) * factor).rounded())) }
        return style
    }
}
