/// The mail Hearth sends about accounts: a password reset, an email check and an invitation.
/// Each has a plain-text and an HTML part with the same words and the same link.
public enum AccountMail {
  public static func passwordReset(from: MailAddress, to: MailAddress, link: String) -> MailMessage
  {
    letter(
      from: from, to: to, subject: "Reset your Hearth password",
      lines: [
        "Someone, probably you, asked to reset the password of the Hearth account for \(to.address).",
        "Open this link to choose a new password. It works once, for one hour.",
      ],
      action: "Choose a new password", link: link,
      footer: "If you did not ask, ignore this message: your password stays as it is.")
  }

  public static func verification(from: MailAddress, to: MailAddress, link: String) -> MailMessage {
    letter(
      from: from, to: to, subject: "Confirm your email for Hearth",
      lines: [
        "Please confirm that \(to.address) is the email of your Hearth account.",
        "Open this link to confirm it. It works for 48 hours.",
      ],
      action: "Confirm my email", link: link,
      footer: "If you did not sign up for Hearth, ignore this message.")
  }

  public static func invitation(
    from: MailAddress, to: MailAddress, inviter: String, title: String, link: String
  ) -> MailMessage {
    letter(
      from: from, to: to, subject: "\(inviter) invited you to \(title) on Hearth",
      lines: [
        "\(inviter) invited you to share “\(title)” on Hearth.",
        "Open this link to create your account with \(to.address) and see the invitation."
          + " It works for 14 days.",
      ],
      action: "Accept the invitation", link: link,
      footer: "If you do not know \(inviter), ignore this message.")
  }

  static func letter(
    from: MailAddress, to: MailAddress, subject: String, lines: [String], action: String,
    link: String, footer: String
  ) -> MailMessage {
    let text = (lines + [link, footer]).joined(separator: "\n\n") + "\n"
    let paragraphs = lines.map { "<p>\(escape($0))</p>" }.joined(separator: "\n")
    let html = """
      <!DOCTYPE html>
      <html><body>
      \(paragraphs)
      <p><a href="\(escape(link))">\(escape(action))</a></p>
      <p>\(escape(link))</p>
      <p>\(escape(footer))</p>
      </body></html>

      """
    return MailMessage(from: from, to: [to], subject: subject, text: text, html: html)
  }

  static func escape(_ text: String) -> String {
    var output = ""
    for character in text {
      switch character {
      case "&": output += "&amp;"
      case "<": output += "&lt;"
      case ">": output += "&gt;"
      case "\"": output += "&quot;"
      default: output.append(character)
      }
    }
    return output
  }
}
