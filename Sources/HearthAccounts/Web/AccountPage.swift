import Foundation
import HearthHTML
import HearthNotifications
import HearthPlatform

/// The profile fields as shown in the form: the saved values, or what was typed when saving failed.
public struct ProfileValues: Equatable, Sendable {
  public var displayName: String
  public var email: String
  public var phone: String
  public var timeZone: String

  public init(displayName: String, email: String, phone: String, timeZone: String) {
    self.displayName = displayName
    self.email = email
    self.phone = phone
    self.timeZone = timeZone
  }

  public init(_ user: User) {
    self.init(
      displayName: user.displayName, email: user.email, phone: user.phone ?? "",
      timeZone: user.timeZone)
  }
}

/// `/account`: profile, password, sessions, export and deletion.
public enum AccountPage {
  /// Errors for each form on the page; only the form that was sent has any.
  public struct Errors: Equatable, Sendable {
    public var profile: FormErrors
    public var password: FormErrors
    public var twoFactor: FormErrors
    public var delete: FormErrors

    public init(
      profile: FormErrors = .none, password: FormErrors = .none, twoFactor: FormErrors = .none,
      delete: FormErrors = .none
    ) {
      self.profile = profile
      self.password = password
      self.twoFactor = twoFactor
      self.delete = delete
    }
  }

  /// - Parameters:
  ///   - sessions: the person's live sessions; revoked and password-reset ones are left out.
  ///   - currentSessionID: the session of this browser, marked "This device".
  ///   - securityLog: the newest entries of the person's security log.
  ///   - devices: the push subscriptions of the person's browsers.
  ///   - links: the sign-ins the apps link to the account.
  ///   - profile: what was typed when saving the profile failed; the saved values otherwise.
  public static func render(
    _ context: PageContext, user: User, sessions: [Session], currentSessionID: String,
    twoFactor: TwoFactorStatus, securityLog: [SecurityLog.Entry], devices: [PushSubscription] = [],
    links: [AccountLink] = [], profile: ProfileValues? = nil, errors: Errors = Errors()
  ) -> String {
    let zone = TimeZone(identifier: user.timeZone) ?? context.timeZone
    let csrf = context.csrfToken
    return Layout.page(
      context, title: "Your account",
      body: [
        .h1("Your account"),
        profileSection(profile ?? ProfileValues(user), errors: errors.profile, csrf: csrf),
        passwordSection(errors: errors.password, csrf: csrf),
        TwoFactorPage.section(twoFactor, errors: errors.twoFactor, csrf: csrf),
        linksSection(links),
        SessionsTable.section(
          sessions, currentSessionID: currentSessionID, timeZone: zone, csrf: csrf),
        SecurityLogTable.section(securityLog, timeZone: zone),
        DevicesSection.section(devices, timeZone: zone, csrf: csrf),
        exportSection(),
        deleteSection(errors: errors.delete, csrf: csrf),
      ])
  }

  package static func profileSection(_ values: ProfileValues, errors: FormErrors, csrf: String?)
    -> Node
  {
    let shown: Set<String> = ["displayName", "email", "phone", "timeZone", "currentPassword"]
    return .section(
      [.class("card"), .ariaLabel("Profile")],
      .h2("Profile"),
      errors.summary(shownFields: shown),
      Forms.post(
        action: "/account/profile", csrf: csrf, attributes: [.class("stack")],
        FormField(
          name: "displayName", label: "Your name", value: values.displayName,
          error: errors.message(for: "displayName"), required: true,
          id: "profile-displayName", attributes: [.autocomplete("nickname"), .maxlength(80)]
        ).node,
        FormField(
          name: "email", label: "Email", type: "email", value: values.email,
          error: errors.message(for: "email"), required: true, id: "profile-email",
          attributes: [.autocomplete("email")]
        ).node,
        FormField(
          name: "currentPassword", label: "Current password", type: "password",
          hint: "Needed only to change your email.",
          error: errors.message(for: "currentPassword"), id: "profile-currentPassword",
          attributes: [.autocomplete("current-password")]
        ).node,
        FormField(
          name: "phone", label: "Phone", type: "tel", value: values.phone,
          hint: "with country code, like +14155550123", error: errors.message(for: "phone"),
          id: "profile-phone", attributes: [.autocomplete("tel"), .inputmode("tel")]
        ).node,
        FormField(
          name: "timeZone", label: "Time zone", value: values.timeZone,
          hint: "An IANA name such as Europe/Paris; dates are shown in this zone.",
          error: errors.message(for: "timeZone"), required: true, id: "profile-timeZone",
          attributes: [.list("time-zones"), .autocomplete("off")]
        ).node,
        timeZoneList,
        Forms.submit("Save profile")))
  }

  /// Every zone the system knows, offered as suggestions for the time zone field.
  package static let timeZoneList: Node = {
    var names = TimeZone.knownTimeZoneIdentifiers
    if !names.contains("UTC") { names.insert("UTC", at: 0) }
    return .datalist(
      [.id("time-zones")], .fragment(names.map { Node.option([.value($0)]) }))
  }()

  package static func passwordSection(errors: FormErrors, csrf: String?) -> Node {
    .section(
      [.class("card"), .ariaLabel("Password")],
      .h2("Password"),
      errors.summary(shownFields: ["currentPassword", "newPassword"]),
      Forms.post(
        action: "/account/password", csrf: csrf, attributes: [.class("stack")],
        FormField(
          name: "currentPassword", label: "Current password", type: "password",
          error: errors.message(for: "currentPassword"), required: true,
          attributes: [.autocomplete("current-password")]
        ).node,
        FormField(
          name: "newPassword", label: "New password", type: "password",
          hint: "At least 8 characters.", error: errors.message(for: "newPassword"),
          required: true, attributes: [.autocomplete("new-password"), .minlength(8)]
        ).node,
        Forms.submit("Change password")))
  }

  /// Nothing when no app links a sign-in.
  package static func linksSection(_ links: [AccountLink]) -> Node {
    guard !links.isEmpty else { return .empty }
    return .section(
      [.class("card"), .ariaLabel("Linked sign-ins")],
      .h2("Linked sign-ins"),
      .ul(
        [.class("list")],
        .fragment(
          links.map { link in
            .li(
              .strong(.text(link.title)), .text(" "), .span(.text(link.state)), .text(" "),
              .a([.href(link.manage.href)], .text(link.manage.label)))
          })))
  }

  package static func exportSection() -> Node {
    .section(
      [.class("card"), .ariaLabel("Your data")],
      .h2("Your data"),
      .p("Download everything Hearth keeps about you as one JSON file."),
      .p(
        .a(
          [.class("button secondary"), .href("/account/export"), .download],
          "Download my data")))
  }

  package static func deleteSection(errors: FormErrors, csrf: String?) -> Node {
    .section(
      [.class("card danger-zone"), .ariaLabel("Delete account")],
      .h2("Delete account"),
      .p(
        [.class("warning")],
        .strong("This cannot be undone. "),
        .text(
          "Deleting your account removes your profile and everything you own in every app: "
            + "rooms, tasks, journals and study notes. People you shared with lose access.")),
      errors.summary(shownFields: ["password"]),
      Forms.post(
        action: "/account/delete", csrf: csrf,
        attributes: [
          .class("stack"),
          .data(
            "confirm",
            "Delete your account?\n\nYour Hearth account and everything in it go for good."),
          .data("danger", ""),
        ],
        FormField(
          name: "password", label: "Your password, to confirm", type: "password",
          error: errors.message(for: "password"), required: true, id: "delete-password",
          attributes: [.autocomplete("current-password")]
        ).node,
        Forms.submit("Delete my account", style: .danger)))
  }
}
