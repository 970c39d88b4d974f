import HearthCore
import HearthPlatform
import Hummingbird

/// /onpu/words/:word: a word's card as a page (the song page's sheet shows the same card).
struct OnpuWordsWebController: Sendable {
  let pages: WebPages
  let library: OnpuLibrary

  func register(_ router: Router<AppRequestContext>) {
    router.get("/onpu/words/:word", use: word)
  }

  @Sendable func word(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let (word, reading) = try OnpuWordInput.word(
      context.parameters.get("word"), reading: request.uri.queryParameters.get("reading"))
    let card = try await library.wordCard(word, reading: reading)
    return pages.html(OnpuPages.word(try await pages.pageContext(request, context), card))
  }
}
