import Foundation
import HearthCore
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// Hands each message to an SMTP server over its own connection: a thin loop that reads
/// replies, lets `SMTPConversation` choose the next command, and starts TLS when told to.
public struct SMTPMailer: Mailer {
  let settings: SMTPSettings
  let tls: NIOSSLContext
  let clientName: String
  let group: any EventLoopGroup
  let logger: Logger
  let now: @Sendable () -> Date

  /// `caFile` names a PEM file of trust roots to accept beside the system's.
  public init(
    settings: SMTPSettings, caFile: String?, clientName: String = "localhost",
    group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton, logger: Logger,
    now: @escaping @Sendable () -> Date = Date.init
  ) throws {
    var configuration = TLSConfiguration.makeClientConfiguration()
    if let caFile {
      do {
        configuration.additionalTrustRoots = [
          .certificates(try NIOSSLCertificate.fromPEMFile(caFile))
        ]
      } catch {
        throw SMTPError(
          .configuration, "HEARTH_SMTP_CA_FILE=\(caFile) holds no PEM certificate to trust")
      }
    }
    self.tls = try NIOSSLContext(configuration: configuration)
    self.settings = settings
    self.clientName = clientName
    self.group = group
    self.logger = logger
    self.now = now
  }

  public func send(_ message: MailMessage) async throws {
    var random = SystemRandomNumberGenerator()
    let uniqueID = (0..<16).map { _ in String(format: "%02x", random.next() as UInt8) }.joined()
    let bytes: [UInt8]
    do {
      bytes = try message.rendered(date: now(), uniqueID: uniqueID)
    } catch {
      throw SMTPError(.permanent, "the message cannot be written: \(error)")
    }
    let conversation = SMTPConversation(
      security: settings.security, credentials: settings.credentials, clientName: clientName,
      sender: message.from.address, recipients: message.to.map(\.address), message: bytes)
    do {
      try await deliver(conversation)
    } catch let error as SMTPError {
      throw error
    } catch let error as NIOSSLError {
      throw tlsFailure(error)
    } catch let error as BoringSSLError {
      throw tlsFailure(error)
    } catch let error as NIOSSLExtraError {
      throw tlsFailure(error)
    } catch {
      throw SMTPError(.transient, "could not talk to \(settings.host):\(settings.port): \(error)")
    }
    logger.info(
      "Mail sent", metadata: ["to": "\(message.to.count) recipients", "via": "\(settings.host)"])
  }

  private func deliver(_ start: SMTPConversation) async throws {
    let implicitTLS = settings.security == .implicitTLS
    let channel = try await ClientBootstrap(group: group)
      .connectTimeout(.seconds(10))
      .connect(host: settings.host, port: settings.port) { channel in
        channel.eventLoop.makeCompletedFuture {
          if implicitTLS { try channel.pipeline.syncOperations.addHandler(try tlsHandler()) }
          try channel.pipeline.syncOperations.addHandler(ReceivedBytes())
          return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
        }
      }
    try await channel.executeThenClose { inbound, outbound in
      var conversation = start
      var replies = ReplyStream(inbound: inbound.makeAsyncIterator(), channel: channel.channel)
      do {
        while true {
          let reply = try await replies.next(timeout: conversation.replyTimeoutSeconds)
          var action = conversation.receive(reply, unreadBytes: replies.unreadByteCount)
          if action == .startTLS {
            try await startTLS(on: channel.channel, received: replies.receivedByteCount)
            action = conversation.tlsStarted()
          }
          switch action {
          case .send(let bytes): try await outbound.write(ByteBuffer(bytes: bytes))
          case .startTLS: throw SMTPError(.transient, "STARTTLS asked for twice")
          case .done: return
          case .fail(let error): throw error
          }
        }
      } catch let error where conversation.isDelivered {
        logger.debug("The connection ended badly after the message was accepted: \(error)")
      }
    }
  }

  private func tlsFailure(_ error: any Error) -> SMTPError {
    let text = String(describing: error)
    guard text.contains("CERTIFICATE_VERIFY_FAILED") || text.lowercased().contains("hostname")
    else {
      return SMTPError(.configuration, "the TLS handshake with \(settings.host) failed: \(text)")
    }
    return SMTPError(
      .configuration,
      "the TLS certificate of \(settings.host) is not trusted for that name "
        + "(HEARTH_SMTP_CA_FILE adds trust roots)")
  }

  /// Adds TLS in front of everything, unless the server sent anything after its answer to
  /// STARTTLS, even bytes not read yet: those came in the clear, and must not pass for TLS.
  private func startTLS(on channel: any Channel, received: Int) async throws {
    try await channel.eventLoop.submit {
      let counted = try channel.pipeline.syncOperations.handler(type: ReceivedBytes.self).count
      guard counted == received else {
        throw SMTPError(.transient, "the server sent data after agreeing to STARTTLS (injection?)")
      }
      try channel.pipeline.syncOperations.addHandler(try tlsHandler(), position: .first)
    }.get()
  }

  /// NIOSSL refuses an IP address as a server name; without one it checks the certificate
  /// against the address it connected to.
  private func tlsHandler() throws -> NIOSSLClientHandler {
    try NIOSSLClientHandler(
      context: tls, serverHostname: settings.hostIsIPAddress ? nil : settings.host)
  }
}

/// Counts the bytes that reach the reply loop, for the STARTTLS check.
final class ReceivedBytes: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = ByteBuffer
  typealias InboundOut = ByteBuffer

  private(set) var count = 0

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    count += unwrapInboundIn(data).readableBytes
    context.fireChannelRead(data)
  }
}
