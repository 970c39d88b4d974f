import CBrotli
import CZlib
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

  @Test func aModuleImportsTheHashedNamesOfItsImportsSoItsHashCoversTheirs() {
    let shell = StaticAsset(name: "shell.mjs", bytes: Array("export const x = 1;\n".utf8))
    func modules(util: String) -> ScriptModules {
      ScriptModules(
        [
          "app.mjs": Array(
            "import { x } from \"./shell.mjs\";\nimport { y } from './util.mjs';\n".utf8),
          "util.mjs": Array(util.utf8),
        ], linking: [shell])
    }
    let first = modules(util: "export const y = 2;\n")
    #expect(first.assets.map(\.name) == ["app.mjs", "util.mjs"])
    #expect(
      String(decoding: first["app.mjs"].body, as: UTF8.self)
        == "import { x } from \"./\(shell.hashedName)\";\n"
        + "import { y } from './\(first["util.mjs"].hashedName)';\n")
    #expect(first["app.mjs"].contentType == "text/javascript; charset=utf-8")
    #expect(first["app.mjs"].hashedName.wholeMatch(of: /app\.[0-9a-f]{12}\.mjs/) != nil)
    let second = modules(util: "export const y = 3;\n")
    #expect(second["app.mjs"].hashedName != first["app.mjs"].hashedName)
    #expect(
      ModuleImports.names(in: second["app.mjs"].body)
        == [shell.hashedName, second["util.mjs"].hashedName])
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

  @Test func filesAreSentCompressedInTheBestCodingTheBrowserTakes() async throws {
    let server = try await TestServer(apps: [])
    try await server.run { client in
      let asset = HearthAssets.stylesheet
      for (accept, coding) in [
        ("gzip, deflate, br", "br"), ("gzip, deflate", "gzip"), ("br;q=0, gzip", "gzip"),
        ("identity", nil), ("", nil),
      ] {
        let reply = try await client.execute(
          uri: asset.url, method: .get, headers: accept.isEmpty ? [:] : [.acceptEncoding: accept],
          body: nil)
        #expect(reply.status == .ok)
        #expect(reply.headers[.contentEncoding] == coding, "Accept-Encoding: \(accept)")
        #expect(reply.headers[.vary] == "Accept-Encoding")
        #expect(reply.headers[.init("X-Content-Type-Options")!] == "nosniff")
        let bytes = Array(reply.body.readableBytesView)
        let decoded =
          switch coding {
          case "br": Self.unbrotli(bytes)
          case "gzip": Self.gunzip(bytes)
          default: bytes
          }
        #expect(decoded == asset.body)
        if coding != nil { #expect(bytes.count < asset.body.count / 2) }
      }
    }
  }

  @Test func aBrowserThatHasTheFileIsToldSoWithoutTheBytes() async throws {
    let server = try await TestServer(apps: [])
    try await server.run { client in
      let asset = HearthAssets.script
      let first = try await client.raw(.get, asset.url, headers: [.acceptEncoding: "gzip"])
      let etag = try #require(first.headers[.eTag])
      #expect(etag.hasPrefix("\"") && etag.hasSuffix("-gzip\""))
      let again = try await client.raw(
        .get, asset.url, headers: [.acceptEncoding: "gzip", .ifNoneMatch: "\"other\", " + etag])
      #expect(again.status == 304)
      #expect(again.text.isEmpty)
      #expect(again.headers[.eTag] == etag)
      #expect(again.headers[.cacheControl] == "public, max-age=31536000, immutable")
      let changed = try await client.raw(.get, asset.url, headers: [.ifNoneMatch: "\"other\""])
      #expect(changed.status == 200)
      #expect(Array(changed.text.utf8) == asset.body)
    }
  }

  @Test func largePagesAndJSONAreGzippedAndSmallOnesAreNot() async throws {
    let server = try await TestServer(apps: [])
    try await server.run(schemaChecked: false) { client in
      let page = try await client.execute(
        uri: "/design", method: .get, headers: [.acceptEncoding: "gzip, br"], body: nil)
      #expect(page.status == .ok)
      #expect(page.headers[.contentEncoding] == "gzip")
      let html = String(decoding: Self.gunzip(Array(page.body.readableBytesView)), as: UTF8.self)
      #expect(html.hasPrefix("<!doctype html>") && html.hasSuffix("</html>"))
      let plain = try await client.raw(.get, "/design")
      #expect(plain.headers[.contentEncoding] == nil)
      #expect(plain.text.hasPrefix("<!doctype html>") && plain.text.count == html.count)
      let small = try await client.execute(
        uri: "/healthz", method: .get, headers: [.acceptEncoding: "gzip"], body: nil)
      #expect(small.headers[.contentEncoding] == nil)
      let document = try await client.execute(
        uri: "/openapi.json", method: .get, headers: [.acceptEncoding: "gzip"], body: nil)
      #expect(document.headers[.contentEncoding] == "gzip")
      let json = try JSONSerialization.jsonObject(
        with: Data(Self.gunzip(Array(document.body.readableBytesView))))
      #expect((json as? [String: Any])?["openapi"] != nil)
    }
  }

  static func gunzip(_ bytes: [UInt8]) -> [UInt8] {
    var stream = z_stream()
    guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK
    else { return [] }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    var input = bytes
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    var status: Int32 = Z_OK
    input.withUnsafeMutableBufferPointer { source in
      stream.next_in = source.baseAddress
      stream.avail_in = UInt32(source.count)
      while status == Z_OK {
        chunk.withUnsafeMutableBufferPointer { out in
          stream.next_out = out.baseAddress
          stream.avail_out = UInt32(out.count)
          status = inflate(&stream, Z_NO_FLUSH)
          output += out.prefix(out.count - Int(stream.avail_out))
        }
      }
    }
    return status == Z_STREAM_END ? output : []
  }

  static func unbrotli(_ bytes: [UInt8]) -> [UInt8] {
    var size = bytes.count * 20
    var output = [UInt8](repeating: 0, count: size)
    let result = bytes.withUnsafeBufferPointer { input in
      output.withUnsafeMutableBufferPointer { out in
        BrotliDecoderDecompress(input.count, input.baseAddress, &size, out.baseAddress)
      }
    }
    return result == BROTLI_DECODER_RESULT_SUCCESS ? Array(output.prefix(size)) : []
  }
}
