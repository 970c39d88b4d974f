import HearthPlatform

/// `/redo/tasks/_offline`: the frame of a task page, for the service worker to show while
/// offline when it holds no copy of the task's own page; redo.mjs fills it from the browser's log.
enum RedoOfflineTaskPage {
  static func render(_ context: PageContext) -> String {
    RedoPage.render(
      context, title: "Redo task", tab: "/redo",
      .p(.a([.href("/redo")], "← All tasks")),
      .div(
        [.class("redo-offline-task"), .data("redo-offline-task", "")],
        .p([.class("empty")], "Loading this task from your browser…")),
      RedoPage.messages)
  }
}
