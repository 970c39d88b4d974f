import Foundation
import HearthCore
import HearthPlatform

/// Translating a song again, on its own: the lines that have no translation are asked for once
/// more, in a durable job, when the first translation failed or fell short, or when the song was
/// added before a translator was set up.
extension OnpuLibrary {
  static let translationQueue = "onpu.translate"
  static let translating = "translating"
  /// The translation states a song can be translated again from.
  static let retranslatable: Set<String> = [
    OnpuTranslation.State.failed.rawValue, OnpuTranslation.State.partial.rawValue,
    OnpuTranslation.State.off.rawValue,
  ]

  /// Why the translator left lines out, when a call failed; nil when it only skipped some.
  static func translationError(_ outcome: OnpuTranslation.Outcome) -> String? {
    guard outcome.state == .failed || outcome.state == .partial else { return nil }
    return outcome.failure.map(OnpuFailureText.translation)
  }

  /// Whether the song can be translated again now.
  func canRetranslate(_ analysis: OnpuSong.Analysis) -> Bool {
    translation.translator != nil && Self.retranslatable.contains(analysis.translationState)
  }

  /// Queues the song's translation; once, however many ask at once.
  func retranslate(_ song: OnpuSong) async throws {
    guard translation.translator != nil else {
      throw APIErrorResponse(
        .conflict(
          "translationState",
          "No translator is set up on this server, so the song cannot be translated."))
    }
    let before = song.analysis?.translationState
    guard
      let started = try await database.onpuStore.startOnpuTranslation(
        songID: song.id, from: Self.retranslatable, at: env.now())
    else {
      let now = try await database.onpuStore.onpuSong(id: song.id)?.analysis?.translationState
      throw APIErrorResponse(
        .conflict(
          "translationState",
          now == Self.translating
            ? "This song is being translated already."
            : "Every line of this song is translated; there is nothing to translate again."))
    }
    do {
      _ = try await env.enqueue(
        NewJob(
          queue: Self.translationQueue, payload: #"{"songId":"\#(song.id)"}"#, runAt: env.now(),
          idempotencyKey: "translate:\(song.id)@\(OnpuStoreSupport.milliseconds(env.now()))",
          maxAttempts: 3))
    } catch {
      _ = try? await database.onpuStore.finishOnpuTranslation(
        songID: song.id, from: [Self.translating], translations: started.translations,
        state: before ?? OnpuTranslation.State.failed.rawValue,
        error: "The translation could not be queued; try again.", at: env.now())
      throw error
    }
  }

  struct TranslationPayload: Decodable { var songId: String }

  func runTranslation(_ context: JobContext) async throws {
    let id = try JSONDecoder().decode(
      TranslationPayload.self, from: Data(context.job.payload.utf8)
    ).songId
    do {
      try await translateAgain(id, context)
    } catch is CancellationError {
      throw CancellationError()
    } catch {
      if context.job.attempts >= context.job.maxAttempts {
        context.logger.error(
          "Onpu translation failed", metadata: ["song": "\(id)", "error": "\(error)"])
        if let analysis = try? await database.onpuStore.onpuSong(id: id)?.analysis,
          let translations = try? OnpuSongCoding.translations(analysis)
        {
          _ = try? await database.onpuStore.finishOnpuTranslation(
            songID: id, from: [Self.translating], translations: analysis.translations,
            state: Self.state(of: translations).rawValue,
            error: OnpuFailureText.translation(error), at: env.now())
        }
      }
      throw error
    }
  }

  private func translateAgain(_ id: String, _ context: JobContext) async throws {
    guard let song = try await database.onpuStore.onpuSong(id: id),
      let analysis = song.analysis, analysis.translationState == Self.translating
    else { return }
    let lines = Self.lines(of: song.lyrics)
    var translations = try OnpuSongCoding.translations(analysis)
    if translations.count != lines.count {
      translations = Array(repeating: nil, count: lines.count)
    }
    let missing = translations.indices.filter { translations[$0] == nil }
    let outcome = try await translation.outcome(
      Self.sungLines(missing.map { lines[$0] }), logger: context.logger)
    for (index, text) in zip(missing, outcome.translations) where text != nil {
      translations[index] = text
    }
    let state =
      outcome.state == .off && !translations.contains(where: { $0 != nil })
      ? .off : Self.state(of: translations)
    let error =
      state == .failed || state == .partial
      ? outcome.failure.map(OnpuFailureText.translation) : nil
    _ = try await database.onpuStore.finishOnpuTranslation(
      songID: id, from: [Self.translating], translations: try OnpuSongCoding.encoded(translations),
      state: state.rawValue, error: error, at: env.now())
    context.logger.info(
      "Onpu song translated again",
      metadata: ["song": "\(id)", "asked": "\(missing.count)", "translations": "\(state)"])
  }

  static func state(of translations: [String?]) -> OnpuTranslation.State {
    let missing = translations.filter { $0 == nil }.count
    return missing == 0 ? .complete : missing == translations.count ? .failed : .partial
  }
}
