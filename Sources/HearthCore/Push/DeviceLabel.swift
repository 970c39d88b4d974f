/// "Firefox on Linux": a browser's User-Agent as people name their devices.
public enum DeviceLabel {
  public static func from(userAgent: String) -> String {
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
    case (nil, nil): return "A browser"
    }
  }
}
