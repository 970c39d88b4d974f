import Foundation
import HearthCore
import HearthPlatform
import HearthSQL
import HearthTesting
import RedoApp
import Testing

/// Redo's store, on every backend.
@Suite(.serialized)
struct RedoStoreConformanceTests: StoreFixtures {
  static func redoNode(_ id: String) -> NewRedoNode {
    NewRedoNode(id: id, json: #"{"id":"\#(id)"}"#)
  }

  @Test(arguments: StoreFactory.all)
  func redoKeysBelongToOneAccount(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      let key = RedoDeviceKey(
        publicKey: "k1", userID: "alice", label: "laptop", createdAt: Self.at(1))
      try await db.redoStore.registerRedoKey(key)
      try await db.redoStore.registerRedoKey(key)
      await #expect(throws: StoreError.duplicate("publicKey")) {
        try await db.redoStore.registerRedoKey(
          RedoDeviceKey(publicKey: "k1", userID: "bob", label: "x", createdAt: Self.at(2)))
      }
      #expect(try await db.redoStore.redoKeys(userID: "alice") == [key])
      #expect(try await db.redoStore.redoKeys(userID: "bob").isEmpty)
      // Only its own account revokes a key, once
      #expect(try await !db.redoStore.revokeRedoKey(userID: "bob", publicKey: "k1"))
      #expect(try await db.redoStore.revokeRedoKey(userID: "alice", publicKey: "k1"))
      #expect(try await !db.redoStore.revokeRedoKey(userID: "alice", publicKey: "k1"))
      #expect(try await db.redoStore.redoKeys(userID: "alice").isEmpty)
    }
  }

  @Test(arguments: StoreFactory.all)
  func savedViewsAreEachAccountsOwn(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      let store = db.redoStore
      let urgent = RedoSavedView(
        userID: "alice", name: "Urgent work", query: "preset=urgent", updatedAt: Self.at(1))
      try await store.putRedoView(urgent)
      try await store.putRedoView(
        RedoSavedView(userID: "alice", name: "Chores", query: "q=chore", updatedAt: Self.at(2)))
      // Saving under a taken name replaces that view
      try await store.putRedoView(
        RedoSavedView(userID: "alice", name: "Chores", query: "q=house", updatedAt: Self.at(3)))
      #expect(
        try await store.redoViews(userID: "alice")
          == [
            RedoSavedView(userID: "alice", name: "Chores", query: "q=house", updatedAt: Self.at(3)),
            urgent,
          ])
      #expect(try await store.redoViews(userID: "bob").isEmpty)
      #expect(try await store.deleteRedoView(userID: "bob", name: "Chores") == false)
      #expect(try await store.deleteRedoView(userID: "alice", name: "Chores"))
      #expect(try await store.redoViews(userID: "alice") == [urgent])
    }
  }

  @Test(arguments: StoreFactory.all)
  func taskRemindersAreEachPersonsOwn(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      let store = db.redoStore
      #expect(try await store.redoTaskReminder(userID: "alice", taskId: "t1") == nil)
      let hour = RedoTaskReminder(
        userID: "alice", taskId: "t1", minutesBefore: 60, updatedAt: Self.at(1))
      try await store.putRedoTaskReminder(hour)
      let bobs = RedoTaskReminder(
        userID: "bob", taskId: "t1", minutesBefore: 0, updatedAt: Self.at(2))
      try await store.putRedoTaskReminder(bobs)
      try await store.putRedoTaskReminder(
        RedoTaskReminder(userID: "alice", taskId: "t2", minutesBefore: 1440, updatedAt: Self.at(3)))
      #expect(try await store.redoTaskReminder(userID: "alice", taskId: "t1") == hour)
      #expect(try await store.redoTaskReminders(taskId: "t1") == [hour, bobs])

      // Saving again replaces the person's reminder of that task, and no one else's
      let tenMinutes = RedoTaskReminder(
        userID: "alice", taskId: "t1", minutesBefore: 10, updatedAt: Self.at(4))
      try await store.putRedoTaskReminder(tenMinutes)
      #expect(try await store.redoTaskReminders(taskId: "t1") == [tenMinutes, bobs])

      // Only the person's own reminder is deleted, once
      #expect(try await !store.deleteRedoTaskReminder(userID: "bob", taskId: "t2"))
      #expect(try await store.deleteRedoTaskReminder(userID: "alice", taskId: "t1"))
      #expect(try await !store.deleteRedoTaskReminder(userID: "alice", taskId: "t1"))
      #expect(try await store.redoTaskReminders(taskId: "t1") == [bobs])
      #expect(
        try await store.redoTaskReminder(userID: "alice", taskId: "t2")?.minutesBefore == 1440)

      // They go with the account
      try await db.deleteUser(id: "bob")
      #expect(try await store.redoTaskReminders(taskId: "t1").isEmpty)
    }
  }

  @Test(arguments: StoreFactory.all)
  func remindersOfATaskGoWithTheAccountThatOwnsIt(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      _ = try await db.redoStore.appendRedoNodes(
        taskId: "mine", uploaderID: "alice", title: "A", at: Self.at(1)
      ) { _, _ in [Self.redoNode("a")] }
      try await db.redoStore.putRedoTaskReminder(
        RedoTaskReminder(userID: "bob", taskId: "mine", minutesBefore: 10, updatedAt: Self.at(2)))
      try await db.deleteUser(id: "alice")
      #expect(try await db.redoStore.redoTaskReminders(taskId: "mine").isEmpty)
    }
  }

  @Test(arguments: StoreFactory.all)
  func appendingRedoNodesMakesTheUploaderOwnerAndAnnouncesThem(_ factory: StoreFactory) async throws
  {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      // Given a new task: decide sees no owner and nothing stored
      let first = try await db.redoStore.appendRedoNodes(
        taskId: "t1", uploaderID: "alice", title: "Plants", at: Self.at(1)
      ) {
        owner, stored in
        #expect(owner == nil && stored.isEmpty)
        return [Self.redoNode("a"), Self.redoNode("b")]
      }
      #expect(first.map(\.id) == ["a", "b"])
      #expect(Set(first.map(\.sequence)).count == 1)
      #expect(try await db.share(RedoEvents.resource(taskId: "t1"))?.ownerID == "alice")
      // When more nodes come: decide sees the owner and the stored nodes; an empty answer stores nothing
      let none = try await db.redoStore.appendRedoNodes(
        taskId: "t1", uploaderID: "bob", title: "x", at: Self.at(2)
      ) {
        owner, stored in
        #expect(owner == "alice")
        #expect(stored.map(\.id) == ["a", "b"])
        return []
      }
      #expect(none.isEmpty)
      let second = try await db.redoStore.appendRedoNodes(
        taskId: "t1", uploaderID: "alice", title: "x", at: Self.at(3)
      ) { _, _ in
        [Self.redoNode("c")]
      }
      #expect(second[0].sequence > first[0].sequence)
      // Then each append is one event for the task, and the nodes read back in sequence order
      let events = try await db.events(after: 0, limit: 10)
      #expect(events.map(\.sequence) == [first[0].sequence, second[0].sequence])
      #expect(
        events.allSatisfy {
          $0.type == RedoEvents.type && $0.audience == .resource(RedoEvents.resource(taskId: "t1"))
        })
      #expect(try Self.payload(events[0])["nodeIds"] as? [String] == ["a", "b"])
      #expect(try await db.redoStore.redoNodes(taskId: "t1").map(\.id) == ["a", "b", "c"])
      #expect(try await db.redoStore.redoNodes(taskId: "t1")[0].json == #"{"id":"a"}"#)
    }
  }

  @Test(arguments: StoreFactory.all)
  func redoNodesAreVisibleToOwnersAndAcceptedParticipantsOnly(_ factory: StoreFactory) async throws
  {
    try await factory.withDatabase { db in
      for id in ["alice", "bob", "carol"] { try await db.createUser(Self.user(id)) }
      _ = try await db.redoStore.appendRedoNodes(
        taskId: "t1", uploaderID: "alice", title: "A", at: Self.at(1)
      ) { _, _ in [Self.redoNode("a1")] }
      _ = try await db.redoStore.appendRedoNodes(
        taskId: "t2", uploaderID: "bob", title: "B", at: Self.at(2)
      ) { _, _ in [Self.redoNode("b1")] }
      _ = try await db.redoStore.appendRedoNodes(
        taskId: "t1", uploaderID: "alice", title: "A", at: Self.at(3)
      ) { _, _ in [Self.redoNode("a2")] }
      #expect(
        try await db.redoStore.redoNodes(visibleTo: "alice", after: 0, limit: 100).map(\.id) == [
          "a1", "a2",
        ])
      #expect(try await db.redoStore.redoNodes(visibleTo: "carol", after: 0, limit: 100).isEmpty)
      #expect(try await db.redoStore.redoTaskIDs(visibleTo: "bob") == ["t2"])
      // An invitation is not access; acceptance is
      let resource = RedoEvents.resource(taskId: "t1")
      try await db.putParticipant(
        Participant(
          resource: resource, userID: "bob", status: .invited, permission: .readWrite,
          invitedBy: "alice", updatedAt: Self.at(4)))
      #expect(try await db.redoStore.redoTaskIDs(visibleTo: "bob") == ["t2"])
      try await db.putParticipant(
        Participant(
          resource: resource, userID: "bob", status: .accepted, permission: .readWrite,
          invitedBy: "alice", updatedAt: Self.at(5)))
      #expect(try await db.redoStore.redoTaskIDs(visibleTo: "bob") == ["t1", "t2"])
      #expect(
        try await db.redoStore.redoNodes(visibleTo: "bob", after: 0, limit: 100).map(\.id) == [
          "a1", "b1", "a2",
        ])
      // Paging returns whole sequences and resumes from the last one seen
      let page = try await db.redoStore.redoNodes(visibleTo: "bob", after: 0, limit: 1)
      #expect(page.map(\.id) == ["a1"])
      let rest = try await db.redoStore.redoNodes(
        visibleTo: "bob", after: page.last!.sequence, limit: 10)
      #expect(rest.map(\.id) == ["b1", "a2"])
    }
  }

  /// Two uploaders race on one task: the second decides with what the first stored.
  @Test(arguments: StoreFactory.all)
  func appendsToOneTaskAreSerialized(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await db.createUser(Self.user("alice"))
      try await withThrowingTaskGroup(of: Void.self) { group in
        for writer in 0..<8 {
          group.addTask {
            _ = try await db.redoStore.appendRedoNodes(
              taskId: "t", uploaderID: "alice", title: "T", at: Self.at(writer)
            ) {
              _, stored in
              // Only the first writer may create: the others see its node
              stored.isEmpty
                ? [Self.redoNode("create")] : [Self.redoNode("n\(writer)-\(stored.count)")]
            }
          }
        }
        try await group.waitForAll()
      }
      let nodes = try await db.redoStore.redoNodes(taskId: "t")
      #expect(nodes.count == 8)
      #expect(nodes.filter { $0.id == "create" }.count == 1)
      #expect(Set(nodes.map(\.sequence)).count == 8)
    }
  }

  @Test(arguments: StoreFactory.all)
  func deletingAnAccountDeletesTheRedoTasksItOwns(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      for id in ["alice", "bob"] { try await db.createUser(Self.user(id)) }
      _ = try await db.redoStore.appendRedoNodes(
        taskId: "mine", uploaderID: "alice", title: "A", at: Self.at(1)
      ) { _, _ in [Self.redoNode("a")] }
      _ = try await db.redoStore.appendRedoNodes(
        taskId: "theirs", uploaderID: "bob", title: "B", at: Self.at(2)
      ) { _, _ in [Self.redoNode("b")] }
      try await db.deleteUser(id: "alice")
      #expect(try await db.redoStore.redoNodes(taskId: "mine").isEmpty)
      #expect(try await db.redoStore.redoNodes(taskId: "theirs").map(\.id) == ["b"])
    }
  }

  /// 4 writers append to their own tasks while a reader pages by cursor: it sees every node once.
  @Test(arguments: StoreFactory.all)
  func aCursorReaderSeesEveryConcurrentNodeOnce(_ factory: StoreFactory) async throws {
    try await factory.withDatabase { db in
      try await db.createUser(Self.user("alice"))
      let writers = 4
      let perWriter = 60
      let done = Flag()
      async let reader: [String] = {
        var seen: [String] = []
        var cursor: Int64 = 0
        while true {
          let finished = await done.value
          let page = try await db.redoStore.redoNodes(visibleTo: "alice", after: cursor, limit: 7)
          seen += page.map(\.id)
          cursor = page.last?.sequence ?? cursor
          if page.isEmpty && finished { return seen }
        }
      }()
      try await withThrowingTaskGroup(of: Void.self) { group in
        for writer in 0..<writers {
          group.addTask {
            for index in 0..<perWriter {
              _ = try await db.redoStore.appendRedoNodes(
                taskId: "task-\(writer)", uploaderID: "alice", title: "T", at: Self.at(index)
              ) { _, _ in
                [Self.redoNode("w\(writer)-\(index)-a"), Self.redoNode("w\(writer)-\(index)-b")]
              }
            }
          }
        }
        try await group.waitForAll()
      }
      await done.set()
      let seen = try await reader
      #expect(seen.count == writers * perWriter * 2)
      #expect(Set(seen).count == seen.count)
    }
  }
}
