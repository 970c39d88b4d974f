import Foundation
import HearthHTML
import HearthPlatform
import OnpuCore

extension OnpuPages {
  public struct SongRow: Sendable {
    public var id: String
    public var title: String
    public var artist: String
    public var favorite: Bool
    /// The share of its words the learner knows, 0 to 100.
    public var percentKnown: Int?

    public init(
      id: String, title: String, artist: String, favorite: Bool, percentKnown: Int? = nil
    ) {
      self.id = id
      self.title = title
      self.artist = artist
      self.favorite = favorite
      self.percentKnown = percentKnown
    }
  }

  public struct JobRow: Sendable {
    public var id: String
    public var title: String
    /// queued, running, succeeded or failed.
    public var status: String
    public var stage: String?
    public var error: String?
    /// Unchanged for so long that no worker is on it: it can be tried again.
    public var stalled: Bool

    public init(
      id: String, title: String, status: String, stage: String?, error: String?,
      stalled: Bool = false
    ) {
      self.id = id
      self.title = title
      self.status = status
      self.stage = stage
      self.error = error
      self.stalled = stalled
    }

    /// The reference's wording for each state.
    var statusText: String {
      if stalled { return "Stalled: the server stopped while working on it" }
      return switch (status, stage) {
      case ("queued", _): "Queued…"
      case ("running", "translating"): "Translating…"
      case ("running", "lyrics_data"): "Drawing pitch lines…"
      case ("running", "finalizing"): "Finalizing…"
      case ("running", _): "Processing…"
      case ("succeeded", _): "Done"
      default: "Failed"
      }
    }
  }

  public struct Library: Sendable {
    public var songs: [SongRow]
    public var jobs: [JobRow]
    public var query: String
    public var favoritesOnly: Bool
    /// The newest change among the listed jobs, where the long-poll starts.
    public var since: Int64
    public var hasAnySong: Bool
    /// Whether the Onpu app may sign in with Apple here: the library then offers linking.
    public var appleSignIn: Bool

    public init(
      songs: [SongRow], jobs: [JobRow], query: String, favoritesOnly: Bool, since: Int64,
      hasAnySong: Bool, appleSignIn: Bool = false
    ) {
      self.songs = songs
      self.jobs = jobs
      self.query = query
      self.favoritesOnly = favoritesOnly
      self.appleSignIn = appleSignIn
      self.since = since
      self.hasAnySong = hasAnySong
    }
  }

  public static func library(_ context: PageContext, _ library: Library) -> String {
    let filters: Node = .form(
      [.method("get"), .action("/onpu"), .class("onpu-search"), .role("search")],
      .label([.class("visually-hidden"), .attr("for", "onpu-q")], "Search songs"),
      .input(
        .type("search"), .id("onpu-q"), .name("q"), .value(library.query),
        .placeholder("Search songs...")),
      library.favoritesOnly ? Forms.hidden("favorites", "1") : .empty,
      .button([.class("button secondary"), .type("submit")], "Search"),
      .a(
        [
          .class("button link"),
          .href(library.favoritesOnly ? "/onpu" : "/onpu?favorites=1"),
          .optional("aria-current", library.favoritesOnly ? "true" : nil),
        ], library.favoritesOnly ? "★ Favorites (show all)" : "☆ Favorites only"))
    return page(
      context, title: "Onpu",
      .div(
        [.class("onpu-title-row")], .h1("Library"),
        .a([.class("button primary"), .href("/onpu/add")], "Add a song")),
      filters,
      library.hasAnySong ? ankiExport("/api/onpu/anki", label: "Export all songs to Anki") : .empty,
      .div(
        [.id("onpu-live"), .data("onpu-live", "library"), .data("since", "\(library.since)")],
        processing(library.jobs, isAdmin: context.isAdmin), songs(library)),
      library.appleSignIn
        ? .p(
          [.class("hint onpu-apple-hint")],
          .text("Using the Onpu app on an iPhone? "),
          .a([.href("/onpu/apple")], "Link your Apple ID"),
          .text(" so that signing in with Apple there opens this library."))
        : .empty)
  }

  static func processing(_ jobs: [JobRow], isAdmin: Bool) -> Node {
    guard !jobs.isEmpty else { return .empty }
    return .section(
      [.class("onpu-processing"), .ariaLabel("Processing")], .h2("Processing"),
      .ul(
        [.class("onpu-jobs")],
        .fragment(
          jobs.map { job in
            .li(
              [
                .class("card onpu-job onpu-job-\(job.status)"), .data("job", job.id),
                .data("status", job.status),
              ],
              .span(
                [.class("onpu-job-icon"), .attr("aria-hidden", "true")],
                .text(
                  job.status == "failed" ? "⚠" : job.status == "succeeded" ? "✓" : "◌")),
              .div(
                [.class("onpu-job-text")],
                .strong(.text(job.title.isEmpty ? "Untitled" : job.title)),
                .span([.class("onpu-job-status"), .role("status")], .text(job.statusText)),
                job.error.map { jobError($0, isAdmin: isAdmin) } ?? .empty),
              .div(
                [.class("onpu-job-actions")],
                job.status == "failed" || job.stalled
                  ? .button(
                    [
                      .class("button small secondary"), .type("button"),
                      .data("onpu-action", "retry"), .data("confirm", "Try this song again?"),
                    ], "Retry") : .empty,
                .button(
                  [
                    .class("button small link"), .type("button"), .data("onpu-action", "remove"),
                    .data("confirm", "Remove this song from the processing list?"),
                  ], "Remove")))
          })))
  }

  /// What went wrong, in words for people; the server's own words only to administrators, behind
  /// Details.
  static func jobError(_ error: String, isAdmin: Bool) -> Node {
    .div(
      [.class("onpu-job-error")],
      .p("Onpu could not finish this song. Try it again, or remove it and add it once more."),
      isAdmin
        ? .details(.summary("Details"), .p([.class("onpu-job-error-detail")], .text(error)))
        : .empty)
  }

  static func songs(_ library: Library) -> Node {
    guard !library.songs.isEmpty else {
      if library.hasAnySong {
        return .p(
          [.class("card onpu-empty")],
          .text(
            library.favoritesOnly
              ? "No favorites yet: tap the star of a song to keep it here."
              : "No song matches “\(library.query)”."))
      }
      return .div(
        [.class("card onpu-empty")], .h2("No songs yet"),
        .p(
          "Add the lyrics of a song you like and Onpu turns them into a study text. New here? The tour shows how it works with a haiku."
        ),
        .div(
          [.class("actions")],
          .a([.class("button primary"), .href("/onpu/add")], "Add a song"),
          .a([.class("button secondary"), .href("/onpu/welcome")], "Take the tour")))
    }
    return .section(
      [.ariaLabel("Songs")], .h2("Songs"),
      .ul(
        [.class("onpu-songs")],
        .fragment(
          library.songs.map { song in
            .li(
              [.class("card onpu-song"), .data("song", song.id)],
              .a(
                [.href("/onpu/songs/\(song.id)"), .class("onpu-song-link")],
                .strong(.text(song.title.isEmpty ? "Untitled" : song.title)),
                song.artist.isEmpty ? .empty : .span([.class("hint")], .text(song.artist)),
                song.percentKnown.map {
                  .span([.class("hint onpu-song-known")], .text("\($0) % of the words known"))
                } ?? .empty),
              favoriteButton(song.id, song.favorite),
              .button(
                [
                  .class("button small link"), .type("button"), .data("onpu-action", "delete-song"),
                  .data("confirm", "Delete this song? Its study text goes with it."),
                ], "Delete"))
          })))
  }

  static func favoriteButton(_ songID: String, _ favorite: Bool) -> Node {
    .button(
      [
        .class("button small secondary onpu-star"), .type("button"),
        .data("onpu-favorite", songID), .attr("aria-pressed", favorite ? "true" : "false"),
        .ariaLabel(favorite ? "Favorite (tap to unmark)" : "Mark as favorite"),
      ], .text(favorite ? "★" : "☆"))
  }

  public struct AddSong: Sendable {
    public var title = ""
    public var artist = ""
    public var lyrics = ""
    public var error: (field: String, message: String)?

    public init(
      title: String = "", artist: String = "", lyrics: String = "",
      error: (field: String, message: String)? = nil
    ) {
      self.title = title
      self.artist = artist
      self.lyrics = lyrics
      self.error = error
    }
  }

  public static func addSong(_ context: PageContext, _ form: AddSong) -> String {
    let fields = ["title", "artist", "lyrics"]
    func error(_ field: String) -> String? {
      form.error?.field == field ? form.error?.message : nil
    }
    let lyricsError = error("lyrics")
    return page(
      context, title: "Add a song",
      .h1("Add a song"),
      Forms.post(
        action: "/onpu/add", csrf: context.csrfToken,
        attributes: [.class("card stack onpu-add"), .data("onpu-form", "add")],
        form.error.flatMap { fields.contains($0.field) ? nil : $0.message }.map {
          .p([.class("form-error"), .id("onpu-error"), .role("alert")], .text($0))
        } ?? .empty,
        FormField(
          name: "title", label: "Title", value: form.title, error: error("title"), required: true,
          id: "onpu-title", attributes: [.maxlength(200)]
        ).node,
        FormField(
          name: "artist", label: "Artist", value: form.artist, error: error("artist"),
          id: "onpu-artist", attributes: [.maxlength(200)]
        ).node,
        .div(
          [.class(lyricsError == nil ? "field" : "field has-error")],
          .label([.attr("for", "onpu-lyrics")], "Lyrics"),
          .p(
            [.class("hint"), .id("onpu-lyrics-hint")],
            "One line of the song per line, up to 20,000 characters. Onpu reads them on this server in a few seconds."
          ),
          lyricsError.map { .p([.class("field-error"), .id("onpu-lyrics-error")], .text($0)) }
            ?? .empty,
          .textarea(
            [
              .id("onpu-lyrics"), .name("lyrics"), .attr("rows", "12"), .required, .lang("ja"),
              .maxlength(20_000),
              .ariaDescribedBy(
                ["onpu-lyrics-hint"] + (lyricsError == nil ? [] : ["onpu-lyrics-error"])),
              .ariaInvalid(lyricsError != nil),
            ], .text(form.lyrics))),
        .div(
          [.class("actions")],
          .button([.class("button primary"), .type("submit")], "Save"),
          .a([.class("button secondary"), .href("/onpu")], "Cancel"))))
  }
}
