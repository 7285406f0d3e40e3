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
import tempfile

CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
PACKAGES = ("chromium",)
ARGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--disable-default-apps", "--disable-extensions")


def chromium() -> str | None:
    """The path of the system's Chromium, or None."""
    for path in CANDIDATES:
        if os.access(path, os.X_OK):
            return path
    return shutil.which("chromium") or shutil.which("chromium-browser")


def ensure_chromium() -> tuple[str | None, str]:
    """(the path of Chromium, "") — installed with apt-get when missing and possible — or
    (None, why it cannot be had)."""
    found = chromium()
    if found:
        return found, ""
    if os.environ.get("JUDGE_NO_APT"):
        return None, "no chromium, and JUDGE_NO_APT forbids installing it (apt-get install chromium)"
    if not shutil.which("apt-get"):
        return None, "no chromium and no apt-get to install it (install a Chromium at /usr/bin/chromium)"
    if hasattr(os, "geteuid") and os.geteuid() != 0:
        return None, "no chromium, and installing it needs root (sudo apt-get install chromium)"
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = ["apt-get", "install", "-y", "--no-install-recommends", *PACKAGES]
    for command in (install, ["apt-get", "update"], install):
        done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=900)
        if command is install and done.returncode == 0:
            break
    found = chromium()
    return (found, "") if found else (None, "apt-get could not install chromium: "
                                            + (done.stderr.strip().splitlines() or ["(no message)"])[-1])


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


def screenshot(page_file, png_file, *, width: int = 1400, height: int = 900, full_page: bool = False) -> None:
    """A picture of a page (the README's), taken by the system's Chromium."""
    path, why = ensure_chromium()
    if path is None:
        raise RuntimeError(why)
    from pathlib import Path
    with browser_context(path) as context:
        page = context.new_page()
        page.set_viewport_size({"width": width, "height": height})
        page.goto(Path(page_file).resolve().as_uri())
        page.screenshot(path=str(png_file), full_page=full_page)
