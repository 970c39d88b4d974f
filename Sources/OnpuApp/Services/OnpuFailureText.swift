import Foundation
import HearthPlatform
import OnpuAnalysis

/// What went wrong with a song, in a sentence a learner understands. The error itself is for
/// whoever runs the server: callers log it and store only these words.
enum OnpuFailureText {
  static let dictionaryMissing =
    "Onpu's Japanese dictionary is not installed on this server, so it cannot read songs yet. Ask the person who runs it to install the dictionary, then try again."
  static let unreadable =
    "Onpu could not read what it had saved for this song. Remove the song and add it again."
  static let unfinished =
    "Onpu could not finish this song. Try it again in a while; if it fails again, remove it and add it once more."

  /// Why a job failed.
  static func job(_ error: any Error) -> String {
    switch error {
    case is OnpuResources.LoadFailure: dictionaryMissing
    case is DecodingError, is EncodingError: unreadable
    case let failure as LLMClient.Failure: translation(failure)
    default: unfinished
    }
  }

  /// Why the translator gave no translation.
  static func translation(_ error: any Error) -> String {
    guard let failure = error as? LLMClient.Failure else {
      return error is DecodingError
        ? "The translator's answer could not be read. Try the translation again."
        : "The translation did not finish. Try it again in a while."
    }
    switch failure {
    case .rateLimited:
      return
        "The translator is busy with too many requests. Try the translation again in a few minutes."
    case .unavailable(let detail) where isTimeout(detail):
      return "The translator took too long to answer. Try the translation again later."
    case .unavailable:
      return
        "The translator could not be reached or had a problem on its side. Try the translation again later."
    case .rejected(let status, _) where status == 401 || status == 403:
      return
        "The translator did not accept this server's key. Ask the person who runs Onpu to check its translator settings."
    case .rejected:
      return
        "The translator turned the request down. Try again later; if it keeps happening, ask the person who runs Onpu."
    case .malformed:
      return "The translator's answer could not be read. Try the translation again."
    }
  }

  /// LLMClient keeps a network failure as the HTTP client's own words; AsyncHTTPClient and NIO
  /// name their timeouts deadlineExceeded, readTimeout and connectTimeout.
  static func isTimeout(_ detail: String) -> Bool {
    let lowered = detail.lowercased()
    return lowered.contains("timeout") || lowered.contains("deadline")
      || lowered.contains("timed out")
  }
}
