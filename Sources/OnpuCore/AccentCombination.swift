import Synchronization

/// UniDic's aConType: how a token's accent joins the accent phrase before it. Particles and
/// auxiliaries carry F rules, keyed by the part of speech they follow ("動詞%F2@0,名詞%F1");
/// the second part of a compound carries a C rule ("C3"), a prefix a P rule for the word after
/// it. The rare aModType is not applied.
public struct AccentCombination: Hashable, Sendable {
  public enum Rule: Hashable, Sendable {
    /// The phrase keeps its nucleus (F1).
    case keep
    /// Only a flat phrase gets a nucleus, `offset` morae after the phrase so far (F2).
    case nucleusIfFlat(offset: Int)
    /// Only an accented phrase moves its nucleus to `offset` (F3).
    case nucleusIfAccented(offset: Int)
    /// The nucleus moves to `offset` whatever came before (F4).
    case nucleus(offset: Int)
    /// The phrase becomes flat (F5).
    case flat
    /// Flat phrases get a nucleus at `flat`, accented ones at `accented` (F6).
    case nucleusBy(flat: Int, accented: Int)
    /// Compounds: the second part's own nucleus carries over (C1).
    case keepSecond
    /// Compounds: the nucleus falls on the second part's first mora (C2).
    case firstOfSecond
    /// Compounds: the nucleus falls on the first part's last mora (C3).
    case lastOfFirst
    /// Compounds: flat (C4).
    case compoundFlat
    /// Compounds: the first part's nucleus carries over (C5).
    case keepFirst
  }

  public struct Entry: Hashable, Sendable {
    /// The part of speech the rule follows; nil for any.
    public var partOfSpeech: PartOfSpeech?
    /// The rule's name in the notation: F2, C3, P1...
    public var name: String
    public var rule: Rule
  }

  public let entries: [Entry]

  /// The few hundred notations UniDic uses, each parsed once.
  private static let parsed = Mutex<[String: [Entry]]>([:])

  public init(notation: String) {
    if let known = Self.parsed.withLock({ $0[notation] }) {
      entries = known
      return
    }
    let parsed = Self.parse(notation)
    Self.parsed.withLock { $0[notation] = parsed }
    entries = parsed
  }

  /// The same from MeCab's bytes, cached by a 64-bit hash of the bytes (FNV-1a): hashing a
  /// Japanese String normalizes it, and UniDic's few hundred notations share no hash.
  init(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    if let known = Self.parsedBytes.withLock({ $0[hash] }) {
      entries = known
      return
    }
    let parsed = Self.parse(String(decoding: bytes, as: UTF8.self))
    Self.parsedBytes.withLock { $0[hash] = parsed }
    entries = parsed
  }

  private static let parsedBytes = Mutex<[UInt64: [Entry]]>([:])

  private static func parse(_ notation: String) -> [Entry] {
    notation.split(separator: ",").compactMap { part in
      let pieces = part.split(separator: "%", maxSplits: 1)
      let key = pieces.count == 2 ? PartOfSpeech(utf8: pieces[0].utf8) : nil
      let text = String(pieces.last ?? "")
      return Self.rule(text).map {
        Entry(partOfSpeech: key, name: String(text.prefix { $0 != "@" }), rule: $0)
      }
    }
  }

  /// The particle or auxiliary rule for a token after one of `partOfSpeech`.
  public func rule(after partOfSpeech: PartOfSpeech) -> Rule? {
    (entries.first { $0.partOfSpeech == partOfSpeech && $0.name.hasPrefix("F") }
      ?? entries.first { $0.partOfSpeech == nil && $0.name.hasPrefix("F") })?.rule
  }

  /// Whether a noun right after a word of `partOfSpeech` is the second part of a compound, joined
  /// by its C rule: after a noun, or after a nominal suffix, which ends a noun (保険料|率,
  /// くも膜下|出血).
  public static func compounds(after partOfSpeech: PartOfSpeech) -> Bool {
    partOfSpeech == .noun || partOfSpeech == .suffix
  }

  /// A verb right after a verb (the first in its 連用形: 遣り|抜く, 見|なれる) makes a compound
  /// verb, accented on the second-to-last mora of its dictionary form, whatever the parts' own
  /// accents (やりぬ'く, so やりぬ'いた): `secondMorae` counts the second verb's dictionary form.
  public static func compoundVerb(secondMorae: Int) -> Rule {
    .nucleus(offset: max(secondMorae - 1, 1))
  }

  /// The rule for this token as the second part of a compound.
  public var compoundRule: Rule? { entries.first { $0.name.hasPrefix("C") }?.rule }

  /// The rule for the word after this prefix.
  public var prefixRule: Rule? { entries.first { $0.name.hasPrefix("P") }?.rule }

  /// The nucleus of a phrase of `firstMorae` morae with nucleus `firstNucleus` once a part of
  /// `secondMorae` morae with nucleus `secondNucleus` joins it by `rule`.
  public static func combine(
    _ rule: Rule, firstMorae: Int, firstNucleus: Int, secondMorae: Int, secondNucleus: Int
  ) -> Int {
    let total = firstMorae + secondMorae
    let nucleus: Int =
      switch rule {
      case .keep: firstNucleus
      case .nucleusIfFlat(let offset): firstNucleus == 0 ? firstMorae + offset : firstNucleus
      case .nucleusIfAccented(let offset): firstNucleus == 0 ? 0 : firstMorae + offset
      case .nucleus(let offset): firstMorae + offset
      case .flat, .compoundFlat: 0
      case .nucleusBy(let flat, let accented):
        firstMorae + (firstNucleus == 0 ? flat : accented)
      case .keepSecond: secondNucleus == 0 ? 0 : firstMorae + secondNucleus
      case .firstOfSecond: firstMorae + 1
      case .lastOfFirst: firstMorae
      case .keepFirst: firstNucleus
      }
    return min(max(nucleus, nucleus == 0 ? 0 : 1), total)
  }

  private static func rule(_ text: String) -> Rule? {
    let parts = text.split(separator: "@").map(String.init)
    guard let name = parts.first else { return nil }
    let offsets = parts.dropFirst().compactMap { Int($0) }
    let offset = offsets.first ?? 0
    switch name {
    case "F1": return .keep
    case "F2": return .nucleusIfFlat(offset: offset)
    case "F3": return .nucleusIfAccented(offset: offset)
    case "F4": return .nucleus(offset: offset)
    case "F5": return .flat
    case "F6": return .nucleusBy(flat: offset, accented: offsets.dropFirst().first ?? offset)
    case "C1": return .keepSecond
    case "C2": return .firstOfSecond
    case "C3": return .lastOfFirst
    case "C4": return .compoundFlat
    case "C5": return .keepFirst
    case "P1", "P2", "P13", "P14": return .keepSecond
    case "P4", "P6": return .compoundFlat
    default: return nil
    }
  }
}
