import HearthPlatform

/// Redo's script modules and stylesheet (Resources/), served under /static. A page loads
/// `redo.mjs`, which imports the rest: the protocol core, the browser's log and sync, the views.
enum RedoAssets {
  static let modules = ScriptModules(
    [
      "redo.mjs": PackageResources.redo_mjs,
      "redo-crypto.mjs": PackageResources.redo_crypto_mjs,
      "redo-errors.mjs": PackageResources.redo_errors_mjs,
      "redo-filter.mjs": PackageResources.redo_filter_mjs,
      "redo-graph.mjs": PackageResources.redo_graph_mjs,
      "redo-import.mjs": PackageResources.redo_import_mjs,
      "redo-json.mjs": PackageResources.redo_json_mjs,
      "redo-keys.mjs": PackageResources.redo_keys_mjs,
      "redo-log.mjs": PackageResources.redo_log_mjs,
      "redo-merge.mjs": PackageResources.redo_merge_mjs,
      "redo-node.mjs": PackageResources.redo_node_mjs,
      "redo-plan.mjs": PackageResources.redo_plan_mjs,
      "redo-quickadd.mjs": PackageResources.redo_quickadd_mjs,
      "redo-rank.mjs": PackageResources.redo_rank_mjs,
      "redo-replay.mjs": PackageResources.redo_replay_mjs,
      "redo-task.mjs": PackageResources.redo_task_mjs,
      "redo-time.mjs": PackageResources.redo_time_mjs,
      "redo-view.mjs": PackageResources.redo_view_mjs,
    ], linking: [HearthAssets.script])
  static let script = modules["redo.mjs"]
  static let stylesheet = StaticAsset(name: "redo.css", bytes: PackageResources.redo_css)
}
