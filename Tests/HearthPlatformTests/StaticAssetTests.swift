import Foundation
import HTTPTypes
import HearthTesting
import Testing

@testable import HearthPlatform

@Suite struct StaticAssetTests {
  @Test func theHashedNameFollowsTheBytes() {
    let first = StaticAsset(name: "app.js", bytes: Array("let a = 1;\n".utf8))
    let same = StaticAsset(name: "app.js", bytes: Array("let a = 1;\n".utf8))
    let changed = StaticAsset(name: "app.js", bytes: Array("let a = 2;\n".utf8))
    #expect(first.hashedName == same.hashedName)
    #expect(first.hashedName != changed.hashedName)
    #expect(first.hashedName.wholeMatch(of: /app\.[0-9a-f]{12}\.js/) != nil)
    #expect(first.url == "/static/" + first.hashedName)
    #expect(StaticAsset(name: "a.css", bytes: []).contentType == "text/css; charset=utf-8")
  }

  @Test func hashedNamesAreKeptForGoodAndPlainNamesBriefly() async throws {
    let server = try await TestServer(apps: [])
    try await server.run { client in
      for asset in [HearthAssets.stylesheet, HearthAssets.script] {
        let hashed = try await client.raw(.get, asset.url)
        #expect(hashed.status == 200)
        #expect(hashed.headers[.cacheControl] == "public, max-age=31536000, immutable")
        #expect(hashed.headers[.contentType] == asset.contentType)
        #expect(Array(hashed.text.utf8) == asset.body)
        let plain = try await client.raw(.get, "/static/" + asset.name)
        #expect(plain.headers[.cacheControl] == "public, max-age=300")
        #expect(plain.text == hashed.text)
      }
      let stale = try await client.raw(.get, "/static/hearth.000000000000.css")
      #expect(stale.status == 404)
      let home = try await client.raw(.get, "/", headers: [.accept: "text/html"])
      #expect(home.text.contains("href=\"\(HearthAssets.stylesheet.url)\""))
      #expect(home.text.contains("src=\"\(HearthAssets.script.url)\""))
      #expect(home.headers[.cacheControl] == nil)
    }
  }
}
