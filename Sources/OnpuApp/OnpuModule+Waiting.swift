import HearthAccounts
import HearthCore
import HearthPlatform

extension OnpuModule {
  /// Reviews that are due, and songs still being read.
  public func waiting(for user: User) async throws -> [WaitingItem] {
    var items: [WaitingItem] = []
    let due = try await study.due(for: user, limit: 100).count
    if due > 0 {
      items.append(
        WaitingItem(
          due == 1
            ? "1 review is due" : "\(due == 100 ? "100 or more" : String(due)) reviews are due",
          href: "/onpu/study"))
    }
    for song in try await library.songs(for: user) where song.analysis == nil {
      items.append(
        WaitingItem(
          "Still reading “\(song.title)”", detail: "it opens when it is ready",
          href: "/onpu/songs/\(song.id)"))
    }
    return items
  }
}
