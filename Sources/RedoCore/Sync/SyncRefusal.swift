/// The server's refusal of one uploaded node, as a device acts on it.
///
/// A refusal that may pass later (the device's key not registered yet, a parent the server has
/// not got, the server busy or failing) leaves the node waiting to be sent again. Any other
/// refusal is final: the node and everything built on it leave the task's replay, and the person
/// decides whether to discard the change or keep it as a new task of their own.
public struct SyncRefusal: Sendable, Equatable {
  public var nodeId: String
  public var code: String
  public var message: String

  public init(nodeId: String, code: String, message: String) {
    self.nodeId = nodeId
    self.code = code
    self.message = message
  }

  public static let unknownKey = "unknown_key"
  static let temporaryCodes: Set<String> = [
    unknownKey, "rate_limited", "unavailable", "internal", RedoErrorCode.parentNotFound.rawValue,
  ]

  public var isTemporary: Bool { Self.temporaryCodes.contains(code) }

  /// What the person reads: the server's own words for a refusal of rights, otherwise what was
  /// wrong with the change.
  public var explanation: String {
    switch code {
    case "forbidden": message
    case Self.unknownKey:
      "This device's key is not registered to your account yet; the change waits and is sent once it is."
    case _ where isTemporary:
      "The server could not take the change yet (\(message)); it is sent again."
    default: "The server found the change invalid: \(message) (\(code))."
    }
  }
}

public enum RefusedWork {
  /// `refused` together with every node of `nodes` built on one of them: a change that builds
  /// on a refused change cannot be sent either.
  public static func closure(of refused: Set<String>, in nodes: [RedoNode]) -> Set<String> {
    var out = refused
    var children: [String: [String]] = [:]
    for node in nodes {
      for parent in node.parents { children[parent, default: []].append(node.id) }
    }
    var queue = Array(refused)
    while let id = queue.popLast() {
      for child in children[id] ?? [] where out.insert(child).inserted { queue.append(child) }
    }
    return out
  }
}
