"""Compile the engine modules with Cython into judge/_compiled/ (see judge/compiled.py).

    python tools/compile_engine.py [--jobs N]

Only modules whose source changed since the last build are compiled again (the C files and objects
are kept under build/compiled/). The manifest records the SHA-256 of each source as compiled;
judge loads a compiled module only while its source still has that hash.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["JUDGE_PURE"] = "1"            # build from the sources, not from an older build

from judge.compiled import COMPILED_DIR, MANIFEST, compiled_path, module_sources, source_hash  # noqa: E402

BUILD = ROOT / "build" / "compiled"
# binding: the rules areas are functions that HololiveGame binds as its methods (a named hook)
DIRECTIVES = {"language_level": 3, "binding": True, "warn.unreachable": False}
CFLAGS = ["-w", "-g0"]                    # generated C: no warnings, no debug information


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    try:
        from Cython.Build import cythonize
        from setuptools import Distribution, Extension
    except ImportError as e:
        print(f"compile_engine: {e}; install the 'fast' extra (pip install -e '.[fast]')", file=sys.stderr)
        return 1
    sources = module_sources()
    hashes = {name: source_hash(path) for name, path in sources.items()}
    extensions = [Extension(name, [str(path.relative_to(ROOT))], extra_compile_args=CFLAGS)
                  for name, path in sources.items()]
    os.chdir(ROOT)
    # Up-to-date C and objects are kept, unless they were made with other settings.
    settings, stamp = {"directives": DIRECTIVES, "cflags": CFLAGS}, BUILD / "settings.json"
    force = not stamp.is_file() or json.loads(stamp.read_text(encoding="utf-8")) != settings
    forget_changed(sources, hashes)
    modules = cythonize(extensions, compiler_directives=DIRECTIVES, nthreads=args.jobs, quiet=True,
                        build_dir=str(BUILD / "c"), force=force)
    dist = Distribution({"name": "judge-compiled", "ext_modules": modules})
    cmd = dist.get_command_obj("build_ext")
    cmd.build_lib, cmd.build_temp, cmd.parallel = str(BUILD / "lib"), str(BUILD / "tmp"), args.jobs
    cmd.force = force
    try:
        dist.run_command("build_ext")
    except Exception as e:                  # the C compiler failed or is missing
        print(f"compile_engine: {e}\njudge runs without the compiled modules: JUDGE_PURE=1 make ... "
              "skips this step", file=sys.stderr)
        return 1
    stamp.write_text(json.dumps(settings), encoding="utf-8")
    (BUILD / "sources.json").write_text(json.dumps(hashes), encoding="utf-8")

    # Put the new build in place: the modules first, the manifest that vouches for them last. Each
    # module is written beside its place and renamed onto it, so a running judge that has the old
    # one loaded keeps it intact.
    MANIFEST.unlink(missing_ok=True)
    for name in sources:
        replace_file(compiled_path(name), Path(cmd.get_ext_fullpath(name)).read_bytes())
    manifest = {"python": sys.implementation.cache_tag, "modules": hashes}
    replace_file(MANIFEST, json.dumps(manifest, indent=1, sort_keys=True).encode("utf-8"))
    print(f"{len(sources)} engine modules compiled in {COMPILED_DIR.relative_to(ROOT)}")
    return 0


def forget_changed(sources: dict, hashes: dict) -> None:
    """Drop the C file of each module whose source is not the one it was made from, so that it is
    made again even when the source's time stamp is older than the C file's (a copy that kept its
    time, a restored backup)."""
    made = BUILD / "sources.json"
    before = json.loads(made.read_text(encoding="utf-8")) if made.is_file() else {}
    for name, path in sources.items():
        if before.get(name) != hashes[name]:
            (BUILD / "c" / path.relative_to(ROOT).with_suffix(".c")).unlink(missing_ok=True)


def replace_file(target: Path, data: bytes) -> None:
    """Write `data` beside `target`, then rename it onto it (one step for anyone reading it)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.NamedTemporaryFile("wb", dir=target.parent, delete=False, suffix=".tmp") as f:
        f.write(data)
    os.replace(f.name, target)


if __name__ == "__main__":
    sys.exit(main())
