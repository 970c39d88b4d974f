"""Softer's invitations by email in a phone's browser: the create form says an address with no
account is mailed an invitation, the room shows its opener each invitation, and withdrawing one
asks first and ends the room."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from dialogs import answer
from hearth_harness import PASSWORD, unique_email
from playwright.sync_api import Browser, expect
from test_softer import softer_server  # noqa: F401  (a fixture)


def test_the_opener_invites_an_address_by_mail_and_withdraws_it(browser: Browser, softer_server) -> None:  # noqa: F811
    email = unique_email("ann")
    assert softer_server.client().signup(email, display_name="Ann").status_code == 201
    context = browser.new_context(
        base_url=softer_server.base_url, viewport={"width": 390, "height": 844}, color_scheme="dark",
        is_mobile=True, has_touch=True, locale="en-US",
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto("/login?next=/softer")
    page.locator('input[name="email"]').fill(email)
    page.locator('input[name="password"]').fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/softer")

    form = page.locator("[data-softer-create]")
    expect(form.locator(".hint").first).to_contain_text("Someone without a Hearth account is mailed an invitation")
    pat = unique_email("pat")
    page.locator('[name="contact"]').fill(pat)
    page.locator('[name="contactNickname"]').fill("Pat")
    page.get_by_role("button", name="Create Room").click()
    page.wait_for_url("**/softer/rooms/*")

    # Once Lightward is in, Ann sees Pat's invitation went by mail, and can withdraw it
    invitations = page.locator(".softer-invitations")
    expect(invitations).to_contain_text(pat)
    expect(invitations).to_contain_text("an invitation to sign up was mailed")
    violations = [v["id"] for v in Axe().run(page).response["violations"] if v["impact"] in ("serious", "critical")]
    assert violations == []
    page.get_by_role("button", name="Withdraw Pat's invitation").click()
    answer(page, "Withdraw Pat's invitation")
    expect(page.locator(".softer-ledger")).to_contain_text("Ann withdrew Pat's invitation.")
    expect(invitations).to_have_count(0)
    assert page.evaluate("document.scrollingElement.scrollWidth") <= 390
    assert errors == []
