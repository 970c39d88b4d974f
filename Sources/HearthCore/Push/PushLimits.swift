/// How much push one account can cause, so that neither a person nor a broken app can make the
/// server flood push services (or, through them, anyone else).
public enum PushLimits {
  /// Devices (push subscriptions) per account; re-subscribing one of them is always allowed.
  public static let devicesPerAccount = 20
  /// "Send a test" per account per minute: enough to check a few devices one after another
  /// (the browser tests send four), too few to flood them.
  public static let testsPerMinute = 5
  /// Notices pushed per account per hour; later ones stay in the inbox only.
  public static let noticesPerHour = 60
  /// Tries of one notice to one device: waits doubling from about a second, two minutes at
  /// most in all unless the service asks for longer, and never past the notice's time to live.
  public static let attemptsPerDelivery = 8
}
