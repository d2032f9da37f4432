#!/usr/bin/env bash
# Writes SVGs made by common tools into OUT (default ./tool-drawings-out), for
# chromium-compare.py and render_equiv.py: pygal (CSS charts), verovio (music), python-chess,
# segno and qrcode, drawsvg, svgwrite, cairo, matplotlib (hatches, mathtext, polar, 3D, text as
# text), Vega-Lite, ziamath, wavedrom, schemdraw, svgling, ReportLab, PyX, gnuplot and graphviz
# (dot, neato, circo). Installs what it needs: apt packages, and pip packages in OUT/.venv.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
OUT=$(mkdir -p "${1:-tool-drawings-out}" && cd "${1:-tool-drawings-out}" && pwd)
if ! command -v gnuplot >/dev/null || ! command -v dot >/dev/null || ! python3 -c 'import cairo' 2>/dev/null; then
  apt-get update -qq && apt-get install -y -qq gnuplot-nox graphviz python3-cairo >/dev/null
fi
[ -x "$OUT/.venv/bin/python" ] || python3 -m venv "$OUT/.venv"
"$OUT/.venv/bin/pip" install -q matplotlib pygal verovio chess segno qrcode drawsvg svgwrite \
  vl-convert-python ziamath wavedrom schemdraw svgling reportlab pyx
cd "$OUT"
/usr/bin/python3 "$HERE/gen_cairo.py"
for g in gen_libraries gen_matplotlib gen_charts; do "$OUT/.venv/bin/python" "$HERE/$g.py"; done
gnuplot -e 'set terminal svg size 600,400 dynamic enhanced font "Arial,12"; set output "gnuplot.svg"; set grid; set key box; plot sin(x) w l lw 2, cos(x) w lp pt 7, x**2/50 with filledcurves y1=0 fs transparent solid 0.3'
gnuplot -e 'set terminal svg size 600,400; set output "gnuplot_3d.svg"; set pm3d; set hidden3d; splot [-3:3][-3:3] exp(-x*x-y*y) w pm3d'
for layout in dot neato circo; do "$layout" -Tsvg "$HERE/graph.dot" -o "graphviz_$layout.svg"; done
ls "$OUT"/*.svg | wc -l
