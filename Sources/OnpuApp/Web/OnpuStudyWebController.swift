import Foundation
import HearthCore
import HearthPlatform
import Hummingbird
import OnpuCore

/// The study pages: the daily review and the progress page. Their forms post here and come back
/// (post/redirect/get); onpu.mjs does the same through /api/onpu/study without reloading.
struct OnpuStudyWebController: Sendable {
  let pages: WebPages
  let study: OnpuStudy
  var env: HearthEnvironment { pages.env }

  func register(_ router: Router<AppRequestContext>) {
    let signedIn = router.group("/onpu").add(middleware: SignedInPages())
    signedIn.get("/review", use: review)
    signedIn.post("/review/:cardId", use: answer)
    signedIn.get("/study", use: progress)
    signedIn.post("/study/songs/:songId", use: addSong)
  }

  @Sendable func review(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    let due = try await study.due(for: user, limit: 50)
    var cards: [OnpuPages.ReviewCard] = []
    for card in due {
      cards.append(
        OnpuPages.ReviewCard(view: try await study.view(card), note: try study.note(card)))
    }
    let now = env.now()
    let nextDue =
      cards.isEmpty
      ? try await study.store.studyCards(ownerID: user.id)
        .filter { $0.status == .active }
        .map { max($0.memory.due, $0.buriedUntil ?? $0.memory.due) }.min()
      : nil
    return pages.html(
      OnpuPages.review(
        try await pages.pageContext(request, context), cards: cards, nextDue: nextDue, now: now,
        knownKanji: study.knownKanji()))
  }

  /// A grade or an action from the review page's forms.
  @Sendable func answer(_ request: Request, _ context: AppRequestContext) async throws -> Response {
    let user = try context.requireCaller().user
    let id = context.parameters.get("cardId") ?? ""
    let form = try await pages.form(request)
    if let grade = form["grade"].flatMap(FSRSGrade.init(name:)) {
      _ = try await study.review(id, grade: grade, for: user)
      return pages.redirect("/onpu/review")
    }
    guard let action = form["action"].flatMap(OnpuStudy.Action.init(rawValue:)) else {
      throw APIErrorResponse(.invalid("grade", "grade is again, hard, good or easy."))
    }
    _ = try await study.act(action, on: id, for: user)
    let said: String =
      switch action {
      case .bury: "Buried until tomorrow."
      case .suspend: "Suspended: it stays out of your reviews."
      case .know: "Marked as known: it will not come back."
      case .restore: "Back in your reviews."
      }
    return pages.redirect("/onpu/review", flash: Flash(kind: .success, message: said))
  }

  @Sendable func progress(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let progress = try await study.progress(for: user)
    let shares = Dictionary(
      progress.songs.map { ($0.songId, $0) }, uniquingKeysWith: { first, _ in first })
    let order = Dictionary(
      progress.songs.enumerated().map { ($1.songId, $0) }, uniquingKeysWith: { first, _ in first })
    let songs = try await study.library.songs(for: user)
      .map { OnpuPages.StudySong(id: $0.id, title: $0.title, share: shares[$0.id]) }
      .enumerated()
      .sorted {
        (order[$0.element.id] ?? .max, $0.offset) < (order[$1.element.id] ?? .max, $1.offset)
      }
      .map(\.element)
    return pages.html(
      OnpuPages.study(
        try await pages.pageContext(request, context), progress: progress, songs: songs))
  }

  /// The words the learner chose on the song page (`word.N` = a card key) become cards; the
  /// page comes back with the new colours.
  @Sendable func addSong(_ request: Request, _ context: AppRequestContext) async throws
    -> Response
  {
    let user = try context.requireCaller().user
    let songID = context.parameters.get("songId") ?? ""
    let form = try await pages.form(request)
    _ = try await study.library.song(songID, for: user)
    let keys = form.values.filter { $0.key.hasPrefix("word.") }.map(\.value)
    let back = "/onpu/songs/\(songID)#onpu-learn"
    guard !keys.isEmpty else {
      return pages.redirect(
        back, flash: Flash(kind: .error, message: "Choose the words to add first."))
    }
    let (added, _) = try await study.addWords(keys, songID: songID, for: user)
    let message =
      added == 0
      ? "Those words are already in your reviews."
      : "Added \(added) \(added == 1 ? "word" : "words") to your reviews."
    return pages.redirect(back, flash: Flash(kind: .success, message: message))
  }
}
