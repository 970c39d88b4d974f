"""The pages ask their questions in a dialog of their own (hearth.ask), not the browser's."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def answer(page: Page, button: str) -> None:
    """Answers the question on the page with the named button, and sees the dialog close."""
    dialog = page.locator("dialog.dialog[open]")
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name=button).click()
    expect(dialog).to_have_count(0)
