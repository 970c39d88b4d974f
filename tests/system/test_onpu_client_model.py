"""The /v1 result read as the stock Onpu app reads it (issue 38). The model below follows the
contract (docs of the reference app, section 2.2 and 5.2), not Hearth's Swift: a line is a
compact string or a verbose LyricsLine object; a compact word is Word|Reading|PitchMap with
optional per-kanji readings, one per CJK ideograph; furigana puts those readings over the
ideographs and draws every other character as text. Every line must decode, every pitch map fit
its morae, and every ruby add up to its word's reading."""

from __future__ import annotations

import json
import time

import pytest

from hearth_harness import Client, describe, json_of, unique_email

SMALL = set("ゃゅょぁぃぅぇぉゎ")

LINES = [
    "時々刻々と変わる",
    "人々の声",
    "代々木の公園",
    "佐々木さんの歌",
    "星か\u3099光る",  # が pasted decomposed
    "ハ\u309aンを食べた",  # パ pasted decomposed
    "エモい歌",
    "うっせぇわ",
    "ぱっぱらぱー",
    "ＬＯＶＥ ＬＯＶＥ",
    "LOVE LOVE",
    "１２３",
    "123",
    "運命(さだめ)を信じて",
    "夢は今も　めぐりて",
]


def is_ideograph(ch: str) -> bool:
    c = ord(ch)
    return 0x4E00 <= c <= 0x9FFF or 0x3400 <= c <= 0x4DBF or 0xF900 <= c <= 0xFAFF


def is_kana(ch: str) -> bool:
    c = ord(ch)
    return (0x3041 <= c <= 0x309F or 0x30A1 <= c <= 0x30FF) and ch not in "ゝゞヽヾ"


def hiragana(text: str) -> str:
    return "".join(chr(ord(ch) - 0x60) if 0x30A1 <= ord(ch) <= 0x30F6 else ch for ch in text)


def morae(reading: str) -> list[str]:
    """The app's split: a kana and a small ya, yu, yo, vowel or wa after it are one mora."""
    out: list[str] = []
    for ch in reading:
        if ch in SMALL and out:
            out[-1] += ch
        else:
            out.append(ch)
    return out


def compact_word(segment: str) -> dict:
    parts = segment.split("|")
    assert 3 <= len(parts) <= 4, f"not Word|Reading|PitchMap: {segment!r}"
    word, reading, pitch = parts[0], parts[1], parts[2]
    assert word, f"empty word in {segment!r}"
    if not reading and not pitch:
        return {"kanji": None, "furigana": word, "kanjiFurigana": [], "mora": [], "surface": word}
    assert reading and pitch, f"a reading without a pitch map, or the other way: {segment!r}"
    assert set(pitch) <= {"0", "1"}, segment
    split = morae(reading)
    assert len(split) == len(pitch), f"{reading} has {len(split)} morae, pitch {pitch}"
    readings = parts[3].split(",") if len(parts) == 4 and parts[3] else []
    ideographs = [ch for ch in word if is_ideograph(ch)]
    assert not readings or len(readings) == len(ideographs), f"readings per ideograph: {segment!r}"
    return {
        "kanji": word if word != reading else None,
        "furigana": reading,
        "kanjiFurigana": [{"kanji": k, "reading": r} for k, r in zip(ideographs, readings)],
        "mora": [{"text": t, "isHigh": p == "1"} for t, p in zip(split, pitch)],
        "surface": word,
    }


def decode_line(value) -> list[dict]:
    """The app's union decoding: a string with `|` and no `{` or `[` is compact; anything else
    is a LyricsLine, whose missing `words`, `kanjiFurigana` and `mora` default to empty."""
    if isinstance(value, str) and "|" in value and "{" not in value and "[" not in value:
        return [compact_word(segment) for segment in value.split("_")]
    line = json.loads(value) if isinstance(value, str) else value
    assert isinstance(line, dict), value
    words = []
    for word in line.get("words") or []:
        assert isinstance(word["furigana"], str)
        kanji = word.get("kanji")
        words.append(
            {
                "kanji": kanji,
                "furigana": word["furigana"],
                "kanjiFurigana": word.get("kanjiFurigana") or [],
                "mora": word.get("mora") or [],
                "surface": kanji if kanji is not None else word["furigana"],
                "pitchUnknown": word.get("pitchUnknown", False),
            }
        )
    return words


def ruby(word: dict) -> str:
    """What furigana mode reads: with per-kanji readings, each ideograph's reading (taken in
    turn) and every kana as written; without, the whole-word reading. Other characters (々, ゝ)
    are drawn as text and read as nothing."""
    if word["kanji"] is None or not word["kanjiFurigana"]:
        return word["furigana"]
    readings = iter(r["reading"] for r in word["kanjiFurigana"])
    spelled = ""
    for ch in word["kanji"]:
        if is_ideograph(ch):
            spelled += next(readings)
        elif is_kana(ch):
            spelled += ch
    assert next(readings, None) is None, f"readings left over in {word}"
    return hiragana(spelled)


def check_word(word: dict) -> None:
    surface = word["surface"]
    assert not surface or not 0x300 <= ord(surface[0]) <= 0x36F, surface
    assert ord(surface[0]) not in (0x3099, 0x309A), f"a word starts with a combining mark: {surface}"
    if word["kanjiFurigana"]:
        ideographs = [ch for ch in word["kanji"] if is_ideograph(ch)]
        assert [r["kanji"] for r in word["kanjiFurigana"]] == ideographs, word
    assert ruby(word) == hiragana(word["furigana"]), f"ruby does not add up: {word}"
    if word["mora"]:
        assert "".join(m["text"] for m in word["mora"]) == word["furigana"], word
    if any(is_kana(ch) for ch in surface):
        assert word["kanji"] is not None or word["mora"] or word.get("pitchUnknown"), (
            f"kana drawn as plain text with no reading: {word}"
        )


def result_for(client: Client, lyrics: str) -> dict:
    r = client.post("/v1/jobs", json={"title": "issue 38", "lyrics": lyrics})
    assert r.status_code == 200, describe(r)
    job_id = json_of(r)["jobId"]
    deadline = time.monotonic() + 60
    while True:
        job = json_of(client.get(f"/v1/jobs/{job_id}"))
        if job["status"] in ("succeeded", "failed"):
            break
        assert time.monotonic() < deadline, f"job {job_id} never finished: {job}"
        time.sleep(0.2)
    assert job["status"] == "succeeded", job
    return job["result"]


@pytest.mark.timeout(180)
@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_every_line_reads_right_in_the_app(backend, start_server) -> None:
    server = start_server(backend)
    client = server.client()
    r = client.signup(unique_email("client-model"), "Client model")
    assert r.status_code == 201, describe(r)
    client = client.with_token(json_of(r)["accessToken"])
    result = result_for(client, "\n".join(LINES))
    data = result["lyricsData"]
    assert sorted(data, key=int) == [str(i) for i in range(len(LINES))]
    lines = [decode_line(data[str(i)]) for i in range(len(LINES))]
    for index, words in enumerate(lines):
        for word in words:
            try:
                check_word(word)
            except AssertionError as error:
                raise AssertionError(f"line {index} {LINES[index]!r}: {error}") from error

    def word(line: int, surface: str) -> dict:
        return next(w for w in lines[line] if w["surface"] == surface)

    # MeCab cuts 時々|刻々; JMdict lists the word both ways and the spoken じじこっこく is taken.
    assert "".join(w["surface"] for w in lines[0][:2]) == "時々刻々"
    assert "".join(w["furigana"] for w in lines[0][:2]) == "じじこっこく"
    assert all(w["kanjiFurigana"] for w in lines[0][:2]), lines[0]
    readings = {
        (1, "人々"): "ひとびと",
        (2, "代々木"): "よよぎ",
        (3, "佐々木"): "ささき",
    }
    for (line, surface), reading in readings.items():
        found = word(line, surface)
        assert found["furigana"] == reading, found
        assert found["kanjiFurigana"], f"{surface} has its readings per kanji: {found}"
    assert [w["surface"] for w in lines[4]][:2] == ["星", "が"]
    assert lines[5][0]["surface"] == "パン" and lines[5][0]["furigana"] == "ぱん"
    assert word(6, "エモ")["furigana"] == "えも"
    assert any(w["surface"].endswith("せぇ") for w in lines[7]), lines[7]
    assert lines[8][-1]["surface"].endswith("ぱー") and lines[8][-1]["furigana"].endswith("ぱー")
    assert lines[9] == lines[10] and lines[9][0]["kanji"] is None and not lines[9][0]["mora"]
    assert lines[11] == lines[12]
    fate = word(13, "運命")
    assert fate["furigana"] == "さだめ" and fate["mora"] == [] and fate["pitchUnknown"]
    assert isinstance(data["13"], dict), "a line with an unknown pitch goes out verbose"
    assert isinstance(data["14"], str), "a line whose pitch is all known stays compact"
