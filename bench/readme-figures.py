#!/usr/bin/python3
"""Measures again every figure the README's "## Speed" section gives, and says which no longer hold.

The README promises times, file sizes, memory and ratios. This script reads them from the tables
of "## Speed" (with "### Real sizes"), runs the benchmark behind each, and prints README figure and
measurement side by side under the date and the machine. A figure is OFF when the measurement is
more than 1.5 times the README's or less than the README's divided by 1.5 (for a range "a–b",
anything from a / 1.5 to 1.5 × b holds); ratios are judged the same way. It is a benchmark, not a
test, and its exit code is the verdict: 0, every figure holds; 1, at least one is OFF; 2, the
README lost a figure the script expects (a table, row or column is gone, or the cell no longer
reads as a number), or a benchmark is missing, failed, or printed something it could not read.

FIGURES says where each figure comes from: the README table (the text of its first header cell),
row (its first cell), column, which comma-separated value of the cell ("11.1 ms, 151 KB" holds
two), the benchmark run, and how to find the value in that run's output. Labels are compared
without parenthesised asides, backticks and bold, so "NumPy (OpenBLAS, 2 threads)" is the column
"NumPy" and a row whose note about the load changes is still found. SKIPPED says why targets,
figures of the release before and hand-timed cells are left out; --list also names every other
number in the Speed tables that nothing covers, so a new figure does not go unchecked.

The benchmarks are the existing ones, run as they are: attnlens_bench, numpybench.py and
benchtable.py (scripts/bench-engine.sh without its build), headsinterleaved.py,
attnlens_uidragbench, attnlens_animationbench and realsize.py (which runs attnlens,
attnlens_npzreadbench and attnlens_windowstartbench), Qt ones with QT_QPA_PLATFORM=offscreen. This
script never builds: they come from --build-dir, by default build-native (`ATTNLENS_NATIVE=1
scripts/build.sh`, the README's build); --engine-bench may name another attnlens_bench, such as
build-bench/bench/attnlens_bench from scripts/bench-engine.sh. Sizes are compared in the benches'
units (KB and MB of 1024 and 1024² bytes).

  /usr/bin/python3 bench/readme-figures.py [--build-dir DIR] [--engine-bench PATH]
                                           [--only GROUP[,GROUP]] [--quick] [--readme PATH]
  /usr/bin/python3 bench/readme-figures.py --list       # the figures and how; runs nothing
  /usr/bin/python3 bench/readme-figures.py --self-test  # checks the parsers on samples
Groups: engine, heads, drag, animation, realsize, npz, window, coldstart (bench/coldstart.py: Xvfb
and openbox). --quick takes fewer repetitions,
moves and rounds (a few minutes in all); its figures are rougher, and the report says so.
"""

import argparse
import datetime
import os
import re
import shlex
import socket
import subprocess
import sys
import tempfile
from collections import namedtuple

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
PYTHON = "/usr/bin/python3"
LIMIT = 1.5
TIMEOUT_S = 3600
GROUPS = ("engine", "heads", "drag", "animation", "realsize", "npz", "window", "coldstart")


class ReadmeError(Exception):
    """The README no longer gives a figure the script expects."""


class BenchError(Exception):
    """A benchmark is missing, failed, or printed something unreadable."""


# --- numbers with units ---

TIME_UNITS = {"ns": 1e-9, "us": 1e-6, "µs": 1e-6, "μs": 1e-6, "ms": 1e-3, "s": 1.0}
SIZE_UNITS = {"B": 1, "KB": 1024, "KiB": 1024, "MB": 1024 ** 2, "MiB": 1024 ** 2,
              "GB": 1024 ** 3, "GiB": 1024 ** 3}
NUMBER = r"\d+(?:,\d{3})*(?:\.\d+)?"
QUANTITY = re.compile(rf"^({NUMBER})(?:\s*[–-]\s*({NUMBER}))?\s*([A-Za-zµμ]+)?$")

# low and high in seconds, bytes or plain numbers (the same for a single figure); the unit and the
# number of decimals as written.
Quantity = namedtuple("Quantity", "low high unit decimals")


def kind_of(unit):
    """'time', 'size' or 'ratio' (no unit); None for a unit this script does not know."""
    if not unit:
        return "ratio"
    return "time" if unit in TIME_UNITS else "size" if unit in SIZE_UNITS else None


def unit_scale(unit):
    return TIME_UNITS.get(unit) or SIZE_UNITS.get(unit) or 1.0


def strip_asides(text):
    """Drops (parenthesised) and [bracketed] asides, backticks and bold marks; one space between
    words."""
    previous = None
    while previous != text:
        previous = text
        text = re.sub(r"\s*(\([^()]*\)|\[[^\[\]]*\])", "", text)
    return " ".join(text.replace("`", "").replace("**", "").split())


def parse_quantity(text):
    """'0.41 µs', '1.15–1.48 s', '151 KB', '0.47' -> Quantity; None if it is not one figure."""
    match = QUANTITY.match(text.strip())
    if not match or kind_of(match.group(3) or "") is None:
        return None
    unit = match.group(3) or ""
    low, high = (float(n.replace(",", "")) * unit_scale(unit)
                 for n in (match.group(1), match.group(2) or match.group(1)))
    return Quantity(low, high, unit, len(match.group(1).partition(".")[2]))


def cell_pieces(text):
    """The comma-separated values of a cell, asides dropped: '11.1 ms, 151 KB (x)' gives two."""
    return [piece for piece in re.split(r",\s+", strip_asides(text)) if piece]


def parse_cell(text):
    """Every figure of a cell in order; a piece that is not a figure gives None."""
    return [parse_quantity(piece) for piece in cell_pieces(text)]


def judge(readme, measured):
    """(factor, 'OK' or 'OFF'): the factor is measured over the nearest end of the README's
    figure or range, 1.00 inside a range."""
    factor = (measured / readme.high if measured > readme.high else
              measured / readme.low if measured < readme.low else 1.0)
    off = measured > LIMIT * readme.high or measured < readme.low / LIMIT
    return factor, "OFF" if off else "OK"


def show(value, readme):
    """A value in seconds, bytes or plain, written as the README writes its figure (unit, decimals),
    with at least two significant digits."""
    scaled = value / unit_scale(readme.unit)
    text = f"{scaled:.{readme.decimals}f}" if scaled >= 10 ** (1 - readme.decimals) else f"{scaled:.2g}"
    return f"{text} {readme.unit}".strip()


# --- the README's tables ---

Table = namedtuple("Table", "header rows")


def speed_section(text):
    """The lines of '## Speed', up to the next second-level heading."""
    lines = text.splitlines()
    if "## Speed" not in lines:
        raise ReadmeError("the document has no '## Speed' section")
    start = lines.index("## Speed") + 1
    end = next((i for i in range(start, len(lines)) if lines[i].startswith("## ")), len(lines))
    return lines[start:end]


def split_row(line):
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def markdown_tables(lines):
    tables, block = [], []
    for line in [*lines, ""]:
        if line.lstrip().startswith("|"):
            block.append(line)
            continue
        if len(block) >= 2:
            separator = set(block[1]) <= set("|-: ")
            tables.append(Table(split_row(block[0]), [split_row(l) for l in block[2 if separator else 1:]]))
        block = []
    return tables


def only_one(found, what):
    if len(found) != 1:
        raise ReadmeError(f"{what}: {'not found' if not found else f'found {len(found)} times'}")
    return found[0]


def find_table(tables, key):
    found = [t for t in tables if strip_asides(t.header[0]) == key]
    if not found:
        raise ReadmeError(f"table '{key}': not found in ## Speed (its tables: "
                          + "; ".join(strip_asides(t.header[0]) for t in tables) + ")")
    return only_one(found, f"table '{key}'")


def readme_figure(tables, figure):
    """(the figure as written, Quantity) from the README, or ReadmeError naming what is missing."""
    table = find_table(tables, figure.table)
    where = f"table '{figure.table}'"
    columns = [strip_asides(h) for h in table.header]
    if figure.column not in columns:
        raise ReadmeError(f"{where}, row '{figure.row}': no column '{figure.column}' (columns: {'; '.join(columns)})")
    column = only_one([i for i, c in enumerate(columns) if c == figure.column],
                      f"{where}, column '{figure.column}'")
    rows = [row for row in table.rows if strip_asides(row[0]) == figure.row]
    if not rows:
        raise ReadmeError(f"{where}: no row '{figure.row}' (rows: {'; '.join(strip_asides(r[0]) for r in table.rows)})")
    row = only_one(rows, f"{where}, row '{figure.row}'")
    cell = row[column] if column < len(row) else ""
    pieces = cell_pieces(cell)
    value = parse_quantity(pieces[figure.part]) if figure.part < len(pieces) else None
    if value is None or kind_of(value.unit) != figure.kind or value.low <= 0:
        raise ReadmeError(f"{where}, row '{figure.row}', column '{figure.column}': cannot read a "
                          f"{figure.kind} (value {figure.part + 1} of the cell) from '{cell}'")
    return pieces[figure.part], value


# --- reading the benches' output ---

class Cell(namedtuple("Cell", "label index")):
    """Cell `index` of the ' | '-separated line whose first cell is `label` (benchtable.py,
    headsinterleaved.py); the cell carries its unit."""
    __str__ = lambda self: f"cell {self.index} of the line '{self.label} | ...'"

    def __call__(self, output):
        for line in output.splitlines():
            cells = [c.strip() for c in line.split("|")]
            if cells[0] == self.label and self.index < len(cells):
                return cells[self.index]
        raise BenchError(f"no line '{self.label} | ...' with a cell {self.index}")


class Fields(namedtuple("Fields", "prefix index unit")):
    """Word `index` after `prefix` on the line that starts with it (uidragbench, realsize.py)."""
    __str__ = lambda self: f"word {self.index + 1} after '{self.prefix}' ({self.unit or 'ratio'})"

    def __call__(self, output):
        for line in output.splitlines():
            line = line.strip()
            rest = line[len(self.prefix):]
            if line.startswith(self.prefix) and rest[:1].isspace():
                words = rest.split()
                if self.index < len(words):
                    return f"{words[self.index]} {self.unit}"
        raise BenchError(f"no line '{self.prefix} ...' with a word {self.index + 1} after it")


class Regex(namedtuple("Regex", "pattern unit")):
    """The first group of the first match of `pattern` (a multi-line regular expression)."""
    __str__ = lambda self: f"/{self.pattern}/ ({self.unit or 'ratio'})"

    def __call__(self, output):
        match = re.search(self.pattern, output, re.MULTILINE)
        if not match:
            raise BenchError(f"nothing matches /{self.pattern}/")
        return f"{match.group(1)} {self.unit}"


def measured_value(figure, output):
    text = figure.extract(output)
    values = parse_cell(text)
    if not values or values[0] is None or kind_of(values[0].unit) != figure.kind:
        raise BenchError(f"{figure.extract} gave '{text}', not a {figure.kind}")
    return values[0].low


# --- the benchmark runs ---

# steps(ctx) -> [(argv, file its stdout goes to, or None to keep it as the run's output)];
# "{tmp}" in an argument is the run's temporary folder. needs(ctx) -> executables it runs.
Run = namedtuple("Run", "steps needs")
Context = namedtuple("Context", "build_dir engine_bench quick")


def exe(ctx, name):
    return os.path.join(ctx.build_dir, name if name == "attnlens" else os.path.join("bench", name))


def script(name):
    return os.path.join(HERE, name)


def pick(ctx, full, quick):
    return str(quick if ctx.quick else full)


ENGINE_CASES = ["notebook_3x3x2", "causal_64x64x64", "causal_512x512x64", "causal_2048x2048x64"]


def engine_steps(ctx):
    numpy_quick = ["--min-time", "0.3", "--min-batches", "5"] if ctx.quick else []
    return [([ctx.engine_bench, f"--benchmark_filter=/({'|'.join(ENGINE_CASES)})/",
              f"--benchmark_repetitions={pick(ctx, 10, 3)}",
              "--benchmark_report_aggregates_only=true", "--benchmark_format=json"], "engine.json"),
            ([PYTHON, script("numpybench.py"), "--out", "{tmp}/numpy.json", "--cases",
              *ENGINE_CASES, *numpy_quick], None),
            ([PYTHON, script("benchtable.py"), "{tmp}/engine.json", "{tmp}/numpy.json"], None)]


def drag_run(moves, quick_moves, *options):
    def steps(ctx):
        return [([exe(ctx, "attnlens_uidragbench"), "--moves", pick(ctx, moves, quick_moves),
                  "--warmup", "20", *options], None)]
    return Run(steps, lambda ctx: [exe(ctx, "attnlens_uidragbench")])


def animation_run(scenario):
    return Run(lambda ctx: [([exe(ctx, "attnlens_animationbench"), "--frames", "60", "--size", "800x600",
                              "--scenario", scenario], None)],
               lambda ctx: [exe(ctx, "attnlens_animationbench")])


def realsize_run(only, bench=None):
    def steps(ctx):
        return [([PYTHON, script("realsize.py"), "--attnlens", exe(ctx, "attnlens"),
                  "--only", only, "--repeat", pick(ctx, 3, 1)], None)]
    return Run(steps, lambda ctx: [exe(ctx, "attnlens")] + ([exe(ctx, bench)] if bench else []))


RUNS = {
    "engine": Run(engine_steps, lambda ctx: [ctx.engine_bench]),
    "heads": Run(lambda ctx: [([PYTHON, script("headsinterleaved.py"), ctx.engine_bench,
                                "--rounds", pick(ctx, 5, 2)], None)], lambda ctx: [ctx.engine_bench]),
    "drag-small": drag_run(500, 100, "--sizes", "3,16,64"),
    "drag-512": drag_run(300, 100, "--sizes", "512"),
    "drag-heads": drag_run(200, 50, "--sizes", "12x1024x64"),
    "drag-raise": drag_run(200, 50, "--sizes", "12x1024x64", "--raise", "allHeadsViewDock"),
    "drag-docks": drag_run(200, 50, "--sizes", "12x1024x64", "--all-docks"),
    "animation-lesson": animation_run("lesson"),
    "animation-three": animation_run("three-queries"),
    "realsize-figure": realsize_run("300-dpi"),
    "realsize-evidence": realsize_run("evidence"),
    "npz": realsize_run("npz", "attnlens_npzreadbench"),
    "window": realsize_run("window", "attnlens_windowstartbench"),
    "coldstart": Run(lambda ctx: [([PYTHON, script("coldstart.py"), "--build-dir", ctx.build_dir,
                                    "--repeat", pick(ctx, 11, 5)], None)],
                     lambda ctx: [exe(ctx, "attnlens"), exe(ctx, "attnlens_coldstartanchor")]),
}


# --- which README figure comes from which run ---

Figure = namedtuple("Figure", "group table row column part kind run extract")

ENGINE_T = "engine"
HEADS_T = "12 heads × 1024 × 1024, d_k = d_v = 64"
DRAG_T = "drag latency"
ANIMATION_T = "60 frames, 800×600 heatmap"
REALSIZE_T = "2,048 tokens, d_k 64, causal"
NPZ_T = "open a 12 × 1024 × 64 .npz"
WINDOW_T = "window start, 2,048 tokens"
COLDSTART_T = "cold start, no file"
UNIT_KIND = {"ms": "time", "s": "time", "KB": "size", "MB": "size", "MiB": "size", "": "ratio"}


def comparison_figures(group, table, run, rows):
    """Attention Lens, NumPy and ratio of each (README row, row label in the run's ' | ' table)."""
    return [Figure(group, table, row, column, 0, kind, run, Cell(label, index))
            for row, label in rows
            for column, index, kind in [("Attention Lens", 1, "time"), ("NumPy", 2, "time"),
                                        ("ratio", 3, "ratio")]]


def engine_figures():
    return comparison_figures("engine", ENGINE_T, "engine", [
        ("3×3, d = 2", "3x3, d=2 (notebook, no mask)"), ("64×64×64 causal", "64x64x64 causal"),
        ("512×512×64 causal", "512x512x64 causal"), ("2048×2048×64 causal", "2048x2048x64 causal")])


def heads_figures():
    prefix = "12 heads x 1024x1024x64"  # headsinterleaved.py's labels
    return comparison_figures("heads", HEADS_T, "heads", [
        ("computeAllHeads", f"{prefix}, computeAllHeads"),
        ("the model's recompute of every head", f"{prefix}, model recompute"),
        ("causal, computeAllHeads", f"{prefix} causal, computeAllHeads"),
        ("causal, the model's recompute", f"{prefix} causal, model recompute")])


def drag_figures():
    rows = [("3 tokens", "drag-small", "3"), ("16 tokens", "drag-small", "16"),
            ("64 tokens", "drag-small", "64"), ("512 tokens", "drag-512", "512"),
            ("12 heads × 1024 tokens, d_k = 64", "drag-heads", "12x1024x64"),
            ("the same with the All heads grid in front", "drag-raise", "12x1024x64"),
            ("the same, every dock shown", "drag-docks", "12x1024x64")]
    # uidragbench's row: size, cells, median ms, p99 ms, max ms, cpu median, cpu p99, ...
    return [Figure("drag", DRAG_T, row, column, 0, "time", run, Fields(size, index, "ms"))
            for row, run, size in rows for column, index in [("median", 1), ("p99", 2)]]


def animation_figures():
    rows = [("still PNG figure, per frame", [r"still PNG figure:\s+([\d.]+) ms"]),
            ("drawing a frame", [r"drawing the frames:\s+([\d.]+) ms"])]
    for name, printed in [("GIF", "GIF"), ("WebP", "WEBP"), ("APNG", "APNG")]:
        rows.append((f"{name}: draw + encode per frame, file",
                     [rf"^\s*{printed}\s*:.*draw \+ encode ([\d.]+) ms", rf"^\s*{printed}\s*:.*file ([\d.]+) KB"]))
    figures = []
    for column, run in [("lesson", "animation-lesson"), ("three-queries", "animation-three")]:
        for row, patterns in rows:
            for part, pattern in enumerate(patterns):
                unit = "KB" if pattern.endswith("KB") else "ms"
                figures.append(Figure("animation", ANIMATION_T, row, column, part, UNIT_KIND[unit],
                                      run, Regex(pattern, unit)))
    return figures


def realsize_figures():
    rows = [("300-dpi heatmap figure", "realsize-figure", "300-dpi heatmap figure"),
            ("evidence, against json.dump", "realsize-evidence", "evidence (json.dump)"),
            ("evidence, against json.dumps", "realsize-evidence", "evidence (json.dumps)")]
    # realsize.py's row: task, Python s, MiB, attnlens s, MiB, ratio, target, verdict
    columns = [("Python", 0, 0, "s"), ("Python", 1, 1, "MiB"), ("Attention Lens now", 0, 2, "s"),
               ("Attention Lens now", 1, 3, "MiB"), ("ratio now", 0, 4, "")]
    return [Figure("realsize", REALSIZE_T, row, column, part, UNIT_KIND[unit], run,
                   Fields(label, index, unit))
            for row, run, label in rows for column, part, index, unit in columns]


def npz_window_figures():
    # realsize.py prints "npz open, ...: NumPy np.load A ms, Attention Lens B ms, ratio R (...)"
    # and "window start to first whole frame: S s, peak M MB (...)"
    rows = [(NPZ_T, "warm, in one process", "NumPy np.load", r"NumPy np\.load ([\d.]+) ms", "ms"),
            (NPZ_T, "warm, in one process", "Attention Lens", r"Attention Lens ([\d.]+) ms", "ms"),
            (NPZ_T, "warm, in one process", "ratio", r"ratio ([\d.]+)", ""),
            (WINDOW_T, "to the first whole frame", "now", r"first whole frame: ([\d.]+) s", "s"),
            (WINDOW_T, "peak resident memory", "now", r"first whole frame: .*peak ([\d.]+) MB", "MB")]
    return [Figure("npz" if table == NPZ_T else "window", table, row, column, 0, UNIT_KIND[unit],
                   "npz" if table == NPZ_T else "window", Regex(pattern, unit))
            for table, row, column, pattern, unit in rows]


def coldstart_figures():
    # coldstart.py prints "| attnlens | M ms | W ms | F ms | low–high ms |" and the same for
    # "plain Qt window (anchor)".
    rows = [("attnlens", r"^\| attnlens \| "), ("plain Qt window", r"^\| plain Qt window \(anchor\) \| ")]
    columns = [("to main", 0), ("to the window mapped", 1), ("to the first frame", 2)]
    return [Figure("coldstart", COLDSTART_T, row, column, 0, "time", "coldstart",
                   Regex(prefix + r"(?:[\d.]+ ms \| ){%d}([\d.]+) ms" % index, "ms"))
            for row, prefix in rows for column, index in columns]


FIGURES = (engine_figures() + heads_figures() + drag_figures() + animation_figures()
           + realsize_figures() + npz_window_figures() + coldstart_figures())

# (table, row or None for every row, column or None for every column, why it is not measured)
SKIPPED = [
    (None, None, "target", "a target, not a measurement"),
    (None, None, "target p99", "a target, not a measurement"),
    (REALSIZE_T, None, "ratio before", "the release before; this script measures the build at hand"),
    (WINDOW_T, None, "before", "the release before; this script measures the build at hand"),
    (NPZ_T, "the same under load", None, "the warm read again under load (4.6); the quiet row is "
     "the one compared, and a load cannot be ordered"),
    (NPZ_T, "a fresh process each time", None, "timed by hand (a fresh process per read); no "
     "bench script repeats it"),
    (COLDSTART_T, "the release before, same VM an hour earlier", None,
     "the release before; this script measures the build at hand"),
]


def skip_reason(table, row, column):
    for t, r, c, reason in SKIPPED:
        if t in (None, table) and r in (None, row) and c in (None, column):
            return reason
    return None


def unmapped_cells(tables):
    """(table, row, column, cell) of every number in the Speed tables that no entry covers and
    SKIPPED does not explain (a new table included)."""
    mapped = {(f.table, f.row, f.column) for f in FIGURES}
    found = []
    for table in tables:
        key = strip_asides(table.header[0])
        columns = [strip_asides(h) for h in table.header]
        for row in table.rows:
            label = strip_asides(row[0])
            for column, cell in zip(columns[1:], row[1:]):
                if (re.search(r"\d", cell) and (key, label, column) not in mapped
                        and not skip_reason(key, label, column)):
                    found.append((key, label, column, cell))
    return found


# --- the report ---

def machine_lines(ctx, load_before, load_after, quick, executables):
    cpu = "unknown"
    try:
        with open("/proc/cpuinfo") as info:
            cpu = next((l.split(":", 1)[1].strip() for l in info if l.startswith("model name")), cpu)
    except OSError:
        pass
    git = subprocess.run(["git", "-C", ctx.build_dir, "rev-parse", "HEAD"], capture_output=True,
                         text=True, check=False) if os.path.isdir(ctx.build_dir) else None
    commit = git.stdout.strip() if git and git.returncode == 0 else "(not in a git checkout)"
    uname = os.uname()
    loads = lambda load: ", ".join(f"{x:.2f}" for x in load) if load else "-"
    return [f"date:      {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M:%S} UTC",
            f"machine:   {socket.gethostname()}, {cpu}, {len(os.sched_getaffinity(0))} CPUs (nproc)",
            f"kernel:    {uname.sysname} {uname.release} {uname.machine}",
            f"load:      before {loads(load_before)}; after {loads(load_after)} (1, 5, 15 min)",
            f"build:     {ctx.build_dir}{'' if os.path.isdir(ctx.build_dir) else ' (missing)'}, "
            f"commit {commit}",
            *(f"binary:    {path}, built {datetime.datetime.fromtimestamp(os.path.getmtime(path)):%Y-%m-%d %H:%M}"
              for path in executables),
            f"limit:     a figure is OFF beyond {LIMIT}x either way"
            + ("\nQUICK RUN: fewer repetitions, moves and rounds; rougher figures" if quick else "")]


def print_table(header, rows):
    widths = [max(len(str(r[i])) for r in [header, *rows]) for i in range(len(header))]
    for row in [header, ["-" * w for w in widths], *rows]:
        print("  ".join(str(c).ljust(w) for c, w in zip(row, widths)).rstrip())


def list_figures(located, tables, ctx):
    rows = []
    for figure, cell, _ in located:
        rows.append([figure.group, figure.row, figure.column + (f" #{figure.part + 1}" if figure.part else ""),
                     strip_asides(cell), f"{figure.run}: {figure.extract}"])
    print_table(["group", "row", "column", "README", "run: what is read"], rows)
    print("\nRuns (the last command's output is read; {tmp} is a temporary folder):")
    for name in dict.fromkeys(f.run for f, _, _ in located):
        for argv, redirect in RUNS[name].steps(ctx):
            print(f"  {name}: {shlex.join(argv)}" + (f" > {{tmp}}/{redirect}" if redirect else ""))
    print("\nNot regenerated:")
    for table, row, column, reason in SKIPPED:
        print(f"  {table or 'every table'} / {row or 'every row'} / {column or 'every column'}: {reason}")
    for table, row, column, cell in unmapped_cells(tables):
        print(f"  NOT MAPPED: {table}, {row}, {column}: {cell!r} (add an entry or a SKIPPED reason)")


def execute(name, ctx):
    """Runs one benchmark and returns the stdout of its steps that are not redirected."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    output = []
    with tempfile.TemporaryDirectory(prefix="readme-figures-") as folder:
        for argv, redirect in RUNS[name].steps(ctx):
            argv = [a.replace("{tmp}", folder) for a in argv]
            print(f"--- {name}: {shlex.join(argv)}", flush=True)
            try:
                result = subprocess.run(argv, stdout=subprocess.PIPE, text=True, env=env,
                                        timeout=TIMEOUT_S, check=False)
            except (OSError, subprocess.TimeoutExpired) as error:
                raise BenchError(f"{os.path.basename(argv[1] if argv[0] == PYTHON else argv[0])}: {error}")
            if redirect:
                with open(os.path.join(folder, redirect), "w") as out:
                    out.write(result.stdout)
            else:
                output.append(result.stdout)
                print("".join(f"    {line}\n" for line in result.stdout.splitlines()), end="", flush=True)
            if result.returncode != 0:
                raise BenchError(f"{shlex.join(argv[:3])} ... exited with {result.returncode}")
    return "".join(output)


def measure(located, ctx):
    """Runs every benchmark the figures need once; returns report rows and whether any failed."""
    outputs, failures = {}, {}
    for name in dict.fromkeys(f.run for f, _, _ in located):
        try:
            outputs[name] = execute(name, ctx)
        except BenchError as error:
            failures[name] = str(error)
            print(f"--- {name}: FAILED: {error}", flush=True)
    rows, broken = [], bool(failures)
    for figure, cell, readme in located:
        column = figure.column + (f" #{figure.part + 1}" if figure.part else "")
        base = [figure.group, figure.row, column, strip_asides(cell)]
        if figure.run in failures:
            rows.append(base + ["-", "-", f"ERROR ({figure.run} failed)"])
            continue
        try:
            value = measured_value(figure, outputs[figure.run])
        except BenchError as error:
            broken = True
            rows.append(base + ["-", "-", f"ERROR: {figure.run}: {error}"])
            continue
        factor, verdict = judge(readme, value)
        rows.append(base + [show(value, readme), f"{factor:.2f}x", verdict])
    return rows, broken


# --- self-test ---

KB, MB = 1024, 1024 ** 2
# A README cell or a piece of bench output -> its figures, (value,) or (low, high) in s, bytes or plain.
SAMPLE_CELLS = [
    ("0.41 µs", [(0.41e-6,)]), ("   0.41 us", [(0.41e-6,)]),
    ("1.15–1.48 s (quiet, 2026-12-07; 1.75–2.0 s for the release before, same run)", [(1.15, 1.48)]),
    ("0.8–1.0 ms", [(0.8e-3, 1.0e-3)]), ("151 KB", [(151 * KB,)]), ("0.47 (0.46–1.37)", [(0.47,)]),
    ("193 MB (218 MB for the release before)", [(193 * MB,)]), ("1,024 MiB", [(1024 * MB,)]),
    ("11.1 ms, 151 KB", [(11.1e-3,), (151 * KB,)]), ("1.92 s, 270 MiB", [(1.92,), (270 * MB,)]),
    ("148.00 ms (150.10 ms)", [(0.148,)]), ("0.470 [0.460, 1.370]", [(0.47,)]),
    ("< 1 µs: met", [None]), ("≤ 0.5: met", [None]), ("3 parsecs", [None])]
# Output as each bench's source prints it -> (group, row, column, part, value read from it).
SAMPLE_OUTPUT = {
    "engine": "3x3, d=2 (notebook, no mask) |     0.41 us |    21.80 us | 0.019 | yes | 1.0% / 2.0%",
    "heads": "12 heads x 1024x1024x64, computeAllHeads | 148.00 ms (150.10 ms) | 315.00 ms | "
             "0.470 [0.460, 1.370] | batched matmul 5",
    "drag-small": "         3         9      0.950      1.500      2.000       0.940      1.400"
                  "         1.00        1.00\n        16       256      1.250      2.300 3 4 5 6 7",
    "animation-lesson": "  still PNG figure:   21.1 ms per frame (drawn and encoded), 45.0 KB per PNG\n"
                        "  GIF : encoding 6.4 ms per frame, draw + encode 11.1 ms per frame, file 151 KB\n"
                        "  WEBP: encoding 6.3 ms per frame, draw + encode 11.0 ms per frame, file 81 KB",
    "realsize-evidence": "evidence (json.dump)          9.39     480        0.86     134    0.09  <= 0.3 ok\n"
                         "evidence (json.dumps)         5.11     776        0.87     134    0.17  <= 0.3 ok",
    "npz": "npz open, 12 x 1024 x 64 float32 (9 MB): NumPy np.load 9.3 ms, Attention Lens 6.5 ms, "
           "ratio 0.70 (targets <= 300 ms, <= 3x) ok",
    "window": "window start to first whole frame: 1.23 s, peak 193 MB (targets <= 1 s, <= 300 MB) MISSED"}
SAMPLE_READS = [
    ("engine", "3×3, d = 2", "Attention Lens", 0, 0.41e-6), ("engine", "3×3, d = 2", "ratio", 0, 0.019),
    ("heads", "computeAllHeads", "Attention Lens", 0, 0.148), ("heads", "computeAllHeads", "ratio", 0, 0.47),
    ("drag", "3 tokens", "p99", 0, 1.5e-3), ("drag", "16 tokens", "median", 0, 1.25e-3),
    ("animation", "still PNG figure, per frame", "lesson", 0, 21.1e-3),
    ("animation", "GIF: draw + encode per frame, file", "lesson", 1, 151 * KB),
    ("animation", "WebP: draw + encode per frame, file", "lesson", 0, 11.0e-3),
    ("realsize", "evidence, against json.dump", "Python", 1, 480 * MB),
    ("realsize", "evidence, against json.dumps", "ratio now", 0, 0.17),
    ("npz", "warm, in one process", "ratio", 0, 0.70), ("window", "peak resident memory", "now", 0, 193 * MB)]


def close(a, b):
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b), 1e-12)


def self_test():
    """Checks the number parser, the verdicts, the table reader and the extractors on samples."""
    failures = []
    for text, expected in SAMPLE_CELLS:
        got = [q and (q.low, q.high) for q in parse_cell(text)]
        want = [e and (e[0], e[-1]) for e in expected]
        if len(got) != len(want) or any((g is None) != (w is None) or (g and not all(map(close, g, w)))
                                        for g, w in zip(got, want)):
            failures.append(f"parse_cell({text!r}) = {got}, expected {want}")
    for low, high, value, verdict in [(2, 2, 3.1, "OFF"), (2, 2, 2.9, "OK"), (2, 2, 1.3, "OFF"),
                                      (0.8, 1, 0.55, "OK"), (0.8, 1, 0.5, "OFF"), (0.8, 1, 1.49, "OK"),
                                      (0.8, 1, 1.51, "OFF")]:
        if judge(Quantity(low, high, "ms", 1), value)[1] != verdict:
            failures.append(f"judge({low}–{high}, {value}) is not {verdict}")
    readme = ("intro\n## Speed\n\n| engine | Attention Lens | NumPy (2 threads) | ratio |\n| --- | --- | --- | --- |\n"
              "| 3×3, d = 2 | 0.41 µs | 21.8 µs | 0.019 |\n| 64×64×64 causal (x) | 53.9 µs | n/a | 0.39 |\n"
              "\n## Next\n\n| drag latency | median |\n| --- | --- |\n| 3 tokens | 1 ms |\n")
    tables = markdown_tables(speed_section(readme))
    good = Figure("engine", "engine", "64×64×64 causal", "Attention Lens", 0, "time", "engine", None)
    if not close(readme_figure(tables, good)[1].low, 53.9e-6):
        failures.append("the sample table's 64×64×64 figure was not read")
    for broken in [good._replace(row="512×512×64 causal"), good._replace(column="NumPy"),
                   good._replace(column="target"), good._replace(table="drag latency"),
                   good._replace(kind="size"), good._replace(part=1)]:
        try:
            readme_figure(tables, broken)
            failures.append(f"no ReadmeError for {broken}")
        except ReadmeError:
            pass
    for group, row, column, part, value in SAMPLE_READS:
        figure = next(f for f in FIGURES if (f.group, f.row, f.column, f.part) == (group, row, column, part))
        try:
            got = measured_value(figure, SAMPLE_OUTPUT[figure.run])
        except BenchError as error:
            got = error
        if not isinstance(got, float) or not close(got, value):
            failures.append(f"{group}/{row}/{column}: read {got}, expected {value}")
    for failure in failures:
        print(f"FAIL: {failure}")
    print(f"self-test: {len(failures)} failure(s)")
    return 1 if failures else 0


# --- main ---

def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="exit 0: every figure holds; 1: a figure is OFF; "
                                            "2: a README figure or a benchmark is missing or broken")
    parser.add_argument("--build-dir", default=os.path.join(REPO, "build-native"),
                        help="the build whose bench/ and attnlens are run (default: build-native)")
    parser.add_argument("--engine-bench", help="attnlens_bench to use (default: BUILD_DIR/bench/)")
    parser.add_argument("--only", help="comma-separated groups: " + ", ".join(GROUPS))
    parser.add_argument("--quick", action="store_true", help="fewer repetitions; a few minutes")
    parser.add_argument("--list", action="store_true", help="show the figures and how; run nothing")
    # The speed figures moved with the README's Speed section to docs/build-and-speed.md.
    parser.add_argument("--readme", default=os.path.join(REPO, "docs", "build-and-speed.md"))
    parser.add_argument("--self-test", action="store_true", help="check the parsers and exit")
    args = parser.parse_args()
    args.groups = [g.strip() for g in args.only.split(",") if g.strip()] if args.only else GROUPS
    if any(g not in GROUPS for g in args.groups):
        parser.error(f"--only {args.only}: the groups are {', '.join(GROUPS)}")
    return args


def locate_all(readme_path, groups):
    """[(figure, cell, Quantity)] of the selected groups, and the Speed tables; ReadmeError lists
    every figure that could not be read."""
    try:
        with open(readme_path, encoding="utf-8") as file:
            tables = markdown_tables(speed_section(file.read()))
    except OSError as error:
        raise ReadmeError(f"cannot read {readme_path}: {error}")
    located, problems = [], []
    for figure in FIGURES:
        if figure.group in groups:
            try:
                located.append((figure, *readme_figure(tables, figure)))
            except ReadmeError as error:
                problems.append(f"[{figure.group}] {error}")
    if problems:
        raise ReadmeError("\n  ".join([f"{len(problems)} README figure(s) not found in {readme_path}:",
                                       *problems]))
    return located, tables


def main():
    args = parse_arguments()
    if args.self_test:
        return self_test()
    build_dir = os.path.abspath(args.build_dir)
    engine = args.engine_bench or os.path.join(build_dir, "bench", "attnlens_bench")
    ctx = Context(build_dir, os.path.abspath(engine), args.quick)
    try:
        located, tables = locate_all(args.readme, args.groups)
    except ReadmeError as error:
        print(f"readme-figures: {error}", file=sys.stderr)
        return 2
    if args.list:
        list_figures(located, tables, ctx)
        return 0
    runs = dict.fromkeys(f.run for f, _, _ in located)
    executables = sorted({path for name in runs for path in RUNS[name].needs(ctx)})
    missing = [path for path in executables if not os.access(path, os.X_OK)]
    if missing:
        print("readme-figures: not built (this script never builds; see scripts/build.sh and "
              "scripts/bench-engine.sh):\n  " + "\n  ".join(missing), file=sys.stderr)
        return 2
    load_before = os.getloadavg()
    print(f"readme-figures: {len(located)} README figures, runs: {', '.join(runs)}"
          + (" (quick)" if args.quick else ""), flush=True)
    rows, broken = measure(located, ctx)
    print("\n" + "\n".join(machine_lines(ctx, load_before, os.getloadavg(), args.quick, executables)) + "\n")
    print_table(["group", "row", "column", "README", "measured", "factor", "verdict"], rows)
    off = sum(1 for row in rows if row[-1] == "OFF")
    errors = sum(1 for row in rows if row[-1].startswith("ERROR"))
    print(f"\n{len(rows)} figures: {len(rows) - off - errors} OK, {off} OFF, {errors} not measured")
    for table, row, column, cell in unmapped_cells(tables):
        print(f"not covered by this script (see --list): {table} / {row} / {column}: {cell}")
    return 2 if broken else 1 if off else 0


if __name__ == "__main__":
    sys.exit(main())
