import HearthPlatform

/// `/redo/tasks/_offline`: the frame of a task page, for the service worker to show while
/// offline when it holds no copy of the task's own page; redo.mjs fills it from the browser's log.
/// `missing`: the server holds no such task (yet), and answers 404 with the same frame.
enum RedoOfflineTaskPage {
  static func render(_ context: PageContext, missing: Bool = false) -> String {
    RedoPage.render(
      context, title: "Redo task", tab: "/redo",
      .p(.a([.href("/redo")], "← All tasks")),
      .div(
        [.class("redo-offline-task"), .data("redo-offline-task", missing ? "missing" : "")],
        .p([.class("empty")], "Loading this task from your browser…")),
      RedoPage.messages)
  }
}
