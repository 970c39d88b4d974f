import HearthCore
import Testing

/// The outbound rule in production: only https to the public internet, however an address
/// inwards is written.
@Suite struct OutboundAddressRuleTests {
  let rule = OutboundAddressRule.publicOnly

  func refusal(_ url: String) -> String? {
    do {
      _ = try rule.check(url)
      return nil
    } catch {
      return error.reason
    }
  }

  @Test(arguments: [
    // IPv4 loopback in every notation the C library reads.
    "https://127.0.0.1/", "https://127.0.0.1./", "https://127.1/", "https://2130706433/",
    "https://0x7f000001/", "https://0x7f.0.0.1/", "https://0177.0.0.1/", "https://0177.1/",
    "https://0x7F.0x00.0x00.0x01/", "https://127.000.000.001/", "https://127.0.1/",
    // Private, shared, link-local (cloud metadata), unspecified, multicast, reserved.
    "https://10.0.0.1/", "https://10.1/", "https://167772161/", "https://172.16.0.1/",
    "https://172.31.255.255/", "https://192.168.1.1/", "https://100.64.0.1/",
    "https://169.254.169.254/latest/meta-data/", "https://0.0.0.0/", "https://0/",
    "https://0.1.2.3/", "https://224.0.0.1/", "https://239.255.255.250/", "https://240.0.0.1/",
    "https://255.255.255.255/", "https://192.0.0.1/", "https://198.18.0.1/",
    "https://192.0.2.1/", "https://198.51.100.7/", "https://203.0.113.9/",
    // IPv6: loopback, unspecified, mapped and compatible IPv4, NAT64 of a private address,
    // link-local (with zone ids), unique-local, multicast, documentation, non-global.
    "https://[::1]/", "https://[0:0:0:0:0:0:0:1]/", "https://[::]/", "https://[::ffff:127.0.0.1]/",
    "https://[::ffff:7f00:1]/", "https://[::ffff:10.0.0.1]/", "https://[::ffff:a9fe:a9fe]/",
    "https://[::127.0.0.1]/", "https://[::7f00:1]/", "https://[64:ff9b::10.0.0.1]/",
    "https://[64:ff9b::a00:1]/", "https://[fe80::1]/", "https://[fe80::1%25eth0]/",
    "https://[FE80::abcd:1]:8443/", "https://[fc00::1]/", "https://[fd12:3456::1]/",
    "https://[ff02::1]/", "https://[2001:db8::1]/", "https://[2002:7f00:1::1]/",
    "https://[2001::1]/", "https://[100::1]/",
    // Local and special-use names.
    "https://localhost/", "https://LOCALHOST./", "https://push.localhost/",
    "https://printer.local/",
    "https://metadata.google.internal/", "https://router.home.arpa/",
    "https://1.0.0.127.in-addr.arpa/",
    "https://push.test/", "https://push.invalid/", "https://nas.lan/", "https://metadata/",
    // Not addresses at all, or not https.
    "https://256.0.0.1/", "https://0x100000000/", "https://08.0.0.1/",
    "https://push.example.com.1/",
    "http://fcm.googleapis.com/fcm/send/x", "ftp://fcm.googleapis.com/x",
    "https://user:pass@fcm.googleapis.com/x", "https:///x", "fcm.googleapis.com/x",
    "https://push_service.example.com/", "https://-bad.example.com/",
  ])
  func anAddressInwardsIsRefused(_ url: String) {
    #expect(refusal(url) != nil, "\(url) was accepted")
  }

  @Test(arguments: [
    "https://fcm.googleapis.com/fcm/send/dX1yZ:APA91b",
    "https://android.googleapis.com/gcm/send/abc",
    "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk",
    "https://web.push.apple.com/QGuQyavXutnMH8",
    "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD",
    "https://push.example.com:8443/device/1", "https://PUSH.Example.COM./x",
    "https://8.8.8.8/", "https://1.1.1.1/", "https://[2606:4700:4700::1111]/",
    "https://[2a00:1450:4001:80b::200a]/", "https://[::ffff:8.8.8.8]/",
    "https://[64:ff9b::8.8.8.8]/",
    "https://100.63.255.255/", "https://100.128.0.1/", "https://172.32.0.1/", "https://11.0.0.1/",
  ])
  func aPublicAddressOrPushServiceIsAccepted(_ url: String) throws {
    #expect(refusal(url) == nil, "\(url): \(refusal(url) ?? "")")
  }

  @Test func theReasonSaysWhatTheAddressIs() {
    #expect(
      refusal("https://2130706433/")
        == "127.0.0.1 (2130706433) is a loopback address (this machine)")
    #expect(refusal("https://10.0.0.1/") == "10.0.0.1 is a private network address")
    #expect(refusal("https://169.254.169.254/") == "169.254.169.254 is a link-local address")
    #expect(
      refusal("https://[::ffff:7f00:1]/")
        == "0:0:0:0:0:ffff:7f00:1 is a loopback address (this machine)")
    #expect(
      refusal("https://localhost/") == "localhost is a local or special-use name, not a public one")
    #expect(refusal("http://push.example.com/") == "it is not an absolute https:// URL")
  }

  @Test func literalsAreReadInEveryNotation() {
    let loopback = IPAddress.v4(0x7f00_0001)
    for text in [
      "127.0.0.1", "127.1", "2130706433", "0x7f000001", "0x7f.0.0.1", "0177.0.0.1",
      "127.0.0.1.", "0x7f.1",
    ] {
      #expect(IPAddress(literal: text) == loopback, "\(text)")
    }
    #expect(IPAddress(literal: "10.1") == .v4(0x0a00_0001))
    #expect(IPAddress(literal: "[::1]")?.nonPublicUse == .loopback)
    #expect(IPAddress(literal: "fe80::1%eth0")?.nonPublicUse == .linkLocal)
    #expect(IPAddress(literal: "1::2::3") == nil)
    #expect(IPAddress(literal: "push.example.com") == nil)
    #expect(IPAddress(literal: "::ffff:1.2.3.4")?.description == "0:0:0:0:0:ffff:102:304")
  }

  @Test func theResolvedAddressesAreCheckedToo() {
    #expect(
      throws: OutboundRefusal("127.0.0.1 (push.example.com) is a loopback address (this machine)")
    ) {
      try rule.check(.v4(0x7f00_0001), for: "push.example.com")
    }
    #expect(throws: Never.self) { try rule.check(.v4(0x0808_0808), for: "push.example.com") }
    #expect(throws: Never.self) {
      try OutboundAddressRule.anywhere.check(.v4(0x7f00_0001), for: "localhost")
    }
  }

  @Test func developmentReachesLoopbackOverHTTPAndProductionDoesNot() throws {
    #expect(OutboundAddressRule.of(.production) == .publicOnly)
    #expect(OutboundAddressRule.of(.development) == .anywhere)
    let local = try OutboundAddressRule.anywhere.check("http://127.0.0.1:9000/push/a")
    #expect(local.host == "127.0.0.1" && local.port == 9000 && local.literal == .v4(0x7f00_0001))
    #expect(throws: OutboundRefusal.self) {
      try OutboundAddressRule.anywhere.check("ftp://127.0.0.1/")
    }
  }
}
