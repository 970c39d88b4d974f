import Foundation
import HearthPlatform
import Testing

/// One design system: colours live only in token declarations (custom properties, in
/// hearth.css's token blocks); every other rule of the shell and of every app uses the tokens.
@Suite struct DesignTokenTests {
  static var colour: Regex<AnyRegexOutput> {
    try! Regex(#"#[0-9a-fA-F]{3,8}\b|\b(rgb|rgba|hsl|hsla|oklch|lab)\("#)
  }

  /// Each declaration of `css` that holds a colour but is not a custom property.
  static func strayColours(_ css: String) -> [String] {
    let withoutComments = css.replacing(try! Regex(#"/\*[\s\S]*?\*/"#), with: "")
    return withoutComments.split(whereSeparator: { ";{}".contains($0) })
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
      .filter { $0.contains(Self.colour) && !$0.hasPrefix("--") }
  }

  @Test func onlyTokensHoldColours() {
    let stylesheets =
      [HearthAssets.stylesheet]
      + testedApps.flatMap { $0.assets }
      .filter { $0.name.hasSuffix(".css") }
    #expect(stylesheets.count >= 5)
    for sheet in stylesheets {
      let stray = Self.strayColours(String(decoding: sheet.body, as: UTF8.self))
      #expect(stray.isEmpty, "\(sheet.name): \(stray)")
    }
    #expect(Self.strayColours(".a { color: #fff; }\n.b { --x: #fff; }") == ["color: #fff"])
  }

  @Test func eachAppIsATokenBlock() {
    let css = String(decoding: HearthAssets.stylesheet.body, as: UTF8.self)
    for app in ["redo", "auralyst", "onpu"] {
      #expect(css.contains("[data-app=\"\(app)\"] {"))
    }
    // Redo's Matrix palette, from its reference
    for value in ["--bg: #020b09", "--accent: #00ffb8", "--text: #b8ffe6", "--muted: #80bfa3"] {
      #expect(css.contains(value))
    }
  }
}
