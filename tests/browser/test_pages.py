"""Every page, as a person meets it: on a phone (390 px) and a desktop, in light and dark. Each
must pass axe-core with no serious or critical violation, never scroll sideways, log no console
error and load every request it makes."""

from __future__ import annotations

from axe_playwright_python.sync_playwright import Axe
from hearth_harness import PASSWORD, Client, describe, unique_email
from playwright.sync_api import Browser

PAGES = [
    "/", "/login", "/signup", "/account", "/invitations", "/design",
    "/softer", "/redo", "/redo/calendar", "/redo/analytics",
    "/auralyst", "/onpu",
]
VIEWS = [(390, "light"), (390, "dark"), (1280, "light"), (1280, "dark")]


def test_every_page_is_accessible_fits_a_phone_and_loads_cleanly(
    browser: Browser, live_server, screenshots
) -> None:
    email = unique_email("walk")
    r = Client(live_server.base_url).signup(email, "Wanda Walker")
    assert r.status_code == 201, describe(r)
    axe = Axe()
    problems: list[str] = []
    for width, scheme in VIEWS:
        context = browser.new_context(
            base_url=live_server.base_url, viewport={"width": width, "height": 844},
            color_scheme=scheme, is_mobile=width < 600, has_touch=width < 600,
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
            page.wait_for_url(live_server.base_url + "/")
            for path in PAGES:
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
                problems += [f"{where}: {line}" for line in seen]
                name = path.strip("/").replace("/", "-") or "home"
                page.screenshot(path=str(screenshots / f"page-{name}-{width}-{scheme}.png"), full_page=True)
        finally:
            context.close()
    assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems[:40])
