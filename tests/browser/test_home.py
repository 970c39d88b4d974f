"""Issue 41's home for a signed-in person, at a phone's width and a desk's: what needs them now,
gathered from every app (a room that waits on them, a task due today, the next dose, reviews
due), each line opening its thing; and a newcomer's home that helps them start in each app."""

from __future__ import annotations

import datetime
import pytest
from fake_gemini import FakeGemini
from fake_lightward import FakeLightward
from hearth_harness import PASSWORD, Client, HearthServer, describe, make_workdir, sqlite_url, unique_email
from playwright.sync_api import Browser, expect
from redo_cli import RedoHome
from test_pages import eventually

LYRICS = "夏草や\n兵どもが\n夢の跡"


def signed_up(server: HearthServer, name: str) -> tuple[str, Client]:
    email = unique_email(name.lower())
    client = Client(server.base_url)
    r = client.signup(email, name)
    assert r.status_code == 201, describe(r)
    client.token = r.json()["accessToken"]
    return email, client


def zone_where_it_is_ten() -> str:
    """A fixed-offset zone where it is about ten in the morning now, so a dose two hours on is
    still today."""
    offset = (10 - datetime.datetime.now(datetime.timezone.utc).hour + 12) % 24 - 12
    return "Etc/GMT" + (f"{-offset:+d}" if offset else "")


@pytest.mark.timeout(420)
def test_the_home_gathers_what_needs_the_person(browser: Browser) -> None:
    lightward, gemini = FakeLightward(), FakeGemini()
    workdir = make_workdir("browser-home")
    server = HearthServer(sqlite_url(workdir / "hearth.sqlite"), workdir, name="home",
                          extra_env={**lightward.env, **gemini.env})
    server.start()
    try:
        email, ada = signed_up(server, "Ada")
        _, isaac = signed_up(server, "Isaac")

        # Softer: Isaac invites Ada to a room
        r = isaac.post("/api/softer/rooms", json={"nickname": "Isaac", "participants": [{"contact": email, "nickname": "Ada"}]})
        assert r.status_code == 201, describe(r)
        room = r.json()["room"]["id"]
        eventually("the room to wait on Ada", lambda: ada.get(f"/api/softer/rooms/{room}").status_code == 200)

        # Redo: a task due today (the CLI's today is Paris's, so the account's is too)
        assert ada.patch("/api/me", json={"timeZone": "Europe/Paris"}).status_code == 200
        cli = RedoHome.fresh("redo-home")
        cli.out("init", "--name", "Ada's laptop")
        cli.out("login", "--server", server.base_url, "--email", email, "--password-stdin", stdin=PASSWORD + "\n")
        cli.out("add", "Call the plumber", "--due", "today")
        cli.out("sync")

        # Auralyst: a dose two hours from now in the journal's zone
        zone = zone_where_it_is_ten()
        journal = ada.post("/api/auralyst/journals", json={"title": "Migraines", "timeZone": zone}).json()["journal"]["id"]
        local = datetime.datetime.now(datetime.timezone.utc).astimezone(datetime.timezone(datetime.timedelta(
            hours=-int(zone[7:] or 0)))) + datetime.timedelta(hours=2)
        r = ada.post(f"/api/auralyst/journals/{journal}/medications", json={
            "name": "Ibuprofen", "schedules": [{"time": local.strftime("%H:00")}]})
        assert r.status_code == 201, describe(r)

        # Onpu: a song read, its words added to the reviews
        assert ada.post("/v1/jobs", json={"title": "芭蕉", "artist": "松尾芭蕉", "lyrics": LYRICS}).status_code in (200, 201, 202)
        song = eventually("the song's analysis", lambda: (ada.get("/api/onpu/songs").json().get("songs") or [None])[0])
        r = ada.post(f"/api/onpu/study/songs/{song['id']}", timeout=120)
        assert r.status_code in (200, 201), describe(r)

        for width in (390, 1280):
            context = browser.new_context(base_url=server.base_url, viewport={"width": width, "height": 844},
                                          locale="en-US", color_scheme="dark" if width < 600 else "light")
            context.set_default_timeout(15_000)
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto("/login")
            page.locator('input[name="email"]').fill(email)
            page.locator('input[name="password"]').fill(PASSWORD)
            page.get_by_role("button", name="Log in").click()
            page.wait_for_url(server.base_url + "/")
            main = page.locator("main")
            expect(main.get_by_role("heading", name="Hello, Ada")).to_be_visible()
            for text, lands in (
                ("Invited: ", f"/softer/rooms/{room}"),
                ("Call the plumber", "/redo/tasks/"),
                ("Next dose: Ibuprofen at ", f"/auralyst/journals/{journal}/medications"),
                ("reviews are due", "/onpu/study"),
            ):
                link = main.get_by_role("link", name=text)
                expect(link).to_be_visible()
                link.click()
                page.wait_for_url(f"**{lands}**")
                page.go_back()
            assert page.evaluate("document.documentElement.scrollWidth") <= width
            assert not errors, errors
            context.close()

        # A newcomer's home helps them start in each app
        newcomer, _ = signed_up(server, "Nell")
        page = browser.new_page(base_url=server.base_url)
        page.goto("/login")
        page.locator('input[name="email"]').fill(newcomer)
        page.locator('input[name="password"]').fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url(server.base_url + "/")
        expect(page.locator("main")).to_contain_text("Nothing needs you right now.")
        for app in ("Softer", "Redo", "Auralyst", "Onpu"):
            expect(page.get_by_role("link", name=f"Open {app}")).to_be_visible()
        page.close()
    finally:
        server.stop()
        lightward.close()
        gemini.close()
