/// EDICT's codes in parentheses, said in words. A code this table lacks is read as part of the
/// gloss: "(fish)" before a gloss is an explanation, not a code.
public enum EdictTags {
  public static func isTag(_ code: String) -> Bool {
    code == "P" || partsOfSpeech[code] != nil || notes[code] != nil
  }

  public static func isPartOfSpeech(_ code: String) -> Bool { partsOfSpeech[code] != nil }

  /// The code in words ("v5b" → "Godan verb, -bu ending"); the code itself when unknown.
  public static func name(of code: String) -> String {
    partsOfSpeech[code] ?? notes[code] ?? code
  }

  static let partsOfSpeech: [String: String] = {
    var table: [String: String] = [
      "n": "noun", "n-suf": "noun used as a suffix", "n-pref": "noun used as a prefix",
      "n-adv": "adverbial noun", "n-t": "noun (temporal)", "pn": "pronoun",
      "vs": "noun or participle taking する", "vs-s": "する verb, special class",
      "vs-i": "する verb, irregular", "vs-c": "す verb, precursor of する", "vz": "ずる verb",
      "v1": "Ichidan verb", "v1-s": "Ichidan verb, くれる special class", "vk": "くる verb",
      "vn": "irregular ぬ verb", "vr": "irregular る verb", "vt": "transitive verb",
      "vi": "intransitive verb", "v5aru": "Godan verb, ある special class",
      "v5k-s": "Godan verb, 行く special class", "v5r-i": "Godan verb, irregular る ending",
      "v5u-s": "Godan verb, special う ending", "v-unspec": "verb, unspecified",
      "adj-i": "い-adjective", "adj-ix": "い-adjective (よい/いい class)",
      "adj-na": "な-adjective", "adj-no": "noun taking の", "adj-pn": "pre-noun adjectival",
      "adj-t": "たる adjective", "adj-f": "noun or verb acting prenominally",
      "adj-ku": "く adjective (archaic)", "adj-shiku": "しく adjective (archaic)",
      "adj-nari": "なり adjective (archaic)", "adv": "adverb", "adv-to": "adverb taking と",
      "exp": "expression", "int": "interjection", "conj": "conjunction", "prt": "particle",
      "ctr": "counter", "suf": "suffix", "pref": "prefix", "aux": "auxiliary",
      "aux-v": "auxiliary verb", "aux-adj": "auxiliary adjective", "num": "numeric",
      "cop": "copula", "unc": "unclassified",
    ]
    let godan: [String: String] = [
      "b": "ぶ", "g": "ぐ", "k": "く", "m": "む", "n": "ぬ", "r": "る", "s": "す", "t": "つ",
      "u": "う",
    ]
    for (code, kana) in godan { table["v5\(code)"] = "Godan verb, -\(kana) ending" }
    for code in [
      "v2a-s", "v2b-k", "v2d-s", "v2g-k", "v2g-s", "v2h-k", "v2h-s", "v2k-k", "v2k-s", "v2m-s",
      "v2n-s", "v2r-k", "v2r-s", "v2s-s", "v2t-k", "v2t-s", "v2w-s", "v2y-k", "v2y-s", "v2z-s",
    ] {
      table[code] = "Nidan verb (archaic)"
    }
    for code in ["v4b", "v4g", "v4h", "v4k", "v4m", "v4r", "v4s", "v4t"] {
      table[code] = "Yodan verb (archaic)"
    }
    return table
  }()

  static let notes: [String: String] = [
    "uk": "usually written in kana", "uK": "usually written in kanji", "arch": "archaic",
    "abbr": "abbreviation", "on-mim": "onomatopoeia", "yoji": "four-character idiom",
    "obsc": "obscure", "col": "colloquial", "sl": "slang", "id": "idiom", "proverb": "proverb",
    "io": "irregular okurigana", "hon": "honorific", "hum": "humble", "pol": "polite",
    "derog": "derogatory", "iK": "irregular kanji", "ik": "irregular kana",
    "oK": "out-dated kanji", "ok": "out-dated kana", "ateji": "ateji (kanji for sound)",
    "obs": "obsolete", "sens": "sensitive", "vulg": "vulgar", "fam": "familiar",
    "joc": "jocular", "fem": "female speech", "male": "male speech", "dated": "dated",
    "poet": "poetical", "rare": "rare", "net-sl": "internet slang", "m-sl": "manga slang",
    "gikun": "gikun (kanji for meaning)", "chn": "children's language", "litf": "literary",
    "tradem": "trademark", "quote": "quotation", "X": "rude", "MA": "martial arts",
    "Buddh": "Buddhism", "Shinto": "Shinto", "Christn": "Christianity", "comp": "computing",
    "food": "food", "math": "mathematics", "med": "medicine", "ling": "linguistics",
    "sports": "sports", "music": "music", "sumo": "sumo", "baseb": "baseball",
    "astron": "astronomy", "physics": "physics", "chem": "chemistry", "mahj": "mahjong",
    "biol": "biology", "law": "law", "anat": "anatomy", "geol": "geology", "hist": "history",
    "hanaf": "hanafuda", "finc": "finance", "bot": "botany", "mil": "military",
    "archit": "architecture", "shogi": "shogi", "engr": "engineering", "econ": "economics",
    "bus": "business", "zool": "zoology", "physiol": "physiology", "phil": "philosophy",
    "biochem": "biochemistry", "aviat": "aviation", "geom": "geometry", "genet": "genetics",
    "mech": "mechanics", "psych": "psychology", "gramm": "grammar", "ornith": "ornithology",
    "electr": "electricity", "audvid": "audio and video", "ecol": "ecology",
    "pharm": "pharmacy", "cryst": "crystallography", "ent": "entomology", "go": "go (game)",
    "kabuki": "kabuki", "noh": "noh", "print": "printing", "stat": "statistics",
  ]
}
