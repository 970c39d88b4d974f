import ArgumentParser
import HearthCore
import HearthHost
import HearthPlatform

struct MailCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mail", abstract: "Check that Hearth can send email.",
    subcommands: [Test.self])

  struct Test: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Send one test message through the server in HEARTH_SMTP_URL.")
    @Option(help: "The address to send it to.") var to: String

    func run() async throws {
      let config = try loadConfig()
      guard let smtp = config.smtp else {
        print("Mail is off: HEARTH_SMTP_URL is not set, so Hearth sends no email.")
        return
      }
      let message: MailMessage
      do {
        message = MailMessage(
          from: config.mailFrom, to: [try MailAddress(to)], subject: "Hearth test ✓ テスト",
          text: """
            This is a test message from Hearth, sent with `hearth mail test`.
            .This line begins with a dot, which SMTP must carry through.
            """,
          html: """
            <p>This is a test message from Hearth, sent with <code>hearth mail test</code>.</p>
            <p>✓ テスト</p>
            """)
      } catch {
        throw ValidationError("--to: \(error)")
      }
      do {
        try await config.mailer(logger: Bootstrap.logger(config)).send(message)
      } catch {
        throw MailTestFailure(description: "Mail test failed: \(error)")
      }
      print("Sent a test message to \(to) through \(smtp.host):\(smtp.port).")
    }
  }
}

/// A one-line error, without the usage text ArgumentParser adds to a ValidationError.
struct MailTestFailure: Error, CustomStringConvertible {
  let description: String
}
