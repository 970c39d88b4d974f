import ArgumentParser
import Foundation
import HearthPlatform
import Hummingbird
import Logging
import NIOCore

extension HearthBench {
  /// The framework ceiling of the HTTP suite: `hearth serve`'s own server (Hummingbird over
  /// HTTP/1.1, with the same connection guard in its pipeline), answering one fixed body from
  /// memory on every path, with no middleware, no session and no database.
  struct Ceiling: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Serve a file's bytes on every path through Hearth's Hummingbird stack alone.")

    @Option(help: "Loopback port to listen on.") var port: Int
    @Option(help: "The body to answer with.") var body: String
    @Option(help: "Its Content-Type.") var contentType = "application/json"

    func run() async throws {
      let bytes = ByteBuffer(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: body))))
      let type = contentType
      let router = Router(context: AppRequestContext.self)
      router.get("**") { _, _ in
        Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: bytes))
      }
      let app = Application(
        router: router,
        server: .http1(
          configuration: .init(additionalChannelHandlers: [
            ConnectionGuard(
              counts: ConnectionGuard.Counts(), perAddress: 256, exempt: [],
              headTimeout: .seconds(30), bodyTimeout: .seconds(30))
          ])),
        configuration: .init(address: .hostname("127.0.0.1", port: port), serverName: "ceiling"),
        logger: quietLogger("ceiling"))
      try await app.runService()
    }
  }
}
