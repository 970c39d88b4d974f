/// Notices about the same thing (one kind, one place they open), shown as one line of the inbox:
/// the newest, how many there are, and how many of them are unread.
public struct NoticeGroup: Equatable, Sendable {
  public var newest: StoredNotification
  public var ids: [String]
  public var unread: Int

  public var count: Int { ids.count }

  /// Groups in the order of their newest notice; `notices` come newest first.
  public static func grouping(_ notices: [StoredNotification]) -> [NoticeGroup] {
    var groups: [NoticeGroup] = []
    var index: [Key: Int] = [:]
    for notice in notices {
      let key = Key(kind: notice.kind, url: notice.url)
      if let at = index[key] {
        groups[at].ids.append(notice.id)
        groups[at].unread += notice.readAt == nil ? 1 : 0
      } else {
        index[key] = groups.count
        groups.append(
          NoticeGroup(newest: notice, ids: [notice.id], unread: notice.readAt == nil ? 1 : 0))
      }
    }
    return groups
  }

  /// The notices of `notices` about the same thing as `notice`, itself included.
  public static func siblings(of notice: StoredNotification, in notices: [StoredNotification])
    -> [StoredNotification]
  {
    notices.filter { $0.kind == notice.kind && $0.url == notice.url }
  }

  struct Key: Hashable {
    var kind: String
    var url: String
  }
}
