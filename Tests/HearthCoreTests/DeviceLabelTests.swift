import HearthCore
import Testing

@Suite struct DeviceLabelTests {
  @Test(arguments: [
    (
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      "Chrome on Linux"
    ),
    (
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
      "Safari on iPhone"
    ),
    (
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
      "Firefox on Windows"
    ),
    ("curl/8.5.0", "curl"),
    ("python-requests/2.32.3", "python-requests"),
    ("API client", "API client"),
    ("Firefox on Linux", "Firefox on Linux"),
    ("", "Unknown device"),
  ])
  func aUserAgentIsNamedAsPeopleNameTheirDevices(userAgent: String, name: String) {
    #expect(DeviceLabel.from(userAgent: userAgent) == name)
  }
}
