"""Headless Chromium through Selenium and Debian's chromium-driver, for the scripts that read
the served page: web_view_check.py, page_cells.py and Benchmarks/web-view.py."""
import shutil

from selenium import webdriver


def chromium(width, height, *extra):
    """A headless Chromium with a window of `width` × `height` and the `extra` arguments."""
    options = webdriver.ChromeOptions()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     f"--window-size={width},{height}", *extra]:
        options.add_argument(argument)
    options.binary_location = shutil.which("chromium") or "/usr/bin/chromium"
    service = webdriver.ChromeService(executable_path=shutil.which("chromedriver") or "/usr/bin/chromedriver")
    return webdriver.Chrome(options=options, service=service)
