import Foundation

/// "Firefox on Linux": a browser's User-Agent as people name their devices. A client that is no
/// browser is named by its product ("curl", "python-requests"); a label that is no User-Agent
/// at all ("API client") stays as it is.
public enum DeviceLabel {
  public static func from(userAgent: String) -> String {
    // Not a User-Agent (no product/version): a name someone or something chose already.
    guard userAgent.contains("/") else { return product(of: userAgent) ?? "Unknown device" }
    let browsers = [
      ("Edg/", "Edge"), ("OPR/", "Opera"), ("Firefox/", "Firefox"), ("Chrome/", "Chrome"),
      ("Chromium/", "Chromium"), ("Safari/", "Safari"),
    ]
    let systems = [
      ("Android", "Android"), ("iPhone", "iPhone"), ("iPad", "iPad"), ("Windows", "Windows"),
      ("Mac OS X", "macOS"), ("CrOS", "ChromeOS"), ("Linux", "Linux"),
    ]
    let browser = browsers.first { userAgent.contains($0.0) }?.1
    let system = systems.first { userAgent.contains($0.0) }?.1
    switch (browser, system) {
    case (let browser?, let system?): return "\(browser) on \(system)"
    case (let browser?, nil): return browser
    case (nil, let system?): return "A browser on \(system)"
    case (nil, nil): return product(of: userAgent) ?? "Unknown device"
    }
  }

  /// The first product token of a User-Agent ("curl/8.5.0" is curl); the whole text when it
  /// has no version (a label someone chose); nil when empty.
  static func product(of userAgent: String) -> String? {
    let text = userAgent.trimmingCharacters(in: .whitespaces)
    guard !text.isEmpty else { return nil }
    guard let slash = text.firstIndex(of: "/") else { return String(text.prefix(60)) }
    let name = text[..<slash]
    guard !name.isEmpty, !name.contains(" ") else { return String(text.prefix(60)) }
    return String(name)
  }
}
