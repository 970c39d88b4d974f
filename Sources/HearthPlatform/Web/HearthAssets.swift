/// The static files every page links: `/static/hearth.css` and `/static/hearth.js`.
/// The texts live in `Stylesheet.swift` and `Script.swift`.
public enum HearthAssets {
  public static let stylesheetContentType = "text/css; charset=utf-8"
  public static let scriptContentType = "text/javascript; charset=utf-8"

  /// The asset for a path under /static, with its content type, or nil.
  public static func asset(named name: String) -> (body: String, contentType: String)? {
    switch name {
    case "hearth.css": (stylesheet, stylesheetContentType)
    case "hearth.js": (script, scriptContentType)
    default: nil
    }
  }
}
