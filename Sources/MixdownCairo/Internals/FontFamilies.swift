internal import CCairo

/// The font families fontconfig offers Pango on this machine.
package enum FontFamilies {
    /// Every family's name, as fontconfig spells it (`DejaVu Sans`, `Noto Sans CJK JP`),
    /// including the generic aliases Pango adds (`Sans`, `Serif`, `Monospace`).
    package static func names() -> [String] {
        let fontMap = pango_cairo_font_map_get_default()
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(fontMap, &families, &count)
        defer { g_free(families) }
        guard let families else { return [] }
        var names: [String] = []
        for index in 0..<Int(count) {
            if let family = families[index], let name = pango_font_family_get_name(family) {
                names.append(String(cString: name))
            }
        }
        return names
    }
}
