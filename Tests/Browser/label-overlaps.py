#!/usr/bin/env python3
"""Counts overlapping labels in debug SVGs, as a browser lays them out (Docs/DebugSVG.md).

Usage: label-overlaps.py [--estimate] [--window W H] [--json OUT] DEBUG.svg...

For each debug SVG, finds the box of every label (`text.lamina-label`) that is shown
(not `display: none`) and at least partly on the canvas, in CSS pixels of the document at
100 % zoom, and counts
  labels       those labels,
  overlaps     pairs of them whose boxes share more than 1 CSS px in both directions,
  off-canvas   those whose box is not wholly on the canvas (cut off at an edge),
  under-legend shown labels whose box meets the legend's two-line box,
  legend-in-view  whether the legend's box lies wholly in the first W x H CSS pixels of the
               document (what a browser window shows before scrolling; default 1280 x 800,
               less 15 px of scroll bar on the sides that scroll).

By default the boxes are Chromium's own layout: a copy of the file with a script that writes
every label's getBoundingClientRect() into the document, read back with --dump-dom. With
--estimate they are computed from the markup alone: each character as wide as DejaVu Sans
sets it (Linux browsers' sans-serif; 0.6 font sizes for other ASCII, 0.7 or 1 for longer UTF-8
sequences), from one font size above the baseline to 0.2 below, mapped by the root viewBox
and the overlay's transform (xMidYMid meet; no rotation expected).

Prints one line per file and a total line; --json writes the per-file figures.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"

PROBE = """<script type="application/ecmascript"><![CDATA[
window.addEventListener('load', function () {
  function box(e) { var r = e.getBoundingClientRect(); return [r.left + scrollX, r.top + scrollY, r.width, r.height]; }
  var root = document.documentElement, rr = root.getBoundingClientRect();
  var out = {canvas: [rr.left + scrollX, rr.top + scrollY, rr.width, rr.height], labels: [], legend: null,
             view: [innerWidth, innerHeight, root.scrollWidth || document.scrollingElement.scrollWidth,
                    document.scrollingElement.scrollHeight]};
  var ls = document.querySelectorAll('#lamina-overlay text.lamina-label');
  for (var i = 0; i < ls.length; i++) {
    var e = ls[i];
    if (getComputedStyle(e).display === 'none') continue;
    var b = box(e); b.push(e.textContent); out.labels.push(b);
  }
  var lg = document.querySelector('#lamina-overlay .lamina-legend > rect.lamina-legend-box');
  if (lg) out.legend = box(lg);
  var p = document.createElementNS('http://www.w3.org/2000/svg', 'desc');
  p.setAttribute('id', 'label-probe');
  p.textContent = 'PROBE' + JSON.stringify(out) + 'EBORP';
  root.appendChild(p);
});
]]></script>
"""


def chromium():
    for name in ("chromium", "chromium-browser", "google-chrome", "chrome"):
        path = shutil.which(name)
        if path:
            return path
    sys.exit("label-overlaps: no chromium on PATH")


def browser_boxes(path, window):
    with open(path, "rb") as f:
        data = f.read()
    end = data.rfind(b"</svg>")
    if end < 0:
        raise ValueError("not an SVG document")
    with tempfile.TemporaryDirectory() as d:
        probe = os.path.join(d, "probe.svg")
        with open(probe, "wb") as f:
            f.write(data[:end] + PROBE.encode() + data[end:])
        r = subprocess.run(
            [chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
             f"--window-size={window[0]},{window[1]}", "--virtual-time-budget=600000", "--dump-dom",
             "file://" + probe],
            capture_output=True, timeout=900)
    m = re.search(rb"PROBE(\{.*?\})EBORP", r.stdout, re.S)
    if not m:
        raise RuntimeError("chromium gave no layout: " + r.stderr.decode(errors="replace")[-300:])
    text = m.group(1).decode()
    text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", '"').replace("&amp;", "&")
    return json.loads(text)


DEJAVU = dict(zip("abcdefghijklmnopqrstuvwxyz", [
    0.613, 0.635, 0.55, 0.635, 0.615, 0.352, 0.635, 0.634, 0.278, 0.278, 0.579, 0.278, 0.974,
    0.634, 0.612, 0.635, 0.635, 0.411, 0.521, 0.392, 0.634, 0.592, 0.818, 0.592, 0.592, 0.525]))
DEJAVU.update(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", [
    0.684, 0.686, 0.698, 0.77, 0.632, 0.575, 0.775, 0.752, 0.295, 0.295, 0.656, 0.557, 0.863,
    0.748, 0.787, 0.603, 0.787, 0.695, 0.635, 0.611, 0.732, 0.684, 0.989, 0.685, 0.611, 0.685]))
DEJAVU.update({d: 0.636 for d in "0123456789"})
DEJAVU.update({" ": 0.318, "#": 0.838, "/": 0.337, "-": 0.361, "_": 0.5, ".": 0.318, ":": 0.337})


def text_width(text):
    """In font sizes."""
    w = 0.0
    for c in text:
        n = len(c.encode())
        w += DEJAVU.get(c, 0.6) if n == 1 else (0.7 if n == 2 else 1.0)
    return w


def number_list(s):
    return [float(v) for v in re.split(r"[\s,]+", s.strip()) if v]


def estimated_boxes(path):
    root = ET.parse(path).getroot()
    w, h = root.get("width"), root.get("height")
    vb = number_list(root.get("viewBox", "")) if root.get("viewBox") else None

    def length(v, fallback):
        m = re.fullmatch(r"\s*([0-9.eE+-]+)\s*(px)?\s*", v or "")
        return float(m.group(1)) if m else fallback

    if vb and len(vb) == 4:
        cw, ch = length(w, vb[2]), length(h, vb[3])
        sx, sy = cw / vb[2], ch / vb[3]
        s = min(sx, sy)  # xMidYMid meet
        ox, oy = (cw - vb[2] * s) / 2 - vb[0] * s, (ch - vb[3] * s) / 2 - vb[1] * s
        view = (s, 0, 0, s, ox, oy)
    else:
        cw, ch = length(w, 300), length(h, 150)
        view = (1, 0, 0, 1, 0, 0)
    overlay = next(e for e in root if e.get("id") == "lamina-overlay")
    m = (1, 0, 0, 1, 0, 0)
    t = overlay.get("transform")
    if t and t.startswith("matrix("):
        m = tuple(number_list(t[7:-1]))

    def compose(a, b):  # a then b
        return (a[0] * b[0] + a[1] * b[2], a[0] * b[1] + a[1] * b[3], a[2] * b[0] + a[3] * b[2],
                a[2] * b[1] + a[3] * b[3], a[4] * b[0] + a[5] * b[2] + b[4], a[4] * b[1] + a[5] * b[3] + b[5])

    t = compose(m, view)

    def rect(x0, y0, x1, y1):
        xs = [t[0] * x + t[2] * y + t[4] for x in (x0, x1) for y in (y0, y1)]
        ys = [t[1] * x + t[3] * y + t[5] for x in (x0, x1) for y in (y0, y1)]
        return [min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)]

    f = float(overlay.get("font-size"))
    hidden_classes = set()
    for st in overlay.iter(SVG + "style"):
        for c in re.findall(r"\.(lamina-[a-z-]+)\{display:none\}", st.text or ""):
            hidden_classes.add(c)
    labels = []
    legend = None
    for e in overlay.iter(SVG + "text"):
        classes = set((e.get("class") or "").split())
        if "lamina-label" not in classes or classes & hidden_classes:
            continue
        x, y = float(e.get("x")), float(e.get("y"))
        text = "".join(e.itertext())
        width = text_width(text) * f
        labels.append(rect(x, y - f, x + width, y + 0.2 * f) + [text])
    for g in overlay.iter(SVG + "g"):
        if g.get("class") == "lamina-legend":
            r = next(c for c in g if c.tag == SVG + "rect")
            x, y = float(r.get("x")), float(r.get("y"))
            legend = rect(x, y, x + float(r.get("width")), y + float(r.get("height")))
    return {"canvas": [0, 0, cw, ch], "labels": labels, "legend": legend, "view": None}


def meets(a, b, slack=1.0):
    return (min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]) > slack
            and min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]) > slack)


def count_overlaps(labels):
    """Pairs of boxes overlapping by more than 1 px both ways (sweep over x)."""
    order = sorted(range(len(labels)), key=lambda i: labels[i][0])
    active, pairs, examples = [], 0, []
    for i in order:
        a = labels[i]
        active = [j for j in active if labels[j][0] + labels[j][2] > a[0] + 1.0]
        for j in active:
            if meets(a, labels[j]):
                pairs += 1
                if len(examples) < 3:
                    examples.append((labels[j][4], a[4]))
        active.append(i)
    return pairs, examples


def measure(path, estimate, window):
    d = estimated_boxes(path) if estimate else browser_boxes(path, window)
    canvas, legend = d["canvas"], d["legend"]
    # Labels wholly off the canvas (of frames off it) are not seen.
    labels = [b for b in d["labels"] if meets(b, canvas, 0)]
    pairs, examples = count_overlaps(labels)
    cx0, cy0, cx1, cy1 = canvas[0], canvas[1], canvas[0] + canvas[2], canvas[1] + canvas[3]
    off = sum(1 for b in labels if b[0] < cx0 - 0.5 or b[1] < cy0 - 0.5 or b[0] + b[2] > cx1 + 0.5 or b[1] + b[3] > cy1 + 0.5)
    under = sum(1 for b in labels if legend and meets(b, legend))
    vw, vh = window[0] - (15 if canvas[3] > window[1] else 0), window[1] - (15 if canvas[2] > window[0] else 0)
    in_view = bool(legend) and legend[0] >= 0 and legend[1] >= 0 and legend[0] + legend[2] <= vw and legend[1] + legend[3] <= vh
    return {"file": path, "labels": len(labels), "overlaps": pairs, "off_canvas": off, "under_legend": under,
            "legend_in_view": in_view, "legend": legend, "examples": examples}


def main(argv):
    estimate, window, out, files = False, (1280, 800), None, []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--estimate":
            estimate = True
        elif a == "--window":
            window = (int(argv[i + 1]), int(argv[i + 2]))
            i += 2
        elif a == "--json":
            out = argv[i + 1]
            i += 1
        elif a.startswith("-"):
            sys.exit(__doc__)
        else:
            files.append(a)
        i += 1
    if not files:
        sys.exit(__doc__)
    results, totals = [], {"labels": 0, "overlaps": 0, "off_canvas": 0, "under_legend": 0, "legend_hidden": 0}
    for path in files:
        try:
            r = measure(path, estimate, window)
        except Exception as e:  # noqa: BLE001 - a file that cannot be measured is reported, not fatal
            print(f"{path}: error: {e}")
            continue
        results.append(r)
        for k in ("labels", "overlaps", "off_canvas", "under_legend"):
            totals[k] += r[k]
        totals["legend_hidden"] += 0 if r["legend_in_view"] else 1
        ex = "; ".join(f"{a!r}/{b!r}" for a, b in r["examples"])
        print(f"{path}: labels {r['labels']} overlaps {r['overlaps']} off-canvas {r['off_canvas']} "
              f"under-legend {r['under_legend']} legend-in-view {'yes' if r['legend_in_view'] else 'NO'}"
              + (f"  e.g. {ex}" if ex else ""))
    print("total: " + " ".join(f"{k} {v}" for k, v in totals.items()) + f" files {len(results)}")
    if out:
        with open(out, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main(sys.argv[1:])
