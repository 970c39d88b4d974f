import HearthHTML
import HearthPlatform

extension OnpuPages {
  /// A plain download link to an Anki deck (.apkg) of the words.
  static func ankiExport(_ url: String, label: String) -> Node {
    .p(
      [.class("onpu-export")],
      .a([.class("button small secondary"), .href(url), .download], .text(label)))
  }
}
