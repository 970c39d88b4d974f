/// The 10,000 most common passwords (Resources/common-passwords.txt, with its source), which
/// sign-up and password changes refuse: they are the first guesses of anyone trying accounts.
public enum CommonPasswords {
  public static let all: Set<String> = {
    let text = String(decoding: PackageResources.common_passwords_txt, as: UTF8.self)
    return Set(
      text.split(separator: "\n").lazy.filter { !$0.hasPrefix("#") }.map { String($0) })
  }()

  /// Compared without case: the list is lower-case and "Password1" is no better than "password1".
  public static func contains(_ password: String) -> Bool {
    all.contains(password.lowercased())
  }
}
