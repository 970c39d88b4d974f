import Foundation
import HearthEngines
import HearthPlatform
import HearthPostgres
import HearthSQLite

/// One person of the capacity run: an account written straight into the server's database
/// (sign-up's bcrypt would take the run's minutes), a web session for pages and a refresh
/// session whose access token the bench mints with the server's secret, as sign-in would.
struct CapacityPerson: Sendable {
  var index: Int
  var userID: String
  var cookie: String
  var accessToken: String
  /// Each person comes from an address of their own (X-Forwarded-For through a trusted proxy),
  /// so that per-address limits count them apart, as they would on the internet.
  var address: String
  var journalID: String?

  static func address(of index: Int) -> String {
    "10.\(index >> 16 & 255).\(index >> 8 & 255).\(index & 255)"
  }
}

/// Writes people into the database `hearth serve` runs on.
struct CapacityPeopleWriter {
  let database: any HearthDatabase
  let tokens: TokenService
  let run = UUID().uuidString.prefix(8).lowercased()

  init(databaseURL: String, secret: String) throws {
    if databaseURL.hasPrefix("sqlite://") {
      database = try SQLiteDatabase(path: String(databaseURL.dropFirst("sqlite://".count)))
    } else {
      database = try PostgresDatabase(url: databaseURL, maximumConnections: 4)
    }
    tokens = TokenService(secret: secret)
  }

  func close() async throws {
    if let postgres = database as? PostgresDatabase { try await postgres.close() }
    if let sqlite = database as? SQLiteDatabase { try await sqlite.close() }
  }

  func person(_ index: Int) async throws -> CapacityPerson {
    let now = Date()
    let userID = "capacity-\(run)-\(index)"
    try await database.createUser(
      User(
        id: userID, email: "\(userID)@bench.example", displayName: "Person \(index)", phone: nil,
        passwordHash: "none: signed in by the bench", timeZone: "UTC", createdAt: now,
        emailVerifiedAt: now))
    let cookie = TokenService.randomToken()
    try await database.createSession(
      Session(
        id: "\(userID)-web", userID: userID, kind: .web, tokenHash: TokenService.hash(cookie),
        csrfToken: TokenService.randomToken(bytes: 24), label: "capacity bench",
        createdAt: now, lastSeenAt: now, expiresAt: now.addingTimeInterval(86_400)))
    let refreshID = "\(userID)-api"
    try await database.createSession(
      Session(
        id: refreshID, userID: userID, kind: .refresh,
        tokenHash: TokenService.hash(TokenService.randomToken()), csrfToken: "",
        label: "capacity bench", createdAt: now, lastSeenAt: now,
        expiresAt: now.addingTimeInterval(86_400)))
    return CapacityPerson(
      index: index, userID: userID, cookie: cookie,
      accessToken: tokens.accessToken(
        sessionID: refreshID, userID: userID, expires: now.addingTimeInterval(3600)),
      address: CapacityPerson.address(of: index))
  }
}
