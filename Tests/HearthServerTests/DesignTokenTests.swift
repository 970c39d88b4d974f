import Foundation
import HearthPlatform
import Testing

/// One design system: colours live only in token declarations (custom properties, in hearth.css's
/// and each app's token block); every other rule of the shell and of every app uses the tokens.
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

  @Test func eachAppIsATokenBlockAtTheTopOfItsStylesheet() throws {
    let shell = String(decoding: HearthAssets.stylesheet.body, as: UTF8.self)
    for app in testedApps {
      #expect(!shell.contains("[data-app=\"\(app.app.slug)\"]"))
    }
    var sheets: [String: String] = [:]
    for app in testedApps {
      let sheet = try #require(app.assets.first { $0.name == "\(app.app.slug).css" })
      sheets[app.app.slug] = String(decoding: sheet.body, as: UTF8.self)
    }
    for app in ["redo", "auralyst", "onpu"] {
      let css = try #require(sheets[app])
      let block = try #require(css.range(of: "[data-app=\"\(app)\"] {"))
      let firstRule = try #require(css.range(of: #"(?m)^[.\[@a-z]"#, options: .regularExpression))
      #expect(block.lowerBound == firstRule.lowerBound, "\(app).css starts with its theme")
    }
    // Redo's Matrix palette, from its reference
    for value in ["--bg: #020b09", "--accent: #00ffb8", "--text: #b8ffe6", "--muted: #80bfa3"] {
      #expect(sheets["redo"]?.contains(value) == true)
    }
  }
}
