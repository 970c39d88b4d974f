import HearthCore
import Testing

@Suite struct APIErrorTests {
  @Test func aMissingFieldIsNamedInWordsAndKeepsItsPath() {
    let error = APIError.missing("participants[0].displayName")
    #expect(error.message == "Fill in the display name.")
    #expect(error.field == "participants[0].displayName")
    #expect(APIError.missing("medicationId").message == "Fill in the medication.")
    #expect(APIError.missing("email").message == "Fill in the email.")
    #expect(APIError.missing("timeZone").message == "Fill in the time zone.")
  }

  @Test func aMessageWrittenForPeopleIsKept() {
    #expect(APIError.missing("nickname", "Give Bob a nickname.").message == "Give Bob a nickname.")
  }
}
