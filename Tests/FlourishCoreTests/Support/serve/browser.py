"""Drives `flourish serve` in headless Chromium with Selenium, as a person would, and prints
what it saw, a line per step, for ServeBrowserTests to compare.

usage: browser.py FLOURISH LEDGER SCREENSHOTS
"""
import os
import shutil
import subprocess
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

flourish, ledger, shots = sys.argv[1:4]
os.makedirs(shots, exist_ok=True)
server = subprocess.Popen([flourish, "serve", ledger, "--port", "0", "--today", "2026-11-27"],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
address = None
for _ in range(3):
    line = server.stdout.readline()
    if "http://" in line:
        address = line.strip()
        break
if address is None:
    print("no address printed")
    sys.exit(1)
origin = address.split("/?")[0]

options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900", "--hide-scrollbars"]:
    options.add_argument(argument)
options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def figures():
    return {term.text: value.text for term, value in zip(driver.find_elements(By.CSS_SELECTOR, "dl.figures dt"),
                                                           driver.find_elements(By.CSS_SELECTOR, "dl.figures dd"))}


def wait_for(condition, seconds):
    """Seconds it took for the condition to hold, or None."""
    start = time.monotonic()
    while time.monotonic() - start < seconds:
        try:
            if condition():
                return time.monotonic() - start
        except Exception:
            pass
        time.sleep(0.02)
    return None


def append(text):
    with open(ledger, "a", encoding="utf-8") as file:
        file.write(text)


def edit_in_editor(lines):
    """Appends lines as a person would: in Neovim (headless, saved with :wq) when it is
    installed, else by a plain write."""
    if shutil.which("nvim"):
        quoted = ", ".join("'" + line.replace("'", "''") + "'" for line in lines)
        subprocess.run(["nvim", "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", f"call append('$', [{quoted}])", "-c", "wq", ledger],
                       check=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    else:
        append("\n".join(lines) + "\n")


def tail(lines):
    with open(ledger, encoding="utf-8") as file:
        return "".join(file.readlines()[-lines:])


try:
    # The address with its token: the page of today's budget, the token gone from the address.
    driver.get(address)
    print("address after the token:", driver.current_url.replace(origin, ""))
    print("home figures:", "; ".join(f"{k}={v}" for k, v in figures().items()))
    print("live status:", WebDriverWait(driver, 5).until(lambda d: d.find_element(By.ID, "live-status").text or None))
    driver.save_screenshot(os.path.join(shots, "home-light.png"))

    # An edit saved in an editor shows on the open page within a second, where the reader was.
    driver.execute_script("window.scrollTo(0, 400)")
    before = figures()["Funds"]
    edit_in_editor(["", "2026-11-27 * Market", "  Food:Groceries  10.00", "  Cash"])
    took = wait_for(lambda: figures()["Funds"] != before, 3)
    print("after an edit in the editor:", figures()["Funds"], "within a second:", took is not None and took < 1.0)
    print("scroll position kept:", driver.execute_script("return window.scrollY") == 400)

    # What is typed in a report's controls stays through an update.
    driver.get(origin + "/report/budget")
    driver.find_element(By.NAME, "q").send_keys("Food")
    shown = driver.find_element(By.TAG_NAME, "body").get_attribute("data-generation")
    append("; a comment\n")
    wait_for(lambda: driver.find_element(By.TAG_NAME, "body").get_attribute("data-generation") != shown, 3)
    print("updated:", driver.find_element(By.TAG_NAME, "body").get_attribute("data-generation") != shown,
          "and the controls keep:", driver.find_element(By.NAME, "q").get_attribute("value"))

    # From a phone: the add form writes a canonical entry, the page says so, and today's
    # figures have it.
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    driver.get(origin + "/")
    before = figures()["Funds"]
    driver.get(origin + "/add")
    Select(driver.find_element(By.NAME, "kind")).select_by_value("purchase")
    for name, value in [("date", "2026-11-27"), ("description", "Espresso"), ("amount", "3.20"), ("category", "din"), ("account", "Cash")]:
        driver.find_element(By.NAME, name).send_keys(value)
    button = driver.find_element(By.CSS_SELECTOR, "form.add button")
    driver.execute_script("arguments[0].scrollIntoView()", button)
    button.click()
    WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".notice"))
    print("the page says:", driver.find_element(By.CSS_SELECTOR, ".notice").text.splitlines()[0])
    print("the file ends with:", repr(tail(4)))
    driver.get(origin + "/")
    print("funds before and after:", before, figures()["Funds"])
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    # A form read before an edit in the editor is refused, and the file keeps the edit only.
    driver.get(origin + "/add")
    for name, value in [("description", "Stale tea"), ("amount", "2"), ("category", "Food:Dining"), ("account", "Cash")]:
        driver.find_element(By.NAME, name).send_keys(value)
    append("; typed in the editor meanwhile\n")
    time.sleep(0.3)
    driver.find_element(By.CSS_SELECTOR, "form.add button").click()
    WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".notice.refused"))
    refusal = driver.find_element(By.CSS_SELECTOR, ".notice.refused").text
    print("a stale form is refused:", "changed since the page read it" in refusal and "nothing was written" in refusal)
    print("the file has the stale entry:", "Stale tea" in tail(8), "and keeps the edit:", tail(1) == "; typed in the editor meanwhile\n")
    print("the form keeps what was typed:", driver.find_element(By.NAME, "description").get_attribute("value"))

    # A ledger that stops checking shows the problems panel on the open page, and recovers.
    driver.get(origin + "/")
    with open(ledger, encoding="utf-8") as file:
        good = file.read()
    append("2026-11-27 * Oops\n  Food:Dinng  1.00\n  Cash\n")
    took = wait_for(lambda: driver.find_elements(By.CSS_SELECTOR, ".problems h1"), 3)
    print("problems panel:", driver.find_element(By.CSS_SELECTOR, ".problems h1").text, "within a second:", took is not None and took < 1.0)
    print("its link:", driver.find_element(By.CSS_SELECTOR, ".problems li a").get_attribute("href").replace(origin, "").split("#")[1])
    with open(ledger, "w", encoding="utf-8") as file:
        file.write(good)
    print("fixed, the figures are back:", wait_for(lambda: "Funds" in figures(), 3) is not None)

    # A bank statement uploaded, previewed, appended; uploaded again, nothing is imported twice.
    statement = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "examples", "import", "bigbank.csv")
    for attempt in range(2):
        driver.get(origin + "/import")
        driver.find_element(By.NAME, "statement").send_keys(os.path.abspath(statement))
        Select(driver.find_element(By.NAME, "rules")).select_by_value("import/bigbank.rules")
        driver.find_element(By.CSS_SELECTOR, "form.add button").click()
        WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.ID, "h-preview"))
        print("import preview:", driver.find_element(By.CSS_SELECTOR, "#live pre").text.splitlines()[0].replace(ledger, "LEDGER"))
        if attempt == 0:
            driver.find_element(By.XPATH, "//button[text()='Append these entries']").click()
            WebDriverWait(driver, 5).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".notice"))
            print("imported:", driver.find_element(By.CSS_SELECTOR, ".notice").text.splitlines()[0].replace(ledger, "LEDGER"))

    # Every page of the bar opens with a heading, and the policy blocks nothing of its own.
    headings = []
    links = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "header.bar a")]
    for link in links:
        driver.get(link)
        headings.append(driver.find_element(By.TAG_NAME, "h1").text)
    print("headings:", "; ".join(headings))
    # On paper: the bar and the forms are left out.
    driver.get(origin + "/")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    print("printed, the bar shows:", driver.execute_script("return getComputedStyle(document.querySelector('header.bar')).display") != "none",
          "a form shows:", driver.execute_script("return getComputedStyle(document.querySelector('form')).display") != "none")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})

    # Dark mode and a phone: no sideways scrolling of the page, on the home page and a wide report.
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    driver.get(origin + "/")
    driver.save_screenshot(os.path.join(shots, "home-dark.png"))
    print("dark background:", driver.execute_script("return getComputedStyle(document.body).backgroundColor"))
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True})
    pages = [link.replace(origin, "") for link in links] + ["/report/budget?monthly=1&from=2026-09-01", "/report/register?from=2026-09-01"]
    sideways = {}
    for page in pages:
        driver.get(origin + page)
        sideways[page] = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        if page == "/":
            driver.save_screenshot(os.path.join(shots, "home-phone.png"))
    print(f"phone, {len(pages)} pages: the pages that scroll sideways:", {page: px for page, px in sideways.items() if px > 0})
    # The refused form's 409 is the one failure expected; the policy would log a blocked script or style.
    errors = [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE" and "(Conflict)" not in entry["message"]]
    print("console errors:", errors)
finally:
    driver.quit()
    # A test runner may start us with SIGTERM ignored, which the server inherits.
    server.kill()
    server.wait()
