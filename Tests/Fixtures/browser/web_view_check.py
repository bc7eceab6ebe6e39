#!/usr/bin/env python3
"""Checks Viewfinder's web view in a real browser (headless Chromium driven by Selenium).

web_view_check.py VIEWFINDER SAMPLES OUTPUT: runs `VIEWFINDER serve --port 0` on a configuration
of fake providers (a fast one, a slow one, a broken one, a hostile one, and a local folder of
SAMPLES), then checks the page as a person would use it, and the gallery file of `search
--format html` opened from file://. Screenshots go to OUTPUT. Prints one line per check and
"N passed, N failed"; exits non-zero when a check failed.
"""
import functools
import http.client
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

sys.dont_write_bytecode = True  # no __pycache__ beside the sources (tests write only in their own folders)
from headless import chromium
from selenium.common.exceptions import NoAlertPresentException, TimeoutException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

HERE = os.path.dirname(os.path.abspath(__file__))
binary, samples, output = sys.argv[1], sys.argv[2], sys.argv[3]
os.makedirs(output, exist_ok=True)
results = {"passed": 0, "failed": 0}


def check(name, condition, detail=""):
    results["passed" if condition else "failed"] += 1
    print(("ok   " if condition else "FAIL ") + name + ("" if condition else f": {detail}"), flush=True)


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def image_server(folder):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=folder))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def workspace(image_base):
    folder = tempfile.mkdtemp(prefix="vf-web-")
    local = os.path.join(folder, "photos")
    os.makedirs(local)
    for name in ["harbor-crane-fog.jpg", "harbor-lighthouse-dusk.jpg"]:
        shutil.copy(os.path.join(samples, name), local)
    plugin = os.path.join(HERE, "fake_provider.py")
    fast = "harbor-fishing-boats-morning.jpg,city-bridge-fog.jpg,beach-pier-blue-hour.jpg,mountain-lake-reflection.jpg"
    slow = "forest-path-autumn.jpg,desert-dunes-shadow.jpg,garden-roses-dew.jpg,beach-waves-sunset.jpg"
    config = f"""search:
  limit: 40
  timeout: 20s
providers:
  fast:
    type: exec
    command: [{plugin}, photos, "{image_base}", "0.05", fast, "{fast}"]
  slow:
    type: exec
    command: [{plugin}, photos, "{image_base}", "until:{os.path.join(folder, 'release-slow')}", slow, "{slow}"]
  broken:
    type: exec
    command: [{plugin}, broken, "{image_base}", "0.1"]
  hostile:
    type: exec
    command: [{plugin}, hostile, "{image_base}", "0.1"]
  folder:
    type: local-folder
    path: {local}
"""
    with open(os.path.join(folder, "config.yaml"), "w") as file:
        file.write(config)
    return folder


def environment(folder):
    env = {"PATH": "/usr/bin:/bin", "HOME": folder, "NO_COLOR": "1",
           "XDG_CACHE_HOME": os.path.join(folder, "cache"), "XDG_DATA_HOME": os.path.join(folder, "data")}
    return env


def start_server(folder):
    process = subprocess.Popen(
        [binary, "serve", "--port", "0", "--config", os.path.join(folder, "config.yaml")],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment(folder), cwd=folder)
    line = process.stdout.readline()
    if "http://127.0.0.1:" not in line:
        raise SystemExit(f"serve did not print its address: {line!r} {process.stderr.read()}")
    url = line[line.index("http://"):].split()[0]
    return process, url


def raw_get(port, path, host=None, headers=None, method="GET"):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.putrequest(method, path, skip_host=True)
    connection.putheader("Host", host or f"127.0.0.1:{port}")
    for name, value in (headers or {}).items():
        connection.putheader(name, value)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read()
    connection.close()
    return response.status, dict(response.getheaders()), body


def processes_containing(text):
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as file:
                if text.encode() in file.read():
                    found.append(pid)
        except OSError:
            pass
    return found


def disconnect_check(port, folder):
    """A client that leaves mid-stream: the server goes on, and the search's plugins stop."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    connection.request("GET", "/api/events?q=harbor", headers={"Host": f"127.0.0.1:{port}"})
    response = connection.getresponse()
    first = response.readline()
    marker = os.path.join(folder, "release-slow")
    deadline = time.monotonic() + 10
    while not processes_containing(marker) and time.monotonic() < deadline:
        time.sleep(0.05)
    running = bool(processes_containing(marker))
    connection.sock.shutdown(2)
    connection.close()
    deadline = time.monotonic() + 10
    while processes_containing(marker) and time.monotonic() < deadline:
        time.sleep(0.1)
    check("a client leaving mid-stream stops its search's plugins", first.startswith(b"data: ") and running
          and not processes_containing(marker), (first[:40], running))
    status, _, _ = raw_get(port, "/")
    check("the server goes on after a client left mid-stream", status == 200, status)


def http_checks(url, folder):
    port = urllib.parse.urlparse(url).port
    disconnect_check(port, folder)
    status, headers, _ = raw_get(port, "/")
    check("the page is served", status == 200, status)
    policy = headers.get("Content-Security-Policy", "")
    check("a strict Content-Security-Policy is sent", "script-src 'self'" in policy and "unsafe-inline" not in policy, policy)
    status, _, _ = raw_get(port, "/", host="evil.example")
    check("Host: evil.example is refused", status in (403, 421), status)
    status, _, _ = raw_get(port, "/", host=f"evil.example:{port}")
    check("Host: evil.example:PORT is refused", status in (403, 421), status)
    for site in ["cross-site", "same-site"]:
        status, _, _ = raw_get(port, "/api/events?q=harbor", headers={"Sec-Fetch-Site": site})
        check(f"a {site} request (another page starting a search) is refused", status == 403, status)
    status, _, _ = raw_get(port, "/api/recent", headers={"Sec-Fetch-Site": "cross-site"}, method="DELETE")
    check("another site cannot clear the recent searches", status == 403, status)
    status, _, _ = raw_get(port, "/", host=f"localhost:{port}")
    check("Host: localhost:PORT is served", status == 200, status)
    for path in ["/local/../../etc/passwd", "/local/..%2F..%2Fetc%2Fpasswd", "/local/deadbeef", "/local/", "/etc/passwd"]:
        status, _, body = raw_get(port, path)
        check(f"{path} is 404", status == 404 and b"root:" not in body, status)
    status, _, body = raw_get(port, "/api/events?q=harbor&license=bogus")
    check("a bad filter value is an error event that names it", status == 200 and b'"event":"error"' in body
          and b"bogus" in body, body[:200])
    status, _, body = raw_get(port, "/api/events?q=%20!!")
    check("an unsearchable query is an error event", b'"event":"error"' in body, body[:200])
    status, _, _ = raw_get(port, "/?q=" + "x" * 10000)
    check("an overlong address is refused", status in (414, 431, 400), status)


def browser():
    return chromium(1400, 900, "--force-device-scale-factor=1")


def no_alert(driver):
    try:
        driver.switch_to.alert
        return False
    except NoAlertPresentException:
        return True


def chip(driver, name):
    """The chip's class and text, read at once (the page replaces chips as the search runs)."""
    return driver.execute_script(
        "const c = [...document.querySelectorAll('.chip')].find(c => c.dataset.provider === arguments[0]);"
        "return c ? [c.className, c.textContent] : ['', ''];", name)


def chip_class(driver, name):
    return chip(driver, name)[0]


def page_checks(driver, url, folder):
    wait = WebDriverWait(driver, 20)
    driver.get(url)
    go = driver.find_element(By.ID, "go")
    check("Go is disabled for an empty query", not go.is_enabled())
    query = driver.find_element(By.ID, "query")
    query.send_keys("   ")
    time.sleep(0.4)
    check("Go stays disabled for blanks", not go.is_enabled())
    query.clear()
    query.send_keys("harbor")
    wait.until(lambda d: go.is_enabled())
    check("Go is enabled once the query is searchable", go.is_enabled())
    go.click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '.cell[data-provider="fast"]'))
    slow_running = "running" in chip_class(driver, "slow")
    slow_cells = driver.find_elements(By.CSS_SELECTOR, '.cell[data-provider="slow"]')
    check("the fast provider's photos are shown while the slow one runs", slow_running and not slow_cells,
          chip_class(driver, "slow"))
    check("the address follows the search", "q=harbor" in driver.current_url, driver.current_url)
    driver.save_screenshot(os.path.join(output, "serve-running.png"))
    # The slow provider answers only now: the fast one's photos did not wait for it.
    open(os.path.join(folder, "release-slow"), "w").close()
    wait.until(lambda d: "ok" in chip_class(d, "slow").split())
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '.cell[data-provider="slow"]'))
    check("the slow provider's photos arrive", True)
    broken_class, broken_text = chip(driver, "broken")
    check("a failure shows on its chip", "failed" in broken_class and "refused our token" in broken_text, broken_text)
    hostile = driver.find_elements(By.CSS_SELECTOR, '.cell[data-provider="hostile"]')
    title = hostile[0].find_element(By.CSS_SELECTOR, ".title").text if hostile else ""
    check("a markup title is shown as text", title == "<img src=x onerror=alert(1)>", title)
    author = hostile[0].find_element(By.CSS_SELECTOR, ".author").text if hostile else ""
    check("a bidirectional override from a source is replaced", author == "<b>Mallory</b> \ufffdgnp.exe", ascii(author))
    check("no script ran", no_alert(driver))
    local = driver.find_elements(By.CSS_SELECTOR, '.cell[data-provider="folder"] img')
    sources = [image.get_attribute("src") for image in local]
    check("local photos are served by opaque ids", sources and all("/local/" in s for s in sources), sources)
    loaded = driver.execute_script(
        "return [...document.querySelectorAll('.cell[data-provider=folder] img')].every(i => i.complete && i.naturalWidth > 0)")
    check("local photos load", loaded)
    time.sleep(0.8)
    driver.save_screenshot(os.path.join(output, "serve.png"))
    viewer_checks(driver, "serve")
    # The hostile photo's viewer: its javascript: page URL is text, not a link.
    if hostile:
        cell = driver.find_element(By.CSS_SELECTOR, '.cell[data-provider="hostile"]')
        driver.execute_script("arguments[0].scrollIntoView()", cell)
        cell.click()
        WebDriverWait(driver, 5).until(lambda d: d.find_element(By.ID, "viewer").is_displayed())
        check("the hostile photo's title is text in the viewer",
              driver.find_element(By.ID, "viewer-title").text == "<img src=x onerror=alert(1)>")
        page = driver.find_element(By.ID, "viewer-page")
        links = page.find_elements(By.TAG_NAME, "a")
        check("a javascript: page URL is not linked", not links, [driver.find_element(By.ID, "viewer-title").text, [l.get_attribute("href") for l in links]])
        check("no link anywhere is javascript:", not driver.find_elements(By.CSS_SELECTOR, 'a[href^="javascript"]'))
        check("a photo with no image shows a placeholder, not a broken image",
              driver.find_element(By.ID, "viewer-no-image").is_displayed()
              and not driver.find_element(By.ID, "viewer-image").is_displayed())
        driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ESCAPE)
    # Recent searches, kept across a reload.
    driver.get(url)
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#recent-list a"))
    recent = driver.find_element(By.ID, "recent-list").text
    check("the search is in the recent searches with its count", "harbor" in recent, recent)
    driver.save_screenshot(os.path.join(output, "serve-start.png"))
    driver.get(url.rstrip("/") + "/popular")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".chip"))
    check("/popular opens the popular view", "/popular" in driver.current_url)
    driver.get(url.rstrip("/") + "/?q=fog")
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, ".cell"))
    check("/?q=fog runs that search", driver.find_element(By.ID, "query").get_attribute("value") == "fog")
    driver.get(url.rstrip("/") + "/?q=harbor&license=CC0-1.0")
    wait.until(lambda d: "photo" in d.find_element(By.ID, "summary").text and "so far" not in d.find_element(By.ID, "summary").text)
    licences = {cell.get_attribute("data-license") for cell in driver.find_elements(By.CSS_SELECTOR, ".cell")}
    check("the licence filter keeps only CC0 photos", licences == {"CC0 1.0"}, licences)
    check("the licence choice shows in the form", driver.find_element(By.ID, "license").get_attribute("value") == "CC0-1.0")


def cross_site_checks(driver, url, folder):
    """A link on another site (localhost:OTHER to 127.0.0.1:PORT) opens the page, which runs
    nothing until Go is pressed."""
    links = os.path.join(folder, "links")
    os.makedirs(links, exist_ok=True)
    with open(os.path.join(links, "index.html"), "w") as file:
        file.write(f'<a id="search" href="{url.rstrip("/")}/?q=harbor">harbor</a> '
                   f'<a id="popular" href="{url.rstrip("/")}/popular">popular</a>')
    site = image_server(links)
    try:
        other = f"http://localhost:{site.server_address[1]}/index.html"
        for name in ["search", "popular"]:
            driver.get(other)
            driver.find_element(By.ID, name).click()
            WebDriverWait(driver, 10).until(lambda d: d.find_elements(By.ID, "summary"))
            time.sleep(1.5)
            summary = driver.find_element(By.ID, "summary").text
            cells = driver.find_elements(By.CSS_SELECTOR, ".cell")
            check(f"a link from another site ({name}) opens the page without running it",
                  not cells and "Opened from another site" in summary and not driver.find_elements(By.CSS_SELECTOR, ".chip"),
                  (len(cells), summary))
        driver.get(other)
        driver.find_element(By.ID, "search").click()
        WebDriverWait(driver, 10).until(lambda d: d.find_element(By.ID, "go").is_enabled())
        check("the linked query is filled in", driver.find_element(By.ID, "query").get_attribute("value") == "harbor")
        driver.find_element(By.ID, "go").click()
        WebDriverWait(driver, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".cell"))
        check("Go runs the linked search", True)
    finally:
        site.shutdown()


def interrupted_checks(driver, folder):
    """A server that goes away mid-search: the running provider's chip says so, not "running"."""
    os.remove(os.path.join(folder, "release-slow"))
    process, url = start_server(folder)
    try:
        driver.get(url.rstrip("/") + "/?q=harbor")
        WebDriverWait(driver, 20).until(lambda d: "running" in chip_class(d, "slow"))
        # Killed outright: SIGTERM would stop it gracefully, ending each stream with its final state.
        process.kill()
        process.wait(timeout=10)
        WebDriverWait(driver, 10).until(lambda d: "lost" in d.find_element(By.ID, "summary").text)
        slow_class, slow_text = chip(driver, "slow")
        check("a chip left running when the connection is lost says it was interrupted",
              "interrupted" in slow_class and "running" not in slow_class and "interrupted" in slow_text,
              (slow_class, slow_text))
    finally:
        if process.poll() is None:
            process.kill()
        open(os.path.join(folder, "release-slow"), "w").close()


def viewer_checks(driver, name):
    cells = driver.find_elements(By.CSS_SELECTOR, ".cell")
    cells[0].click()
    viewer = driver.find_element(By.ID, "viewer")
    check(f"{name}: a click opens the full-screen view", viewer.is_displayed())
    first = driver.find_element(By.ID, "viewer-title").text
    shown_camera = [driver.find_element(By.ID, "viewer-camera").text]
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    second = driver.find_element(By.ID, "viewer-title").text
    shown_camera.append(driver.find_element(By.ID, "viewer-camera").text)
    check(f"{name}: → shows the next photo", second == cells[1].get_attribute("data-title"), (first, second))
    cameras = [cell.get_attribute("data-camera") for cell in cells[:2]]
    check(f"{name}: the Camera row shows the photo's camera, hidden without one", shown_camera == cameras,
          (shown_camera, cameras))
    check(f"{name}: the local samples' cells carry their camera",
          any(cell.get_attribute("data-camera") for cell in cells))
    body.send_keys(Keys.ARROW_LEFT)
    check(f"{name}: ← goes back", driver.find_element(By.ID, "viewer-title").text == first)
    time.sleep(0.5)
    driver.save_screenshot(os.path.join(output, f"{name}-viewer.png"))
    body.send_keys(Keys.ESCAPE)
    check(f"{name}: Esc closes it", not viewer.is_displayed())


def gallery_checks(driver, folder):
    page = os.path.join(output, "gallery.html")
    with open(page, "w") as file:
        completed = subprocess.run(
            [binary, "search", "harbor", "--format", "html", "--config", os.path.join(folder, "config.yaml")],
            stdout=file, stderr=subprocess.PIPE, text=True, env=environment(folder), cwd=folder, timeout=60)
    check("search --format html writes the page", os.path.getsize(page) > 1000, completed.stderr)
    with open(page) as file:
        html = file.read()
    check("the gallery file loads nothing from outside", "<link" not in html and "<script src" not in html)
    json_run = subprocess.run(
        [binary, "search", "harbor", "--format", "json", "--config", os.path.join(folder, "config.yaml")],
        capture_output=True, text=True, env=environment(folder), cwd=folder, timeout=60)
    expected = len(json.loads(json_run.stdout)["results"])
    driver.get("file://" + page)
    cells = driver.find_elements(By.CSS_SELECTOR, ".cell")
    check("the gallery file shows every cell", len(cells) == expected and expected > 0, (len(cells), expected))
    check("the gallery file runs no hostile script", no_alert(driver))
    time.sleep(0.8)
    driver.save_screenshot(os.path.join(output, "gallery.png"))
    viewer_checks(driver, "gallery")


def main():
    images = image_server(samples)
    folder = workspace(f"http://127.0.0.1:{images.server_address[1]}")
    process, url = start_server(folder)
    driver = None
    try:
        http_checks(url, folder)
        driver = browser()
        page_checks(driver, url, folder)
        cross_site_checks(driver, url, folder)
        interrupted_checks(driver, folder)
        gallery_checks(driver, folder)
    except TimeoutException as error:
        check("the page answered in time", False, repr(error))
    except Exception as error:  # a check that could not run fails, and the server is still stopped
        check("every check ran", False, repr(error))
    finally:
        if driver:
            driver.quit()
        alive = process.poll() is None
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        check("serve kept running through every check (and client disconnects)", alive, process.returncode)
        images.shutdown()
        shutil.rmtree(folder, ignore_errors=True)
    print(f"screenshots: {output}")
    print(f"{results['passed']} passed, {results['failed']} failed")
    sys.exit(1 if results["failed"] else 0)


if __name__ == "__main__":
    main()
