import AuralystCore
import Foundation
import HearthCore
import HearthPlatform

/// Auralyst journals on the platform: who may do what, every change with its event.
/// Owners do everything; read-write collaborators add records and change only their own;
/// read-only collaborators see everything and add nothing; anyone else sees nothing (404).
struct AuralystJournals {
  let env: HearthEnvironment
  var database: any HearthDatabase { env.database }

  static let changed = "auralyst.changed"
  static let deleted = "auralyst.deleted"

  /// A journal as one person may use it.
  struct Opened: Sendable {
    var journal: Journal
    var access: Access
    var user: User

    var isOwner: Bool { access == .owner }

    /// A participant's email, for the owner (who invites by email) and for the person themself;
    /// the others see names only.
    func email(of participant: String, _ email: String?) -> String? {
      isOwner || participant == user.id ? email : nil
    }

    /// Owners change anything; writers what they wrote.
    func requireAuthor(of authorID: String) throws {
      try access.require(.write, what: "journal")
      guard access == .owner || authorID == user.id else {
        throw APIErrorResponse(
          APIError(
            status: 403, code: "forbidden",
            message: "You can change only what you wrote in a shared journal."))
      }
    }
  }

  func open(_ journalID: String, for user: User, needs: Access = .read) async throws -> Opened {
    let access = try await database.access(
      AuralystStoreSupport.resource(journalID), userID: user.id)
    guard access.canSee,
      let journal = try await database.auralystStore.auralystJournal(id: journalID)
    else {
      throw APIErrorResponse(.notFound("journal"))
    }
    try access.require(needs, what: "journal")
    return Opened(journal: journal, access: access, user: user)
  }

  func journals(for user: User) async throws -> [Opened] {
    var opened: [Opened] = []
    for journal in try await database.auralystStore.auralystJournals(userID: user.id) {
      let access = try await database.access(
        AuralystStoreSupport.resource(journal.id), userID: user.id)
      opened.append(Opened(journal: journal, access: access, user: user))
    }
    return opened
  }

  func create(
    title: String?, timeZone: String?, symptoms: [String]?, reminderZone: String? = nil,
    by user: User
  ) async throws -> Opened {
    let journal = Journal(
      id: env.newID(), ownerID: user.id, title: try Self.title(title ?? "My journal"),
      timeZone: try Self.timeZone(timeZone ?? user.timeZone),
      symptoms: try Self.symptoms(symptoms ?? Journal.defaultSymptoms),
      createdAt: ISOTime.rounded(env.now()), reminderZone: try Self.reminderZone(reminderZone))
    try await database.auralystStore.createAuralystJournal(
      journal, events: [Self.event(journal.id, kind: "journal", id: journal.id, action: "created")],
      at: env.now())
    return Opened(journal: journal, access: .owner, user: user)
  }

  func update(
    _ opened: Opened, title: String?, timeZone: String?, symptoms: [String]?,
    reminderZone: String? = nil, doseGraceMinutes: Int? = nil
  ) async throws -> Opened {
    try opened.access.require(.owner, what: "journal")
    var journal = opened.journal
    if let title { journal.title = try Self.title(title) }
    if let timeZone { journal.timeZone = try Self.timeZone(timeZone) }
    if let symptoms { journal.symptoms = try Self.symptoms(symptoms) }
    if let reminderZone { journal.reminderZone = try Self.reminderZone(reminderZone) }
    if let doseGraceMinutes {
      guard Journal.doseGraceRange.contains(doseGraceMinutes) else {
        throw APIErrorResponse(
          .invalid(
            "doseGraceMinutes",
            "A dose is followed up 10 to 720 minutes (12 hours) after its time."))
      }
      journal.doseGraceMinutes = doseGraceMinutes
    }
    try await database.auralystStore.updateAuralystJournal(
      journal, events: [Self.event(journal.id, kind: "journal", id: journal.id, action: "updated")],
      at: env.now())
    if journal.timeZone != opened.journal.timeZone
      || journal.reminderZone != opened.journal.reminderZone
    {
      try await AuralystDoseReminders(env: env).sync(journalID: journal.id)
    }
    if journal.timeZone != opened.journal.timeZone {
      try await AuralystCheckIns(env: env).sync(journalID: journal.id)
    }
    var updated = opened
    updated.journal = journal
    return updated
  }

  func delete(_ opened: Opened) async throws {
    try opened.access.require(.owner, what: "journal")
    let resource = AuralystStoreSupport.resource(opened.journal.id)
    let people = try await database.participants(resource).map(\.userID) + [opened.user.id]
    let payload = #"{"journalId":"\#(opened.journal.id)"}"#
    let checkIns = try await AuralystCheckIns(env: env).people(journalID: opened.journal.id)
    try await database.auralystStore.deleteAuralystJournal(
      id: opened.journal.id,
      events: people.map { NewEvent(type: Self.deleted, audience: .user($0), payload: payload) },
      at: env.now())
    try await AuralystDoseReminders(env: env).sync(journalID: opened.journal.id)
    try await AuralystCheckIns(env: env).sync(journalID: opened.journal.id, people: checkIns)
  }

  static func event(_ journalID: String, kind: String, id: String, action: String) -> NewEvent {
    NewEvent(
      type: changed, audience: .resource(AuralystStoreSupport.resource(journalID)),
      payload: AuralystRecordCoding.body([
        "journalId": journalID, "kind": kind, "id": id, "action": action,
      ]))
  }

  static func title(_ text: String) throws -> String {
    let title = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !title.isEmpty, title.count <= 80 else {
      throw APIErrorResponse(.invalid("title", "A journal's title has 1 to 80 characters."))
    }
    try AccountRules.shownToOthers(title, field: "title", what: "A journal's title")
    return title
  }

  static func timeZone(_ identifier: String) throws -> String {
    guard TimeZone(identifier: identifier) != nil else {
      throw APIErrorResponse(
        .invalid("timeZone", "\(identifier) is not a time zone; try one like Europe/Paris."))
    }
    return identifier
  }

  static func reminderZone(_ text: String?) throws -> Journal.ReminderZone {
    guard let text else { return .home }
    guard let zone = Journal.ReminderZone(rawValue: text) else {
      throw APIErrorResponse(
        .invalid(
          "reminderZone",
          "reminderZone is home (the journal's zone) or current (yours, as you travel)."))
    }
    return zone
  }

  static func symptoms(_ names: [String]) throws -> [String] {
    do { return try Journal.validSymptoms(names) } catch {
      throw APIErrorResponse(.invalid(error.field, error.message))
    }
  }

  /// Ids a client may choose (an entry made offline keeps its id when it is finally sent).
  static func clientID(_ id: String?, field: String = "id", make: () -> String) throws -> String {
    guard let id else { return make() }
    guard (1...64).contains(id.count),
      id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
    else {
      throw APIErrorResponse(
        .invalid(field, "\(field) has 1 to 64 letters, digits, hyphens or underscores."))
    }
    return id
  }
}
