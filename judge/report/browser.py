"""The machine's own Chromium, driven by Playwright, for the tests of the pages and for the
README's screenshot. Nothing is downloaded at run time by Playwright (`playwright install` is never
run): Debian's `chromium` package is the browser, installed with apt-get when missing and allowed
(as root; `JUDGE_NO_APT=1` forbids it).

Chromium is started headless with the background services off: on a closed network its own
connections (updates, sync, QUIC) are refused and would be errors on the page's console."""
from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
PACKAGES = ("chromium",)
FONTS = ("fonts-noto-cjk",)            # the screenshot's Japanese (the tests read text, not pixels)
ARGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-default-apps", "--disable-extensions")


def chromium() -> str | None:
    """The path of the system's Chromium, or None."""
    for path in CANDIDATES:
        if os.access(path, os.X_OK):
            return path
    return shutil.which("chromium") or shutil.which("chromium-browser")


def apt_install(packages) -> str:
    """Install Debian packages with apt-get (as root, unless JUDGE_NO_APT): "" when done, else why not."""
    if os.environ.get("JUDGE_NO_APT"):
        return f"JUDGE_NO_APT forbids installing them (apt-get install {' '.join(packages)})"
    if not shutil.which("apt-get"):
        return f"no apt-get to install them ({' '.join(packages)})"
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        return f"installing them needs root (sudo apt-get install {' '.join(packages)})"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = ["apt-get", "install", "-y", "--no-install-recommends", *packages]
    done = subprocess.run(install, env=env, capture_output=True, text=True, timeout=900)
    if done.returncode != 0:             # the package lists may be missing on a fresh machine
        subprocess.run(["apt-get", "update"], env=env, capture_output=True, text=True, timeout=900)
        done = subprocess.run(install, env=env, capture_output=True, text=True, timeout=900)
    return "" if done.returncode == 0 else (done.stderr.strip().splitlines() or ["apt-get failed"])[-1]


def ensure_chromium() -> tuple[str | None, str]:
    """(the path of Chromium, "") — installed with apt-get when missing and possible — or
    (None, why it cannot be had)."""
    found = chromium()
    if found:
        return found, ""
    why = apt_install(PACKAGES)
    found = chromium()
    return (found, "") if found else (None, f"no chromium, and apt-get could not install it: {why}")


@contextlib.contextmanager
def browser_context(path: str):
    """A Playwright browser context of the Chromium at `path`, with a fresh profile."""
    from playwright.sync_api import sync_playwright
    with tempfile.TemporaryDirectory(prefix="judge-chromium-") as profile, sync_playwright() as pw:
        context = pw.chromium.launch_persistent_context(profile, executable_path=path, headless=True,
                                                        args=list(ARGS), viewport={"width": 1400, "height": 900})
        try:
            yield context
        finally:
            context.close()


def screenshot(page_file, png_file, *, selector: str | None = None, width: int = 1400, height: int = 900) -> None:
    """A picture of a page, or of one element of it (the README's), taken by the system's Chromium.
    The rule documents are Japanese: a font for them is installed too when missing and possible."""
    path, why = ensure_chromium()
    if path is None:
        raise RuntimeError(why)
    if shutil.which("fc-list") and not subprocess.run(["fc-list", ":lang=ja"], capture_output=True,
                                                       text=True).stdout.strip():
        apt_install(FONTS)
    with browser_context(path) as context:
        page = context.new_page()
        page.set_viewport_size({"width": width, "height": height})
        page.goto(Path(page_file).resolve().as_uri())
        (page.locator(selector) if selector else page).screenshot(path=str(png_file))


def main(argv=None) -> int:
    """python -m judge.report.browser PAGE.html OUT.png [--selector CSS] (`make screenshot`)."""
    import argparse
    parser = argparse.ArgumentParser(prog="python -m judge.report.browser", description=main.__doc__)
    parser.add_argument("page")
    parser.add_argument("png")
    parser.add_argument("--selector", help="only this element of the page")
    parser.add_argument("--width", type=int, default=1400)
    args = parser.parse_args(argv)
    try:
        screenshot(args.page, args.png, selector=args.selector, width=args.width)
    except RuntimeError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"wrote {args.png}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
