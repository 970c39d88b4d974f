import CanonicalJSON
import Foundation

/// Builds the OpenAPI 3.1 description of every registered JSON operation.
package enum OpenAPIDocument {
  package static let errorText: [Int: String] = [
    400: "Malformed or invalid input", 401: "Not signed in", 403: "Not allowed",
    404: "Not found", 409: "Conflict", 410: "No longer kept", 413: "Body too large",
    429: "Rate limited",
  ]

  package static func build(_ operations: [APIOperation], apps: [String]) -> JSON {
    var paths: [String: [String: JSON]] = [:]
    for operation in operations {
      paths[openAPIPath(operation.path), default: [:]][operation.method.rawValue.lowercased()] =
        describe(operation)
    }
    return [
      "openapi": "3.1.0",
      "info": [
        "title": "Hearth", "version": "1.0.0",
        "description": .string("The JSON API of Hearth, the server behind \(listed(apps))."),
      ],
      "components": [
        "securitySchemes": ["bearer": ["type": "http", "scheme": "bearer"]],
        "schemas": ["Error": Schemas.error],
      ],
      "paths": .object(paths.mapValues { .object($0) }),
    ]
  }

  /// "A, B and C".
  package static func listed(_ names: [String]) -> String {
    guard names.count > 1 else { return names.first ?? "its apps" }
    return names.dropLast().joined(separator: ", ") + " and " + names.last!
  }

  package static func openAPIPath(_ path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: false).map { part in
      part.hasPrefix(":") ? "{\(part.dropFirst())}" : String(part)
    }.joined(separator: "/")
  }

  /// `getApiItemsById` for GET /api/items/:id.
  static func operationID(_ operation: APIOperation) -> String {
    operation.method.rawValue.lowercased()
      + operation.path.split(separator: "/").map { part in
        let name = part.hasPrefix(":") ? "By" + part.dropFirst().capitalized : part.capitalized
        return name.replacingOccurrences(of: ".", with: "")
      }.joined()
  }

  package static func describe(_ operation: APIOperation) -> JSON {
    var fields: [String: JSON] = [
      "summary": .string(operation.summary), "tags": [.string(operation.tag)],
      "operationId": .string(operationID(operation)),
    ]
    var parameters: [JSON] = operation.path.split(separator: "/")
      .filter { $0.hasPrefix(":") }
      .map { part -> JSON in
        [
          "name": .string(String(part.dropFirst())), "in": "path", "required": true,
          "schema": Schemas.string,
        ]
      }
    parameters += operation.query.map { query -> JSON in
      [
        "name": .string(query.name), "in": "query", "required": .bool(query.required),
        "schema": query.schema,
      ]
    }
    if !parameters.isEmpty { fields["parameters"] = .array(parameters) }
    if !operation.requestContent.isEmpty {
      fields["requestBody"] = [
        "required": true,
        "content": .object(
          Dictionary(
            operation.requestContent.map { ($0.type, ["schema": $0.schema]) },
            uniquingKeysWith: { _, last in last })),
      ]
    } else if let body = operation.requestBody {
      fields["requestBody"] = [
        "required": true, "content": ["application/json": ["schema": body]],
      ]
    }
    var responses: [String: JSON] = [:]
    for (status, schema) in operation.responses {
      responses[String(status)] =
        if let schema {
          [
            "description": .string(status < 300 ? "Success" : "See schema"),
            "content": .object(
              Dictionary(
                [(operation.contentType, schema)]
                  + (status < 300
                    ? operation.otherResponseContent.map { ($0.type, $0.schema) } : []),
                uniquingKeysWith: { first, _ in first }
              ).mapValues { ["schema": $0] }),
          ]
        } else {
          ["description": "No content"]
        }
    }
    var errors = operation.errors
    if operation.authenticated, !errors.contains(401) { errors.append(401) }
    for status in errors {
      responses[String(status)] = [
        "description": .string(errorText[status] ?? "Error"),
        "content": ["application/json": ["schema": ["$ref": "#/components/schemas/Error"]]],
      ]
    }
    fields["responses"] = .object(responses)
    if operation.authenticated { fields["security"] = [["bearer": []]] }
    return .object(fields)
  }
}
