"""Onpu's word dictionary on a real server: romaji search checked against jaconv (PyPI), the
oracle Onpu's romaji converter is tested by, on a sample of real EDICT words; and the word API's
answers to bad input, unknown words and a real card."""

from __future__ import annotations

import random
from pathlib import Path

import jaconv
import pytest

from hearth_harness import describe, json_of

EDICT = Path("/usr/share/edict/edict")
VOWEL_OR_Y = set("あいうえおやゆよゃゅょぁぃぅぇぉ")
SMALL_VOWELS = set("ぁぃぅぇぉゎ")


def loaded(client) -> None:
    """The first word asked for loads EDICT, which takes a debug build a while."""
    r = client.get("/api/onpu/words", params={"q": "hoshi"}, timeout=300)
    assert r.status_code == 200, describe(r)


def sample_words(count: int, seed: int = 20) -> list[tuple[str, str]]:
    """Common words (EDICT's (P)) with readings jaconv's romaji reads back one way: no ん before
    a vowel or y (jaconv writes "shinya" for しんや, which reads しにゃ), and no small vowel
    (jaconv writes "tei" for てぃ, which reads てい)."""
    words: list[tuple[str, str]] = []
    for line in EDICT.read_text(encoding="euc-jp", errors="replace").splitlines()[1:]:
        if not line.endswith("/(P)/"):
            continue
        head = line.split(" /", 1)[0]
        word, _, rest = head.partition(" [")
        reading = jaconv.kata2hira(rest.rstrip("]") or word)
        if not all("ぁ" <= c <= "ゖ" for c in reading) or "ゐ" in reading or "ゑ" in reading:
            continue
        if SMALL_VOWELS & set(reading):
            continue
        if any(c == "ん" and n in VOWEL_OR_Y for c, n in zip(reading, reading[1:])):
            continue
        words.append((word, reading))
    return random.Random(seed).sample(words, count)


def same_sound(reading: str) -> str:
    """ぢ and づ are written ji and zu, as じ and ず are."""
    return jaconv.kata2hira(reading).replace("ぢ", "じ").replace("づ", "ず")


@pytest.mark.skipif(not EDICT.exists(), reason="Debian's edict is not installed (scripts/setup)")
@pytest.mark.timeout(420)
def test_every_sampled_word_is_found_by_jaconvs_romaji(start_server) -> None:
    client = start_server("sqlite").client()
    loaded(client)
    missing = []
    sample = sample_words(150)
    for word, reading in sample:
        romaji = jaconv.kana2alphabet(reading)
        r = client.get("/api/onpu/words", params={"q": romaji})
        assert r.status_code == 200, describe(r)
        found = json_of(r)["words"]
        if not any(same_sound(w["reading"]) == same_sound(reading) for w in found):
            missing.append((word, reading, romaji, [w["word"] for w in found[:5]]))
    assert not missing, f"{len(missing)} of {len(sample)} not found by their romaji: {missing[:10]}"


def assert_invalid(r, field: str) -> None:
    assert r.status_code == 400, describe(r)
    assert r.headers["content-type"].startswith("application/json"), describe(r)
    error = json_of(r)["error"]
    assert error["field"] == field and error["code"] and error["message"], describe(r)


@pytest.mark.timeout(420)
def test_the_word_api_checks_its_input_and_answers_a_card(start_server) -> None:
    client = start_server("sqlite").client()
    loaded(client)
    assert_invalid(client.get("/api/onpu/words"), "q")
    assert_invalid(client.get("/api/onpu/words", params={"q": "   "}), "q")
    assert_invalid(client.get("/api/onpu/words", params={"q": "x" * 101}), "q")
    assert_invalid(client.get("/api/onpu/words/星", params={"reading": "hoshi"}), "reading")
    assert_invalid(client.get("/api/onpu/words/" + "星" * 51), "word")

    # Odd input is a 4xx or an empty answer, never a 500.
    for path in ["/api/onpu/words/%ZZ", "/api/onpu/words/%00", "/api/onpu/words/..%2F..", "/onpu/words/%ZZ"]:
        assert client.get(path).status_code in (400, 404), path
    for q in ["\x00", "ー", "'", "-", "n", "a" * 100, "星 star ほし", "%E6"]:
        r = client.get("/api/onpu/words", params={"q": q})
        assert r.status_code == 200 and isinstance(json_of(r)["words"], list), describe(r)
    assert client.get("/api/onpu/words/星", params={"reading": "😀"}).status_code == 400

    r = client.get("/api/onpu/words/存在しない言葉")
    assert r.status_code == 404, describe(r)
    assert json_of(r)["error"]["code"], describe(r)

    r = client.get("/api/onpu/words/星", params={"reading": "ほし"})
    assert r.status_code == 200, describe(r)
    card = json_of(r)["card"]
    assert card["word"] == "星" and card["reading"] == "ほし"
    first = card["entries"][0]
    assert first["common"] and first["senses"][0]["partsOfSpeech"] == ["noun"]
    assert first["senses"][0]["glosses"][0].startswith("star")
    assert card["kanji"][0]["literal"] == "星" and card["kanji"][0]["meaning"]
    assert card["pitch"] and all(len(p["morae"]) == 2 for p in card["pitch"] if p["reading"] == "ほし")
    assert "EDRDG" in card["attribution"] or "Electronic Dictionary" in card["attribution"]

    r = client.get("/api/onpu/words", params={"q": "star"})
    assert r.status_code == 200, describe(r)
    words = [w["word"] for w in json_of(r)["words"]]
    assert words[0] == "星", words[:5]

    # The page: the card, and the dictionary's search with word results above the kanji.
    r = client.get("/onpu/words/夜空")
    assert r.status_code == 200 and 'id="word-card-actions"' in r.text and "night sky" in r.text
    r = client.get("/onpu/dictionary", params={"q": "yozora"})
    assert r.status_code == 200 and "夜空" in r.text and "Electronic Dictionary" in r.text
