"""Auralyst's medications on a phone: the scheduled-dose form in steps (what, when, how often,
reminders) that stack at 390 px, pass axe-core in light and dark, and name the field of an
error; and a medication's supply, counted in its editor and refilled on the Medications page."""

from __future__ import annotations

from hearth_harness import HearthServer
from playwright.sync_api import Browser, Page, expect
from test_auralyst import PHONE, api, new_journal, person
from test_pages import THUMB_CHECK

STEPS = ["1. What", "2. When", "3. How often", "4. Reminders"]


def check_page(page: Page, where: str) -> list[str]:
    """axe-core (serious and critical), sideways scrolling and tap targets, light and dark."""
    from axe_playwright_python.sync_playwright import Axe

    problems: list[str] = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for violation in Axe().run(page).response["violations"]:
            if violation["impact"] in ("serious", "critical"):
                nodes = "; ".join(n["html"][:120] for n in violation["nodes"][:2])
                problems.append(f"{where} ({scheme}): axe {violation['id']}: {nodes}")
        if page.evaluate("document.scrollingElement.scrollWidth") > PHONE["width"]:
            problems.append(f"{where} ({scheme}): scrolls sideways")
        problems += [f"{where} ({scheme}): {line}" for line in page.evaluate(THUMB_CHECK)]
    page.emulate_media(color_scheme="light")
    return problems


def test_the_scheduled_dose_form_comes_in_steps_that_stack_on_a_phone(
    browser: Browser, live_server: HearthServer, screenshots
) -> None:
    page, _, token, errors = person(browser, live_server, "Kim", PHONE)
    journal = new_journal(page, "Kim's journal")
    page.get_by_role("link", name="Medications", exact=True).click()
    page.get_by_role("link", name="Add medication").click()
    page.locator("#med-name").fill("Magnesium")
    page.locator("#med-unit").fill("tablets")

    # A dose is one group, named, with four steps, each a group of its own
    page.get_by_role("button", name="Add dose").click()
    page.get_by_role("button", name="Add dose").click()
    doses = page.locator("[data-auralyst-rows] [data-auralyst-row]")
    first, second = doses.nth(0), doses.nth(1)
    expect(page.get_by_role("group", name="Dose 1")).to_be_visible()
    expect(page.get_by_role("group", name="Dose 2")).to_be_visible()
    for step in STEPS:
        expect(first.get_by_role("group", name=step)).to_be_visible()

    # On a phone the steps stack, each as wide as the dose, and nothing scrolls sideways
    boxes = [first.get_by_role("group", name=step).bounding_box() for step in STEPS]
    for above, below in zip(boxes, boxes[1:]):
        assert below["y"] >= above["y"] + above["height"] - 1, (above, below)
        assert abs(below["x"] - above["x"]) < 1 and abs(below["width"] - above["width"]) < 1
    assert all(box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"] for box in boxes), boxes

    # Every field is found by its label; "Every few days" swaps the weekdays for a number
    first.get_by_label("Label (e.g., Morning)").fill("Morning")
    first.get_by_label("Time").fill("08:00")
    first.get_by_label("Amount").fill("1")
    expect(first.get_by_label("Active: remind me of it")).to_be_checked()
    expect(first.get_by_role("group", name="Days of the week")).to_be_visible()
    expect(first.get_by_label("Every how many days (1 to 365)")).to_be_hidden()
    second.get_by_label("Label (e.g., Morning)").fill("Evening")
    second.get_by_label("Time").fill("20:00")
    second.get_by_label("Every few days").check()
    expect(second.get_by_role("group", name="Days of the week")).to_be_hidden()
    every = second.get_by_label("Every how many days (1 to 365)")
    expect(every).to_be_visible()
    expect(first.get_by_role("group", name="Days of the week")).to_be_visible()
    page.screenshot(path=str(screenshots / "auralyst-dose-steps-phone.png"), full_page=True)
    problems = check_page(page, "new medication")

    # Left blank, the server refuses it; the error names the dose and the field in the form's
    # words, and marks that field
    page.get_by_role("button", name="Save", exact=True).click()
    error = page.locator(".auralyst-medication-editor > .form-error")
    expect(error).to_have_text("Dose 2, Every how many days (1 to 365) must be at least 1.")
    expect(every).to_have_attribute("aria-invalid", "true")
    expect(every).to_be_focused()
    problems += check_page(page, "new medication with an error")

    # Counted in its editor: 12 on hand, told at 4
    page.get_by_label("On hand now").fill("12")
    page.get_by_label("Tell me to refill at").fill("4")
    every.fill("2")
    page.get_by_role("button", name="Save", exact=True).click()
    page.wait_for_url(f"**/auralyst/journals/{journal}/medications")
    card = page.locator(".auralyst-medication", has_text="Magnesium")
    expect(card).to_contain_text("Morning at 08:00, every day")
    expect(card).to_contain_text("Evening at 20:00, every 2 days from")
    expect(card.locator(".auralyst-supply")).to_contain_text("12 tablets on hand · refill at 4 tablets")

    # The Medications page records a refill: the count follows, and the form is ready for the
    # next one
    refill = card.get_by_label("Refill amount (tablets)")
    expect(refill).to_have_value("12")
    refill.fill("30")
    card.get_by_role("button", name="Record refill").click()
    expect(page.locator(".toast", has_text="Refill recorded.")).to_be_visible()
    expect(card.locator(".auralyst-supply")).to_contain_text("42 tablets on hand")
    problems += check_page(page, "medications")
    page.screenshot(path=str(screenshots / "auralyst-supply-phone.png"), full_page=True)

    # Saving the editor without touching the supply leaves the count as it is now
    client = api(live_server, token)
    base = f"/api/auralyst/journals/{journal}"
    [medication] = client.get(f"{base}/medications").json()["medications"]
    response = client.post(f"{base}/intakes", json={"medicationId": medication["id"], "origin": "asNeeded", "amount": 2})
    assert response.status_code == 201, response.text
    page.goto(f"/auralyst/journals/{journal}/medications/{medication['id']}")
    expect(page.get_by_label("On hand now")).to_have_value("40")
    client.post(f"{base}/intakes", json={"medicationId": medication["id"], "origin": "asNeeded", "amount": 1})
    page.locator("#med-notes").fill("With food")
    page.get_by_role("button", name="Save", exact=True).click()
    page.wait_for_url(f"**/auralyst/journals/{journal}/medications")
    expect(card.locator(".auralyst-supply")).to_contain_text("39 tablets on hand")

    # A supply's error is marked on its field too
    page.goto(f"/auralyst/journals/{journal}/medications/{medication['id']}")
    page.get_by_label("A refill adds").fill("0")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(error).to_have_text("A refill adds more than 0.")
    expect(page.get_by_label("A refill adds")).to_have_attribute("aria-invalid", "true")
    assert not problems and not errors, "\n".join(problems + errors)
