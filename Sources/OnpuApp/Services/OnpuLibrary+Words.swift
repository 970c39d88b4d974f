import HearthCore
import HearthPlatform
import OnpuAnalysis
import OnpuCore

extension OnpuLibrary {
  /// EDICT, loaded on first use (ONPU_EDICT_PATH, else Debian's edict).
  var words: WordDictionaryLoader {
    WordDictionaryLoader.shared(
      configured: settings.edictPath, cacheDirectory: settings.cacheDirectory)
  }

  /// The word dictionary, or a 503 naming what to install.
  func wordDictionary() async throws -> WordDictionary {
    switch await words.dictionary() {
    case .success(let dictionary): return dictionary
    case .failure(let failure):
      throw APIErrorResponse(
        APIError(status: 503, code: "dictionary_missing", message: failure.description))
    }
  }

  /// The meanings study cards and exports show; nil when EDICT is not installed.
  func glossary() async -> (any WordGlossary)? {
    try? await words.dictionary().get()
  }

  /// The card of `word`, or 404.
  func wordCard(_ word: String, reading: String?) async throws -> OnpuWordCard {
    let dictionary = try await wordDictionary()
    guard
      let card = OnpuWordCard(
        word: word, reading: reading, dictionary: dictionary, analyzer: try? analyzer.get())
    else { throw APIErrorResponse(.notFound("word")) }
    return card
  }
}
