"""Opens Flourish's HTML report pages in headless Chromium, as a person would on a laptop (light
and dark), on a phone (390 px) and on paper (A4, printed to PDF), checks what the brief asks of
each, writes a screenshot of each way for a person to look at, and prints a line per page for
HTMLBrowserTests to compare.

usage: pages.py SCREENSHOTS NAME=PAGE ...   (PAGE: an HTML file, or an address)

Checked on every page:
- on a phone: the page does not scroll sideways (a wide table scrolls in its own box);
- on a laptop, a phone and paper: no text is drawn under 11 px (an SVG chart's text by its size
  on the screen, its font size times the chart's scale);
- no date, month or negative amount is broken across two lines;
- no chart's text reaches past the chart's edge (legends fit);
- a chart's lines are told apart by their dashes as well as their colours, each in the legend;
- printed: no heading is the last line of a page (pdftotext), and no page is blank.
"""
import base64
import os
import shutil
import subprocess
import sys

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

shots = sys.argv[1]
pages = [argument.split("=", 1) for argument in sys.argv[2:]]
os.makedirs(shots, exist_ok=True)

options = webdriver.ChromeOptions()
options.binary_location = "/usr/bin/chromium"
for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900", "--hide-scrollbars",
                 "--allow-file-access-from-files"]:
    options.add_argument(argument)
driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)

# What the page shows, measured in the page: its sideways overflow, its text under 11 px, the
# chart texts past their chart's edge, and how each chart's lines are told apart.
MEASURE = """
const visible = (element) => {
  for (let at = element; at && at.nodeType === 1; at = at.parentElement) {
    const style = getComputedStyle(at);
    if (style.display === 'none' || style.visibility === 'hidden') return false;
  }
  return element.getClientRects().length > 0;
};
const small = [];
const broken = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  const node = walker.currentNode;
  if (!node.textContent.trim()) continue;
  const element = node.parentElement;
  if (!element || !visible(element) || element.closest('title, desc')) continue;
  let size = parseFloat(getComputedStyle(element).fontSize);
  const svg = element.closest('svg');
  if (svg) {
    const box = svg.viewBox.baseVal;
    size = size * svg.getBoundingClientRect().width / box.width;
  }
  if (size < 11 - 0.05) small.push(node.textContent.trim().slice(0, 30) + ' (' + size.toFixed(1) + ' px)');
  // A date, a month or a negative amount is read whole: never broken across lines.
  if (svg) continue;
  for (const match of node.textContent.matchAll(/(?<![\w\/.-])(\d{4}-\d{2}(-\d{2})?|-[^\s\d]?\d[\d.,]*)(?![\w-])/g)) {
    const range = document.createRange();
    range.setStart(node, match.index);
    range.setEnd(node, match.index + match[0].length);
    const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
    if (tops.size > 1) broken.push(match[0]);
  }
}
const outside = [];
const lines = [];
for (const svg of document.querySelectorAll('svg')) {
  if (!visible(svg)) continue;
  const edge = svg.getBoundingClientRect();
  for (const text of svg.querySelectorAll('text')) {
    const box = text.getBoundingClientRect();
    if (box.left < edge.left - 0.5 || box.right > edge.right + 0.5 || box.top < edge.top - 0.5 || box.bottom > edge.bottom + 0.5) {
      outside.push(text.textContent.slice(0, 30));
    }
  }
  const drawn = [...svg.querySelectorAll('polyline[class^=series]')];
  if (drawn.length) {
    const dashes = drawn.map((line) => getComputedStyle(line).strokeDasharray);
    const named = drawn.filter((line) => svg.querySelector('line.' + line.getAttribute('class'))).length;
    lines.push({count: drawn.length, distinct: new Set(dashes).size, named: named});
  }
}
return {sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
        small: small, broken: broken, outside: outside, lines: lines,
        headings: [...document.querySelectorAll('h1, h2, h3')].map((h) => h.textContent.trim()),
        height: document.documentElement.scrollHeight};
"""


def look(width, height, mobile, dark=False, media=""):
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
    features = [{"name": "prefers-color-scheme", "value": "dark" if dark else "light"}]
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": media, "features": features})
    return driver.execute_script(MEASURE)


def screenshot(name, width, seen):
    picture = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": 0, "y": 0, "width": width, "height": min(seen["height"], 6000), "scale": 1}})
    with open(os.path.join(shots, name + ".png"), "wb") as file:
        file.write(base64.b64decode(picture["data"]))


def printed(name, headings):
    """Prints the page to an A4 PDF, writes its pages as pictures and returns the headings that
    end a page, and the pages with no text."""
    pdf = driver.execute_cdp_cmd("Page.printToPDF", {"paperWidth": 8.27, "paperHeight": 11.69, "printBackground": False})
    path = os.path.join(shots, name + "-print.pdf")
    with open(path, "wb") as file:
        file.write(base64.b64decode(pdf["data"]))
    text = subprocess.run(["pdftotext", "-layout", path, "-"], capture_output=True, text=True, check=True).stdout
    sheets = text.split("\f")
    if sheets and not sheets[-1].strip():
        sheets.pop()
    alone = []
    for number, sheet in enumerate(sheets[:-1], start=1):
        last = [line.strip() for line in sheet.splitlines() if line.strip()]
        if last and last[-1] in headings:
            alone.append(f"{last[-1]!r} ends page {number}")
    blank = [number for number, sheet in enumerate(sheets, start=1) if not sheet.strip()]
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", "1", "-l", "3", path, os.path.join(shots, name + "-print")], check=True)
    os.remove(path)
    return alone, blank


try:
    for name, page in pages:
        driver.get(page if page.startswith("http") else "file://" + os.path.abspath(page))
        problems = []
        charts = []
        for way, width, height, mobile, dark, media in [("laptop", 1280, 900, False, False, ""), ("dark", 1280, 900, False, True, ""),
                                                        ("phone", 390, 844, True, False, ""), ("paper", 718, 1000, False, False, "print")]:
            seen = look(width, height, mobile, dark, media)
            if way == "phone" and seen["sideways"] > 0:
                problems.append(f"the phone scrolls {seen['sideways']} px sideways")
            if seen["broken"]:
                problems.append(f"broken across lines on the {way}: " + ", ".join(seen["broken"][:3]))
            if seen["small"]:
                problems.append(f"text under 11 px on the {way}: " + ", ".join(seen["small"][:3]))
            if seen["outside"]:
                problems.append(f"chart text past its edge on the {way}: " + ", ".join(seen["outside"][:3]))
            for chart in seen["lines"]:
                if chart["distinct"] < chart["count"] or chart["named"] < chart["count"]:
                    problems.append(f"{chart['count']} lines on the {way}, {chart['distinct']} dash patterns, {chart['named']} in the legend")
            if way != "paper":
                charts.append(len(seen["lines"]))
                screenshot(f"{name}-{'light' if way == 'laptop' else way}", width, seen)
        alone, blank = printed(name, set(seen["headings"]))
        problems += [f"printed, {heading}" for heading in alone] + [f"printed, page {number} is blank" for number in blank]
        lines = max(charts) and max(chart["count"] for chart in look(1280, 900, False)["lines"])
        print(f"{name}: " + ("; ".join(problems) if problems else "fits a phone and paper")
              + (f" ({lines} lines, each its own dashes, in the legend)" if lines else ""))
finally:
    driver.quit()
