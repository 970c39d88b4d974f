import CMeCab
import Foundation
import OnpuCore
import Synchronization

/// MeCab with one dictionary. MeCab's tagger is safe to share across threads when every parse
/// has its own lattice, which is how this uses it: lattices are kept in a pool and reused.
public final class MeCabTagger: @unchecked Sendable {
  public struct LoadError: Error, CustomStringConvertible {
    public var description: String
  }

  private let model: OpaquePointer
  private let tagger: OpaquePointer
  private let lattices = Mutex<[Lattice]>([])
  /// Lattices that give every word of every place (MECAB_ALL_MORPHS), for `entries(of:)`.
  private let allMorphLattices = Mutex<[Lattice]>([])

  /// A lattice is used by one parse at a time: the pool hands it from one to the next.
  private struct Lattice: @unchecked Sendable {
    let pointer: OpaquePointer
  }

  public init(dictionary: URL) throws {
    let rc = dictionary.appendingPathComponent("mecabrc").path
    let arguments =
      "-d \(Self.quoted(dictionary.path)) -r \(FileManager.default.fileExists(atPath: rc) ? Self.quoted(rc) : "/dev/null")"
    guard let model = mecab_model_new2(arguments) else {
      let reason = mecab_strerror(nil).map { String(cString: $0) } ?? "unknown error"
      throw LoadError(description: "MeCab could not load \(dictionary.path): \(reason)")
    }
    guard let tagger = mecab_model_new_tagger(model) else {
      mecab_model_destroy(model)
      throw LoadError(description: "MeCab could not make a tagger for \(dictionary.path)")
    }
    self.model = model
    self.tagger = tagger
  }

  deinit {
    for lattice in lattices.withLock({ $0 }) + allMorphLattices.withLock({ $0 }) {
      mecab_lattice_destroy(lattice.pointer)
    }
    mecab_destroy(tagger)
    mecab_model_destroy(model)
  }

  /// The tokens of one line of text.
  public func parse(_ text: String) -> [Morpheme] {
    guard
      let lattice = lattices.withLock({ $0.popLast()?.pointer })
        ?? mecab_model_new_lattice(model)
    else { return [] }
    defer {
      mecab_lattice_clear(lattice)
      let pooled = Lattice(pointer: lattice)
      lattices.withLock { $0.append(pooled) }
    }
    let length = text.utf8.count
    return text.withCString { sentence in
      mecab_lattice_set_sentence2(lattice, sentence, length)
      guard mecab_parse_lattice(tagger, lattice) != 0 else { return [] }
      let first = mecab_lattice_get_bos_node(lattice)?.pointee.next
      // Every token's features are measured before any is read: they lie scattered in the
      // dictionary, and fetched one after another each read waits on memory.
      var lengths: [Int] = []
      lengths.reserveCapacity(length / 3)
      var node = first
      while let current = node?.pointee, current.stat != MECAB_EOS_NODE {
        lengths.append(strlen(current.feature))
        node = current.next
      }
      var morphemes: [Morpheme] = []
      morphemes.reserveCapacity(lengths.count)
      node = first
      for count in lengths {
        guard let current = node?.pointee else { break }
        let surface = UnsafeRawBufferPointer(start: current.surface, count: Int(current.length))
        let features = UnsafeRawPointer(current.feature).assumingMemoryBound(to: UInt8.self)
        morphemes.append(
          Morpheme(
            surface: String(decoding: surface, as: UTF8.self),
            spaceBefore: current.rlength > current.length,
            features: UnsafeBufferPointer(start: features, count: count)))
        node = current.next
      }
      return morphemes
    }
  }

  /// Every dictionary word MeCab knows for the whole of `text`, not only the one it would pick:
  /// 明日 read あした beside あす.
  public func entries(of text: String) -> [Morpheme] {
    entries(of: [text])[0]
  }

  /// The words MeCab knows for the whole of `text` read `reading` (katakana), the usual one
  /// first; no other word is built.
  public func entries(of text: String, readAs reading: String) -> [Morpheme] {
    var reading = reading
    return reading.withUTF8 { wanted in
      entries(of: [text]) { place, kana in
        place == 0 && kana.map { $0.elementsEqual(wanted) } ?? false
      }[0]
    }
  }

  /// Every dictionary word MeCab knows for the pieces joined, then for each piece in its place
  /// (手提げ|袋: 手提げ袋, 手提げ, 袋), from one parse.
  public func entries(of pieces: [String]) -> [[Morpheme]] {
    entries(of: pieces) { _, _ in true }
  }

  /// The same, keeping only the words `keep` takes by their place (0 for the pieces joined,
  /// then each piece) and their reading (UTF-8 katakana, nil when they have none): building
  /// a word costs more than the parse, and most are not wanted.
  public func entries(
    of pieces: [String],
    keeping keep: (_ place: Int, _ kana: UnsafeBufferPointer<UInt8>?) -> Bool
  ) -> [[Morpheme]] {
    var found = [[Morpheme]](repeating: [], count: pieces.count + 1)
    let text = pieces.joined()
    guard !text.isEmpty,
      let lattice = allMorphLattices.withLock({ $0.popLast()?.pointer })
        ?? mecab_model_new_lattice(model)
    else { return found }
    defer {
      mecab_lattice_clear(lattice)
      let pooled = Lattice(pointer: lattice)
      allMorphLattices.withLock { $0.append(pooled) }
    }
    mecab_lattice_set_request_type(lattice, Int32(MECAB_ALL_MORPHS))
    var spans = [(offset: 0, length: text.utf8.count)]
    var offset = 0
    for piece in pieces {
      spans.append((offset, piece.utf8.count))
      offset += piece.utf8.count
    }
    var utf8 = Array(text.utf8)
    utf8.append(0)
    utf8.withUnsafeBufferPointer { buffer in
      buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { sentence in
        mecab_lattice_set_sentence2(lattice, sentence, spans[0].length)
        guard mecab_parse_lattice(tagger, lattice) != 0 else { return }
        var node = mecab_lattice_get_bos_node(lattice)
        while let current = node?.pointee {
          node = current.next
          guard current.stat == MECAB_NOR_NODE, let surface = current.surface else { continue }
          let start = UnsafePointer(surface) - UnsafePointer(sentence)
          guard spans.contains(where: { $0.offset == start && $0.length == Int(current.length) })
          else { continue }
          let features = UnsafeBufferPointer(
            start: UnsafeRawPointer(current.feature).assumingMemoryBound(to: UInt8.self),
            count: strlen(current.feature))
          for (index, span) in spans.enumerated()
          where span.offset == start && span.length == Int(current.length)
            && keep(index, Morpheme.kana(features: features))
          {
            found[index].append(
              Morpheme(
                surface: index == 0 ? text : pieces[index - 1], spaceBefore: false,
                features: features))
          }
        }
      }
    }
    return found
  }

  private static func quoted(_ path: String) -> String {
    path.contains(" ") ? "\"\(path)\"" : path
  }
}
