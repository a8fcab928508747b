"""A page of the built book opened in the test browser and left until its widgets are drawn:
the widget runtime has rendered every widget-view script (html-manager replaces them; the book's
own loader marks <html data-cardbook-widgets="ready">), and the page script has mounted the
settings bar."""

from __future__ import annotations

#: True once no widget on the page is still waiting to be drawn.
WIDGETS_DRAWN = """() => {
  const waiting = document.querySelector('script[type="application/vnd.jupyter.widget-view+json"]');
  return !waiting || document.documentElement.dataset.cardbookWidgets === "ready";
}"""

#: The settings bar the page script mounts in the theme's header (settings.js settingsBar()).
SETTINGS_BAR = ".bd-header-article [data-cardbook-settings]"


def read_in(page, lang: str) -> None:
    """Every page this tab opens from now on starts with the reader's language ``lang`` stored."""
    page.add_init_script(f"localStorage.setItem('cardbook-settings', JSON.stringify({{lang: '{lang}'}}))")


def open_book_page(page, url: str, *, timeout: float = 30_000) -> None:
    """Go to ``url`` and wait until its widgets are drawn, its bar is mounted and it has settled."""
    page.goto(url, wait_until="load")
    settle(page, timeout=timeout)


def settle(page, *, timeout: float = 30_000) -> None:
    """Wait until the page the tab shows (opened by a link, say) has drawn its widgets, mounted its bar,
    loaded all it asks for (its icon too: going on sooner would cut that request off) and settled."""
    page.wait_for_load_state("networkidle")
    drawn(page, timeout=timeout)


def drawn(page, *, timeout: float = 30_000) -> None:
    """Wait until the page has drawn its widgets, mounted its bar, loaded its fonts and laid itself out
    (two frames later); whether it still loads something is the caller's to wait for."""
    page.wait_for_function(WIDGETS_DRAWN, timeout=timeout)
    page.wait_for_selector(SETTINGS_BAR, state="attached", timeout=timeout)
    page.evaluate("() => document.fonts.ready.then(() => new Promise(r => requestAnimationFrame(() => "
                  "requestAnimationFrame(r))))")
