import Foundation
import HearthCore
import HearthTesting
import Logging
import Testing

@testable import HearthPlatform
@testable import OnpuApp

/// A failed job tells its owner what happened in words; the Swift error stays in the log.
@Suite struct OnpuJobFailureTests {
  @Test func aServerWithoutItsDictionarySaysSoInWords() async throws {
    // Given a server whose UniDic directory holds no dictionary
    let server = try await TestServer { $0.onpu.unidicDirectory = "/nonexistent/unidic" }
    try await server.run(.live) { client in
      let ann = try await client.signup("ann@example.com")
      // When a song is added
      let created = try await client.json(
        .post, "/v1/jobs", ["lyrics": "古池や"], token: ann.access)
      let id = try #require(created["jobId"] as? String)
      // Then the job fails, and says why in a sentence, without paths or setting names
      let failed = try await OnpuAPITests.waitForJob(client, id, token: ann.access) {
        ($0["status"] as? String) == "failed"
      }
      let error = try #require(failed["error"] as? String)
      #expect(
        error
          == "Onpu's Japanese dictionary is not installed on this server, so it cannot read songs yet. Ask the person who runs it to install the dictionary, then try again."
      )
      #expect(!error.contains("ONPU_UNIDIC_DIR") && !error.contains("/nonexistent"))
      let recent = try await client.json(.get, "/v1/jobs/recent", token: ann.access)
      let change = try #require((recent["changes"] as? [[String: Any]])?.first)
      #expect(change["error"] as? String == error)
    }
  }

  @Test func aJobThatKeepsFailingStoresWordsNotTheSwiftError() async throws {
    let server = try await TestServer()
    try await server.run(.live) { client in
      let ann = try await client.signup("ann@example.com")
      // Given a job whose last attempt failed on data it could not decode
      let job = try await server.env.database.onpuStore.createOnpuJob(
        OnpuJob(
          id: "job-1", ownerID: ann.id, title: "t", artist: "", lyrics: "あ",
          createdAt: server.env.now()))
      let decoding = DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "The given data was not valid JSON."))
      // When the failure is recorded
      try await OnpuLibrary(env: server.env).recordFailure(
        job.id, decoding, stage: nil, logger: Logger(label: "test"))
      // Then the API gives the sentence, not the error's description
      let reply = try await client.json(.get, "/v1/jobs/\(job.id)", token: ann.access)
      #expect(reply["status"] as? String == "failed")
      #expect(
        reply["error"] as? String
          == "Onpu could not read what it had saved for this song. Remove the song and add it again."
      )
      #expect(!reply.text.contains("dataCorrupted") && !reply.text.contains("valid JSON"))
    }
  }

  @Test(arguments: [
    (
      LLMClient.Failure.unavailable("HTTPClientError.deadlineExceeded"),
      "The translator took too long to answer. Try the translation again later."
    ),
    (
      .unavailable("HTTP 503"),
      "The translator could not be reached or had a problem on its side. Try the translation again later."
    ),
    (
      .rateLimited(retryAfter: 30),
      "The translator is busy with too many requests. Try the translation again in a few minutes."
    ),
    (
      .rejected(status: 403, message: "API key not valid"),
      "The translator did not accept this server's key. Ask the person who runs Onpu to check its translator settings."
    ),
    (
      .rejected(status: 400, message: "bad"),
      "The translator turned the request down. Try again later; if it keeps happening, ask the person who runs Onpu."
    ),
    (.malformed("{}"), "The translator's answer could not be read. Try the translation again."),
  ])
  func translatorFailuresAreSaidInWords(failure: LLMClient.Failure, words: String) {
    #expect(OnpuFailureText.translation(failure) == words)
    #expect(OnpuFailureText.job(failure) == words)
  }

  @Test func anythingElseAsksToTryAgain() {
    struct Unexpected: Error {}
    #expect(
      OnpuFailureText.job(Unexpected())
        == "Onpu could not finish this song. Try it again in a while; if it fails again, remove it and add it once more."
    )
  }
}
