"""Onpu study on a phone, with one thumb, in dark mode: a pasted song's words, chosen from the
study page's link, become cards; the review shows a card's lyric line, the back on a tap (or Space), and the four
grades at the bottom with their intervals; five cards graded and one buried, the progress page
counts them.
Every screen passes axe-core, fits the phone and logs no console error."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from hearth_harness import PASSWORD, Client, unique_email
from playwright.sync_api import Browser, Page, expect
from test_onpu_known_words import add_every_word_to_review
from test_pages import THUMB_CHECK

LYRICS = "君の名前を呼んだ\n夢の中で君を呼ぶ\n星が静かに光る夜"


def check(page: Page, axe: Axe, where: str, problems: list[str]) -> None:
    """axe-core's serious findings, sideways scrolling and small tap targets, by screen."""
    for violation in axe.run(page).response["violations"]:
        if violation["impact"] in ("serious", "critical"):
            nodes = "; ".join(n["html"][:120] for n in violation["nodes"][:2])
            problems.append(f"{where}: axe {violation['id']} ({violation['help']}): {nodes}")
    width = page.evaluate("document.scrollingElement.scrollWidth")
    if width > 390:
        problems.append(f"{where}: scrolls sideways ({width} px wide)")
    problems += [f"{where}: {line}" for line in page.evaluate(THUMB_CHECK)]


def test_a_song_becomes_cards_reviewed_with_one_thumb(browser: Browser, live_server, screenshots) -> None:
    email = unique_email("study")
    r = Client(live_server.base_url).signup(email, "Kenji")
    assert r.status_code == 201, r.text
    context = browser.new_context(
        base_url=live_server.base_url, viewport={"width": 390, "height": 844}, color_scheme="dark",
        is_mobile=True, has_touch=True, timezone_id="Asia/Tokyo", locale="en-US",
    )
    context.set_default_timeout(15_000)
    context.add_init_script(
        "document.addEventListener('securitypolicyviolation', (e) =>"
        " console.error('CSP violation: ' + e.violatedDirective + ' blocked ' + e.blockedURI));"
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(f"console: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"script error: {e}"))
    axe = Axe()
    problems: list[str] = []
    try:
        page.goto("/login?next=/onpu")
        page.locator('input[name="email"]').fill(email)
        page.locator('input[name="password"]').fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        page.wait_for_url("**/onpu")

        # Paste a song
        page.goto("/onpu/add")
        page.locator("#onpu-title").fill("夜の歌")
        page.locator("#onpu-lyrics").fill(LYRICS)
        page.get_by_role("button", name="Save").click()
        page.wait_for_url("**/onpu")
        expect(page.get_by_role("link", name="夜の歌")).to_be_visible()

        # Nothing to review yet; the study page adds the song's words
        page.goto("/onpu/review")
        expect(page.get_by_role("heading", name="Nothing to review right now")).to_be_visible()
        check(page, axe, "empty review", problems)
        page.get_by_role("link", name="Study").first.tap()
        page.wait_for_url("**/onpu/study")
        expect(page.get_by_text("0 cards due now")).to_be_visible()
        check(page, axe, "study page", problems)
        page.get_by_role("link", name="Choose the words of 夜の歌 to learn").tap()
        page.wait_for_url("**/onpu/songs/*")
        add_every_word_to_review(page)
        page.get_by_role("link", name="Study").first.tap()
        page.get_by_role("link", name="Review now").tap()
        page.wait_for_url("**/onpu/review")

        count = page.locator("#onpu-review-count")
        total = int(count.inner_text().split()[0])
        assert total >= 8, count.inner_text()
        for number in range(5):
            card = page.locator(".onpu-study-card:not([hidden])")
            expect(card.locator(".onpu-card-line mark")).to_be_visible()
            expect(card.locator(".onpu-card-back")).to_be_hidden()
            expect(card.locator(".onpu-grade").first).to_be_hidden()
            if number == 0:
                check(page, axe, "card front", problems)
                page.screenshot(path=str(screenshots / "onpu-study-front.png"))
            # Tap anywhere on the card, or press Space, for the back
            if number == 1:
                page.keyboard.press("Space")
            else:
                card.locator(".onpu-card-front").tap()
            expect(card.locator(".onpu-card-back")).to_be_visible()
            expect(card.locator(".onpu-card-facts")).to_contain_text("Reading")
            grades = card.locator(".onpu-grade")
            expect(grades).to_have_count(4)
            expect(grades.nth(0)).to_contain_text("Again")
            expect(grades.nth(0)).to_contain_text("1 min")
            # The grades sit at the bottom of the screen, where a thumb is
            box = grades.nth(2).bounding_box()
            assert box is not None and box["y"] + box["height"] > 844 - 90, box
            if number == 0:
                check(page, axe, "card back", problems)
                page.screenshot(path=str(screenshots / "onpu-study-back.png"))
            grades.nth(1 if number == 3 else 2).tap()
            expect(count).to_have_text(f"{total - number - 1} cards due")

        # The next card is buried until tomorrow from its More menu
        card = page.locator(".onpu-study-card:not([hidden])")
        card.locator(".onpu-card-more summary").tap()
        card.get_by_role("button", name="Bury until tomorrow").tap()
        expect(count).to_have_text(f"{total - 6} cards due")

        # The progress page counts the five reviews; the buried card is not due
        page.goto("/onpu/study")
        expect(page.get_by_text("5 reviews in 30 days.")).to_be_visible()
        expect(page.locator(".onpu-study-big")).to_have_text(f"{total - 6} cards due now")
        expect(page.locator(".onpu-study-song")).to_contain_text("夜の歌")
        check(page, axe, "progress", problems)
        page.screenshot(path=str(screenshots / "onpu-study-progress.png"), full_page=True)
    finally:
        context.close()
    assert not problems, "\n".join(problems)
    assert not errors, errors
