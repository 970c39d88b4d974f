"""Auralyst in real browsers: an owner shares a journal and sees a caregiver's note arrive live
on the entry page; an entry made offline is kept in the browser and arrives once."""

from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from dialogs import answer
from hearth_harness import PASSWORD, HearthServer, unique_email
from playwright.sync_api import Browser, BrowserContext, Page, expect


def person(browser: Browser, server: HearthServer, name: str, viewport: dict) -> tuple[Page, str, str, list[str]]:
    email = unique_email(name.lower())
    response = server.client().signup(email, display_name=name, timeZone="Europe/Paris")
    assert response.status_code == 201, response.text
    token = response.json()["accessToken"]
    context = browser.new_context(
        base_url=server.base_url, viewport=viewport, locale="en-US", timezone_id="Europe/Paris"
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto("/login?next=/auralyst")
    page.locator('input[name="email"]').fill(email)
    page.locator('input[name="password"]').fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/auralyst")
    return page, email, token, errors


def new_journal(page: Page, title: str) -> str:
    expect(page.locator(".auralyst-empty")).to_contain_text("Welcome to Auralyst")
    page.locator("#journal-title").fill(title)
    page.get_by_role("button", name="Create journal").click()
    page.wait_for_url("**/auralyst/journals/*")
    expect(page.locator("h1")).to_have_text(title)
    return page.url.rsplit("/", 1)[1]


def test_a_caregivers_note_appears_live_on_the_owners_entry(
    browser: Browser, live_server: HearthServer, screenshots
) -> None:
    ann, _, _, ann_errors = person(browser, live_server, "Ann", {"width": 1280, "height": 900})
    cat, cat_email, _, cat_errors = person(browser, live_server, "Cat", {"width": 390, "height": 844})

    # Ann starts a journal; its empty timeline says where to begin
    journal = new_journal(ann, "Ann's migraines")
    expect(ann.locator("#auralyst-live")).to_contain_text("Start with today. Auralyst will trace the line.")

    # She logs an entry with the quick-add form; the timeline counts it
    ann.locator("#entry-severity").fill("7")
    expect(ann.locator('output[for="entry-severity"]')).to_have_text("7 (severe)")
    ann.locator("#entry-note").fill("Woke up with it behind the left eye")
    ann.get_by_role("button", name="Save entry").click()
    expect(ann.locator(".auralyst-day-row")).to_contain_text("1 entry")
    expect(ann.locator(".auralyst-day-row")).to_contain_text("Woke up with it behind the left eye")
    ann.screenshot(path=str(screenshots / "auralyst-home.png"), full_page=True)

    # She shares the journal with Cat, read-write
    ann.get_by_role("link", name="Sharing").click()
    expect(ann.locator("main")).to_contain_text("Not shared")
    ann.locator("#share-email").fill(cat_email)
    ann.get_by_label("Add entries, doses and notes, and change what they wrote").check()
    ann.get_by_role("button", name="Send invitation").click()
    expect(ann.locator(".auralyst-person")).to_contain_text("Pending")

    # Ann opens her entry and waits there
    ann.get_by_role("link", name="Journal", exact=True).click()
    ann.wait_for_url(f"**/auralyst/journals/{journal}")
    ann.locator(".auralyst-day-row").click()
    ann.wait_for_url("**/days/*")
    ann.locator(".auralyst-entry-row").click()
    ann.wait_for_url("**/entries/*")
    expect(ann.locator("#auralyst-no-notes")).to_have_text("No collaborator notes yet.")

    # Cat accepts the invitation and finds the entry on her phone
    cat.goto("/invitations")
    expect(cat.locator("#invitation-list")).to_contain_text("Ann's migraines")
    cat.get_by_role("button", name="Accept").first.click()
    cat.goto("/auralyst")
    expect(cat.locator(".auralyst-journal-row")).to_contain_text("Shared by Ann; you can add entries, doses and notes")
    cat.locator(".auralyst-journal-row").click()
    cat.wait_for_url(f"**/auralyst/journals/{journal}")
    cat.locator(".auralyst-day-row").click()
    cat.wait_for_url("**/days/*")
    cat.locator(".auralyst-entry-row").click()
    cat.wait_for_url("**/entries/*")
    # She may add notes but not edit Ann's entry
    expect(cat.get_by_text("Edit entry")).to_have_count(0)
    cat.locator("#note-text").fill("Called the doctor, appointment on Friday")
    cat.get_by_role("button", name="Add note").click()
    expect(cat.locator(".auralyst-note")).to_contain_text("Called the doctor")

    # Without reloading, Ann's entry page shows the note, by Cat
    note = ann.locator(".auralyst-note")
    expect(note).to_contain_text("Called the doctor, appointment on Friday")
    expect(note.locator(".auralyst-author")).to_have_text("Cat")
    expect(ann.locator("#auralyst-no-notes")).to_have_count(0)
    ann.screenshot(path=str(screenshots / "auralyst-entry-note-live.png"), full_page=True)
    cat.screenshot(path=str(screenshots / "auralyst-caregiver-phone.png"), full_page=True)

    # Ann stops sharing: Cat's open page leaves the journal at once, and it is gone for her
    ann.goto(f"/auralyst/journals/{journal}/sharing")
    ann.get_by_role("button", name="Stop sharing").click()
    answer(ann, "Stop sharing")
    expect(ann.locator("main")).to_contain_text("Not shared")
    cat.wait_for_url("**/auralyst")
    expect(cat.locator(".auralyst-empty")).to_contain_text("Welcome to Auralyst")
    cat.goto(f"/auralyst/journals/{journal}")
    expect(cat.locator("main")).to_contain_text("We couldn't find that page")
    assert not ann_errors and not cat_errors, ann_errors + cat_errors


def entries_with(server: HearthServer, token: str, journal: str, note: str) -> int:
    response = server.client().with_token(token).get(f"/api/auralyst/journals/{journal}/entries")
    assert response.status_code == 200, response.text
    return sum(1 for entry in response.json()["entries"] if entry.get("note") == note)


def test_an_entry_made_offline_arrives_once(browser: Browser, live_server: HearthServer, screenshots) -> None:
    page, _, token, errors = person(browser, live_server, "Dee", {"width": 390, "height": 844})
    journal = new_journal(page, "Dee's journal")
    context: BrowserContext = page.context

    # Offline, the entry is kept on the device and listed as waiting
    context.set_offline(True)
    page.locator("#entry-severity").fill("4")
    page.locator("#entry-note").fill("Written on the train")
    page.get_by_role("button", name="Save entry").click()
    expect(page.locator(".toast")).to_contain_text("Saved on this device")
    expect(page.locator("#auralyst-outbox")).to_contain_text("Severity 4: Written on the train")
    page.screenshot(path=str(screenshots / "auralyst-offline-outbox.png"), full_page=True)
    assert entries_with(live_server, token, journal, "Written on the train") == 0

    # Back online, it is sent, and the timeline shows it
    context.set_offline(False)
    expect(page.locator("#auralyst-outbox")).to_be_hidden()
    expect(page.locator(".auralyst-day-row")).to_contain_text("Written on the train")
    assert entries_with(live_server, token, journal, "Written on the train") == 1

    # A reload (or a second tab flushing the same queue) sends nothing again
    page.reload()
    expect(page.locator(".auralyst-day-row")).to_contain_text("1 entry")
    assert entries_with(live_server, token, journal, "Written on the train") == 1
    assert not errors, errors


def test_medications_quick_log_insights_report_and_files(
    browser: Browser, live_server: HearthServer, screenshots, tmp_path
) -> None:
    page, _, token, errors = person(browser, live_server, "Eli", {"width": 1280, "height": 900})
    journal = new_journal(page, "Eli's journal")
    base = f"/auralyst/journals/{journal}"

    # The owner edits the symptoms entries rate, and lets dose reminders travel; the quick-add
    # offers the symptoms
    page.get_by_role("link", name="Settings", exact=True).click()
    page.locator("#settings-symptoms").fill("Headache\nDizziness\nFatigue")
    page.get_by_label("Dose reminders").select_option("current")
    page.get_by_role("button", name="Save settings").click()
    page.wait_for_url(f"**{base}/settings")
    expect(page.locator("#settings-symptoms")).to_have_value("Headache\nDizziness\nFatigue")
    expect(page.get_by_label("Dose reminders")).to_have_value("current")
    page.get_by_role("link", name="Journal", exact=True).click()
    page.locator("#quick-add summary").click()
    expect(page.get_by_label("Dizziness")).to_be_visible()

    # A scheduled medication with two doses, made in the editor
    page.get_by_role("link", name="Medications", exact=True).click()
    expect(page.locator(".auralyst-empty")).to_contain_text("No medications yet")
    page.get_by_role("link", name="Add medication").click()
    page.locator("#med-name").fill("Magnesium")
    page.locator("#med-amount").fill("400")
    page.locator("#med-unit").fill("mg")
    page.get_by_role("button", name="Add dose").click()
    rows = page.locator("[data-auralyst-rows] [data-auralyst-row]")
    rows.nth(0).locator('[data-field="label"]').fill("Morning")
    rows.nth(0).locator('[data-field="time"]').fill("08:00")
    page.get_by_role("button", name="Add dose").click()
    rows.nth(1).locator('[data-field="label"]').fill("Evening")
    rows.nth(1).locator('[data-field="time"]').fill("20:00")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(f"**{base}/medications")
    expect(page.locator(".auralyst-medication")).to_contain_text("Morning at 08:00, every day")
    expect(page.locator(".auralyst-medication")).to_contain_text("Evening at 20:00, every day")

    # An as-needed one, then both show in the quick log
    page.get_by_role("link", name="Add medication").click()
    page.locator("#med-name").fill("Ibuprofen")
    page.locator("#med-as-needed").check()
    page.locator("#med-amount").fill("200")
    page.locator("#med-unit").fill("mg")
    page.locator("#med-use").fill("pain")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(f"**{base}/medications")
    page.get_by_role("link", name="Journal", exact=True).click()
    page.wait_for_url(f"**{base}")
    doses = page.locator("[data-auralyst-dose]")
    expect(doses).to_have_count(2)
    doses.first.check()
    expect(page.locator(".toast", has_text="Dose logged.")).to_be_visible()
    page.locator(".auralyst-as-needed summary").click()
    page.get_by_role("button", name="Log dose").click()
    expect(page.locator(".auralyst-day-row")).to_contain_text("2 doses")
    page.reload()
    expect(page.locator("[data-auralyst-dose]").first).to_be_checked()
    page.screenshot(path=str(screenshots / "auralyst-quick-log.png"), full_page=True)
    page.get_by_role("link", name="Earlier days").click()
    expect(page.locator(".auralyst-empty")).to_contain_text("Nothing was logged in the 30 days to")
    page.get_by_role("link", name="Back to today").click()
    expect(page.locator(".auralyst-day-row")).to_contain_text("2 doses")

    # The day lists both doses; the as-needed one is edited in place
    page.locator(".auralyst-day-row").click()
    page.wait_for_url("**/days/*")
    ibuprofen = page.locator(".auralyst-intake-row", has_text="Ibuprofen")
    expect(ibuprofen).to_contain_text("200 mg")
    ibuprofen.locator("summary").click()
    ibuprofen.get_by_label("Amount").fill("400")
    ibuprofen.get_by_role("button", name="Save").click()
    expect(page.locator(".auralyst-intake-row", has_text="Ibuprofen")).to_contain_text("400 mg")
    page.get_by_role("link", name="Journal", exact=True).click()

    # Entries over a few days, through the API, for the insights and the report
    client = live_server.client().with_token(token)
    for days_ago, severity in [(1, 8), (2, 3), (3, 6), (4, 2)]:
        when = datetime.now(timezone.utc) - timedelta(days=days_ago)
        response = client.post(
            f"/api/auralyst/journals/{journal}/entries",
            json={"severity": severity, "note": f"{days_ago} days ago",
                  "timestamp": when.strftime("%Y-%m-%dT%H:%M:%SZ")},
        )
        assert response.status_code == 201, response.text

    page.get_by_role("link", name="Insights", exact=True).click()
    expect(page.locator("main")).to_contain_text("Average severity")
    chart = page.locator("#chart-severity-summary")
    expect(chart).to_contain_text("days with entries")
    expect(page.locator(".auralyst-adherence").first).to_contain_text("Ibuprofen")
    page.get_by_role("link", name="7d").click()
    expect(page.get_by_role("link", name="7d")).to_have_attribute("aria-current", "page")
    page.screenshot(path=str(screenshots / "auralyst-insights.png"), full_page=True)

    # The report prints without the site around it
    page.get_by_role("link", name="Report", exact=True).click()
    expect(page.locator(".auralyst-report h1")).to_contain_text("Eli's journal")
    expect(page.locator(".auralyst-report")).to_contain_text("Magnesium")
    page.emulate_media(media="print")
    expect(page.locator(".auralyst-app .tabs")).to_be_hidden()
    expect(page.locator(".site-header")).to_be_hidden()
    page.screenshot(path=str(screenshots / "auralyst-report-print.png"), full_page=True)
    page.emulate_media(media="screen")

    # Export, then import the file into a second journal through the page
    page.get_by_role("link", name="Export & import").click()
    expect(page.locator(".auralyst-ok")).to_contain_text("No data health issues")
    with page.expect_download() as download:
        page.get_by_role("link", name="JSON Export").click()
    exported = tmp_path / "journal.json"
    download.value.save_as(exported)
    page.goto("/auralyst")
    page.locator("#journal-title").fill("Copy")
    page.get_by_role("button", name="Create journal").click()
    page.wait_for_url("**/auralyst/journals/*")
    page.get_by_role("link", name="Export & import").click()
    page.locator("#import-file").set_input_files(str(exported))
    page.get_by_role("button", name="Import journal").click()
    expect(page.locator("[data-auralyst-result]")).to_contain_text(
        "Import Complete: imported 4 entries, 2 medications, 2 dose times, 2 logged doses, 0 notes."
    )
    assert not errors, errors


PHONE = {"width": 390, "height": 844}


def api(server: HearthServer, token: str):
    return server.client().with_token(token)


def test_entries_are_rated_with_labelled_sliders_and_saved_shows_in_view(
    browser: Browser, live_server: HearthServer, screenshots
) -> None:
    page, _, token, errors = person(browser, live_server, "Fay", PHONE)
    journal = new_journal(page, "Fay's journal")

    # Overall severity is a slider with its ends named and its value shown and announced
    severity = page.locator("#entry-severity")
    expect(severity).to_have_attribute("type", "range")
    overall = page.locator(".slider", has=severity)
    expect(overall).to_contain_text("0 none")
    expect(overall).to_contain_text("10 worst")
    expect(severity).to_have_attribute("aria-valuetext", "0 (none)")
    severity.fill("7")
    expect(page.locator('output[for="entry-severity"]')).to_have_text("7 (severe)")
    expect(severity).to_have_attribute("aria-valuetext", "7 (severe)")

    # Symptoms are sliders too, not number boxes, and "Not rated" until moved
    page.locator("#quick-add summary").click()
    expect(page.locator('#quick-add input[type="number"]')).to_have_count(0)
    headache = page.get_by_label("Headache", exact=True)
    expect(headache).to_have_attribute("type", "range")
    expect(headache).to_have_attribute("aria-valuetext", "Not rated")
    expect(page.locator('output[for="symptom-1"]')).to_have_text("Not rated")
    headache.fill("6")
    expect(headache).to_have_attribute("aria-valuetext", "6 (moderate)")
    page.get_by_label("Menstruating").check()
    page.locator("#entry-note").fill("Bright light")

    # "Saved" shows where the person is looking: inside the phone's viewport
    page.get_by_role("button", name="Save entry").click()
    toast = page.locator(".toast", has_text="Entry saved.")
    expect(toast).to_be_visible()
    box = toast.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"], box
    page.screenshot(path=str(screenshots / "auralyst-saved-toast-phone.png"))
    # The form is ready for the next entry
    expect(page.locator('output[for="entry-severity"]')).to_have_text("0 (none)")
    expect(headache).to_have_attribute("aria-valuetext", "Not rated")
    entries = api(live_server, token).get(f"/api/auralyst/journals/{journal}/entries").json()["entries"]
    assert [(e["severity"], e.get("symptoms"), e.get("isMenstruating")) for e in entries] == [
        (7, {"Headache": 6}, True)
    ], entries

    # The day page shows the ratings and menstruation, not just the note
    page.locator(".auralyst-day-row").click()
    page.wait_for_url("**/days/*")
    row = page.locator(".auralyst-entry-row")
    expect(row).to_contain_text("Overall 7 of 10")
    expect(row.locator(".auralyst-ratings")).to_have_text("Headache 6")
    expect(row).to_contain_text("Menstruating")
    expect(page.locator(".auralyst-day-summary")).to_contain_text("Menstruating this day.")
    page.screenshot(path=str(screenshots / "auralyst-day-phone.png"), full_page=True)

    # The editor rates with the same sliders; clearing a rating removes it
    row.click()
    page.wait_for_url("**/entries/*")
    page.get_by_text("Edit entry").click()
    expect(page.locator("#edit-severity")).to_have_attribute("aria-valuetext", "7 (severe)")
    expect(page.locator("#edit-symptom-0")).to_have_attribute("aria-valuetext", "6 (moderate)")
    expect(page.locator("#edit-symptom-1")).to_have_attribute("aria-valuetext", "Not rated")
    page.get_by_role("button", name="Clear Headache").click()
    expect(page.locator("#edit-symptom-0")).to_have_attribute("aria-valuetext", "Not rated")
    page.locator("#edit-severity").fill("5")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page.locator(".toast", has_text="Entry saved.")).to_be_visible()
    entries = api(live_server, token).get(f"/api/auralyst/journals/{journal}/entries").json()["entries"]
    assert [(e["severity"], e.get("symptoms") or {}) for e in entries] == [(5, {})], entries
    # The page shows the saved levels, and the editor keeps them
    expect(page.locator(".auralyst-levels")).to_contain_text("5/10")
    expect(page.locator(".auralyst-levels")).not_to_contain_text("Headache")
    page.get_by_text("Edit entry").click()
    expect(page.locator("#edit-severity")).to_have_attribute("aria-valuetext", "5 (moderate)")
    expect(page.locator("#edit-symptom-0")).to_have_attribute("aria-valuetext", "Not rated")
    assert not errors, errors


def test_the_calendar_colours_a_month_by_severity(
    browser: Browser, live_server: HearthServer, screenshots
) -> None:
    page, _, token, errors = person(browser, live_server, "Gus", PHONE)
    journal = new_journal(page, "Gus's journal")
    client = api(live_server, token)
    # 23:30 UTC on 9 March is 00:30 on the 10th in Paris: the journal's zone decides the day
    for when, severity in [
        ("2026-03-09T23:30:00Z", 8),
        ("2026-03-03T10:00:00Z", 2),
        ("2026-03-03T18:00:00Z", 4),
        ("2026-02-20T10:00:00Z", 10),
    ]:
        response = client.post(
            f"/api/auralyst/journals/{journal}/entries", json={"severity": severity, "timestamp": when}
        )
        assert response.status_code == 201, response.text

    page.get_by_role("link", name="Calendar", exact=True).click()
    page.wait_for_url("**/calendar")
    page.goto(f"/auralyst/journals/{journal}/calendar?month=2026-03")
    table = page.locator("table.auralyst-calendar")
    expect(table.locator("caption")).to_have_text("Severity in March 2026")
    headers = table.locator("thead th")
    expect(headers).to_have_count(7)
    expect(headers.first).to_have_text("Mon")
    expect(headers.first).to_have_attribute("abbr", "Monday")
    expect(headers.first).to_have_attribute("scope", "col")
    # 1 March 2026 is a Sunday: the first week has six blank days before it
    first_week = table.locator("tbody tr").first.locator("td")
    expect(first_week.nth(6)).to_contain_text("1")
    expect(first_week.nth(5).locator("a")).to_have_count(0)

    tenth = table.get_by_role("link", name="Tuesday 10 March: average severity 8.0 of 10, severe, 1 entry")
    expect(tenth).to_have_class("auralyst-cal-day auralyst-sev-3")
    expect(table.get_by_role("link", name="Monday 9 March: nothing logged")).to_have_class(
        "auralyst-cal-day auralyst-sev-none"
    )
    third = table.get_by_role("link", name="Tuesday 3 March: average severity 3.0 of 10, mild, 2 entries")
    expect(third).to_have_class("auralyst-cal-day auralyst-sev-1")
    expect(page.locator(".auralyst-legend")).to_contain_text("Severe (7 or 8)")
    # No sideways scrolling on a phone
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(screenshots / "auralyst-calendar-phone.png"), full_page=True)

    # Previous and next months
    page.get_by_role("link", name="‹ February 2026").click()
    expect(table.locator("caption")).to_have_text("Severity in February 2026")
    expect(
        table.get_by_role("link", name="Friday 20 February: average severity 10.0 of 10, very severe, 1 entry")
    ).to_have_class("auralyst-cal-day auralyst-sev-4")
    page.get_by_role("link", name="March 2026 ›").click()
    expect(table.locator("caption")).to_have_text("Severity in March 2026")

    # Each day opens its day page
    tenth.click()
    page.wait_for_url("**/days/2026-03-10")
    expect(page.locator(".auralyst-entry-row")).to_contain_text("Overall 8 of 10")
    assert not errors, errors


def test_insights_count_from_a_medications_start_and_word_effects_by_their_sign(
    browser: Browser, live_server: HearthServer, screenshots
) -> None:
    page, _, token, errors = person(browser, live_server, "Hal", {"width": 1280, "height": 900})
    journal = new_journal(page, "Hal's journal")
    client = api(live_server, token)
    base = f"/api/auralyst/journals/{journal}"
    # A scheduled medication added just now, its dose at 00:00 (already past today)
    response = client.post(
        f"{base}/medications", json={"name": "Magnesium", "schedules": [{"time": "00:00"}]}
    )
    assert response.status_code == 201, response.text
    response = client.post(f"{base}/medications", json={"name": "Ibuprofen", "isAsNeeded": True})
    assert response.status_code == 201, response.text
    ibuprofen = response.json()["medication"]["id"]
    # Six days: with Ibuprofen severity 2, without it 8; one entry a day at noon in the journal's
    # zone, so all six are inside the last seven days whatever the hour the test runs
    now = datetime.now(ZoneInfo("Europe/Paris")).replace(hour=12, minute=0, second=0, microsecond=0)
    for days_ago in range(1, 7):
        when = (now - timedelta(days=days_ago)).astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
        taken = days_ago <= 3
        response = client.post(f"{base}/entries", json={"severity": 2 if taken else 8, "timestamp": when})
        assert response.status_code == 201, response.text
        if taken:
            response = client.post(
                f"{base}/intakes", json={"medicationId": ibuprofen, "origin": "asNeeded", "timestamp": when}
            )
            assert response.status_code == 201, response.text

    page.goto(f"/auralyst/journals/{journal}/insights?window=7d")
    # Adherence starts at the medication's start, not 0 of a whole window
    magnesium = page.locator(".auralyst-adherence", has_text="Magnesium")
    expect(magnesium).to_contain_text(re.compile(r"Started today; no doses due yet\.|0 of 1 dose taken since today"))
    expect(magnesium).not_to_contain_text("of 7")
    # Lower severity on days taken: a negative change, worded "lower", in the chart and the cue
    summary = page.locator("#chart-effect-summary")
    expect(summary).to_have_text("Ibuprofen: severity 3.0 points lower on 3 days taken.")
    expect(page.locator("figure.auralyst-chart", has=summary)).to_contain_text("−3.0")
    expect(page.locator(".auralyst-cue", has_text="Ibuprofen")).to_contain_text(
        "Ibuprofen correlates with lower severity (3.0 points lower on days taken)."
    )
    # Plurals and weekday names
    text = page.locator("main").text_content() or ""
    assert not re.search(r"\b1 (days|entries|doses|points)\b", text), text
    assert not re.search(r"\b(Sun|Mon|Tue|Wed|Thu|Fri|Sat)s\b", text), text
    assert re.search(r"on (Sun|Mon|Tues|Wednes|Thurs|Fri|Satur)days around", text), text
    assert "from 1 entry" in text
    page.screenshot(path=str(screenshots / "auralyst-insights-words.png"), full_page=True)
    assert not errors, errors


def test_errors_name_fields_in_the_forms_words(browser: Browser, live_server: HearthServer) -> None:
    page, _, _, errors = person(browser, live_server, "Ivy", PHONE)
    new_journal(page, "Ivy's journal")
    # The API names fields as it does ("note is required."); the page says it in the label's words
    page.route(
        "**/entries",
        lambda route: route.fulfill(
            status=400,
            content_type="application/json",
            body='{"error":{"code":"missing_field","message":"note is required.","field":"note"}}',
        ),
    )
    page.get_by_role("button", name="Save entry").click()
    error = page.locator("#quick-add .form-error")
    expect(error).to_have_text("Fill in Note.")
    expect(page.locator("#entry-note")).to_have_attribute("aria-invalid", "true")
    page.unroute("**/entries")
    page.route(
        "**/entries",
        lambda route: route.fulfill(
            status=400,
            content_type="application/json",
            body='{"error":{"code":"invalid_field","message":"symptoms.Headache must be an integer.",'
            '"field":"symptoms.Headache"}}',
        ),
    )
    page.get_by_role("button", name="Save entry").click()
    expect(error).to_have_text("Headache must be an integer.")
    page.unroute("**/entries")
    page.route("**/entries", lambda route: route.fulfill(status=500, body="boom"))
    page.get_by_role("button", name="Save entry").click()
    expect(error).to_have_text("Something went wrong on our side. Try again in a moment.")
    assert not errors, errors


def test_a_journals_pages_pass_axe_and_fit_a_phone_light_and_dark(
    browser: Browser, live_server: HearthServer, screenshots
) -> None:
    from axe_playwright_python.sync_playwright import Axe
    from test_pages import THUMB_CHECK

    page, email, token, errors = person(browser, live_server, "Joy", PHONE)
    journal = new_journal(page, "Joy's journal")
    client = api(live_server, token)
    base = f"/api/auralyst/journals/{journal}"
    ibuprofen = client.post(f"{base}/medications", json={"name": "Ibuprofen", "isAsNeeded": True})
    client.post(f"{base}/medications", json={"name": "Magnesium", "schedules": [{"time": "08:00"}]})
    now = datetime.now(timezone.utc).replace(hour=9, minute=0, second=0, microsecond=0)
    for days_ago in range(1, 10):
        when = (now - timedelta(days=days_ago)).strftime("%Y-%m-%dT%H:%M:%SZ")
        client.post(
            f"{base}/entries",
            json={"severity": days_ago, "symptoms": {"Headache": 4}, "isMenstruating": days_ago < 3,
                  "note": "Note", "timestamp": when},
        )
        client.post(
            f"{base}/intakes",
            json={"medicationId": ibuprofen.json()["medication"]["id"], "origin": "asNeeded", "timestamp": when},
        )
    entry = client.get(f"{base}/entries").json()["entries"][0]["id"]
    day = (now - timedelta(days=1)).strftime("%Y-%m-%d")
    # A pending invitation by email, so the sharing page shows one
    invited = unique_email("pending")
    assert client.post(f"{base}/shares", json={"email": invited, "permission": "read-only"}).status_code == 200
    paths = {"home": "", "calendar": "/calendar", "day": f"/days/{day}", "entry": f"/entries/{entry}",
             "insights": "/insights", "medications": "/medications", "sharing": "/sharing",
             "new-medication": "/medications/new", "data": "/data", "report": "/report",
             "settings": "/settings"}
    axe = Axe()
    problems: list[str] = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for name, path in paths.items():
            where = f"{name} ({scheme})"
            page.goto(f"/auralyst/journals/{journal}{path}")
            page.wait_for_load_state("networkidle")
            for details in page.locator("#quick-add summary, #auralyst-live ~ details.card summary").all():
                details.click()
            for violation in axe.run(page).response["violations"]:
                if violation["impact"] in ("serious", "critical"):
                    nodes = "; ".join(n["html"][:120] for n in violation["nodes"][:2])
                    problems.append(f"{where}: axe {violation['id']}: {nodes}")
            if page.evaluate("document.scrollingElement.scrollWidth") > PHONE["width"]:
                problems.append(f"{where}: scrolls sideways")
            problems += [f"{where}: {line}" for line in page.evaluate(THUMB_CHECK)]
            text = page.locator("main").inner_text()
            for pattern in [r"\b1 (days|entries|doses)\b", r"\b(Mon|Tue|Wed|Thu|Fri|Sat|Sun)s\b",
                            r"\b[0-9a-f]{8}-[0-9a-f]{4}-", r"\bUTC\b", r"read-write|read-only",
                            r"\d{4}-\d{2}-\d{2}"]:
                if re.search(pattern, text):
                    problems.append(f"{where}: {pattern} in the page's words")
            # One case style: buttons and headings in sentence case ("Add medication"); the
            # journal's symptoms are the person's own words ("Clear Headache")
            labels = page.locator("main").locator("button, .button, h1, h2, h3, summary").all_inner_texts()
            problems += [f"{where}: {label!r} is in Title Case" for label in labels
                         if re.search(r"\b[A-Z][a-z]+[ -][A-Z][a-z]+\b", label)
                         and not re.search(r"\b(Headache|Nausea|Anxiety)\b", label)]
            page.screenshot(path=str(screenshots / f"auralyst-walk-{name}-{scheme}.png"), full_page=True)

    # Joy withdraws the invitation she sent: it leaves the list, and the journal is not shared
    page.goto(f"/auralyst/journals/{journal}/sharing")
    expect(page.get_by_role("list", name="Invitations by email")).to_contain_text(invited)
    page.get_by_role("button", name=f"Withdraw the invitation to {invited}").click()
    answer(page, "Withdraw invitation")
    expect(page.get_by_role("list", name="Invitations by email")).to_have_count(0)
    expect(page.locator("main")).to_contain_text("Not shared")
    assert client.get(f"{base}/shares").json()["invitations"] == []
    assert not problems and not errors, "\n".join(problems + errors)


def test_factors_are_defined_logged_with_an_entry_and_edited_on_a_phone(
    browser: Browser, live_server: HearthServer, screenshots
) -> None:
    from zoneinfo import ZoneInfo

    page, _, token, errors = person(browser, live_server, "Gus", PHONE)
    journal = new_journal(page, "Gus's journal")
    client = api(live_server, token)
    today = datetime.now(ZoneInfo("Europe/Paris")).date().isoformat()

    # Gus defines two factors on the Factors tab
    page.get_by_role("link", name="Factors").first.click()
    page.wait_for_url("**/factors")
    expect(page.locator("#auralyst-live")).to_contain_text("No factors yet")
    page.locator("#factor-name").fill("Sleep")
    page.get_by_label("Kind").select_option("number")
    page.locator("#factor-unit").fill("hours")
    page.get_by_role("button", name="Add factor").click()
    expect(page.locator("#auralyst-live")).to_contain_text("Number (e.g., sleep hours), in hours")
    page.locator("#factor-name").fill("Red wine")
    page.get_by_label("Kind").select_option("yesno")
    page.get_by_role("button", name="Add factor").click()
    expect(page.locator("#auralyst-live li")).to_have_count(2)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(screenshots / "auralyst-factors-phone.png"), full_page=True)

    # The quick-add takes the day's factors with the entry
    page.goto(f"/auralyst/journals/{journal}")
    page.locator("#entry-severity").fill("6")
    page.locator(".auralyst-quick-factors summary").click()
    page.get_by_label("Sleep (hours)").fill("6.5")
    page.locator(".auralyst-quick-factors").get_by_label("Yes").check()
    page.get_by_role("button", name="Save entry").click()
    expect(page.locator(".auralyst-day-row")).to_contain_text("1 entry")
    values = client.get(f"/api/auralyst/journals/{journal}/factor-values").json()["values"]
    assert {(v["day"], v.get("number"), v.get("present")) for v in values} == {
        (today, 6.5, None),
        (today, None, True),
    }, values

    # The day's page shows them, and changes and clears them
    page.locator(".auralyst-day-row").click()
    page.wait_for_url("**/days/*")
    sleep = page.get_by_label("Sleep (hours)")
    expect(sleep).to_have_value("6.5")
    sleep.fill("7.5")
    page.get_by_role("form", name="Sleep on this day").get_by_role("button", name="Save").click()
    expect(page.get_by_label("Sleep (hours)")).to_have_value("7.5")
    page.get_by_role("button", name="Clear Red wine for this day").click()
    expect(page.get_by_role("button", name="Clear Red wine for this day")).to_have_count(0)
    values = client.get(f"/api/auralyst/journals/{journal}/factor-values").json()["values"]
    assert [(v["day"], v.get("number")) for v in values] == [(today, 7.5)], values
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(screenshots / "auralyst-day-factors-phone.png"), full_page=True)

    # Insights say how far the evidence is from a cue
    page.goto(f"/auralyst/journals/{journal}/insights")
    expect(page.locator(".auralyst-factor-relation").first).to_contain_text("Not enough yet")
    assert not errors, errors


def test_an_episode_is_started_detailed_and_ended_on_a_phone(
    browser: Browser, live_server: HearthServer, screenshots
) -> None:
    from axe_playwright_python.sync_playwright import Axe
    from test_pages import THUMB_CHECK

    page, _, token, errors = person(browser, live_server, "Ivy", PHONE)
    journal = new_journal(page, "Ivy's journal")
    client = api(live_server, token)
    base = f"/api/auralyst/journals/{journal}"
    triptan = client.post(f"{base}/medications", json={"name": "Sumatriptan", "isAsNeeded": True}).json()["medication"]
    axe = Axe()
    problems: list[str] = []

    def check(where: str) -> None:
        page.wait_for_load_state("networkidle")
        for violation in axe.run(page).response["violations"]:
            if violation["impact"] in ("serious", "critical"):
                nodes = "; ".join(n["html"][:120] for n in violation["nodes"][:2])
                problems.append(f"{where}: axe {violation['id']}: {nodes}")
        if page.evaluate("document.scrollingElement.scrollWidth") > PHONE["width"]:
            problems.append(f"{where}: scrolls sideways")
        problems.extend(f"{where}: {line}" for line in page.evaluate(THUMB_CHECK))

    # One tap: it started now
    card = page.get_by_role("region", name="Episode", exact=True)
    card.get_by_role("button", name="It started now").click()
    ongoing = page.get_by_role("region", name="Episode going on")
    expect(ongoing).to_contain_text("Since Today,")
    [episode] = client.get(f"{base}/episodes").json()["episodes"]
    assert episode["ongoing"] is True

    # A dose taken meanwhile shows up to link; where it hurts, aura, what was taken, whether it helped
    client.post(f"{base}/intakes", json={"medicationId": triptan["id"], "origin": "asNeeded"})
    page.reload()
    ongoing.get_by_role("group", name="Where it hurts").get_by_label("Left side").check()
    ongoing.get_by_role("group", name="Where it hurts").get_by_label("Temples").check()
    ongoing.get_by_role("group", name="Aura").get_by_role("radio", name="Yes").check()
    taken = ongoing.get_by_role("group", name="What was taken")
    taken.get_by_label("Sumatriptan", exact=True).check()
    taken.get_by_label(re.compile(r"Sumatriptan at \d\d:\d\d")).check()
    ongoing.get_by_role("group", name="Did it help?").get_by_role("radio", name="A little").check()
    ongoing.get_by_role("button", name="Save details").click()
    expect(page.locator(".toast", has_text="Episode saved.")).to_be_visible()
    saved = client.get(f"{base}/episodes/{episode['id']}").json()["episode"]
    assert saved["locations"] == ["left", "temples"] and saved["aura"] == "yes", saved
    assert saved["medicationIds"] == [triptan["id"]] and len(saved["intakeIds"]) == 1, saved
    assert saved["helped"] == "a-little", saved
    check("home, episode going on")
    page.screenshot(path=str(screenshots / "auralyst-episode-ongoing-phone.png"), full_page=True)

    # It ended now: the card offers a new start again
    ongoing.get_by_role("button", name="It ended now").click()
    expect(card.get_by_role("button", name="It started now")).to_be_visible()
    assert client.get(f"{base}/episodes/{episode['id']}").json()["episode"]["ongoing"] is False

    # The episodes page lists it in words, with its times to change
    card.get_by_role("link", name="All episodes").click()
    page.wait_for_url("**/episodes")
    row = page.get_by_role("list", name="Episodes").get_by_role("listitem").first
    expect(row).to_contain_text("Left side, Temples")
    expect(row).to_contain_text("A little")
    row.locator("summary", has_text="Change").click()
    expect(row.get_by_label("Started")).to_be_visible()
    check("episodes")
    page.screenshot(path=str(screenshots / "auralyst-episodes-phone.png"), full_page=True)

    # The daily check-in reminder, at a time of the journal's day
    page.goto(f"/auralyst/journals/{journal}")
    page.get_by_text("Daily check-in reminder").click()
    page.get_by_label("Remind me every day").check()
    page.locator("#check-in-time").fill("21:30")
    page.get_by_role("button", name="Save reminder").click()
    expect(page.locator(".toast", has_text="Check-in reminder saved.")).to_be_visible()
    assert client.get(f"{base}/check-in").json()["time"] == "21:30"
    check("home, check-in")
    assert not problems and not errors, "\n".join(problems + errors)
