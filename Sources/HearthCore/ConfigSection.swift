import Foundation

/// The settings one app reads from the environment, beside the platform's own.
public protocol ConfigSection: Equatable, Sendable {
  /// The defaults, used when the environment says nothing.
  init()
  /// Reads the section; a bad value throws naming the variable and what was expected.
  static func read(_ reader: ConfigReader) throws(HearthConfig.Error) -> Self
}

/// What a section reads from: the environment's values and the platform settings read before.
public struct ConfigReader: Sendable {
  public let platform: HearthConfig

  /// The trimmed value of `name`, or nil when it is unset or blank.
  public func value(_ name: String) -> String? { Self.value(name, in: platform.values) }

  static func value(_ name: String, in values: [String: String]) -> String? {
    guard let raw = values[name]?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else {
      return nil
    }
    return raw
  }

  /// "false", "off", "no" and "0" switch a setting off: they are not secrets.
  public static func switchedOff(_ raw: String) -> Bool {
    ["false", "off", "no", "0"].contains(raw.lowercased())
  }

  /// Whole seconds within `range`, or nil when unset.
  public func seconds(_ name: String, in range: ClosedRange<Int>) throws(HearthConfig.Error)
    -> Int?
  {
    try whole(name, in: range, unit: "whole seconds")
  }

  /// A whole number within `range`, or nil when unset.
  public func whole(_ name: String, in range: ClosedRange<Int>, unit: String = "a whole number")
    throws(HearthConfig.Error) -> Int?
  {
    guard let raw = value(name) else { return nil }
    guard let number = Int(raw), range.contains(number) else {
      throw HearthConfig.Error(
        variable: name, expected: "\(unit) from \(range.lowerBound) to \(range.upperBound)",
        value: raw)
    }
    return number
  }

  /// An http(s) URL with a host, as given, or nil when unset.
  public func httpURL(_ name: String, expected: String) throws(HearthConfig.Error) -> String? {
    guard let raw = value(name) else { return nil }
    guard let url = URL(string: raw), ["http", "https"].contains(url.scheme ?? ""),
      url.host != nil
    else { throw HearthConfig.Error(variable: name, expected: expected, value: raw) }
    return raw
  }
}

extension HearthConfig {
  /// An app's section: the one read from the environment, or the defaults.
  public subscript<Section: ConfigSection>(_ section: Section.Type) -> Section {
    get { sections.values[ObjectIdentifier(section)]?.value as? Section ?? Section() }
    set { sections.values[ObjectIdentifier(section)] = StoredSection(newValue) }
  }

  /// Reads each section from `values`; the first bad value stops with its variable's name.
  public mutating func read(_ sections: [any ConfigSection.Type]) throws(Error) {
    for section in sections { try read(section) }
  }

  private mutating func read<Section: ConfigSection>(_ section: Section.Type) throws(Error) {
    self[section] = try Section.read(ConfigReader(platform: self))
  }

  /// Reads the platform's settings and then each app's section.
  public static func load(_ env: [String: String], sections: [any ConfigSection.Type])
    throws(Error) -> HearthConfig
  {
    var config = try load(env)
    try config.read(sections)
    return config
  }
}

struct ConfigSections: Equatable, Sendable {
  var values: [ObjectIdentifier: StoredSection] = [:]
}

struct StoredSection: Equatable, Sendable {
  let value: any Sendable
  private let isEqual: @Sendable (any Sendable) -> Bool

  init<Section: ConfigSection>(_ section: Section) {
    value = section
    isEqual = { ($0 as? Section) == section }
  }

  static func == (lhs: Self, rhs: Self) -> Bool { lhs.isEqual(rhs.value) }
}
