/// Where a line's pieces stand in its text, which holds their surfaces in order with whitespace
/// between them.
enum SurfacePlacement {
  /// The character range of each surface, from the first, for as many as stand in the text.
  static func ranges(of surfaces: some Sequence<String>, in text: [Character]) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    var position = 0
    for surface in surfaces.lazy.map(Array.init) {
      while position < text.count, text[position].isWhitespace,
        surface.first?.isWhitespace != true
      {
        position += 1
      }
      guard position + surface.count <= text.count,
        text[position..<(position + surface.count)].elementsEqual(surface)
      else { break }
      ranges.append(position..<(position + surface.count))
      position += surface.count
    }
    return ranges
  }
}
