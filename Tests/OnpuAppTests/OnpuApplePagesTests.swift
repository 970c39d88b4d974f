import Foundation
import HearthPlatform
import Testing

@testable import OnpuApp

/// /onpu/apple: a form to link an Apple ID, or what is linked and a button to unlink it.
@Suite struct OnpuApplePagesTests {
  static let context = PageContext(userName: "Ann", path: "/onpu/apple")

  @Test func anUnlinkedAccountGetsTheFormToLinkOne() {
    let page = OnpuPages.apple(Self.context, link: nil, error: "The identity token has expired.")
    #expect(page.contains(#"action="/onpu/apple/link""#))
    #expect(page.contains(#"name="identityToken""#) && page.contains(#"name="nonce""#))
    #expect(page.contains("The identity token has expired."))
    #expect(!page.contains("/onpu/apple/unlink"))
  }

  @Test func aLinkedAccountSaysSoAndCanUnlink() {
    let link = OnpuAppleLink(
      subject: "001.ann", userID: "ann", email: "ann@privaterelay.appleid.com",
      createdAt: Date(timeIntervalSince1970: 1_800_000_000))
    let page = OnpuPages.apple(Self.context, link: link)
    #expect(page.contains("Your Apple ID (ann@privaterelay.appleid.com) is linked"))
    #expect(page.contains(#"action="/onpu/apple/unlink""#))
    #expect(!page.contains(#"name="identityToken""#))
  }
}
