extension KangxiRadical {
  /// names[n - 1] names radical n.
  static let names = [
    // 1 stroke
    "one", "line", "dot", "slash", "second", "hook",
    // 2 strokes
    "two", "lid", "person", "legs", "enter", "eight", "down box", "cover", "ice", "table",
    "open box", "knife", "power", "wrap", "spoon", "right open box", "hiding enclosure", "ten",
    "divination", "seal", "cliff", "private", "again",
    // 3 strokes
    "mouth", "enclosure", "earth", "scholar", "go", "go slowly", "evening", "big", "woman",
    "child", "roof", "inch", "small", "lame", "corpse", "sprout", "mountain", "river", "work",
    "oneself", "cloth", "dry", "short thread", "dotted cliff", "long stride", "two hands",
    "shoot", "bow", "snout", "bristle", "step",
    // 4 strokes
    "heart", "halberd", "door", "hand", "branch", "rap", "script", "dipper", "axe", "square",
    "not", "sun", "say", "moon", "tree", "lack", "stop", "death", "weapon", "do not", "compare",
    "fur", "clan", "steam", "water", "fire", "claw", "father", "crossing", "split wood", "slice",
    "fang", "cow", "dog",
    // 5 strokes
    "profound", "jade", "melon", "tile", "sweet", "life", "use", "field", "bolt of cloth",
    "sickness", "footsteps", "white", "skin", "dish", "eye", "spear", "arrow", "stone", "altar",
    "track", "grain", "cave", "stand",
    // 6 strokes
    "bamboo", "rice", "thread", "jar", "net", "sheep", "feather", "old", "and", "plough", "ear",
    "brush", "meat", "minister", "self", "arrive", "mortar", "tongue", "oppose", "boat",
    "stopping", "colour", "grass", "tiger", "insect", "blood", "crossroads", "clothes", "west",
    // 7 strokes
    "see", "horn", "speech", "valley", "bean", "pig", "badger", "shell", "red", "run", "foot",
    "body", "cart", "bitter", "morning", "walk", "town", "wine", "distinguish", "village",
    // 8 strokes
    "metal", "long", "gate", "mound", "slave", "small bird", "rain", "blue", "wrong",
    // 9 strokes
    "face", "leather", "tanned leather", "leek", "sound", "head", "wind", "fly", "eat",
    "neck", "fragrant",
    // 10 strokes
    "horse", "bone", "tall", "hair", "fight", "herbal wine", "cauldron", "ghost",
    // 11 strokes
    "fish", "bird", "salt", "deer", "wheat", "hemp",
    // 12 strokes
    "yellow", "millet", "black", "embroidery",
    // 13 strokes
    "frog", "tripod", "drum", "rat",
    // 14 strokes
    "nose", "even",
    // 15, 16 and 17 strokes
    "tooth", "dragon", "turtle", "flute",
  ]
}
