#!/usr/bin/python3
"""Cold start: from starting `attnlens` to its window's first frame on screen, against a plain Qt window.

Each run starts the program as a new user would meet it (a fresh, empty settings folder, so the
lesson opens as on a first start) on an X server with a window manager, and reads the one line
the program prints once its first frame is painted and flushed (ATTNLENS_START_TRACE=exit, see
app/starttrace.h; the program then quits). The time counted runs from just before the process is
started to that frame, both read on the system's monotonic clock, so it includes loading the
program and its libraries, Qt's platform plugin and fonts, building the window and the lesson.

The anchor is `attnlens_coldstartanchor` (bench/coldstartanchor.cpp): a main window with a menu,
a status bar and a label, the least a Qt Widgets application shows. Attention Lens and the anchor
run in alternation, --repeat times each; the script prints the medians, the lowest and highest,
the ratio of the medians, the time to main() (what the dynamic loader costs before any code of
ours runs) and the target (at most 150 ms to the first frame).

    /usr/bin/python3 bench/coldstart.py --build-dir build-native [--repeat 11] [--check]
        [--display :0]   use a running X server (with its window manager) instead of a new one
        [--drop-caches]  empty the kernel's file cache before every run (root only): a start
                         after a reboot rather than a start after a start
        [-- ARGS]        passed to attnlens (a scenario file, --lang zh_TW, ...)

Without --display it starts its own Xvfb (1280x720) with Debian's openbox, as the README's
screenshots are taken. --check exits 1 when the median misses the target.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

TARGET_MS = 150.0
TRACE_PREFIX = "attnlens-start:"


def parse_trace(line):
    """(main ns, mapped ns, first frame ns) from the start trace's line, or None."""
    if not line.startswith(TRACE_PREFIX):
        return None
    parts = line[len(TRACE_PREFIX):].replace(",", " ").split()
    # attnlens-start: main <ns> ns, mapped <ns> ns, first frame <ns> ns (CLOCK_MONOTONIC)
    return tuple(int(parts[parts.index(word) + 1]) for word in ("main", "mapped", "frame"))


def one_start(program, args, display, drop_caches, timeout=60.0):
    """Starts `program` once with an empty settings folder; ms to main(), to mapped, to first frame."""
    with tempfile.TemporaryDirectory(prefix="attnlens-coldstart-") as home:
        env = dict(os.environ)
        env.update({
            "DISPLAY": display,
            "HOME": home,
            "XDG_CONFIG_HOME": os.path.join(home, "config"),
            "XDG_DATA_HOME": os.path.join(home, "data"),
            "XDG_CACHE_HOME": os.path.join(home, "cache"),
            "XDG_STATE_HOME": os.path.join(home, "state"),
            "QT_QPA_PLATFORM": "xcb",
            "ATTNLENS_START_TRACE": "exit",
        })
        if drop_caches:
            os.sync()
            with open("/proc/sys/vm/drop_caches", "w") as caches:
                caches.write("3\n")
        started = time.monotonic_ns()
        process = subprocess.Popen([program] + args, env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, text=True)
        trace = None
        try:
            for line in process.stderr:
                trace = parse_trace(line.strip())
                if trace:
                    break
            process.wait(timeout=timeout)
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
        if trace is None:
            raise RuntimeError(f"{program} printed no start trace (exit code {process.returncode})")
        return tuple((ns - started) / 1e6 for ns in trace)


class XServer:
    """Xvfb with openbox on a free display, for the length of a `with` block."""

    def __init__(self, size="1280x720"):
        self.size = size
        self.processes = []
        self.display = None

    def __enter__(self):
        for tool in ("Xvfb", "openbox", "xprop"):
            if shutil.which(tool) is None:
                sys.exit(f"coldstart.py: {tool} is missing (apt install xvfb openbox x11-utils)")
        for number in range(90, 130):
            if not os.path.exists(f"/tmp/.X11-unix/X{number}") and not os.path.exists(f"/tmp/.X{number}-lock"):
                self.display = f":{number}"
                break
        if self.display is None:
            sys.exit("coldstart.py: no free X display between :90 and :129")
        self.processes.append(subprocess.Popen(
            ["Xvfb", self.display, "-screen", "0", f"{self.size}x24", "-nolisten", "tcp"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        env = dict(os.environ, DISPLAY=self.display)
        self.wait_for(lambda: subprocess.run(["xprop", "-root"], env=env, capture_output=True).returncode == 0,
                      "Xvfb")
        self.processes.append(subprocess.Popen(["openbox"], env=env, stdout=subprocess.DEVNULL,
                                               stderr=subprocess.DEVNULL))
        self.wait_for(lambda: b"_NET_SUPPORTING_WM_CHECK(WINDOW)" in subprocess.run(
            ["xprop", "-root", "_NET_SUPPORTING_WM_CHECK"], env=env, capture_output=True).stdout,
            "openbox")
        return self

    @staticmethod
    def wait_for(condition, what, timeout=20.0):
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                sys.exit(f"coldstart.py: {what} did not come up within {timeout:.0f} s")
            time.sleep(0.05)

    def __exit__(self, *exc):
        for process in reversed(self.processes):
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()


def summary(values):
    return statistics.median(values), min(values), max(values)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", default="build-native",
                        help="build holding attnlens and bench/attnlens_coldstartanchor")
    parser.add_argument("--attnlens", help="the attnlens to time (default BUILD/attnlens)")
    parser.add_argument("--anchor", help="the anchor (default BUILD/bench/attnlens_coldstartanchor)")
    parser.add_argument("--repeat", type=int, default=11)
    parser.add_argument("--display", help="an X display with a window manager (default: a new Xvfb + openbox)")
    parser.add_argument("--drop-caches", action="store_true")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("args", nargs="*", help="arguments for attnlens (after --)")
    options = parser.parse_args()

    attnlens = options.attnlens or os.path.join(options.build_dir, "attnlens")
    anchor = options.anchor or os.path.join(options.build_dir, "bench", "attnlens_coldstartanchor")
    for program in (attnlens, anchor):
        if not os.access(program, os.X_OK):
            sys.exit(f"coldstart.py: {program} not found; build with -DATTNLENS_BUILD_BENCH=ON")

    def measure(display):
        one_start(anchor, [], display, False)  # the first start of all pays for the page cache
        one_start(attnlens, options.args, display, False)
        ours, theirs = [], []
        for _ in range(options.repeat):
            ours.append(one_start(attnlens, options.args, display, options.drop_caches))
            theirs.append(one_start(anchor, [], display, options.drop_caches))
        return ours, theirs

    load_before = os.getloadavg()[0]
    if options.display:
        ours, theirs = measure(options.display)
    else:
        with XServer() as server:
            ours, theirs = measure(server.display)
    load_after = os.getloadavg()[0]

    our_main, our_mapped, our_frame = (summary(column) for column in zip(*ours))
    anchor_main, anchor_mapped, anchor_frame = (summary(column) for column in zip(*theirs))
    ratio = our_frame[0] / anchor_frame[0]  # medians; the target is on the first frame
    met = our_frame[0] <= TARGET_MS
    print(f"cold start, {options.repeat} runs each, alternating; "
          f"{'file cache dropped before each run' if options.drop_caches else 'file cache warm'}; "
          f"load average {load_before:.1f} -> {load_after:.1f}")
    print("| start | to main() | to the window mapped | to the first frame | first frame lowest–highest |")
    print("| --- | --- | --- | --- | --- |")
    for name, to_main, mapped, frame in (
            (f"attnlens {' '.join(options.args)}".strip(), our_main, our_mapped, our_frame),
            ("plain Qt window (anchor)", anchor_main, anchor_mapped, anchor_frame)):
        print(f"| {name} | {to_main[0]:.0f} ms | {mapped[0]:.0f} ms | {frame[0]:.0f} ms | "
              f"{frame[1]:.0f}–{frame[2]:.0f} ms |")
    print(f"ratio attnlens / anchor: {ratio:.2f}; target at most {TARGET_MS:.0f} ms: "
          f"{'met' if met else 'NOT met'}")
    if options.check and not met:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
