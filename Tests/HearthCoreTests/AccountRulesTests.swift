import HearthCore
import Testing

@Suite struct AccountRulesTests {
  @Test func emailsAreNormalisedAndChecked() throws {
    #expect(try AccountRules.email("  Ann@Example.COM ") == "ann@example.com")
    for bad in ["", "ann", "ann@", "@example.com", "ann@example", "a b@example.com", "a@b@c.com"] {
      #expect(throws: APIError.self) { try AccountRules.email(bad) }
    }
  }

  @Test func phonesKeepPlusAndDigits() throws {
    #expect(try AccountRules.phone("+1 (415) 555-0123") == "+14155550123")
    #expect(try AccountRules.phone("  ") == nil)
    #expect(throws: APIError.self) { try AccountRules.phone("4155550123") }
    #expect(throws: APIError.self) { try AccountRules.phone("+1 call me") }
  }

  @Test func passwordsHaveBounds() throws {
    #expect(throws: APIError.missing("password")) { try AccountRules.password("") }
    #expect(throws: APIError.self) { try AccountRules.password("short") }
    #expect(throws: APIError.self) { try AccountRules.password(String(repeating: "é", count: 40)) }
    #expect(try AccountRules.password("long enough") == "long enough")
  }

  @Test func theMostCommonPasswordsAreRefusedWhateverTheirCase() throws {
    #expect(CommonPasswords.all.count == 10_000)
    for common in ["password", "12345678", "Baseball1", "QWERTYUIOP", "iloveyou"] {
      #expect(throws: APIError.self) { try AccountRules.password(common, field: "newPassword") }
    }
    #expect(try AccountRules.password("lantern orbit 42") == "lantern orbit 42")
  }

  @Test func timeZonesAreIANA() throws {
    #expect(try AccountRules.timeZone(nil) == "UTC")
    #expect(try AccountRules.timeZone("Europe/Paris") == "Europe/Paris")
    #expect(throws: APIError.self) { try AccountRules.timeZone("Mars/Olympus") }
  }

  @Test func identitiesAreEmailsOrPhones() throws {
    #expect(try Identity.parse("Bob@Example.com", field: "invitee") == .email("bob@example.com"))
    #expect(try Identity.parse("+44 20 7946 0958", field: "invitee") == .phone("+442079460958"))
    #expect(
      throws: APIError.invalid("invitee", "bob is neither an email address nor a phone number.")
    ) {
      try Identity.parse("bob", field: "invitee")
    }
  }

  @Test func retryDelaysGrowAndAreCapped() {
    let policy = RetryPolicy(base: 1, cap: 60)
    #expect(policy.delay(afterAttempt: 1, unit: 0) == 0.5)
    #expect(policy.delay(afterAttempt: 1, unit: 1) == 1)
    #expect(policy.delay(afterAttempt: 4, unit: 1) == 8)
    #expect(policy.delay(afterAttempt: 20, unit: 1) == 60)
    #expect(policy.delay(afterAttempt: 20, unit: 0) == 30)
  }
}
