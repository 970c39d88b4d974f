import CanonicalJSON
import Foundation
import HearthCore
import HearthHTML
import HearthPlatform
import RedoCore

/// A task's history in words: what happened, when (in the person's zone) and by whom. The signed
/// nodes themselves are behind Details.
enum RedoHistory {
  /// `authors` names the people behind public keys ("You" for the viewer).
  static func render(_ nodes: [RedoNode], zone: TimeZone, authors: [String: String]) -> Node {
    .section(
      [.class("redo-history")],
      .h2("History"),
      .ol(
        [.class("redo-events")],
        .fragment(
          nodes.reversed().map { node in
            let notes = ownNotes(node)
            return Node.li(
              .p([.class("redo-event-what")], .text(describe(node, zone: zone))),
              notes.isEmpty ? .empty : .p([.class("redo-event-notes")], .text("“\(notes)”")),
              .p(
                [.class("redo-event-when")],
                node.wallTime.map {
                  DateText.node(Date(timeIntervalSince1970: $0.secondsSince1970), in: zone)
                } ?? .empty,
                .text(" · " + (authors[node.author.publicKey] ?? node.author.name ?? "Another key"))
              ))
          })),
      details(nodes))
  }

  /// A node's notes, without the ones a client writes for a snooze ("Snoozed for 1 day"), which
  /// say again what the line above them says.
  static func ownNotes(_ node: RedoNode) -> String {
    let notes = node.payload["notes"]?.stringValue ?? ""
    let written = notes.wholeMatch(of: /Snoozed( for \d+ days?)?/) != nil
    return node.action == .snooze && written ? "" : notes
  }

  static func describe(_ node: RedoNode, zone: TimeZone) -> String {
    let payload = node.payload
    func day(_ key: String) -> String {
      guard let text = payload[key]?.stringValue, let time = WallTime(rfc3339: text)
      else { return "a new day" }
      return DateText.readable(Date(timeIntervalSince1970: time.secondsSince1970), in: zone)
    }
    switch node.action {
    case .create:
      let title = payload["title"]?.stringValue ?? ""
      return "Created “\(title)”" + (fields(payload, except: ["title"]).map { " (\($0))" } ?? "")
    case .createTodo: return "Due \(day("deadline"))"
    case .completeTodo: return "Completed"
    case .snooze:
      if let days = payload["daysToExtend"]?.integerValue {
        return "Snoozed by \(days) day\(days == 1 ? "" : "s")"
      }
      return "Due date moved to \(day("newDeadline"))"
    case .update: return "Changed " + (fields(payload, except: [], changing: true) ?? "nothing")
    case .archive: return "Archived"
    case .unarchive: return "Unarchived"
    case .delete: return "Deleted"
    case .merge: return "Joined changes made apart on different devices"
    }
  }

  /// The task's fields in a payload, in words: "P2 · High priority, repeats every 3 days".
  private static func fields(_ payload: [String: JSON], except: Set<String>, changing: Bool = false)
    -> String?
  {
    var parts: [String] = []
    let to = changing ? " to " : " "
    if !except.contains("title"), let title = payload["title"]?.stringValue {
      parts.append("the title\(to)“\(title)”")
    }
    if let priority = payload["priority"]?.integerValue {
      parts.append(
        changing
          ? "the priority to \(RedoPage.priorityName(priority))"
          : "\(RedoPage.priorityName(priority)) priority")
    }
    if let points = payload["storyPoints"]?.integerValue {
      parts.append(changing ? "the points to \(points)" : "\(points) pt")
    }
    if let every = payload["frequencyDays"]?.integerValue {
      parts.append(
        (changing ? "the repeat to " : "repeats ") + RedoPage.repeatText(every).lowercased())
    }
    if let description = payload["description"]?.stringValue {
      parts.append(description.isEmpty ? "the description (cleared)" : "the description")
    }
    if let privacy = payload["privacy"]?.boolValue {
      parts.append(privacy ? "it to private" : "it to not private")
    }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// The signed nodes, for people who check them against another device or the CLI.
  static func details(_ nodes: [RedoNode]) -> Node {
    .el(
      "details", [.class("redo-nodes")],
      [
        .el("summary", [], ["Details: the signed changes"]),
        .div(
          [.class("table-scroll")],
          .table(
            .thead(
              .tr(
                .th([.scope("col")], "Lamport"), .th([.scope("col")], "Action"),
                .th([.scope("col")], "Node"), .th([.scope("col")], "Payload"))),
            .tbody(
              .fragment(
                nodes.map { node in
                  Node.tr(
                    .td(.text(String(node.lamport))), .td(.code(.text(node.action.rawValue))),
                    .td(.code(.text(node.id))),
                    .td(.code(.text((try? JSON.object(node.payload).canonicalString()) ?? ""))))
                })))),
      ])
  }
}
