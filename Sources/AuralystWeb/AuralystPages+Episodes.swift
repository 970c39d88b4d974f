import AuralystCore
import Foundation
import HearthHTML
import HearthPlatform

/// Episodes (attacks): one tap to start one ("It started now"), then, while it goes on, where
/// it hurts, aura, what was taken and whether it helped, and "It ended now". The journal's home
/// shows the card; /episodes lists them all, each editable by whoever may.
extension AuralystPages {
  /// What an episode's form offers: the journal's medications and the doses logged while it
  /// went on (or the ones it links to).
  public struct EpisodeChoices: Sendable {
    public var medications: [Medication]
    public var intakes: [MedicationIntake]

    public init(medications: [Medication], intakes: [MedicationIntake]) {
      self.medications = medications
      self.intakes = intakes
    }

    func intakes(of episode: Episode) -> [MedicationIntake] {
      let end = episode.endedAt ?? .distantFuture
      return intakes.filter {
        episode.intakeIDs.contains($0.id)
          || ($0.timestamp >= episode.startedAt - 3600 && $0.timestamp <= end)
      }
    }
  }

  /// The home page's card: start one, or the one going on.
  package static func episodeCard(
    _ view: AuralystView, ongoing: Episode?, _ choices: EpisodeChoices
  )
    -> Node
  {
    let all: Node = .p(.a([.href(view.path + "/episodes")], "All episodes"))
    guard let ongoing else {
      return .section(
        [.class("card auralyst-episode"), .ariaLabel("Episode")], .h2("Episode"),
        .p([.class("hint")], "A migraine or headache starting? Note the time with one tap."),
        view.canWrite ? startForm(view) : .empty, all)
    }
    return .section(
      [.class("card auralyst-episode auralyst-episode-ongoing"), .ariaLabel("Episode going on")],
      .h2("Episode going on"),
      .p(.text("Since \(view.dateTime(ongoing.startedAt, madeIn: ongoing.timeZone))")),
      view.canEdit(ongoing.authorID)
        ? .fragment([endForm(view, ongoing), episodeForm(view, ongoing, choices, times: false)])
        : summary(view, ongoing, choices),
      all)
  }

  package static func startForm(_ view: AuralystView) -> Node {
    .form(
      [
        .class("auralyst-inline-form"), .data("auralyst-form", "start-episode"),
        .data("api", view.api + "/episodes"), .data("method", "POST"),
        .ariaLabel("Start an episode"),
      ],
      .p([.class("form-error"), .role("alert"), .hidden]),
      .button([.type("submit"), .class("button primary")], "It started now"))
  }

  package static func endForm(_ view: AuralystView, _ episode: Episode) -> Node {
    .form(
      [
        .class("auralyst-inline-form"), .data("auralyst-form", "end-episode"),
        .data("api", view.api + "/episodes/\(episode.id)"), .data("method", "PATCH"),
        .ariaLabel("End the episode"),
      ],
      .input(.type("hidden"), .name("endedAt"), .value("now")),
      .p([.class("form-error"), .role("alert"), .hidden]),
      .button([.type("submit"), .class("button primary")], "It ended now"))
  }

  /// Where, aura, what was taken and whether it helped; with its times for an episode that is
  /// over.
  package static func episodeForm(
    _ view: AuralystView, _ episode: Episode, _ choices: EpisodeChoices, times: Bool
  ) -> Node {
    let key = "ep-\(episode.id)"
    let locations: [Node] = Episode.Location.allCases.map { location in
      .label(
        [.class("auralyst-choice")],
        .input(
          .type("checkbox"), .name("locations"), .value(location.rawValue),
          .data("type", "list"), .flag("checked", episode.locations.contains(location))),
        .text(" " + location.words))
    }
    let medications: [Node] = choices.medications.map { medication in
      .label(
        [.class("auralyst-choice")],
        .input(
          .type("checkbox"), .name("medicationIds"), .value(medication.id), .data("type", "list"),
          .flag("checked", episode.medicationIDs.contains(medication.id))),
        .text(" " + medication.name))
    }
    let names = Dictionary(
      choices.medications.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    let doses: [Node] = choices.intakes(of: episode).map { intake in
      .label(
        [.class("auralyst-choice")],
        .input(
          .type("checkbox"), .name("intakeIds"), .value(intake.id), .data("type", "list"),
          .flag("checked", episode.intakeIDs.contains(intake.id))),
        .text(
          " \(names[intake.medicationID] ?? "A dose") at "
            + view.time(intake.timestamp, madeIn: intake.timeZone)))
    }
    return .form(
      [
        .class("auralyst-episode-form"), .data("auralyst-form", "episode"), .data("keep", ""),
        .data("api", view.api + "/episodes/\(episode.id)"), .data("method", "PATCH"),
        .ariaLabel("Details of the episode"),
      ],
      times
        ? .div(
          [.class("auralyst-range")],
          AuralystChrome.field(
            "\(key)-start", "Started",
            .input(
              .id("\(key)-start"), .name("startedAt"), .type("datetime-local"),
              .data("type", "local"), .value(view.localInput(episode.startedAt)))),
          AuralystChrome.field(
            "\(key)-end", "Ended",
            .input(
              .id("\(key)-end"), .name("endedAt"), .type("datetime-local"),
              .data("type", "local"), .value(episode.endedAt.map(view.localInput) ?? ""))))
        : .empty,
      .fieldset(
        [.class("auralyst-choices")], .legend("Where it hurts"), .fragment(locations),
        AuralystChrome.field(
          "\(key)-where", "Anything else about where",
          .input(
            .id("\(key)-where"), .name("locationNote"), .type("text"), .maxlength(200),
            .value(episode.locationNote ?? "")))),
      SegmentedControl(
        name: "aura", legend: "Aura",
        choices: [("yes", "Yes"), ("no", "No"), ("unsure", "Not sure")],
        selected: Episode.auraText(episode.aura), id: "\(key)-aura"
      ).node,
      .fieldset(
        [.class("auralyst-choices")], .legend("What was taken"),
        medications.isEmpty && doses.isEmpty
          ? .p([.class("hint")], "Add medications on the Medications tab to link them here.")
          : .fragment(medications + doses)),
      SegmentedControl(
        name: "helped", legend: "Did it help?",
        choices: Episode.Relief.allCases.map { ($0.rawValue, $0.words) },
        selected: episode.relief.rawValue, id: "\(key)-helped"
      ).node,
      AuralystChrome.field(
        "\(key)-note", "Note",
        .textarea([.id("\(key)-note"), .name("note"), .maxlength(5000)], .text(episode.note ?? ""))),
      .p([.class("form-error"), .role("alert"), .hidden]),
      .button([.type("submit"), .class("button secondary")], "Save details"))
  }

  /// An episode in words, for those who may not change it.
  package static func summary(_ view: AuralystView, _ episode: Episode, _ choices: EpisodeChoices)
    -> Node
  {
    let names = Dictionary(
      choices.medications.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    let taken = episode.medicationIDs.compactMap { names[$0] }
    let places = episode.locations.map(\.words) + [episode.locationNote].compactMap { $0 }
    return .dl(
      [.class("auralyst-levels")],
      .dt("Where"), .dd(.text(places.isEmpty ? "Not said" : places.joined(separator: ", "))),
      .dt("Aura"),
      .dd(.text(episode.aura.map { $0 ? "Yes" : "No" } ?? "Not said")),
      .dt("Taken"),
      .dd(
        .text(
          taken.isEmpty && episode.intakeIDs.isEmpty
            ? "Nothing noted"
            : (taken
              + (episode.intakeIDs.isEmpty
                ? [] : [Wording.count(episode.intakeIDs.count, "logged dose", "logged doses")]))
              .joined(separator: ", "))),
      .dt("Helped"), .dd(.text(episode.relief.words)),
      episode.note.map { Node.fragment([.dt("Note"), .dd(.text($0))]) } ?? .empty)
  }

  public static func episodes(
    _ context: PageContext, _ view: AuralystView, _ episodes: [Episode], _ choices: EpisodeChoices
  ) -> String {
    AuralystChrome.page(
      context, view, title: "Episodes", current: "/episodes",
      [
        .h1("Episodes"),
        .section([.id("auralyst-live")], episodeList(view, episodes, choices)),
      ])
  }

  public static func episodeList(
    _ view: AuralystView, _ episodes: [Episode], _ choices: EpisodeChoices
  ) -> Node {
    let ongoing = episodes.last(where: \.isOngoing)
    let rows: [Node] = episodes.reversed().map { episode in
      let title =
        episode.isOngoing
        ? "Going on since \(view.dateTime(episode.startedAt, madeIn: episode.timeZone))"
        : "\(view.dateTime(episode.startedAt, madeIn: episode.timeZone)), "
          + duration(episode.endedAt!.timeIntervalSince(episode.startedAt))
      return .li(
        [.class("card auralyst-episode-row")], .h2(.text(title)),
        summary(view, episode, choices),
        view.canEdit(episode.authorID)
          ? .details(
            .summary("Change"), episodeForm(view, episode, choices, times: true),
            .button(
              [
                .type("button"), .class("button danger"),
                .data("auralyst-delete", view.api + "/episodes/\(episode.id)"),
                .data("confirm", "Delete this episode?"),
              ], "Delete episode"))
          : .empty)
    }
    return .fragment([
      ongoing == nil && view.canWrite ? startForm(view) : .empty,
      episodes.isEmpty
        ? .p([.class("empty")], "No episodes yet. When one starts, tap It started now.")
        : .ul([.class("list auralyst-episodes"), .ariaLabel("Episodes")], .fragment(rows)),
    ])
  }

  /// "45 min", "3 h 10 min", "2 days 4 h".
  package static func duration(_ seconds: TimeInterval) -> String {
    let minutes = Int(seconds / 60)
    if minutes < 60 { return "\(minutes) min" }
    if minutes < 24 * 60 {
      return "\(minutes / 60) h" + (minutes % 60 == 0 ? "" : " \(minutes % 60) min")
    }
    return Wording.count(minutes / 1440, "day", "days")
      + (minutes % 1440 / 60 == 0 ? "" : " \(minutes % 1440 / 60) h")
  }
}
