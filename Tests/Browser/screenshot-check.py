#!/usr/bin/env python3
"""Browser check of a debug SVG against its flattened SVG (SPEC §6 "Debug SVG").

Usage: screenshot-check.py FLAT.svg DEBUG.svg [--size W H] [--scale S] [--out DIR] [--tolerance N]

Renders three files with headless Chromium at the same window size:
  flat    the flattened export,
  debug   the debug SVG (flattened picture + overlay),
  hidden  a copy of the debug SVG with `#lamina-overlay{display:none}` added,
and checks that
  1. the debug screenshot is not blank (more than one color),
  2. it differs from the flat one (the overlay is visible),
  3. the hidden-overlay screenshot equals the flat one (the picture under the overlay is the
     same), channel differences up to --tolerance allowed.
--size defaults to the flat file's width and height; --scale (device pixels per CSS pixel,
default 1) zooms small pictures such as 24-pixel icons. A debug SVG shown magnified (a small
canvas: its width and height are the flat file's times a whole number k, see Docs/DebugSVG.md)
is rendered at k times the size, and the flat file at k times the scale, so both screenshots
cover the same device pixels; Chromium then anti-aliases a few edge pixels a little differently
(clock.json: 3 of 1.44 million pixels, by at most 4 levels), so channel differences up to 8
are allowed unless --tolerance is given.
Prints one line per check and a JSON summary; exits 0 when all pass, 1 otherwise, 2 on
usage or tool errors. Uses Pillow when available, otherwise decodes PNG with zlib.
"""
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

HIDE_CSS = "<style>#lamina-overlay{display:none !important}</style>"


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def svg_size(path):
    """The root svg's width and height in pixels (viewBox size as a fallback), or (800, 600)."""
    with open(path, "r", encoding="utf-8", errors="replace") as f:
        head = f.read(65536)
    m = re.search(r"<svg\b[^>]*>", head)
    if not m:
        return 800, 600
    tag = m.group(0)

    def attr(name):
        a = re.search(r'\s%s="([^"]*)"' % name, tag)
        return a.group(1) if a else None

    def px(v):
        n = re.match(r"\s*([0-9.]+)\s*(px)?\s*$", v or "")
        return float(n.group(1)) if n else None

    w, h = px(attr("width")), px(attr("height"))
    vb = attr("viewBox")
    if (w is None or h is None) and vb:
        parts = [float(x) for x in re.split(r"[\s,]+", vb.strip()) if x]
        if len(parts) == 4:
            w = w or parts[2]
            h = h or parts[3]
    return max(1, int(round(w or 800))), max(1, int(round(h or 600)))


def render(svg, png, size, scale=1):
    exe = chromium()
    if not exe:
        raise RuntimeError("no chromium on PATH")
    cmd = [
        exe, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
        "--force-device-scale-factor=%g" % scale, "--default-background-color=ffffffff",
        "--screenshot=" + png, "--window-size=%d,%d" % size, "file://" + os.path.abspath(svg),
    ]
    r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    if r.returncode != 0 or not os.path.exists(png):
        raise RuntimeError("chromium failed (%d): %s" % (r.returncode, r.stderr.decode(errors="replace")[-500:]))


def decode_png(path):
    """(width, height, rows) with rows a list of bytes objects, 4 bytes (RGBA) per pixel."""
    try:
        from PIL import Image  # type: ignore

        im = Image.open(path).convert("RGBA")
        w, h = im.size
        data = im.tobytes()
        return w, h, [data[y * w * 4:(y + 1) * w * 4] for y in range(h)]
    except ImportError:
        pass
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG: " + path)
    pos, idat, ihdr = 8, [], None
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos:pos + 4])
        kind = data[pos + 4:pos + 8]
        body = data[pos + 8:pos + 8 + length]
        pos += 12 + length
        if kind == b"IHDR":
            ihdr = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
    w, h, depth, ctype, _, _, interlace = ihdr
    if depth != 8 or interlace != 0 or ctype not in (2, 6):
        raise ValueError("unsupported PNG format (depth %d, color type %d, interlace %d)" % (depth, ctype, interlace))
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompress(b"".join(idat))
    stride = w * bpp
    rows, prev, i = [], bytearray(stride), 0
    for _ in range(h):
        ftype = raw[i]
        line = bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        if ftype == 1:
            for x in range(bpp, stride):
                line[x] = (line[x] + line[x - bpp]) & 255
        elif ftype == 2:
            for x in range(stride):
                line[x] = (line[x] + prev[x]) & 255
        elif ftype == 3:
            for x in range(stride):
                left = line[x - bpp] if x >= bpp else 0
                line[x] = (line[x] + ((left + prev[x]) >> 1)) & 255
        elif ftype == 4:
            for x in range(stride):
                a = line[x - bpp] if x >= bpp else 0
                b = prev[x]
                c = prev[x - bpp] if x >= bpp else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[x] = (line[x] + pred) & 255
        prev = line
        if bpp == 3:
            rgba = bytearray(w * 4)
            rgba[0::4], rgba[1::4], rgba[2::4] = line[0::3], line[1::3], line[2::3]
            rgba[3::4] = b"\xff" * w
            line = rgba
        rows.append(bytes(line))
    return w, h, rows


def distinct_colors(rows, limit=2):
    seen = set()
    for row in rows:
        for x in range(0, len(row), 4):
            seen.add(row[x:x + 4])
            if len(seen) >= limit:
                return len(seen)
    return len(seen)


def differing_pixels(a, b, tolerance=0):
    """Number of pixels whose channels differ by more than `tolerance`, and that bound."""
    count = 0
    for ra, rb in zip(a, b):
        if ra == rb:
            continue
        for x in range(0, min(len(ra), len(rb)), 4):
            if ra[x:x + 4] != rb[x:x + 4] and max(abs(ra[x + k] - rb[x + k]) for k in range(4)) > tolerance:
                count += 1
    return count


def main(argv):
    args = list(argv)
    size, out, tolerance, scale = None, None, None, 1.0
    pos = []
    while args:
        a = args.pop(0)
        if a == "--size":
            size = (int(args.pop(0)), int(args.pop(0)))
        elif a == "--scale":
            scale = float(args.pop(0))
        elif a == "--out":
            out = args.pop(0)
        elif a == "--tolerance":
            tolerance = int(args.pop(0))
        else:
            pos.append(a)
    if len(pos) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    flat, debug = pos
    size = size or svg_size(flat)
    out = out or tempfile.mkdtemp(prefix="lamina-shots-")
    os.makedirs(out, exist_ok=True)
    base = os.path.splitext(os.path.basename(debug))[0]
    with open(debug, "r", encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"<svg\b[^>]*>", text)
    if not m:
        print("error: %s has no <svg> element" % debug, file=sys.stderr)
        return 2
    hidden_svg = os.path.join(out, base + ".hidden.svg")
    with open(hidden_svg, "w", encoding="utf-8") as f:
        f.write(text[:m.end()] + HIDE_CSS + text[m.end():])
    shots = {k: os.path.join(out, "%s.%s.png" % (base, k)) for k in ("flat", "debug", "hidden")}
    shown = svg_size(debug)
    magnified = max(1, int(round(shown[0] / svg_size(flat)[0])))
    debug_size = (size[0] * magnified, size[1] * magnified)
    if tolerance is None:
        tolerance = 8 if magnified > 1 else 0
    try:
        render(flat, shots["flat"], size, scale * magnified)
        render(debug, shots["debug"], debug_size, scale)
        render(hidden_svg, shots["hidden"], debug_size, scale)
        imgs = {k: decode_png(v) for k, v in shots.items()}
    except Exception as e:  # noqa: BLE001 - report any tool failure as exit 2
        print("error: %s" % e, file=sys.stderr)
        return 2
    checks = []
    colors = distinct_colors(imgs["debug"][2])
    checks.append(("debug screenshot is not blank", colors > 1, "%d+ colors" % colors))
    overlay = differing_pixels(imgs["debug"][2], imgs["flat"][2])
    checks.append(("overlay is visible (debug differs from flat)", overlay > 0, "%d pixels differ" % overlay))
    sizes = {k: v[:2] for k, v in imgs.items()}
    same = sizes["flat"] == sizes["debug"] == sizes["hidden"]
    checks.append(("screenshots have the same size", same, " ".join("%s %dx%d" % ((k,) + v) for k, v in sizes.items())))
    under = differing_pixels(imgs["hidden"][2], imgs["flat"][2], tolerance)
    checks.append(("picture under the overlay equals the flat export", under == 0, "%d pixels differ" % under))
    for name, ok, detail in checks:
        print("%s: %s (%s)" % ("PASS" if ok else "FAIL", name, detail))
    summary = {
        "size": list(size), "screenshots": shots, "overlayPixels": overlay, "underlayDifferences": under,
        "passed": all(ok for _, ok, _ in checks),
    }
    print(json.dumps(summary, sort_keys=True))
    return 0 if summary["passed"] else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
