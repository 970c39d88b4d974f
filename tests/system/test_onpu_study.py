"""Onpu's FSRS scheduler against its oracle, PyPI's fsrs 6.3.2: the committed fixtures are still
what fsrs answers (scripts/onpu-fsrs-oracle), and a card graded through the product, on a real
`hearth serve` whose clock the test moves (HEARTH_TEST_CLOCK, which also turns the fuzz off),
lands where fsrs puts the same grades at the same times: same state and due date to the second,
through learning, review, a lapse, an early review and one long overdue."""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime
from pathlib import Path

from hearth_harness import describe, json_of, unique_email
from test_onpu import wait_for

ROOT = Path(__file__).resolve().parents[2]
ORACLE = ROOT / "scripts" / "onpu-fsrs-oracle"
FIXTURES = ROOT / "Tests" / "Fixtures" / "onpu-fsrs"
DAY = 86_400


def test_the_fsrs_fixtures_are_the_oracles_answer(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(ORACLE), str(tmp_path)], check=True, timeout=300)
    committed = sorted(path.name for path in FIXTURES.glob("*.json"))
    assert committed == sorted(path.name for path in tmp_path.glob("*.json"))
    for name in committed:
        assert (tmp_path / name).read_text(encoding="utf-8") == (FIXTURES / name).read_text(encoding="utf-8"), (
            f"Tests/Fixtures/onpu-fsrs/{name} is not what fsrs answers now: "
            "re-run scripts/onpu-fsrs-oracle and review the change"
        )


def seconds(stamp: str) -> int:
    return int(datetime.fromisoformat(stamp.replace("Z", "+00:00")).timestamp())


def oracle(created: int, reviews: list[dict]) -> list[dict]:
    """What fsrs makes of these grades at these times, on its default scheduler unfuzzed."""
    given = json.dumps({"created": created, "reviews": reviews})
    made = subprocess.run(
        [sys.executable, str(ORACLE), "--replay"], input=given, capture_output=True, text=True,
        check=True, timeout=60,
    )
    return json.loads(made.stdout)


# (when, grade): "due" is 30 s after the card falls due, "early" halfway to it, "+Nd" N days
# after it, "+Nh" N hours after the last review.
PLAN = [
    ("due", "again"), ("due", "hard"), ("due", "good"), ("due", "good"), ("due", "hard"),
    ("+40d", "again"), ("due", "good"), ("early", "easy"), ("+2h", "good"), ("due", "good"),
    ("+200d", "hard"), ("due", "easy"),
]
GRADES = {"again": 1, "hard": 2, "good": 3, "easy": 4}


def test_grading_through_the_product_follows_the_oracle(backend, start_server) -> None:
    server = start_server(backend, extra_env={"HEARTH_TEST_CLOCK": "on"})
    email = unique_email("study")
    r = server.client().signup(email, "Study")
    assert r.status_code == 201, describe(r)

    def client():
        """Signed in again each time: the clock moves past an access token's life."""
        r = server.client().login(email)
        assert r.status_code == 200, describe(r)
        return server.client().with_token(json_of(r)["accessToken"])

    def clock(by: float) -> int:
        r = client().post("/api/debug/clock", json={"advanceSeconds": max(0, int(by))})
        assert r.status_code == 200, describe(r)
        return seconds(json_of(r)["now"])

    ann = client()
    r = ann.post("/v1/jobs", json={"title": "夢", "lyrics": "夢の中で君を呼ぶ"})
    assert r.status_code == 200, describe(r)
    wait_for(ann, json_of(r)["jobId"], lambda job: job["status"] == "succeeded")
    song = json_of(ann.get("/api/onpu/songs"))["songs"][0]["id"]
    r = ann.post("/api/onpu/study/cards", json={"songId": song, "surface": "夢"})
    assert r.status_code == 201, describe(r)
    card = json_of(r)["card"]
    created = seconds(card["due"])

    done: list[dict] = []
    for when, grade in PLAN:
        now = clock(0)
        due, last = seconds(card["due"]), seconds(card["lastReview"]) if card.get("lastReview") else created
        if when == "due":
            clock(due - now + 30)
        elif when == "early":
            clock((due - last) // 2 - (now - last))
        elif when.endswith("d"):
            clock(due - now + int(when[1:-1]) * DAY)
        else:
            clock(last + int(when[1:-1]) * 3600 - now)
        body = {"grade": grade, "ahead": when in ("early", "+2h")}
        r = client().post(f"/api/onpu/study/cards/{card['id']}/review", json=body)
        assert r.status_code == 200, f"{when} {grade}: {describe(r)}"
        card = json_of(r)["card"]
        done.append({"at": seconds(card["lastReview"]), "grade": GRADES[grade]})
        expected = oracle(created, done)[-1]
        step = f"review {len(done)} ({when}, {grade})"
        assert card["state"] == ["learning", "review", "relearning"][expected["state"] - 1], step
        assert seconds(card["due"]) == expected["due"], f"{step}: {card['due']} vs {expected['due']}"
    assert any(entry["grade"] == 1 for entry in done[5:]), "the plan has a lapse in review"

    # The account export carries the song as pasted and the card with its memory.
    exported = json_of(client().get("/api/me/export"))["onpu"]
    assert [(s["title"], s["lyrics"]) for s in exported["songs"]] == [("夢", "夢の中で君を呼ぶ")]
    [kept] = exported["studyCards"]
    assert kept["key"].startswith("夢|") and kept["reviews"] == len(done), kept
    assert seconds(kept["memory"]["due"]) == seconds(card["due"]), kept
    assert exported.get("appleID") is None


def test_a_songs_words_to_learn_are_listed_and_picked_through_the_api(backend, start_server) -> None:
    server = start_server(backend)
    r = server.client().signup(unique_email("words"), "Words")
    assert r.status_code == 201, describe(r)
    ann = server.client().with_token(json_of(r)["accessToken"])
    r = ann.post("/v1/jobs", json={"title": "星", "lyrics": "星が光る夜に\n星を見上げる"})
    assert r.status_code == 200, describe(r)
    wait_for(ann, json_of(r)["jobId"], lambda job: job["status"] == "succeeded")
    song = json_of(ann.get("/api/onpu/songs"))["songs"][0]["id"]
    path = f"/api/onpu/study/songs/{song}/words"

    listed = json_of(ann.get(path))
    words = {w["word"]: w for w in listed["words"]}
    assert {"星", "光る", "夜", "見上げる"} <= words.keys(), listed
    assert words["星"]["count"] == 2 and words["星"]["reading"] == "ほし"
    assert all(w["state"] == "new" for w in listed["words"]) and listed["percentKnown"] == 0
    frequencies = [w.get("frequency", 0) for w in listed["words"]]
    assert frequencies == sorted(frequencies, reverse=True), "most common first"

    picked = [words["星"]["key"], words["見上げる"]["key"]]
    r = ann.post(path, json={"words": picked})
    assert r.status_code == 200 and json_of(r) == {"added": 2, "cards": 2}, describe(r)
    again = {w["word"]: w["state"] for w in json_of(ann.get(path))["words"]}
    assert again["星"] == again["見上げる"] == "learning" and again["夜"] == "new"
    assert json_of(ann.post(path, json={"words": picked})) == {"added": 0, "cards": 2}

    r = ann.post(path, json={"words": ["月|つき"]})
    assert r.status_code == 400 and "月|つき" in r.text, describe(r)
    r = ann.post(path, json={"words": []})
    assert r.status_code == 400 and "words" in r.text, describe(r)
    r = server.client().signup(unique_email("other"), "Other")
    other = server.client().with_token(json_of(r)["accessToken"])
    assert other.get(path).status_code == 404
    assert other.post(path, json={"words": picked}).status_code == 404
