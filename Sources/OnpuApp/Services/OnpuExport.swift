import Foundation
import HearthPlatform
import OnpuCore

/// Onpu's part of the account export: the songs as pasted, the reading corrections, the study
/// cards with their memory, and the linked Apple ID. The analyses are left out: they are made
/// again from the lyrics.
struct OnpuExport: Encodable, Sendable {
  struct Song: Encodable, Sendable {
    var id, title, artist, lyrics: String
    var favorite: Bool
    var addedAt: Date
  }

  struct Correction: Encodable, Sendable {
    /// Nil for a correction of every song.
    var songID: String?
    var surface, reading: String
    var createdAt: Date
  }

  struct Card: Encodable, Sendable {
    var kind: StudyCardDraft.Kind
    var key: String
    var songID: String?
    var note: String
    var status: OnpuStudyCard.Status
    var memory: FSRSCard
    var reviews: Int
    var createdAt: Date
  }

  struct AppleID: Encodable, Sendable {
    var email: String?
    var linkedAt: Date
  }

  var songs: [Song]
  var readingCorrections: [Correction]
  var studyCards: [Card]
  var appleID: AppleID?

  init(user: User, database: any HearthDatabase) async throws {
    songs = try await database.onpuStore.onpuSongs(ownerID: user.id).map {
      Song(
        id: $0.id, title: $0.title, artist: $0.artist, lyrics: $0.lyrics, favorite: $0.favorite,
        addedAt: $0.createdAt)
    }
    readingCorrections = try await database.onpuStore.onpuReadingCorrections(ownerID: user.id)
      .map {
        Correction(
          songID: $0.songID, surface: $0.surface, reading: $0.reading, createdAt: $0.createdAt)
      }
    studyCards = try await database.onpuStudyStore.studyCards(ownerID: user.id).map {
      Card(
        kind: $0.kind, key: $0.key, songID: $0.songID, note: $0.note, status: $0.status,
        memory: $0.memory, reviews: $0.reviews, createdAt: $0.createdAt)
    }
    appleID = try await database.onpuAppleStore.appleLink(userID: user.id).map {
      AppleID(email: $0.email, linkedAt: $0.createdAt)
    }
  }
}
