import Foundation
import HearthSQL
import PostgresNIO

/// A bad database URL. The message names `HEARTH_DATABASE_URL` and what was expected; it never
/// repeats the password.
public struct PostgresURLError: Error, Equatable, CustomStringConvertible, LocalizedError {
  public var message: String

  public init(_ problem: String) {
    message =
      "HEARTH_DATABASE_URL is not a usable PostgreSQL URL: \(problem). Expected "
      + "postgres://USER:PASSWORD@HOST:PORT/DATABASE (or postgresql://), optionally with "
      + "?sslmode=disable|prefer|require|verify-full."
  }

  public var description: String { message }
  public var errorDescription: String? { message }
}

/// The parts of a `postgres://` or `postgresql://` URL.
package struct PostgresURL: Equatable {
  package enum SSLMode: String, CaseIterable {
    case disable, allow, prefer, require
    case verifyCA = "verify-ca"
    case verifyFull = "verify-full"
  }

  package var username: String
  package var password: String?
  package var host: String
  package var port: Int
  package var database: String
  package var sslMode: SSLMode

  package init(_ string: String) throws(PostgresURLError) {
    let trimmed = string.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !trimmed.isEmpty else { throw PostgresURLError("it is empty") }
    guard let components = URLComponents(string: trimmed), let scheme = components.scheme else {
      throw PostgresURLError("it cannot be parsed as a URL")
    }
    guard ["postgres", "postgresql"].contains(scheme.lowercased()) else {
      throw PostgresURLError("the scheme is \"\(scheme)\", not postgres or postgresql")
    }
    guard let user = components.user?.removingPercentEncoding, !user.isEmpty else {
      throw PostgresURLError("it names no user")
    }
    var host = components.host ?? ""
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    guard !host.isEmpty else { throw PostgresURLError("it names no host") }
    let port = components.port ?? 5432
    guard (1...65535).contains(port) else { throw PostgresURLError("the port \(port) is invalid") }
    let path = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : ""
    let database = path.removingPercentEncoding ?? path
    guard !database.isEmpty, !database.contains("/") else {
      throw PostgresURLError("it names no database (the path after the port)")
    }

    var sslMode = SSLMode.prefer
    for item in components.queryItems ?? [] {
      switch item.name {
      case "sslmode":
        guard let value = item.value, let mode = SSLMode(rawValue: value) else {
          let modes = SSLMode.allCases.map(\.rawValue).joined(separator: ", ")
          throw PostgresURLError("sslmode=\(item.value ?? "") is not one of \(modes)")
        }
        sslMode = mode
      default:
        throw PostgresURLError("the parameter \(item.name) is not supported (only sslmode is)")
      }
    }

    self.username = user
    self.password = components.password?.removingPercentEncoding
    self.host = host
    self.port = port
    self.database = database
    self.sslMode = sslMode
  }

  package var configuration: PostgresClient.Configuration {
    var tlsConfiguration = TLSConfiguration.makeClientConfiguration()
    let tls: PostgresClient.Configuration.TLS
    switch sslMode {
    case .disable:
      tls = .disable
    case .allow, .prefer:
      tlsConfiguration.certificateVerification = .none
      tls = .prefer(tlsConfiguration)
    case .require:
      // As libpq: encrypt, without checking the certificate.
      tlsConfiguration.certificateVerification = .none
      tls = .require(tlsConfiguration)
    case .verifyCA:
      tlsConfiguration.certificateVerification = .noHostnameVerification
      tls = .require(tlsConfiguration)
    case .verifyFull:
      tls = .require(tlsConfiguration)
    }
    return PostgresClient.Configuration(
      host: host, port: port, username: username, password: password, database: database,
      tls: tls)
  }
}
