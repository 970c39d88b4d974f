import CanonicalJSON
import Foundation
import HTTPTypes
import HearthCore
import HearthOpenAPI
import Hummingbird
import NIOCore
import Synchronization

/// Reading request bodies with a size limit and errors that name the field.
package enum JSONBody {
  package static let defaultLimit = 1 << 20

  package static func collect(_ request: Request, limit: Int = defaultLimit, route: String)
    async throws
    -> ByteBuffer
  {
    do {
      return try await request.body.collect(upTo: limit)
    } catch is NIOTooManyBytesError {
      throw APIErrorResponse(.tooLarge(limit: limit, route: route))
    }
  }

  /// The body as a JSON object, read strictly (RFC 8785's I-JSON: no duplicate keys, no lone
  /// surrogates, no numbers a double cannot hold), for routes whose bodies are signed.
  /// `schema` is the body's documented schema, whose limits `InputLimits` checks.
  package static func object(
    _ request: Request, limit: Int = defaultLimit, schema: CanonicalJSON.JSON? = nil,
    route: String
  ) async throws -> CanonicalJSON.JSON {
    let buffer = try await collect(request, limit: limit, route: route)
    let body = try InputLimits.check(Array(buffer: buffer), schema: schema)
    guard body.objectValue != nil else {
      throw APIErrorResponse(.malformed("The body must be a JSON object."))
    }
    return body
  }

  package static func decode<T: Decodable>(
    _ type: T.Type, from request: Request, limit: Int = defaultLimit, route: String
  ) async throws -> T {
    let buffer = try await collect(request, limit: limit, route: route)
    if buffer.readableBytes > 0 {
      _ = try InputLimits.check(Array(buffer: buffer), schema: schemas.schema(of: type))
    }
    return try decode(type, from: Data(buffer: buffer))
  }

  /// Each body type's schema, reflected once, for `InputLimits`.
  static let schemas = SchemaCache()

  final class SchemaCache: Sendable {
    let cached = Mutex<[ObjectIdentifier: CanonicalJSON.JSON]>([:])

    func schema<T: Decodable>(of type: T.Type) -> CanonicalJSON.JSON {
      if let found = cached.withLock({ $0[ObjectIdentifier(type)] }) { return found }
      let schema = Schemas.of(type)
      cached.withLock { $0[ObjectIdentifier(type)] = schema }
      return schema
    }
  }

  package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    if data.isEmpty { throw APIErrorResponse(.malformed("The request needs a JSON body.")) }
    do {
      return try JSONDecoder().decode(type, from: data)
    } catch let error as DecodingError {
      throw APIErrorResponse(describe(error))
    } catch let error as APIErrorResponse {
      throw error
    } catch {
      throw APIErrorResponse(.malformed("The body is not valid JSON."))
    }
  }

  package static func describe(_ error: DecodingError) -> APIError {
    func name(_ path: [any CodingKey]) -> String {
      path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
    switch error {
    case .keyNotFound(let key, let context):
      return .missing(name(context.codingPath + [key]))
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      let field = name(context.codingPath)
      if field.isEmpty { return .malformed("The body must be a JSON object.") }
      return .invalid(field, "\(field) must be \(describe(type)).")
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty { return .malformed("The body is not valid JSON.") }
      let field = name(context.codingPath)
      return .invalid(field, "\(field) has an invalid value.")
    @unknown default:
      return .malformed("The body could not be read.")
    }
  }

  package static func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Int.Type, is Int64.Type: "an integer"
    case is Double.Type: "a number"
    case is Bool.Type: "true or false"
    default: "a value of the documented type"
    }
  }

  package static func response<T: Encodable>(_ value: T, status: HTTPResponse.Status = .ok)
    -> Response
  {
    response(bytes: encoded(value), status: status)
  }

  /// An answer whose body is JSON already encoded.
  package static func response(bytes: ByteBuffer, status: HTTPResponse.Status = .ok) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json; charset=utf-8"],
      body: .init(byteBuffer: bytes))
  }

  /// `value` as every JSON answer writes it: keys sorted, dates in ISO 8601.
  package static func encoded<T: Encodable>(_ value: T) -> ByteBuffer {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    encoder.dateEncodingStrategy = .iso8601
    return ByteBuffer(bytes: (try? encoder.encode(value)) ?? Data("{}".utf8))
  }
}
