#!/usr/bin/python3
"""Plays carc's web page in a real headless Chromium, through selenium and chromium-driver
(Debian's python3-selenium, chromium, chromium-driver), for tests/web.bats and make bench.
Each command opens PAGE (a file), clicks as a person would, and prints what the bats file
checks. It drives the browser that `drive.py start` left running when CARC_BROWSER names its
folder (a browser takes seconds to start, a page a fraction of one), else a browser of its own
with a fresh profile.

    drive.py start DIR
        starts a headless Chromium with a fresh profile in DIR, left running for the commands
        below; prints nothing
    drive.py stop DIR
        ends that browser and removes DIR

    drive.py place PAGE MOVE ARMOUR [DOWNLOADS]
        clicks MOVE's cell, its rotation and its figure, confirms; writes the armour the page
        shows to ARMOUR and prints the page's state in base64; with DOWNLOADS, a folder, also
        clicks the download link and waits for the .carc file there
    drive.py refuse PAGE X,Y
        clicks cell X,Y, where nothing fits; prints the page's message, the decision shown and
        whether Confirm can be pressed
    drive.py undo PAGE MOVE
        chooses MOVE, then Undo; prints the decision shown and whether Confirm can be pressed
    drive.py hurl PAGE PREFIX X Y ARMOUR
        chooses PREFIX (hurl:knockout:, ...) when there is a choice, clicks the board at the
        point X,Y (in tiles), confirms; prints the decision word and writes the armour
    drive.py choose PAGE ARMOUR STEP...
        makes each STEP in turn and confirms it: a placement word as place does, PREFIX@X,Y
        as hurl does (prints the word made), any other word by its button; writes the armour
        the page shows at the end
    drive.py local PAGE PLAYERS SETS RULES SEED ARMOUR STEP...
        starts a new game in the page, every seat a person, and makes each STEP as choose
        does; prints who is to decide before each step and at the end, and writes the armour
    drive.py hover PAGE X,Y
        moves the mouse onto the marked cell X,Y; prints the tip the page shows there
    drive.py game PAGE STRATEGY ITERATIONS ARMOUR PNG
        a person (me) against the bot STRATEGY (mcts with ITERATIONS) to the end of the game:
        the game of PAGE, whose first decision is mine, made in the page before "Play on
        here" and the bot's seat chosen; or, in a page without a game, a new game (seed 5).
        The person's turns take the first cell, rotation and no figure offered. Writes the
        final armour and a screenshot, and prints the number of decisions, where the bot ran
        (worker or page) and the phase
    drive.py replay PAGE
        a finished game's page: prints the step shown, the tiles on the board and the
        decision's word and report, as it opens and after |<, >, >| and <
    drive.py shot PAGE PNG
        a screenshot of the page as it opens; prints how many colours it has
    drive.py bench PAGE GAMES
        prints when the board was shown (ms from the start of navigation) and the ms that GAMES
        random games take in the page's engine
"""

import os
import re
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

TIMEOUT = 60
# [TILE/]X,Y,ROT[,FEATURE][@FIGURE]
# PREFIX@X,Y: a click on the board at the point X,Y, after PREFIX's button if there is one
AIMED = re.compile(r"^(.*:)@(-?[\d.]+),(-?[\d.]+)$")
PLACEMENT = re.compile(r"^(?:[^/]+/)?-?\d+,-?\d+,(?:0|90|180|270)(?:,[^@]+)?(?:@.+)?$")
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--window-size=1280,900")


def start(folder):
    """A browser left running, its DevTools port in folder/profile/DevToolsActivePort."""
    profile = os.path.join(folder, "profile")
    os.makedirs(profile)
    with open(os.path.join(folder, "log"), "w") as log:
        b = subprocess.Popen([CHROMIUM, *FLAGS, "--remote-debugging-port=0",
                              "--user-data-dir=" + profile, "about:blank"],
                             stdin=subprocess.DEVNULL, stdout=log, stderr=log,
                             start_new_session=True)
    with open(os.path.join(folder, "pid"), "w") as f:
        f.write(str(b.pid))
    port = os.path.join(profile, "DevToolsActivePort")
    end = time.time() + TIMEOUT
    while not os.path.exists(port):
        if b.poll() is not None or time.time() > end:
            raise SystemExit("drive: the browser did not start; see " + folder + "/log")
        time.sleep(0.05)


def stop(folder):
    try:
        with open(os.path.join(folder, "pid")) as f:
            pid = int(f.read())
        os.killpg(pid, signal.SIGTERM)
        for _ in range(100):
            os.kill(pid, 0)
            time.sleep(0.05)
    except (OSError, ValueError):
        pass
    shutil.rmtree(folder, ignore_errors=True)


class Page:
    def __init__(self, path, downloads=None):
        o = webdriver.ChromeOptions()
        shared = os.environ.get("CARC_BROWSER")
        self.profile = None
        if shared:
            with open(os.path.join(shared, "profile", "DevToolsActivePort")) as f:
                port = f.readline().strip()
            o.add_experimental_option("debuggerAddress", "127.0.0.1:" + port)
        else:
            self.profile = tempfile.mkdtemp(prefix="carc-chromium-")
            o.binary_location = CHROMIUM
            for a in FLAGS + ("--user-data-dir=" + self.profile,):
                o.add_argument(a)
        o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
        service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
        self.d = webdriver.Chrome(service=service, options=o)
        self.d.get_log("browser")
        if downloads:
            self.d.execute_cdp_cmd("Browser.setDownloadBehavior", {
                "behavior": "allow", "downloadPath": os.path.abspath(downloads)})
        self.d.get("file://" + os.path.abspath(path))
        self.ready = self.wait("return document.body.dataset.ready")
        if self.ready == "failed":
            raise SystemExit("drive: the page did not start: " + self.text("phase"))

    def close(self):
        if self.profile:
            self.d.quit()
            shutil.rmtree(self.profile, ignore_errors=True)
        else:
            # the shared browser stays; the next command finds a blank page
            self.d.get("about:blank")
            self.d.service.stop()

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def wait(self, script, *args):
        end = time.time() + TIMEOUT
        while time.time() < end:
            v = self.js(script, *args)
            if v:
                return v
            time.sleep(0.02)
        raise SystemExit("drive: timed out waiting for: " + script)

    def text(self, id):
        return self.js("return document.getElementById(arguments[0]).textContent", id)

    def css(self, sel):
        return self.d.find_element(By.CSS_SELECTOR, sel)

    def click_point(self, x, y):
        """A real mouse click at the board point x, y (in tiles)."""
        p = self.js("return carcPage.clientPoint(arguments[0], arguments[1])", x, y)
        svg = self.css("#board svg")
        r = self.js("return arguments[0].getBoundingClientRect().toJSON()", svg)
        ActionChains(self.d).move_to_element_with_offset(
            svg, p["x"] - (r["left"] + r["width"] / 2),
            p["y"] - (r["top"] + r["height"] / 2)).click().perform()

    def place(self, move):
        """Clicks MOVE's cell (again until its rotation is chosen), then its figure button."""
        if "/" in move:
            self.css(f'button[data-tile="{move.split("/")[0]}"]').click()
        parts = move.split("/")[-1].split(",")
        x, y, rot = parts[0], parts[1], parts[2]
        for _ in range(4):
            self.css(f'rect.cell[data-x="{x}"][data-y="{y}"]').click()
            if self.css(f'button[data-rot="{rot}"]').get_attribute("class") == "on":
                break
        self.css(f'button[data-word="{move}"]').click()
        if self.text("word") != move:
            raise SystemExit(f"drive: the page made '{self.text('word')}', not '{move}'")

    def new_game(self, players, seats, sets, rules, seed):
        """Fills in the form of a new game and starts it."""
        if not self.js("return document.getElementById('newgame').open"):
            self.css("#newgame summary").click()
        for id, value in (("ng-players", players), ("ng-sets", sets), ("ng-rules", rules),
                          ("ng-seed", seed)):
            field = self.css("#" + id)
            field.clear()
            field.send_keys(value)
        for i, seat in enumerate(seats):
            self.js("""const s = document.querySelector(`#ng-seats select[data-seat="${arguments[0]}"]`);
                    s.value = arguments[1]; s.dispatchEvent(new Event('change'))""", i, seat)
        self.css("#ng-start").click()

    def aim(self, prefix, x, y):
        """Chooses PREFIX when there is a choice, then clicks the board at the point x, y."""
        b = self.d.find_elements(By.CSS_SELECTOR, f'button[data-prefix="{prefix}"]')
        if b:
            b[0].click()
        self.click_point(x, y)

    def confirm(self):
        self.css("#confirm").click()
        self.wait("return document.body.dataset.turn")

    def armour(self, path):
        with open(path, "w") as f:
            f.write(self.js("return document.getElementById('armor').value"))

    def errors(self):
        return [e["message"] for e in self.d.get_log("browser") if e["level"] == "SEVERE"]


def png_colours(path):
    """How many colours a PNG (8-bit RGB or RGBA, as Chromium writes them) holds."""
    with open(path, "rb") as f:
        data = f.read()
    pos, idat, width, height, kind = 8, b"", 0, 0, 0
    while pos < len(data):
        n, tag = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if tag == b"IHDR":
            width, height, depth, kind = struct.unpack(">IIBB", body[:10])
            if depth != 8 or kind not in (2, 6):
                raise SystemExit(f"drive: {path}: not 8-bit RGB or RGBA")
        elif tag == b"IDAT":
            idat += body
        pos += 12 + n
    bpp = 3 if kind == 2 else 4
    raw, stride = zlib.decompress(idat), width * bpp
    prev, colours = bytearray(stride), set()
    for row in range(height):
        f, line = raw[row * (stride + 1)], bytearray(raw[row * (stride + 1) + 1:(row + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        colours.update(bytes(line[i:i + 3]) for i in range(0, stride, bpp * 4))
        prev = line
    return len(colours)


def main(argv):
    cmd, page = argv[1], argv[2]
    if cmd == "start":
        start(page)
        return
    if cmd == "stop":
        stop(page)
        return
    p = Page(page, argv[5] if cmd == "place" and len(argv) > 5 else None)
    try:
        if cmd == "place":
            move, out = argv[3], argv[4]
            p.place(move)
            p.confirm()
            p.armour(out)
            print(p.js("return carcPage.state()"))
            if len(argv) > 5:
                p.css("#download").click()
                name = p.css("#download").get_attribute("download")
                path = os.path.join(argv[5], name)
                end = time.time() + TIMEOUT
                while not os.path.exists(path) and time.time() < end:
                    time.sleep(0.05)
                print(name)
        elif cmd == "refuse":
            x, y = (int(v) for v in argv[3].split(","))
            p.click_point(x + 0.5, y + 0.5)
            print(p.text("msg"))
            print(p.text("word"))
            print("confirm " + ("disabled" if p.css("#confirm").get_attribute("disabled")
                                else "enabled"))
        elif cmd == "undo":
            p.place(argv[3])
            p.css("#undo").click()
            print(p.text("word"))
            print("confirm " + ("disabled" if p.css("#confirm").get_attribute("disabled")
                                else "enabled"))
        elif cmd == "hurl":
            prefix, x, y, out = argv[3], float(argv[4]), float(argv[5]), argv[6]
            p.aim(prefix, x, y)
            print(p.text("word"))
            p.confirm()
            p.armour(out)
        elif cmd in ("choose", "local"):
            out, steps = argv[3], argv[4:]
            if cmd == "local":
                players, sets, rules, seed, out = argv[3:8]
                steps = argv[8:]
                p.new_game(players, ["human"] * len(players.split(",")), sets, rules, seed)
            for word in steps:
                if cmd == "local":
                    p.wait("return document.body.dataset.turn === 'human'")
                    print(p.text("turnhead"))
                m = AIMED.match(word)
                if PLACEMENT.match(word):
                    p.place(word)
                elif m:
                    p.aim(m.group(1), float(m.group(2)), float(m.group(3)))
                    print(p.text("word"))
                else:
                    p.css(f'button[data-word="{word}"]').click()
                p.confirm()
            if cmd == "local":
                print(p.text("turnhead"))
            p.armour(out)
        elif cmd == "game":
            strategy, iterations, out, png = argv[3], int(argv[4]), argv[5], argv[6]
            p.js("carcPage.botDelay = 0; carcPage.iterations = arguments[0]", iterations)
            decisions = 0
            if p.js("return document.body.dataset.turn") == "human":
                p.css("rect.cell").click()
                p.confirm()
                decisions += 1
                p.css("#playon").click()
                p.js("""const s = document.querySelector('#seatlist select[data-seat="1"]');
                        s.value = arguments[0]; s.dispatchEvent(new Event('change'))""",
                     strategy)
            else:
                p.new_game("me,bot", ["human", strategy], "base", "", "5")
            while True:
                turn = p.wait("const t = document.body.dataset.turn; "
                              "return t === 'human' || t === 'over' ? t : ''")
                if turn == "over":
                    break
                cell = p.css("rect.cell")
                cell.click()
                p.css("#confirm").click()
                decisions += 1
            p.armour(out)
            p.d.save_screenshot(png)
            print(f"{decisions} decisions by me")
            print("the bot ran in the " + p.js("return document.body.dataset.bots"))
            print(p.text("phase"))
        elif cmd == "replay":
            tiles = "return document.querySelectorAll('#board svg > g[transform]').length"
            for button in (None, "#first", "#next", "#last", "#prev"):
                if button:
                    p.css(button).click()
                print(f"{p.text('step')}: {p.js(tiles)} tiles; {p.text('stepword')}")
        elif cmd == "hover":
            x, y = argv[3].split(",")
            ActionChains(p.d).move_to_element(
                p.css(f'rect.cell[data-x="{x}"][data-y="{y}"]')).perform()
            p.wait("return !document.getElementById('tip').hidden")
            print(" ".join(p.text("tip").split()))
            print(p.js("return document.querySelectorAll('#tip svg').length"), "pictures")
        elif cmd == "shot":
            p.d.save_screenshot(argv[3])
            print(f"{png_colours(argv[3])} colours")
        elif cmd == "bench":
            ms = p.js("return carcPage.bench(arguments[0], 1)", int(argv[3]))
            print(f"{p.ready} {ms:.0f}")
        else:
            raise SystemExit(f"drive: unknown command '{cmd}'")
        bad = p.errors()
        if bad:
            raise SystemExit("drive: the page logged errors: " + "; ".join(bad))
    finally:
        p.close()


if __name__ == "__main__":
    main(sys.argv)
