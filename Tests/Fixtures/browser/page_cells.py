#!/usr/bin/env python3
"""Prints what the served page shows for a search, read from the DOM of headless Chromium.

page_cells.py URL: opens URL (a `serve` page with a query), waits until the search is done,
and prints one JSON object: the summary, each cell's shown text (as a person sees it:
`innerText`, hidden parts left out) and each chip's. Used by WebViewTests' PageRowTests.
"""
import json
import sys

from selenium.webdriver.support.ui import WebDriverWait

sys.dont_write_bytecode = True  # no __pycache__ beside the sources (tests write only in their own folders)
from headless import chromium

READ = """
const shown = (root, selector) => { const e = root.querySelector(selector); return e ? e.innerText : null; };
return {
  summary: document.getElementById('summary').innerText,
  cells: [...document.querySelectorAll('#grid .cell')].map((c) => ({
    title: shown(c, 'figcaption .title'), author: shown(c, 'figcaption .author'), place: shown(c, 'figcaption .place'), provider: shown(c, '.badge'),
    size: shown(c, '.size'), license: shown(c, '.license'), frame: shown(c, '.frame'), date: c.dataset.date,
    image: c.querySelector('.frame img').hidden ? null : c.querySelector('.frame img').getAttribute('src'),
  })),
  chips: [...document.querySelectorAll('#statuses .chip')].map((c) => c.innerText),
};
"""


def main():
    driver = chromium(1200, 800)
    try:
        driver.get(sys.argv[1])
        summary = lambda d: d.find_element("id", "summary").text
        WebDriverWait(driver, 20).until(lambda d: "photo" in summary(d) and "so far" not in summary(d))
        if len(sys.argv) > 2:
            driver.save_screenshot(sys.argv[2])
        print(json.dumps(driver.execute_script(READ)))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
