"""Auralyst's report for a clinician in a real browser: saved as PDF on A4 and on Letter (the
paper chosen on the page), without the site around it and no wider than the paper; on a
390 px phone its tables scroll in their own boxes without splitting words, its charts' text
renders at 12 px or more with every legend entry drawn, and the sharing page's permissions
stand one per line beside their labels, in light and dark, through axe-core."""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from hearth_harness import HearthServer
from playwright.sync_api import Browser, Page, expect
from test_auralyst import PHONE, api, new_journal, person

SECTIONS = ["Notable patterns", "Severity", "Entries", "Factors", "Medications", "Dose log", "Notes"]
# Points (1/72 in): A4 is 210 x 297 mm, Letter 8.5 x 11 in.
PAPER = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


def a_month_of_journal(server: HearthServer, token: str, journal: str) -> None:
    """Ten days of entries, a morning dose taken on some days and missed on the others, an
    Ibuprofen as needed, two factors and a note, all in the past (Paris)."""
    client = api(server, token)
    base = f"/api/auralyst/journals/{journal}"
    today = datetime.now(ZoneInfo("Europe/Paris")).replace(hour=9, minute=0, second=0, microsecond=0)
    start = (today - timedelta(days=10)).date().isoformat()
    magnesium = client.post(f"{base}/medications", json={
        "name": "Magnesium", "defaultAmount": 400, "defaultUnit": "mg", "startDate": start,
        "schedules": [{"id": "am", "label": "Morning", "time": "08:00"}]}).json()["medication"]["id"]
    ibuprofen = client.post(f"{base}/medications", json={
        "name": "Ibuprofen", "isAsNeeded": True, "useCase": "pain"}).json()["medication"]["id"]
    sleep = client.post(f"{base}/factors", json={"name": "Sleep", "kind": "number", "unit": "hours"}).json()
    tags = client.post(f"{base}/factors", json={"name": "Day held", "kind": "tags"}).json()
    for days_ago in range(1, 11):
        when = today - timedelta(days=days_ago)
        day = when.date().isoformat()
        entry = client.post(f"{base}/entries", json={
            "severity": days_ago % 9, "symptoms": {"Headache": (days_ago * 3) % 11},
            "note": "Pressure behind the eyes after a long afternoon of meetings", "timestamp": when.isoformat()})
        assert entry.status_code == 201, entry.text
        if days_ago % 3:
            r = client.post(f"{base}/intakes", json={
                "medicationId": magnesium, "scheduleId": "am", "origin": "scheduled", "scheduledDate": day,
                "timestamp": (when - timedelta(minutes=55)).isoformat()})
            assert r.status_code == 201, r.text
        if days_ago % 4 == 0:
            r = client.post(f"{base}/intakes", json={
                "medicationId": ibuprofen, "origin": "asNeeded", "timestamp": when.isoformat()})
            assert r.status_code == 201, r.text
        r = client.put(f"{base}/factors/{sleep['factor']['id']}/days/{day}", json={"number": 5 + days_ago % 4})
        assert r.status_code == 200, r.text
        r = client.put(f"{base}/factors/{tags['factor']['id']}/days/{day}", json={"tags": ["Meetings", "Travel"]})
        assert r.status_code == 200, r.text
    r = client.post(f"{base}/notes", json={"text": "Asked about the evening dose at the last visit"})
    assert r.status_code == 201, r.text


def media_boxes(pdf: bytes) -> list[tuple[float, float]]:
    """Each page's width and height in points, from the PDF's MediaBox entries."""
    boxes = re.findall(rb"/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]", pdf)
    return [(float(x2) - float(x1), float(y2) - float(y1)) for x1, y1, x2, y2 in boxes]


def test_the_report_saves_as_a_pdf_on_a4_and_on_letter(browser: Browser, live_server: HearthServer, screenshots) -> None:
    # A4's printable width (210 mm less 2 x 12 mm margins) as the window, so print layout is the paper's
    page, _, token, errors = person(browser, live_server, "Kit", {"width": 703, "height": 1000})
    journal = new_journal(page, "Kit's journal")
    a_month_of_journal(live_server, token, journal)
    page.goto(f"/auralyst/journals/{journal}/report")
    for title in SECTIONS:
        expect(page.get_by_role("heading", name=title, exact=True)).to_be_visible()
    expect(page.locator("#report-doses")).to_contain_text("Missed")
    expect(page.locator("#report-doses")).to_contain_text("Taken as needed")

    for paper in ("letter", "a4"):
        page.get_by_label("Paper").select_option(paper)
        expect(page.locator(".auralyst-report")).to_have_attribute("data-paper", paper)
        page.emulate_media(media="print")
        # Only the report: no header, tabs, form or buttons; every section there
        for chrome in [".site-header", ".auralyst-app .tabs", ".auralyst-crumbs", "form.auralyst-range"]:
            expect(page.locator(chrome)).to_be_hidden()
        for title in SECTIONS:
            expect(page.get_by_role("heading", name=title, exact=True)).to_be_visible()
        # Nothing wider than the paper, and no row cut in two by a page break
        overflow = page.evaluate("""() => [...document.querySelectorAll('.auralyst-report, .auralyst-report *')]
            .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
            .map((el) => el.outerHTML.slice(0, 80))""")
        assert overflow == [], overflow
        assert page.evaluate("document.documentElement.scrollWidth <= document.documentElement.clientWidth")
        assert page.evaluate("[...document.querySelectorAll('.auralyst-report tr')]"
                             ".every((row) => getComputedStyle(row).breakInside === 'avoid')")
        page.screenshot(path=str(screenshots / f"auralyst-report-print-{paper}.png"), full_page=True)
        pdf = page.pdf(prefer_css_page_size=True, print_background=False)
        assert pdf.startswith(b"%PDF-")
        boxes = media_boxes(pdf)
        assert len(boxes) >= 2, "the report runs over more than one page"
        width, height = PAPER[paper]
        assert all(abs(w - width) < 1.5 and abs(h - height) < 1.5 for w, h in boxes), (paper, boxes)
        (screenshots / f"auralyst-report-{paper}.pdf").write_bytes(pdf)
        page.emulate_media(media="screen")

    # The paper is kept in the address, for a reload or a link
    assert page.url.endswith("paper=a4")
    page.get_by_label("Paper").select_option("letter")
    page.reload()
    expect(page.get_by_label("Paper")).to_have_value("letter")
    expect(page.locator(".auralyst-report")).to_have_attribute("data-paper", "letter")
    assert not errors, errors


SPLIT_WORDS = """() => {
  // A word drawn on two lines has two boxes.
  const split = [];
  for (const cell of document.querySelectorAll('.auralyst-report-table th, .auralyst-report-table td')) {
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (range.getClientRects().length > 1) split.push(match[0]);
      }
    }
  }
  return split;
}"""

CHART_TEXT = """() => {
  const sizes = [];
  for (const svg of document.querySelectorAll('figure.auralyst-chart svg')) {
    const box = svg.getBoundingClientRect();
    if (box.width === 0) continue;
    const scale = box.width / svg.viewBox.baseVal.width;
    for (const text of svg.querySelectorAll('text')) {
      sizes.push({text: text.textContent, px: parseFloat(getComputedStyle(text).fontSize) * scale,
                  height: text.getBoundingClientRect().height});
    }
  }
  return sizes;
}"""

LEGEND = """() => [...document.querySelectorAll('figure.auralyst-chart svg')]
  .filter((svg) => svg.getBoundingClientRect().width > 0)
  .flatMap((svg) => [...svg.querySelectorAll('.chart-legend-item')].map((item) => {
    const frame = svg.getBoundingClientRect();
    const mark = item.querySelector('line');
    const box = mark.getBoundingClientRect();
    const label = item.querySelector('text').getBoundingClientRect();
    const style = getComputedStyle(mark);
    return {label: item.textContent, width: box.width, stroke: style.stroke,
            strokeWidth: parseFloat(style.strokeWidth),
            inside: label.left >= frame.left && label.right <= frame.right + 0.5};
  }))"""

RADIOS = """() => [...document.querySelectorAll('fieldset.auralyst-choices label')].map((label) => {
  const radio = label.querySelector('input[type=radio]').getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(label);
  const first = [...range.getClientRects()].find((r) => r.width > 0 && r.left >= radio.right);
  return {top: label.getBoundingClientRect().top, bottom: label.getBoundingClientRect().bottom,
          radioTop: radio.top, radioBottom: radio.bottom, textTop: first.top, textBottom: first.bottom,
          textLeft: first.left, radioRight: radio.right};
})"""


def check_charts(page: Page, where: str) -> list[str]:
    problems = []
    sizes = page.evaluate(CHART_TEXT)
    assert sizes, f"{where}: no chart text"
    problems += [f"{where}: chart text {s['text']!r} renders at {s['px']:.1f} px" for s in sizes if s["px"] < 12]
    legend = page.evaluate(LEGEND)
    assert [item["label"] for item in legend] == ["Daily average", "Highest", "7-day mean"], f"{where}: {legend}"
    for item in legend:
        if item["width"] < 10 or item["stroke"] in ("none", "rgba(0, 0, 0, 0)") or item["strokeWidth"] <= 0:
            problems.append(f"{where}: legend {item['label']!r} has no mark drawn: {item}")
        if not item["inside"]:
            problems.append(f"{where}: legend {item['label']!r} is cut off")
    return problems


def test_the_report_and_charts_fit_a_phone_light_and_dark(
    browser: Browser, live_server: HearthServer, screenshots
) -> None:
    from axe_playwright_python.sync_playwright import Axe

    page, _, token, errors = person(browser, live_server, "Lou", PHONE)
    journal = new_journal(page, "Lou's journal")
    a_month_of_journal(live_server, token, journal)
    axe = Axe()
    problems: list[str] = []
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        for name in ("report", "insights", "sharing"):
            where = f"{name} ({scheme})"
            page.goto(f"/auralyst/journals/{journal}/{name}")
            page.wait_for_load_state("networkidle")
            for violation in axe.run(page).response["violations"]:
                if violation["impact"] in ("serious", "critical"):
                    nodes = "; ".join(n["html"][:120] for n in violation["nodes"][:2])
                    problems.append(f"{where}: axe {violation['id']}: {nodes}")
            if page.evaluate("document.scrollingElement.scrollWidth") > PHONE["width"]:
                problems.append(f"{where}: the page scrolls sideways")
            page.screenshot(path=str(screenshots / f"auralyst-{name}-phone-{scheme}.png"), full_page=True)
            if name != "sharing":
                problems += check_charts(page, where)
            if name == "report":
                # Wide tables scroll within their own box, and no word is split across lines
                scrolling = page.evaluate("[...document.querySelectorAll('.auralyst-report .table-scroll')]"
                                          ".filter((box) => box.scrollWidth > box.clientWidth).length")
                assert scrolling >= 1, "the dose log and entries are wider than a phone: they scroll"
                problems += [f"{where}: word split across lines: {word!r}" for word in page.evaluate(SPLIT_WORDS)]
            if name == "sharing":
                labels = page.evaluate(RADIOS)
                assert len(labels) == 2, labels
                assert labels[0]["bottom"] <= labels[1]["top"] + 0.5, f"each permission on its own line: {labels}"
                for label in labels:
                    # The radio sits on the line of its label's first words, beside them
                    if not (label["radioTop"] < label["textBottom"] and label["radioBottom"] > label["textTop"]
                            and label["textLeft"] >= label["radioRight"]):
                        problems.append(f"{where}: a radio apart from its label: {label}")
    assert not problems and not errors, "\n".join(problems + errors)
