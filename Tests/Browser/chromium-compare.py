#!/usr/bin/env python3
"""What a browser shows of each input and of Lamina's flattened output (outside the test graph).

Usage: chromium-compare.py LAMINA DIR_OR_FILE... [--size W H] [--tolerance N] [--out DIR]

For every SVG given (or found in a folder), runs `LAMINA convert IN -o OUT.svg`, screenshots
the input and the output with headless Chromium at the same window size (default 1000 x 800),
and prints the share of pixels whose channels differ by more than --tolerance (default 40),
one line per file, then a summary. Exits 1 when any file differs by more than 0.05 % or fails
to convert. resvg-based `render_equiv.py` cannot see what resvg does not draw (CSS-only text
properties, `pathLength`, a root's `max-width`); this is how Lamina's browser fidelity was
checked on the drawings of `tool-drawings/` and the repros of `probes/` (Docs/Testing.md).
"""
import importlib.util
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("screenshot_check", os.path.join(HERE, "screenshot-check.py"))
check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check)


def main(argv):
    size, tolerance, out, paths = (1000, 800), 40, None, []
    i = 1
    while i < len(argv):
        a = argv[i]
        if a == "--size":
            size = (int(argv[i + 1]), int(argv[i + 2]))
            i += 3
        elif a == "--tolerance":
            tolerance = int(argv[i + 1])
            i += 2
        elif a == "--out":
            out = argv[i + 1]
            i += 2
        else:
            paths.append(a)
            i += 1
    if len(paths) < 2:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    lamina, inputs = paths[0], []
    for p in paths[1:]:
        if os.path.isdir(p):
            inputs += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".svg"))
        else:
            inputs.append(p)
    out = out or tempfile.mkdtemp(prefix="lamina-chromium-")
    bad = 0
    for svg in inputs:
        name = os.path.splitext(os.path.basename(svg))[0]
        flat = os.path.join(out, name + ".out.svg")
        r = subprocess.run([lamina, "convert", svg, "-o", flat], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if r.returncode != 0:
            print("%-40s convert failed (exit %d)" % (name, r.returncode))
            bad += 1
            continue
        shots = []
        for which, path in (("in", svg), ("out", flat)):
            png = os.path.join(out, "%s.%s.png" % (name, which))
            check.render(path, png, size)
            shots.append(check.decode_png(png))
        (w, h, a), (_, _, b) = shots
        share = 100.0 * check.differing_pixels(a, b, tolerance) / max(1, w * h)
        if share > 0.05:
            bad += 1
        print("%-40s %7.3f%% differ" % (name, share))
    print("%d files, %d differ by more than 0.05%% (screenshots in %s)" % (len(inputs), bad, out))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
