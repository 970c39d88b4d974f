import Foundation

/// The tables of Anki's legacy collection (schema 11) and the JSON its `col` row holds: the
/// collection's settings, the note type, the decks and the deck options. Anki upgrades such a
/// collection when it imports the package.
enum AnkiCollectionSchema {
  static let statements = [
    """
    CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL,
      scm integer NOT NULL, ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL,
      ls integer NOT NULL, conf text NOT NULL, models text NOT NULL, decks text NOT NULL,
      dconf text NOT NULL, tags text NOT NULL)
    """,
    """
    CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL,
      mod integer NOT NULL, usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL,
      sfld integer NOT NULL, csum integer NOT NULL, flags integer NOT NULL, data text NOT NULL)
    """,
    """
    CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL,
      ord integer NOT NULL, mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL,
      queue integer NOT NULL, due integer NOT NULL, ivl integer NOT NULL,
      factor integer NOT NULL, reps integer NOT NULL, lapses integer NOT NULL,
      left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL,
      flags integer NOT NULL, data text NOT NULL)
    """,
    """
    CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL,
      ease integer NOT NULL, ivl integer NOT NULL, lastIvl integer NOT NULL,
      factor integer NOT NULL, time integer NOT NULL, type integer NOT NULL)
    """,
    "CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL)",
    "CREATE INDEX ix_notes_usn ON notes (usn)",
    "CREATE INDEX ix_cards_usn ON cards (usn)",
    "CREATE INDEX ix_revlog_usn ON revlog (usn)",
    "CREATE INDEX ix_cards_nid ON cards (nid)",
    "CREATE INDEX ix_cards_sched ON cards (did, queue, due)",
    "CREATE INDEX ix_revlog_cid ON revlog (cid)",
    "CREATE INDEX ix_notes_csum ON notes (csum)",
  ]

  static func json(_ value: Any) throws -> String {
    String(
      decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]),
      as: UTF8.self)
  }

  static func conf(deckID: Int64) -> [String: Any] {
    [
      "activeDecks": [deckID], "curDeck": deckID, "curModel": AnkiNoteType.id, "nextPos": 1,
      "estTimes": true, "sortType": "noteFld", "sortBackwards": false, "timeLim": 0,
      "addToCur": true, "newSpread": 0, "dueCounts": true, "collapseTime": 1200,
      "schedVer": 2,
    ]
  }

  static func models(deckID: Int64, at seconds: Int64) -> [String: Any] {
    let fields = AnkiNoteType.fields.enumerated().map { ord, name -> [String: Any] in
      [
        "name": name, "ord": ord, "sticky": false, "rtl": false, "font": "Arial", "size": 20,
        "media": [String](),
      ]
    }
    let template: [String: Any] = [
      "name": AnkiNoteType.cardName, "ord": 0, "qfmt": AnkiNoteType.front,
      "afmt": AnkiNoteType.back, "bqfmt": "", "bafmt": "", "did": NSNull(),
    ]
    let model: [String: Any] = [
      "id": AnkiNoteType.id, "name": AnkiNoteType.name, "type": 0, "mod": seconds, "usn": -1,
      "sortf": 0, "did": deckID, "tmpls": [template], "flds": fields, "css": AnkiNoteType.css,
      "latexPre": latexPre, "latexPost": "\\end{document}", "latexsvg": false,
      // The card exists when the word or its line has text.
      "req": [[0, "any", [0, 4]]], "tags": [String](), "vers": [Int](),
    ]
    return [String(AnkiNoteType.id): model]
  }

  static let latexPre = """
    \\documentclass[12pt]{article}
    \\special{papersize=3in,5in}
    \\usepackage[utf8]{inputenc}
    \\usepackage{amssymb,amsmath}
    \\pagestyle{empty}
    \\setlength{\\parindent}{0in}
    \\begin{document}

    """

  static func decks(deckID: Int64, name: String, at seconds: Int64) -> [String: Any] {
    func deck(_ id: Int64, _ name: String) -> [String: Any] {
      [
        "id": id, "name": name, "mod": seconds, "usn": -1, "desc": "", "dyn": 0, "conf": 1,
        "collapsed": false, "browserCollapsed": false, "extendNew": 0, "extendRev": 0,
        "lrnToday": [0, 0], "revToday": [0, 0], "newToday": [0, 0], "timeToday": [0, 0],
      ]
    }
    return ["1": deck(1, "Default"), String(deckID): deck(deckID, name)]
  }

  static func deckConfigs() -> [String: Any] {
    let options: [String: Any] = [
      "id": 1, "name": "Default", "mod": 0, "usn": 0, "maxTaken": 60, "autoplay": true,
      "timer": 0, "replayq": true, "dyn": false,
      "new": [
        "delays": [1, 10], "ints": [1, 4, 0], "initialFactor": 2500, "order": 1,
        "perDay": 20, "bury": false,
      ] as [String: Any],
      "rev": [
        "perDay": 200, "ease4": 1.3, "ivlFct": 1, "maxIvl": 36500, "hardFactor": 1.2,
        "bury": false,
      ] as [String: Any],
      "lapse": [
        "delays": [10], "mult": 0, "minInt": 1, "leechFails": 8, "leechAction": 1,
      ] as [String: Any],
    ]
    return ["1": options]
  }
}
