import AuralystCore
import AuralystWeb
import Foundation
import HearthAccounts
import HearthHTML
import HearthHost
import HearthPlatform

extension AuralystPages {
  public struct Person: Sendable {
    public var userID, name, email, status, permission: String

    public init(userID: String, name: String, email: String, status: String, permission: String) {
      self.userID = userID
      self.name = name
      self.email = email
      self.status = status
      self.permission = permission
    }
  }

  public static func sharing(
    _ context: PageContext, _ view: AuralystView, people: [Person],
    emailed: [ShareInvitations.Emailed], ownerName: String
  ) -> String {
    let shared = !people.isEmpty || !emailed.isEmpty
    let status: Node =
      !shared
      ? .p(.strong("Not shared"), " · Only you can access this journal.")
      : .p(.strong("Shared"), " · Others can collaborate on this journal.")
    let rows: [Node] = people.map { person in
      var controls: [Node] = []
      if view.isOwner {
        controls.append(
          .label(
            [.class("visually-hidden"), .for("permission-\(person.userID)")],
            .text("Permission for \(person.name)")))
        controls.append(
          .select(
            [
              .id("permission-\(person.userID)"),
              .data("auralyst-permission", "\(view.api)/shares/\(person.userID)"),
            ],
            .el(
              "option",
              [.value("read-only")] + (person.permission == "read-only" ? [.selected] : []),
              ["Can view"]),
            .el(
              "option",
              [.value("read-write")] + (person.permission == "read-write" ? [.selected] : []),
              ["Can add entries, doses and notes"])))
        controls.append(
          .button(
            [
              .type("button"), .class("button link danger"),
              .data("auralyst-delete", "\(view.api)/shares/\(person.userID)"),
              .data("confirm", "Remove \(person.name)? Their next visit shows nothing."),
            ], "Remove"))
      }
      return .li(
        [.class("card auralyst-person")],
        .strong(.text(person.name)),
        person.email.isEmpty ? .fragment([]) : .span([.class("hint")], .text(" \(person.email)")),
        .span(
          [.class("tag")],
          .text(person.status == "invited" ? "Pending" : "Accepted")),
        .span(
          [.class("tag")],
          .text(person.permission == "read-write" ? "Can add entries" : "Can view")),
        .fragment(controls))
    }
    let pending: [Node] = emailed.map { invitation in
      .li(
        [.class("card auralyst-person auralyst-emailed")],
        .strong(.text(invitation.email)),
        .span([.class("tag")], "Invited by email"),
        .span(
          [.class("tag")],
          .text(invitation.permission == "read-write" ? "Can add entries" : "Can view")),
        .span(
          [.class("hint")], " · link good until ",
          DateText.node(invitation.expiresAt, in: context.timeZone)),
        .button(
          [
            .type("button"), .class("button link danger"),
            .data(
              "auralyst-delete",
              ShareInvitations.path(
                AuralystStoreSupport.resource(view.journal.id), invitation: invitation.id)),
            .data(
              "confirm", "Withdraw invitation? The link sent to \(invitation.email) stops working."),
            .ariaLabel("Withdraw the invitation to \(invitation.email)"),
          ], "Withdraw invitation"))
    }
    let invite: Node =
      view.isOwner
      ? .form(
        [
          .class("card"), .data("auralyst-form", "share"), .data("api", view.api + "/shares"),
          .data("method", "POST"), .ariaLabel("Invite someone"),
        ],
        .h2("Invite"),
        .p([.class("hint")], "Invite a partner to add notes. You stay in control."),
        AuralystChrome.field(
          "share-email", "Email of their Hearth account",
          .input(
            .id("share-email"), .name("email"), .type("email"), .required, .autocomplete("off"))),
        .fieldset(
          [.class("auralyst-choices")],
          .legend("They can"),
          .label(
            .input(.type("radio"), .name("permission"), .value("read-only"), .checked),
            " View everything"),
          .label(
            .input(.type("radio"), .name("permission"), .value("read-write")),
            " Add entries, doses and notes, and change what they wrote")),
        .p([.class("form-error"), .role("alert"), .hidden]),
        .button([.type("submit"), .class("button primary")], "Send invitation"))
      : .empty
    let stop: Node =
      view.isOwner && shared
      ? .button(
        [
          .type("button"), .class("button danger"), .data("auralyst-delete", view.api + "/shares"),
          .data(
            "confirm",
            "Stop sharing? Everyone but you loses access at once, and unanswered invitations are cancelled."
          ),
        ], "Stop sharing")
      : view.isOwner
        ? .empty
        : .button(
          [
            .type("button"), .class("button danger"),
            .data("auralyst-delete", "\(view.api)/shares/\(view.viewerID)"),
            .data("confirm", "Leave this journal? You will need a new invitation to come back."),
            .data("then", "/auralyst"),
          ], "Leave this journal")
    return AuralystChrome.page(
      context, view, title: "Sharing", current: "/sharing",
      [
        .h1("Journal sharing"),
        .p(
          "Share this journal with family, friends, or healthcare providers for collaborative tracking."
        ),
        .section(
          [.id("auralyst-live")],
          view.isOwner
            ? status
            : .p(
              .text(
                "\(ownerName) shares this journal with you: you "
                  + "\(AuralystView.accessWords(view.access)).")),
          people.isEmpty
            ? .empty : .ul([.class("list auralyst-list"), .ariaLabel("People")], .fragment(rows)),
          pending.isEmpty
            ? .empty
            : .ul(
              [.class("list auralyst-list"), .ariaLabel("Invitations by email")],
              .fragment(pending))),
        invite, stop,
        .p(
          [.class("hint")],
          .text(
            "Sharing goes through this server's invitations: people accept them on their own "
              + "Invitations page. You can change access or stop sharing at any time.")),
      ])
  }

  public static func data(_ context: PageContext, _ view: AuralystView, health: JournalHealth)
    -> String
  {
    let healthNode: Node =
      health.isHealthy
      ? .p(
        [.class("auralyst-ok")],
        "No data health issues: every reference points at a record that exists.")
      : .div(
        [.class("card auralyst-warning"), .role("alert")],
        .h3("Data Health Issues Found"),
        .ul(.fragment(health.problems.map { Node.li(.text($0)) })),
        view.isOwner
          ? .button(
            [
              .type("button"), .class("button primary"),
              .data("auralyst-post", view.api + "/health/repair"),
            ], "Fix automatically")
          : .p([.class("hint")], "The journal's owner can fix these."),
        .p([.class("hint")], "Exports leave these references out either way."))
    let importForm: Node =
      view.isOwner
      ? .form(
        [
          .class("card"), .data("auralyst-import", view.api + "/import"),
          .ariaLabel("Import a journal file"),
        ],
        .h2("Import data"),
        .p(
          .text(
            "Import a previously exported JSON or CSV journal file. Its records are added to this "
              + "journal; the whole file is checked first, and nothing is written "
              + "if any row is bad.")),
        AuralystChrome.field(
          "import-file", "File (JSON or CSV, up to 64 MiB)",
          .input(
            .id("import-file"), .name("file"), .type("file"),
            .attr("accept", ".json,.csv,application/json,text/csv"), .required)),
        .el("progress", [.hidden, .data("auralyst-progress", "")], []),
        .p([.class("form-error"), .role("alert"), .hidden]),
        .button([.type("submit"), .class("button primary")], "Import journal"),
        .p([.class("auralyst-import-result"), .data("auralyst-result", "")]))
      : .empty
    return AuralystChrome.page(
      context, view, title: "Export & import", current: "/data",
      [
        .h1("Export data"),
        .p("A CSV or JSON snapshot of this journal, in the same format the Auralyst app uses."),
        .section([.id("auralyst-live")], healthNode),
        .p(
          .a(
            [.class("button primary"), .href(view.api + "/export?format=csv"), .download],
            "CSV Export"), " ",
          .a(
            [.class("button primary"), .href(view.api + "/export?format=json"), .download],
            "JSON Export")),
        importForm,
      ])
  }
}
