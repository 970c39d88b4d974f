import Foundation
import HearthCore
import HearthPlatform
import Hummingbird
import OnpuCore

/// The Onpu pages, rendered from the same service as the API: another person's song is a 404.
struct OnpuWebController: Sendable {
  let pages: WebPages
  var env: HearthEnvironment { pages.env }
  let library: OnpuLibrary
  let costs: OnpuCosts
  let study: OnpuStudy

  func knownKanji() -> @Sendable (Character) -> Bool {
    guard case .success(let analyzer) = library.analyzer else { return { _ in false } }
    let dictionary = analyzer.dictionary
    return { dictionary[String($0)] != nil }
  }

  func register(_ router: Router<AppRequestContext>) {
    router.get("/onpu", use: home)
    router.get("/onpu/about", use: about)
    router.group("/onpu/dictionary").add(middleware: costs.searches).get(use: dictionary)
    router.get("/onpu/welcome", use: welcome)
    let signedIn = router.group("/onpu").add(middleware: SignedInPages())
    signedIn.get("/add", use: addSongForm)
    signedIn.group("/add").add(middleware: costs.analysis).post(use: addSong)
    signedIn.get("/songs/:songId", use: song)
  }

  /// The library, or the landing page for people who are not signed in.
  @Sendable func home(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let page = try await pages.pageContext(request, context)
    guard let user = context.caller?.user else { return pages.html(OnpuPages.landing(page)) }
    return pages.html(OnpuPages.library(page, try await libraryModel(request, user)))
  }

  @Sendable func about(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    pages.html(OnpuPages.landing(try await pages.pageContext(request, context)))
  }

  @Sendable func addSongForm(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    pages.html(OnpuPages.addSong(try await pages.pageContext(request, context), .init()))
  }

  @Sendable func addSong(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let form = try await pages.form(request)
    let values = OnpuPages.AddSong(
      title: form["title"] ?? "", artist: form["artist"] ?? "", lyrics: form["lyrics"] ?? "")
    do {
      let (title, artist, lyrics) = try OnpuInput.job(
        title: values.title, artist: values.artist, lyrics: values.lyrics,
        settings: library.settings)
      guard !title.isEmpty else {
        throw APIErrorResponse(.invalid("title", "Give the song a title."))
      }
      _ = try await library.create(title: title, artist: artist, lyrics: lyrics, for: user)
      return pages.redirect(
        "/onpu", flash: Flash(kind: .success, message: "“\(title)” is on its way."))
    } catch let failure as APIErrorResponse {
      var again = values
      again.error = (failure.error.field ?? "", failure.error.message)
      return pages.html(
        OnpuPages.addSong(try await pages.pageContext(request, context), again),
        status: failure.status)
    }
  }

  @Sendable func song(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    let song = try await library.song(context.parameters.get("songId") ?? "", for: user)
    guard let analysis = song.analysis else { throw APIErrorResponse(.notFound("song")) }
    var lines = try OnpuSongCoding.lines(analysis)
    if case .success(let analyzer) = library.analyzer,
      lines.allSatisfy({ $0.words.allSatisfy { $0.isParticle == nil } })
    {
      let fresh = LyricsText.lines(of: song.lyrics).map(analyzer.analyze(line:))
      if fresh.count == lines.count {
        lines = zip(lines, fresh).map { $0.markingParticles(like: $1) }
      }
    }
    let view = OnpuPages.SongView(
      song: OnpuPages.SongRow(
        id: song.id, title: song.title, artist: song.artist, favorite: song.favorite),
      lines: lines,
      translations: try OnpuSongCoding.translations(analysis),
      translationState: analysis.translationState, translationError: analysis.translationError,
      canTranslate: library.translation.translator != nil,
      words: study.wordList(lines, states: try await study.wordStates(for: user)))
    return pages.html(
      OnpuPages.song(
        try await pages.pageContext(request, context), view, knownKanji: knownKanji()))
  }

  @Sendable func dictionary(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let page = try await pages.pageContext(request, context)
    guard case .success(let analyzer) = library.analyzer else {
      throw APIErrorResponse(.notFound("dictionary"))
    }
    let dictionary = analyzer.dictionary
    let query = (request.uri.queryParameters.get("q") ?? "").trimmingCharacters(in: .whitespaces)
    let levels: [(level: Int, kanji: [KanjiEntry])] = [4, 3, 2, 1].map { level in
      (
        level,
        dictionary.entries.filter { $0.jlptOld == level }
          .sorted { ($0.frequency ?? .max, $0.strokes) < ($1.frequency ?? .max, $1.strokes) }
      )
    }
    // The page never waits for EDICT to load: until it has, it says so and starts it.
    var words: [WordEntry]?
    if !query.isEmpty, !KangxiRadical.isQuery(query) {
      if let dictionary = library.words.loaded {
        words = dictionary.search(
          String(query.replacingOccurrences(of: "+", with: " ").prefix(100)), limit: 30)
      } else {
        library.words.warm()
      }
    }
    return pages.html(
      OnpuPages.dictionary(
        page, query: query,
        results: query.isEmpty ? nil : dictionary.search(String(query.prefix(100)), limit: 200),
        levels: levels, total: dictionary.entries.count, words: words,
        wordsLoading: !query.isEmpty && !KangxiRadical.isQuery(query) && words == nil))
  }

  @Sendable func welcome(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let page = try await pages.pageContext(request, context)
    let lines =
      (try? library.analyzer.get()).map { analyzer in
        OnpuPages.tourLyrics.map(analyzer.analyze(line:))
      } ?? []
    return pages.html(OnpuPages.tour(page, lines: lines, knownKanji: knownKanji()))
  }

  func libraryModel(_ request: Request, _ user: User) async throws -> OnpuPages.Library {
    let query = (request.uri.queryParameters.get("q") ?? "").trimmingCharacters(in: .whitespaces)
    let favoritesOnly = request.uri.queryParameters.get("favorites") == "1"
    // Jobs first: a job finishing in between then shows as a song here or as a change after
    // `since` to the page's long-poll, never as neither.
    let jobs = try await env.database.onpuStore.onpuJobs(
      ownerID: user.id, changedAfter: 0, pending: nil, limit: 500)
    let all = try await library.songs(for: user)
    let songs = try await library.songs(for: user, matching: query)
      .filter { !favoritesOnly || $0.favorite }
    let now = env.now()
    let known = try await study.percentsKnown(for: user)
    return OnpuPages.Library(
      songs: songs.map {
        OnpuPages.SongRow(
          id: $0.id, title: $0.title, artist: $0.artist, favorite: $0.favorite,
          percentKnown: known[$0.id])
      },
      jobs: jobs.filter { $0.status != .succeeded }.reversed().map {
        OnpuPages.JobRow(
          id: $0.id, title: $0.title, status: $0.status.rawValue, stage: $0.stage?.rawValue,
          error: $0.error, stalled: OnpuLibrary.isStalled($0, at: now))
      },
      query: query, favoritesOnly: favoritesOnly, since: jobs.map(\.updatedAt).max() ?? 0,
      hasAnySong: !all.isEmpty, appleSignIn: library.settings.appleAudience != nil)
  }
}
