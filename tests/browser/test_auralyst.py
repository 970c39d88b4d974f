"""Auralyst in real browsers: an owner shares a journal and sees a caregiver's note arrive live
on the entry page; an entry made offline is kept in the browser and arrives once."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

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
    page.get_by_role("button", name="Create Journal").click()
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
    expect(ann.locator("#entry-severity-value")).to_have_text("7")
    ann.locator("#entry-note").fill("Woke up with it behind the left eye")
    ann.get_by_role("button", name="Save Entry").click()
    expect(ann.locator(".auralyst-day-row")).to_contain_text("1 entry")
    expect(ann.locator(".auralyst-day-row")).to_contain_text("Woke up with it behind the left eye")
    ann.screenshot(path=str(screenshots / "auralyst-home.png"), full_page=True)

    # She shares the journal with Cat, read-write
    ann.get_by_role("link", name="Sharing").click()
    expect(ann.locator("main")).to_contain_text("Not Shared")
    ann.locator("#share-email").fill(cat_email)
    ann.get_by_label("Add entries, doses and notes, and change what they wrote").check()
    ann.get_by_role("button", name="Send Invitation").click()
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
    expect(cat.locator(".auralyst-journal-row")).to_contain_text("Shared by Ann, read-write")
    cat.locator(".auralyst-journal-row").click()
    cat.wait_for_url(f"**/auralyst/journals/{journal}")
    cat.locator(".auralyst-day-row").click()
    cat.wait_for_url("**/days/*")
    cat.locator(".auralyst-entry-row").click()
    cat.wait_for_url("**/entries/*")
    # She may add notes but not edit Ann's entry
    expect(cat.get_by_text("Edit Entry")).to_have_count(0)
    cat.locator("#note-text").fill("Called the doctor, appointment on Friday")
    cat.get_by_role("button", name="Add Note").click()
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
    ann.once("dialog", lambda dialog: dialog.accept())
    ann.get_by_role("button", name="Stop Sharing").click()
    expect(ann.locator("main")).to_contain_text("Not Shared")
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
    page.get_by_role("button", name="Save Entry").click()
    expect(page.locator(".auralyst-status")).to_contain_text("Saved on this device")
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

    # The owner edits the symptoms entries rate; the quick-add offers them
    page.get_by_role("link", name="Settings", exact=True).click()
    page.locator("#settings-symptoms").fill("Headache\nDizziness\nFatigue")
    page.get_by_role("button", name="Save Settings").click()
    page.wait_for_url(f"**{base}/settings")
    expect(page.locator("#settings-symptoms")).to_have_value("Headache\nDizziness\nFatigue")
    page.get_by_role("link", name="Journal", exact=True).click()
    page.locator("#quick-add summary").click()
    expect(page.get_by_label("Dizziness")).to_be_visible()

    # A scheduled medication with two doses, made in the editor
    page.get_by_role("link", name="Medications", exact=True).click()
    expect(page.locator(".auralyst-empty")).to_contain_text("No medications yet")
    page.get_by_role("link", name="Add Medication").click()
    page.locator("#med-name").fill("Magnesium")
    page.locator("#med-amount").fill("400")
    page.locator("#med-unit").fill("mg")
    page.get_by_role("button", name="Add Dose").click()
    rows = page.locator("[data-auralyst-rows] [data-auralyst-row]")
    rows.nth(0).locator('[data-field="label"]').fill("Morning")
    rows.nth(0).locator('[data-field="time"]').fill("08:00")
    page.get_by_role("button", name="Add Dose").click()
    rows.nth(1).locator('[data-field="label"]').fill("Evening")
    rows.nth(1).locator('[data-field="time"]').fill("20:00")
    page.get_by_role("button", name="Save").click()
    page.wait_for_url(f"**{base}/medications")
    expect(page.locator(".auralyst-medication")).to_contain_text("Morning at 08:00, every day")
    expect(page.locator(".auralyst-medication")).to_contain_text("Evening at 20:00, every day")

    # An as-needed one, then both show in the quick log
    page.get_by_role("link", name="Add Medication").click()
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
    expect(page.locator(".auralyst-status")).to_have_text("Dose logged.")
    page.locator(".auralyst-as-needed summary").click()
    page.get_by_role("button", name="Log Dose").click()
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
    expect(page.locator("main")).to_contain_text("Average Severity")
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
    expect(page.locator(".auralyst-tabs")).to_be_hidden()
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
    page.get_by_role("button", name="Create Journal").click()
    page.wait_for_url("**/auralyst/journals/*")
    page.get_by_role("link", name="Export & import").click()
    page.locator("#import-file").set_input_files(str(exported))
    page.get_by_role("button", name="Import Journal").click()
    expect(page.locator(".auralyst-status")).to_contain_text(
        "Import Complete: imported 4 entries, 2 medications, 2 schedules, 2 intakes, 0 notes."
    )
    assert not errors, errors
