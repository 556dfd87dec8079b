internal import MixdownCairo

/// The font families installed on this machine, as fontconfig offers them to Pango.
///
/// Read once per process: a font installed while Mixdown runs is not seen.
public enum FontCatalogue {
    /// Whether fontconfig has `family` (compared without regard to case:
    /// `dejavu sans` is `DejaVu Sans`). Pango's generic families (`Sans`,
    /// `Serif`, `Monospace`) count as known.
    public static func knows(family: String) -> Bool {
        families.contains(family.lowercased())
    }

    private static let families: Set<String> = Set(FontFamilies.names().map { $0.lowercased() })
}
