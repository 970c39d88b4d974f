import HearthPlatform
import Hummingbird

/// Onpu's work that costs real time or money, each limited per account and per client address
/// an hour, whichever route (page or API) starts it. README's "Limits" lists them.
struct OnpuCosts: Sendable {
  /// Adding a song, or translating or analysing it again: MeCab's analysis and a paid
  /// translation.
  let analysis: CostLimit
  /// Reading corrections: one of all songs re-derives every song the account has.
  let corrections: CostLimit
  /// Anki decks: a SQLite file and a zip built for each.
  let exports: CostLimit
  /// Dictionary searches: the first loads EDICT.
  let searches: CostLimit

  init(
    env: HearthEnvironment,
    clientAddress: @escaping @Sendable (Request, AppRequestContext) -> String
  ) {
    func limit(_ work: String, perAccount: Int) -> CostLimit {
      CostLimit(
        work, perAccount: perAccount, perAddress: perAccount * 3, env: env,
        clientAddress: clientAddress)
    }
    analysis = limit("adding and analysing songs", perAccount: 120)
    corrections = limit("correcting readings", perAccount: 120)
    exports = limit("exporting Anki decks", perAccount: 30)
    searches = limit("searching the dictionary", perAccount: 600)
  }
}
