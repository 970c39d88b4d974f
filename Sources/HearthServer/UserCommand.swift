import ArgumentParser
import Foundation
import HearthAccounts
import HearthCore
import HearthEngines
import HearthHost
import HearthPlatform

struct UserCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "user", abstract: "Manage accounts as an administrator.",
    subcommands: [Create.self, List.self, Disable.self, ResetPassword.self])

  struct Create: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Create an account.")
    @Option(help: "Email address.") var email: String
    @Option(help: "Display name.") var name: String
    @Option(help: "Phone number with country code.") var phone: String?
    @Option(help: "IANA time zone.") var timeZone = "UTC"
    @Flag(help: "Read the password from standard input instead of generating one.")
    var passwordStdin = false
    @Flag(help: "Make the account an administrator.") var admin = false

    func run() async throws {
      let env = try await Bootstrap.environment(try loadConfig())
      var password = TokenService.randomToken(bytes: 12)
      if passwordStdin {
        guard let line = readLine(strippingNewline: true), !line.isEmpty else {
          throw ValidationError("No password on standard input.")
        }
        password = line
      }
      do {
        var user = try await AccountService(env: env).signup(
          .init(
            email: email, displayName: name, password: password, phone: phone,
            timeZone: timeZone), origin: nil)
        if admin {
          let original = user
          user.isAdmin = true
          try await env.database.updateUser(user, from: original)
        }
        print("Created \(user.email) (\(user.id)).")
        if !passwordStdin { print("Password: \(password)") }
      } catch let error as APIErrorResponse {
        throw ValidationError(error.error.message)
      }
      try await env.database.close()
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List every account.")

    func run() async throws {
      let env = try await Bootstrap.environment(try loadConfig())
      let users = try await env.database.users()
      if users.isEmpty { print("No accounts yet. Create one with: hearth user create") }
      for user in users {
        let flags = [user.isAdmin ? "admin" : nil, user.disabled ? "disabled" : nil]
          .compactMap { $0 }.joined(separator: ", ")
        print(
          "\(user.email)\t\(user.displayName)\t\(user.timeZone)\t\(flags.isEmpty ? "active" : flags)"
        )
      }
      try await env.database.close()
    }
  }

  struct Disable: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Disable an account and end its sessions.")
    @Argument(help: "The account's email.") var email: String
    @Flag(help: "Enable it again instead.") var enable = false

    func run() async throws {
      let env = try await Bootstrap.environment(try loadConfig())
      guard var user = try await env.database.user(email: email.lowercased()) else {
        throw ValidationError("No account has the email \(email).")
      }
      let original = user
      user.disabled = !enable
      try await env.database.updateUser(user, from: original)
      if !enable {
        try await AccountService(env: env).endSessions(userID: user.id)
      }
      print(enable ? "Enabled \(user.email)." : "Disabled \(user.email); its sessions are ended.")
      try await env.database.close()
    }
  }

  struct ResetPassword: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "reset-password", abstract: "Print a one-hour password reset link.")
    @Argument(help: "The account's email.") var email: String

    func run() async throws {
      let config = try loadConfig()
      let env = try await Bootstrap.environment(config)
      guard let user = try await env.database.user(email: email.lowercased()) else {
        throw ValidationError("No account has the email \(email).")
      }
      let token = TokenService.randomToken()
      let now = env.now()
      try await env.database.createSession(
        Session(
          id: env.newID(), userID: user.id, kind: .passwordReset,
          tokenHash: TokenService.hash(token), csrfToken: "", label: "password reset link",
          createdAt: now, lastSeenAt: now, expiresAt: now.addingTimeInterval(3600)))
      let base = config.publicURL ?? "http://\(config.host):\(config.port)"
      print("\(base)/reset-password?token=\(token)")
      print("The link works once, for one hour.")
      try await env.database.close()
    }
  }
}
