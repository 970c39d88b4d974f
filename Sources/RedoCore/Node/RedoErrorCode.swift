/// The protocol's rejection codes (REDO v1.7).
public enum RedoErrorCode: String, Sendable, CaseIterable, Codable {
  case schemaMismatch = "E_SCHEMA_MISMATCH"
  case hashMismatch = "E_HASH_MISMATCH"
  case invalidSignature = "E_INVALID_SIGNATURE"
  case encodingViolation = "E_ENCODING_VIOLATION"
  case forbiddenField = "E_FORBIDDEN_FIELD"
  case duplicateCreate = "E_DUPLICATE_CREATE"
  case invalidTodoRef = "E_INVALID_TODO_REF"
  case missingDeletedChain = "E_MISSING_DELETED_CHAIN"
  case lamportViolation = "E_LAMPORT_VIOLATION"
  case parentNotFound = "E_PARENT_NOT_FOUND"
}

/// Why a node was rejected. Rejection is never persisted or transmitted; it is only reported.
public struct NodeRejection: Error, Hashable, Sendable, CustomStringConvertible {
  public var code: RedoErrorCode
  public var nodeId: String?
  public var reason: String

  public init(_ code: RedoErrorCode, _ reason: String, nodeId: String? = nil) {
    self.code = code
    self.reason = reason
    self.nodeId = nodeId
  }

  public var description: String {
    "[\(code.rawValue)] Node \(nodeId ?? "(no id)") rejected: \(reason)"
  }
}
