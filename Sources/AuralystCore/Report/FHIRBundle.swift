import Foundation

/// A FHIR R4 Bundle of type "collection", built resource by resource. A resource's id comes
/// from the journal and the key it is added under (a record's id), so the same journal gives
/// the same ids each time it is exported; resources refer to each other by their `urn:uuid:`.
/// Each part of a journal (entries, factors, medications, and any later one) adds its own
/// resources to one bundle.
public struct FHIRBundle: Sendable {
  public static let contentType = "application/fhir+json"

  public let namespace: String
  public private(set) var entries: [FHIRJSON] = []

  public init(namespace: String) { self.namespace = namespace }

  /// Adds a resource of `type` with `body`'s members after its resourceType and id; answers a
  /// Reference to it.
  @discardableResult
  public mutating func add(_ type: String, key: String, _ body: FHIRJSON) -> FHIRJSON {
    let id = Self.uuid(namespace + "\u{0}" + type + "\u{0}" + key)
    let resource = FHIRJSON.object([.init("resourceType", .string(type)), .init("id", .string(id))])
      .adding(body.members)
    entries.append(["fullUrl": "urn:uuid:\(id)", "resource": resource])
    return ["reference": "urn:uuid:\(id)"]
  }

  /// The bundle, stamped with when it was made (an instant, with its offset).
  public func json(timestamp: String) -> FHIRJSON {
    [
      "resourceType": "Bundle",
      "id": .string(Self.uuid(namespace + "\u{0}Bundle\u{0}" + timestamp)),
      "type": "collection", "timestamp": .string(timestamp), "entry": .array(entries),
    ]
  }

  /// A UUID named by `name` (RFC 9562 version 8: two FNV-1a 64-bit hashes of it): the same
  /// name gives the same id.
  static func uuid(_ name: String) -> String {
    func fnv(_ basis: UInt64) -> UInt64 {
      var hash = basis
      for byte in name.utf8 {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
      }
      return hash
    }
    var high = fnv(0xCBF2_9CE4_8422_2325)
    var low = fnv(0x6C62_272E_07BB_0142)
    high = (high & ~0xF000) | 0x8000
    low = (low & ~(0xC000 << 48)) | (0x8000 << 48)
    let hex = String(format: "%016llx%016llx", high, low)
    let characters = Array(hex)
    return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }
      .joined(separator: "-")
  }
}

extension FHIRJSON {
  var members: [Member] {
    if case .object(let members) = self { return members }
    return []
  }
}
