import Foundation

/// Builds the OpenAPI 3.1 description of every registered JSON operation.
package enum OpenAPIDocument {
  package static let errorText: [Int: String] = [
    400: "Malformed or invalid input", 401: "Not signed in", 403: "Not allowed",
    404: "Not found", 409: "Conflict", 413: "Body too large", 429: "Rate limited",
  ]

  package static func build(_ operations: [APIOperation], apps: [String]) -> JSONValue {
    var paths: [(String, [(String, JSONValue)])] = []
    for operation in operations {
      let path = openAPIPath(operation.path)
      let entry = (operation.method.rawValue.lowercased(), describe(operation))
      if let index = paths.firstIndex(where: { $0.0 == path }) {
        paths[index].1.append(entry)
      } else {
        paths.append((path, [entry]))
      }
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
      "paths": .object(paths.map { ($0.0, .object($0.1)) }),
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

  package static func describe(_ operation: APIOperation) -> JSONValue {
    var fields: [(String, JSONValue)] = [
      ("summary", .string(operation.summary)), ("tags", [.string(operation.tag)]),
      (
        "operationId",
        .string(
          operation.method.rawValue.lowercased()
            + operation.path.split(separator: "/").map { part in
              let name =
                part.hasPrefix(":") ? "By" + part.dropFirst().capitalized : part.capitalized
              return name.replacingOccurrences(of: ".", with: "")
            }.joined())
      ),
    ]
    var parameters: [JSONValue] = operation.path.split(separator: "/")
      .filter { $0.hasPrefix(":") }
      .map { part -> JSONValue in
        [
          "name": .string(String(part.dropFirst())), "in": "path", "required": true,
          "schema": Schemas.string,
        ]
      }
    parameters += operation.query.map { query -> JSONValue in
      [
        "name": .string(query.name), "in": "query", "required": .bool(query.required),
        "schema": query.schema,
      ]
    }
    if !parameters.isEmpty { fields.append(("parameters", .array(parameters))) }
    if !operation.requestContent.isEmpty {
      fields.append(
        (
          "requestBody",
          [
            "required": true,
            "content": .object(
              operation.requestContent.map { ($0.type, JSONValue.object([("schema", $0.schema)])) }
            ),
          ]
        ))
    } else if let body = operation.requestBody {
      fields.append(
        (
          "requestBody",
          ["required": true, "content": ["application/json": ["schema": body]]]
        ))
    }
    var responses: [(String, JSONValue)] = operation.responses.map {
      status, schema -> (String, JSONValue) in
      guard let schema else { return (String(status), ["description": "No content"]) }
      return (
        String(status),
        JSONValue.object([
          ("description", .string(status < 300 ? "Success" : "See schema")),
          ("content", .object([(operation.contentType, JSONValue.object([("schema", schema)]))])),
        ])
      )
    }
    var errors = operation.errors
    if operation.authenticated, !errors.contains(401) { errors.append(401) }
    for status in errors.sorted() {
      responses.append(
        (
          String(status),
          [
            "description": .string(errorText[status] ?? "Error"),
            "content": ["application/json": ["schema": ["$ref": "#/components/schemas/Error"]]],
          ]
        ))
    }
    fields.append(("responses", .object(responses)))
    if operation.authenticated { fields.append(("security", [["bearer": []]])) }
    return .object(fields)
  }
}
