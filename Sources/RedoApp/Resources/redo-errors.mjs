// The ways the core refuses: a node with a rejection code, a request it cannot plan.

export const codes = Object.freeze({
  schemaMismatch: "E_SCHEMA_MISMATCH", hashMismatch: "E_HASH_MISMATCH",
  invalidSignature: "E_INVALID_SIGNATURE", encodingViolation: "E_ENCODING_VIOLATION",
  forbiddenField: "E_FORBIDDEN_FIELD", duplicateCreate: "E_DUPLICATE_CREATE",
  invalidTodoRef: "E_INVALID_TODO_REF", missingDeletedChain: "E_MISSING_DELETED_CHAIN",
  lamportViolation: "E_LAMPORT_VIOLATION", parentNotFound: "E_PARENT_NOT_FOUND",
});

export class NodeRejection extends Error {
  constructor(code, message, nodeId) {
    super(message);
    this.code = code;
    this.nodeId = nodeId;
  }
}
export const schema = (message) => new NodeRejection(codes.schemaMismatch, message);
export const encoding = (message) => new NodeRejection(codes.encodingViolation, message);
export const reported = (rejection) =>
  ({ nodeId: rejection.nodeId, code: rejection.code, message: rejection.message });

export class PlanError extends Error {
  constructor(message) {
    super(message);
    this.name = "PlanError";
  }
}
