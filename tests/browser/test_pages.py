"""Every page, as a person meets it: on a phone (390 px) and a desktop, in light and dark, first
with an empty account and then with something in every app. Each must pass axe-core with no
serious or critical violation, never scroll sideways, never break a word inside itself, keep a
phone's controls 44 px tall and its fields at 16 px, log no console error and load every request it makes. Screenshots of every page
land in .tmp/screenshots; `make screenshots` copies each app's into docs/screenshots."""

from __future__ import annotations

import datetime
import time
from pathlib import Path
from typing import Callable

import pytest
from axe_playwright_python.sync_playwright import Axe
from fake_gemini import FakeGemini
from fake_lightward import FakeLightward
from hearth_harness import PASSWORD, Client, HearthServer, describe, make_workdir, sqlite_url, unique_email
from playwright.sync_api import Browser
from redo_cli import RedoHome

PAGES = [
    "/", "/login", "/signup", "/forgot-password", "/account", "/account/notifications",
    "/invitations", "/notifications", "/design",
    "/softer", "/redo", "/redo/calendar", "/redo/analytics", "/redo/settings",
    "/auralyst", "/onpu", "/onpu/add", "/onpu/about", "/onpu/dictionary",
]
VIEWS = [(390, "light"), (390, "dark"), (1280, "light"), (1280, "dark")]

# On a phone: every control a thumb taps is at least 44 px tall (a link inside a sentence is
# text, not a control), and every field's text is at least 16 px, so focusing it never zooms.
THUMB_CHECK = """() => {
  const problems = [];
  const shown = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  const describe = (el) => el.outerHTML.slice(0, 90);
  const controls = document.querySelectorAll(
    "button, .button, summary, select, textarea, input:not([type=hidden]):not([type=checkbox]):not([type=radio]), nav a");
  for (const el of controls) {
    if (!shown(el) || el.closest(".visually-hidden, .segments")) continue;
    const height = el.getBoundingClientRect().height;
    if (height < 43.5) problems.push(`tap target ${Math.round(height)} px tall: ${describe(el)}`);
  }
  for (const el of document.querySelectorAll(
      "input:not([type=checkbox]):not([type=radio]):not([type=range]), select, textarea")) {
    if (!shown(el)) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 16) problems.push(`field text ${size} px: ${describe(el)}`);
  }
  return problems;
}"""

# No word is broken inside itself ("Br|ow|ser" on a narrow column): every run of letters of a
# word (3 to 20 letters; longer runs, codes and keys may wrap) lies on one line.
BROKEN_WORDS = """() => {
  const problems = new Set();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || el.closest("script, style, code, pre, kbd, svg, .visually-hidden")) continue;
    const words = /[A-Za-z][A-Za-z'’]{2,19}/g;
    for (let match = words.exec(node.textContent); match; match = words.exec(node.textContent)) {
      const after = node.textContent[match.index + match[0].length] || " ";
      if (/[A-Za-z0-9]/.test(after)) continue;
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)));
      if (lines.size > 1) problems.add(`word broken across lines: "${match[0]}" in ${el.outerHTML.slice(0, 90)}`);
    }
  }
  return [...problems].slice(0, 20);
}"""


def walk(
    browser: Browser, base_url: str, email: str, pages: list[str], screenshots: Path, prefix: str,
    readme: dict[str, str] | None = None,
) -> list[str]:
    """Signs in as `email` in each view and visits `pages`; returns what was wrong, page by page.
    The pages in `readme` (path to app) are also pictured as the first screen a person sees, in
    light, as readme-APP-phone.png and readme-APP-desktop.png."""
    axe = Axe()
    problems: list[str] = []
    for width, scheme in VIEWS:
        context = browser.new_context(
            base_url=base_url, viewport={"width": width, "height": 844},
            color_scheme=scheme, is_mobile=width < 600, has_touch=width < 600,
            timezone_id="Asia/Tokyo", locale="en-US",
        )
        context.add_init_script(
            "document.addEventListener('securitypolicyviolation', (e) =>"
            " console.error('CSP violation: ' + e.violatedDirective + ' blocked ' + e.blockedURI));"
        )
        page = context.new_page()
        seen: list[str] = []
        page.on("console", lambda m: seen.append(f"console: {m.text}") if m.type == "error" else None)
        page.on("pageerror", lambda e: seen.append(f"script error: {e}"))
        # A request the next navigation cancels (net::ERR_ABORTED) did not fail.
        page.on("requestfailed", lambda q: seen.append(f"failed request: {q.url} {q.failure}")
                if "ERR_ABORTED" not in (q.failure or "") else None)
        page.on("response", lambda res: seen.append(f"HTTP {res.status}: {res.url}")
                if res.status >= 400 else None)
        try:
            page.goto("/login")
            page.locator('input[name="email"]').fill(email)
            page.locator('input[name="password"]').fill(PASSWORD)
            page.get_by_role("button", name="Log in").click()
            page.wait_for_url(base_url + "/")
            for path in pages:
                seen.clear()
                where = f"{path} at {width} px, {scheme}"
                response = page.goto(path)
                page.wait_for_load_state("networkidle")
                if response is None or response.status != 200:
                    problems.append(f"{where}: answered {response.status if response else 'nothing'}")
                    continue
                for violation in axe.run(page).response["violations"]:
                    if violation["impact"] in ("serious", "critical"):
                        nodes = "; ".join(n["html"][:120] for n in violation["nodes"][:2])
                        problems.append(f"{where}: axe {violation['id']} ({violation['help']}): {nodes}")
                overflow = page.evaluate("document.scrollingElement.scrollWidth")
                if overflow > width:
                    problems.append(f"{where}: scrolls sideways ({overflow} px wide)")
                if width < 600:
                    problems += [f"{where}: {line}" for line in page.evaluate(THUMB_CHECK)]
                problems += [f"{where}: {line}" for line in page.evaluate(BROKEN_WORDS)]
                problems += [f"{where}: {line}" for line in seen]
                name = path.split("?")[0].strip("/").replace("/", "-") or "home"
                page.screenshot(path=str(screenshots / f"{prefix}-{name}-{width}-{scheme}.png"), full_page=True)
                if readme and path in readme and scheme == "light":
                    device = "phone" if width < 600 else "desktop"
                    page.screenshot(path=str(screenshots / f"readme-{readme[path]}-{device}.png"))
        finally:
            context.close()
    return problems


# Walks every page four ways (phone and desktop, light and dark) through axe-core: minutes on a
# machine shared with the other lanes of make test.
@pytest.mark.timeout(600)
def test_every_page_is_accessible_fits_a_phone_and_loads_cleanly(
    browser: Browser, live_server, screenshots
) -> None:
    email = unique_email("walk")
    r = Client(live_server.base_url).signup(email, "Wanda Walker")
    assert r.status_code == 201, describe(r)
    problems = walk(browser, live_server.base_url, email, PAGES, screenshots, "page")
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:150])


LYRICS = "兎追いし　かの山\n小鮒釣りし　かの川\n夢は今も　めぐりて\n忘れがたき　故郷"


def eventually(what: str, check: Callable[[], object], seconds: float = 60) -> object:
    deadline = time.monotonic() + seconds
    while True:
        found = check()
        if found:
            return found
        assert time.monotonic() < deadline, f"{what} did not happen within {seconds} s"
        time.sleep(0.2)


# Walks every page four ways (phone and desktop, light and dark) through axe-core: minutes on a
# machine shared with the other lanes of make test.
@pytest.mark.timeout(600)
def test_every_page_with_something_in_every_app(browser: Browser, screenshots) -> None:
    """Wanda has a Softer room with Bob and Lightward, Redo tasks, an Auralyst journal with
    entries, a medication and a note, and a song in Onpu; every page that shows them is walked."""
    lightward = FakeLightward(lambda body: "Welcome, both of you.\n\n**Take your time.** I'm listening.")
    gemini = FakeGemini()
    workdir = make_workdir("browser-pages")
    server = HearthServer(
        sqlite_url(workdir / "hearth.sqlite"), workdir, name="pages", extra_env={**lightward.env, **gemini.env})
    server.start()
    try:
        email, bob_email = unique_email("wanda"), unique_email("bob")
        wanda, bob = Client(server.base_url), Client(server.base_url)
        for client, address, name in ((wanda, email, "Wanda Walker"), (bob, bob_email, "Bob Baker")):
            r = client.signup(address, name)
            assert r.status_code == 201, describe(r)
            client.token = r.json()["accessToken"]

        # Softer: a room with Bob, a message each way and Lightward's answer
        r = wanda.post("/api/softer/rooms", json={"nickname": "Wanda", "participants": [
            {"contact": bob_email, "nickname": "Bob"}]})
        assert r.status_code == 201, describe(r)
        room = r.json()["room"]["id"]
        eventually("Lightward's arrival", lambda: bob.post(f"/api/softer/rooms/{room}/here").status_code == 200)
        eventually("Wanda's turn", lambda: wanda.post(
            f"/api/softer/rooms/{room}/messages", json={"text": "Hello Bob, how was the trip?"}).status_code in (200, 201))

        # Auralyst: a journal with a week of entries, a medication taken, a note
        journal = wanda.post("/api/auralyst/journals", json={"title": "Migraines"}).json()["journal"]["id"]
        base = f"/api/auralyst/journals/{journal}"
        entries = []
        for severity in (2, 5, 7, 3):
            r = wanda.post(f"{base}/entries", json={"severity": severity})
            assert r.status_code == 201, describe(r)
            entries.append(r.json()["entry"]["id"])
        medication = wanda.post(f"{base}/medications", json={
            "name": "Ibuprofen", "schedules": [{"time": "08:00"}]}).json()["medication"]["id"]
        assert wanda.post(f"{base}/intakes", json={"medicationId": medication}).status_code == 201
        assert wanda.post(f"{base}/notes", json={"text": "Slept badly."}).status_code == 201

        # Onpu: a song, analysed by MeCab and translated by the fake Gemini
        assert wanda.post("/v1/jobs", json={"title": "故郷", "artist": "高野辰之", "lyrics": LYRICS}).status_code in (200, 201, 202)
        song = eventually("the song's analysis", lambda: (wanda.get("/api/onpu/songs").json().get("songs") or [None])[0])
        song_id = song["id"]
        r = wanda.post(f"/api/onpu/study/songs/{song_id}", timeout=120)
        assert r.status_code in (200, 201), describe(r)

        # Redo: tasks from the CLI, synced
        cli = RedoHome.fresh("redo-pages")
        cli.out("init", "--name", "Wanda's laptop")
        cli.out("login", "--server", server.base_url, "--email", email, "--password-stdin", stdin=PASSWORD + "\n")
        cli.out("add", "Water the ferns", "--priority", "2", "--due", "tomorrow")
        cli.out("add", "Call the plumber", "--priority", "4", "--due", "today")
        cli.out("add", "Book the dentist")
        cli.out("sync")
        task = wanda.get("/api/redo/tasks").json()["taskIds"][0]
        r = wanda.put("/api/redo/settings/due-today", json={"enabled": True, "time": "07:30"})
        assert r.status_code == 200, describe(r)

        pages = [
            "/", f"/softer/rooms/{room}", "/softer", "/redo", f"/redo/tasks/{task}", "/redo/calendar",
            "/redo/analytics", "/redo/settings", "/auralyst", f"/auralyst/journals/{journal}",
            f"/auralyst/journals/{journal}/medications", f"/auralyst/journals/{journal}/insights",
            f"/auralyst/journals/{journal}/sharing", f"/auralyst/journals/{journal}/settings",
            f"/auralyst/journals/{journal}/calendar", f"/auralyst/journals/{journal}/entries/{entries[0]}",
            f"/auralyst/journals/{journal}/days/{datetime.datetime.now(datetime.timezone.utc).date()}",
            f"/auralyst/journals/{journal}/medications/{medication}", f"/auralyst/journals/{journal}/data",
            f"/auralyst/journals/{journal}/report",
            "/onpu", f"/onpu/songs/{song_id}", "/onpu/dictionary?q=山", f"/onpu/songs/{song_id}/readings",
            "/onpu/words/故郷", "/onpu/dictionary?q=radical:46", "/onpu/study", "/onpu/review",
        ]
        readme = {f"/softer/rooms/{room}": "softer", "/redo": "redo",
                  f"/auralyst/journals/{journal}": "auralyst", f"/onpu/songs/{song_id}": "onpu"}
        problems = walk(browser, server.base_url, email, pages, screenshots, "data", readme)
        assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:150])
    finally:
        server.stop()
        lightward.close()
        gemini.close()
