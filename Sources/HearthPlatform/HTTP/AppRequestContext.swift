import Foundation
import Hummingbird
import Logging
import NIOConcurrencyHelpers
import NIOCore

/// Who is asking, and how they proved it.
public struct Caller: Sendable {
  public enum Method: Sendable { case cookie, bearer }
  public var user: User
  public var session: Session
  public var method: Method

  public init(user: User, session: Session, method: Method) {
    self.user = user
    self.session = session
    self.method = method
  }
}

public struct AppRequestContext: RequestContext {
  public var coreContext: CoreRequestContextStorage
  public var caller: Caller? {
    get { signedIn?.caller }
    set {
      signedIn = newValue.map(SignedIn.init)
      trace.userID.withLockedValue { $0 = newValue?.user.id }
    }
  }
  /// The caller behind a reference, so that the context stays small: every middleware's async
  /// frame holds a copy, and a connection's task keeps the memory its deepest request took for
  /// as long as the connection lives (a live stream's for hours).
  private var signedIn: SignedIn?
  /// Shared with the outer middleware, which logs who asked after inner ones found out.
  package let trace = RequestTrace()
  public var requestID: String
  public let peerAddress: String?
  /// The connection, which a live stream's events are written to from its event loop.
  package let channel: any Channel
  /// The CSRF token a signed-out form must echo (double-submit cookie).
  public var anonymousCSRF: String?

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    requestID = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    peerAddress = source.channel.remoteAddress?.ipAddress
    channel = source.channel
  }

  public var maxUploadSize: Int { 1 << 20 }

  public func requireCaller() throws(APIErrorResponse) -> Caller {
    guard let caller else { throw APIErrorResponse(.unauthorized) }
    return caller
  }
}

package final class RequestTrace: Sendable {
  package let userID = NIOLockedValueBox<String?>(nil)
}

private final class SignedIn: Sendable {
  let caller: Caller
  init(_ caller: Caller) { self.caller = caller }
}
