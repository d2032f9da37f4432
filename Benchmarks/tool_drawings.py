#!/usr/bin/env python3
"""Drawings made by common tools, for timing Lamina against resvg beyond ../shared/perf-data.

    python3 Benchmarks/tool_drawings.py OUTDIR

Writes (deterministically, given the same matplotlib and graphviz):
  scatter.svg  matplotlib scatter plot, 20,000 points (each marker a `use` in a clipped group)
  lines.svg    60 lines of 2,000 points, legend and grid
  mixed.svg    bars with hatching, a 100,000-sample histogram, an image and filled contours
  text.svg     2,000 rotated text labels (svg.fonttype none: real `text` elements)
  image.svg    a 1,200 x 1,200 image embedded as one `data:` URL (about 6 MB)
  mesh.svg     a 150 x 200 pcolormesh (30,000 clipped paths)
  graph.svg    graphviz `dot`: 600 labelled nodes, 900 labelled edges (skipped without `dot`)

Needs matplotlib (pip install matplotlib) and, for the graph, graphviz (apt-get install
graphviz). Docs/Performance.md ("Drawings from common tools") has the figures of session 15.
"""
import os
import random
import subprocess
import sys

import matplotlib

matplotlib.use("svg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402


def save(fig, path):
    # No date and a fixed id salt, so the files do not change from run to run.
    fig.savefig(path, metadata={"Date": None})
    plt.close(fig)


def main(out):
    os.makedirs(out, exist_ok=True)
    matplotlib.rcParams["svg.hashsalt"] = "lamina"
    rng = np.random.default_rng(1)
    fig, ax = plt.subplots(figsize=(8, 6))
    ax.scatter(rng.normal(size=20000), rng.normal(size=20000), s=4, c=rng.random(20000), cmap="viridis")
    ax.set_title("scatter")
    save(fig, os.path.join(out, "scatter.svg"))

    fig, ax = plt.subplots(figsize=(8, 6))
    x = np.linspace(0, 10, 2000)
    for i in range(60):
        ax.plot(x, np.sin(x + i / 10) * i / 10, label=f"l{i}" if i < 10 else None, lw=0.8)
    ax.legend()
    ax.grid(True)
    save(fig, os.path.join(out, "lines.svg"))

    fig, axs = plt.subplots(2, 2, figsize=(10, 8))
    axs[0, 0].bar(range(200), rng.random(200), hatch="//", edgecolor="k")
    axs[0, 1].hist(rng.normal(size=100000), bins=300, alpha=0.7)
    axs[1, 0].imshow(rng.random((20, 20)), cmap="magma")
    g = np.linspace(-3, 3, 200)
    axs[1, 1].contourf(*np.meshgrid(g, g), np.sin(np.add.outer(g**2, g)), levels=30)
    for i in range(50):
        axs[0, 0].annotate(f"a{i}", (i * 4, 0.5), fontsize=6, rotation=45)
    save(fig, os.path.join(out, "mixed.svg"))

    fig, ax = plt.subplots(figsize=(10, 10))
    ax.imshow(rng.random((1200, 1200)), cmap="viridis", interpolation="nearest")
    fig.savefig(os.path.join(out, "image.svg"), dpi=150, metadata={"Date": None})
    plt.close(fig)

    fig, ax = plt.subplots(figsize=(8, 6))
    ax.pcolormesh(rng.random((150, 200)))
    save(fig, os.path.join(out, "mesh.svg"))

    with matplotlib.rc_context({"svg.fonttype": "none"}):
        fig, ax = plt.subplots(figsize=(8, 6))
        for i in range(2000):
            ax.text(rng.random(), rng.random(), f"w{i}", fontsize=5, rotation=int(rng.integers(0, 90)))
        save(fig, os.path.join(out, "text.svg"))

    r = random.Random(3)
    lines = ['digraph G { node [shape=box, style=filled, fillcolor="#eeeeff"]; edge [color="#555555"];']
    lines += [f'n{i} [label="node {i}\\nline two"];' for i in range(600)]
    lines += [f'n{r.randrange(600)} -> n{r.randrange(600)} [label="e{i}"];' for i in range(900)]
    lines.append("}")
    try:
        subprocess.run(["dot", "-Tsvg", "-o", os.path.join(out, "graph.svg")], input="\n".join(lines).encode(), check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        print(f"graph.svg skipped: {e}", file=sys.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
