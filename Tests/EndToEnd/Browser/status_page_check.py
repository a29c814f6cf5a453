#!/usr/bin/python3
"""Opens a sign's status page in headless Chromium over the DevTools protocol and checks it as
a phone would see it: the page loads, the frame image has the panel's own size, and the page
follows the board when it changes. Run by the Swift test suite (StatusPageBrowserTests), which
drives the board; Debian's chromium and python3-websocket (installed by .ci/run) are all it needs.

Protocol with the caller, one line each on stdout/stdin:
  LOADED <frame src> <naturalWidth>x<naturalHeight> <status text>
  (caller changes the board, then writes "CHANGED" or "DONE" on stdin)
  UPDATED <frame src> <naturalWidth>x<naturalHeight> <status text>
"""
import argparse, base64, json, os, re, shutil, subprocess, sys, tempfile, time, urllib.request
import websocket


class Page:
    def __init__(self, url):
        self.ws = websocket.create_connection(url, timeout=30)
        self.next_id = 0

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv())
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        return result.get("result", {}).get("value")

    def shown(self):
        """The frame the page shows, once its image finished loading; None before that."""
        return self.evaluate(
            "(function(){var i=document.getElementById('frame');"
            "if(!i||i.hidden||!i.complete||!i.naturalWidth)return null;"
            "return [i.getAttribute('src'),i.naturalWidth+'x'+i.naturalHeight,"
            "document.getElementById('status').textContent];})()")

    def wait_for(self, condition, seconds):
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            value = self.shown()
            if value and condition(value):
                return value
            time.sleep(0.2)
        return self.shown()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("url")
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--screenshot", help="write a PNG of the page here")
    parser.add_argument("--width", type=int, default=412)
    parser.add_argument("--height", type=int, default=700)
    parser.add_argument("--wait-for-change", action="store_true")
    args = parser.parse_args()

    profile = tempfile.mkdtemp(prefix="status-page-chromium-")
    # --remote-allow-origins: Chromium 111+ refuses DevTools websockets from other origins (403).
    command = [args.chromium, "--headless=new", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
               "--remote-debugging-port=0", "--remote-allow-origins=*", f"--user-data-dir={profile}",
               f"--window-size={args.width},{args.height}", "--hide-scrollbars", "about:blank"]
    if os.geteuid() == 0:
        command.insert(1, "--no-sandbox")  # Chromium refuses to run its sandbox as root
    browser = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        port = None
        for line in browser.stderr:
            found = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
            if found:
                port = int(found.group(1))
                break
        if port is None:
            sys.exit("chromium did not start its DevTools endpoint")
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30))
        page = Page(next(t for t in targets if t["type"] == "page")["webSocketDebuggerUrl"])
        page.call("Page.enable")
        page.call("Page.navigate", url=args.url)
        loaded = page.wait_for(lambda v: True, 60)
        if not loaded:
            sys.exit(f"the frame image never loaded: {page.evaluate('document.documentElement.outerHTML')}")
        print("LOADED", *loaded, flush=True)
        if args.wait_for_change:
            sys.stdin.readline()
            updated = page.wait_for(lambda v: v[0] != loaded[0], 60)
            print("UPDATED", *updated, flush=True)
        if args.screenshot:
            time.sleep(0.5)
            shot = page.call("Page.captureScreenshot", format="png", captureBeyondViewport=False)
            with open(args.screenshot, "wb") as out:
                out.write(base64.b64decode(shot["data"]))
    finally:
        browser.terminate()
        try:
            browser.wait(10)
        except subprocess.TimeoutExpired:
            browser.kill()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
