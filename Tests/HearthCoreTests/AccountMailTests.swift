import HearthCore
import Testing

@Suite struct AccountMailTests {
  let from = try! MailAddress("hearth@example.org", name: "Hearth")
  let to = try! MailAddress("ann@example.com", name: "Ann")

  @Test func aResetMailHasTheLinkAndItsExpiryInBothParts() {
    let link = "https://hearth.example/reset-password?token=abc"
    let message = AccountMail.passwordReset(from: from, to: to, link: link)
    #expect(message.subject == "Reset your Hearth password")
    #expect(message.to == [to])
    #expect(message.text.contains(link) && message.text.contains("one hour"))
    #expect(message.html.contains("href=\"\(link)\"") && message.html.contains("one hour"))
  }

  @Test func anInvitationEscapesWhatPeopleTyped() {
    let message = AccountMail.invitation(
      from: from, to: to, inviter: "Bob <b>", title: "Tom & Jerry",
      link: "https://hearth.example/signup?invitation=x")
    #expect(message.subject == "Bob <b> invited you to Tom & Jerry on Hearth")
    #expect(message.html.contains("Bob &lt;b&gt;") && message.html.contains("Tom &amp; Jerry"))
    #expect(!message.html.contains("<b>"))
    #expect(message.text.contains("14 days"))
  }
}
