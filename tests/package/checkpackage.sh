#!/usr/bin/env bash
# Checks a built attention-lens .deb without installing it on this machine:
#   tests/package/checkpackage.sh PACKAGE.deb SCRATCH_DIR
# It unpacks the package with dpkg -x into SCRATCH_DIR/root and checks what a user gets: the
# control data (Depends found by dpkg-shlibdeps), the installed binary (--version, --evidence -
# on a built-in scenario), the desktop entry, the AppStream metainfo, the icons, the MIME type
# (looked up with xdg-mime against the installed files only), the man page and lintian.
# Every failure is printed; the exit status is 1 if any check failed.
set -uo pipefail
if [[ $# -ne 2 ]]; then
    echo "usage: $0 PACKAGE.deb SCRATCH_DIR" >&2
    exit 64
fi
deb=$(realpath "$1")
scratch=$2
app_id=io.github.attnlens.AttentionLens
failures=0
pass() { echo "ok: $*"; }
fail() { echo "FAILED: $*"; failures=$((failures + 1)); }

rm -rf "$scratch"
mkdir -p "$scratch"
scratch=$(realpath "$scratch")
root=$scratch/root

# The package's name, file name and control data.
[[ $(basename "$deb") =~ ^attention-lens_[0-9]+\.[0-9]+\.[0-9]+_[a-z0-9]+\.deb$ ]] \
    && pass "file name $(basename "$deb")" || fail "file name $(basename "$deb") is not attention-lens_<version>_<arch>.deb"
control=$(dpkg-deb -I "$deb") || { fail "dpkg-deb -I cannot read $deb"; exit 1; }
depends=$(dpkg-deb -f "$deb" Depends)
[[ $(dpkg-deb -f "$deb" Package) == attention-lens ]] && pass "Package: attention-lens" || fail "Package: $(dpkg-deb -f "$deb" Package)"
# dpkg-shlibdeps names the Qt libraries the binary links, with versions.
if [[ $depends =~ libqt6widgets6\ \(\>= && $depends =~ libqt6core6 && $depends =~ libc6\ \(\>= ]]; then
    pass "Depends from dpkg-shlibdeps: $depends"
else
    fail "Depends lacks the shared libraries dpkg-shlibdeps would name: $depends"
fi
for field in Maintainer Homepage Section Description; do
    [[ -n $(dpkg-deb -f "$deb" "$field") ]] && pass "$field: $(dpkg-deb -f "$deb" "$field" | head -n 1)" || fail "no $field"
done

dpkg -x "$deb" "$root" || { fail "dpkg -x failed"; exit 1; }
binary=$root/usr/bin/attnlens
share=$root/usr/share

# The installed binary runs: --version names the version and Qt, --evidence - writes evidence.
[[ -x $binary ]] && pass "usr/bin/attnlens is executable" || fail "no executable usr/bin/attnlens"
if [[ $(file -b "$binary") == *"not stripped"* ]]; then fail "usr/bin/attnlens is not stripped"; else pass "usr/bin/attnlens is stripped"; fi
version=$("$binary" --version 2>&1)
if [[ $(sed -n 1p <<<"$version") =~ ^Attention\ Lens\ [0-9]+\.[0-9]+\.[0-9]+$ \
      && $(sed -n 2p <<<"$version") =~ ^Qt\ [0-9.]+\ \(built\ with\ Qt\ [0-9.]+\)$ ]]; then
    pass "--version: $(tr '\n' ' ' <<<"$version")"
else
    fail "--version printed: $version"
fi
if "$binary" --evidence - three-queries >"$scratch/evidence.json" 2>"$scratch/evidence.err" \
    && python3 - "$scratch/evidence.json" <<'PY'
import json, math, sys
with open(sys.argv[1], encoding="utf-8") as f:
    evidence = json.load(f)
weights = evidence["weights"]
assert evidence["format"] == "attnlens-evidence", evidence["format"]
assert len(weights) == len(evidence["Q"]) and len(weights) > 0
for row in weights:
    assert len(row) == len(evidence["K"])
    assert abs(sum(row) - 1.0) < 1e-12 and all(0.0 <= w <= 1.0 for w in row), row
PY
then
    pass "usr/bin/attnlens --evidence - three-queries wrote evidence JSON whose weight rows sum to 1"
else
    fail "usr/bin/attnlens --evidence - three-queries: $(head -c 300 "$scratch/evidence.err")"
fi

# The translations are compiled into the binary: an installed figure in Traditional Chinese
# names the heatmap's key axis in Chinese, the English one in English.
if "$binary" --export heatmap="$scratch/heatmap-zh.svg" --lang zh_TW lesson 2>/dev/null \
    && "$binary" --export heatmap="$scratch/heatmap-en.svg" lesson 2>/dev/null \
    && grep -q '鍵／來源' "$scratch/heatmap-zh.svg" && grep -q 'key / source' "$scratch/heatmap-en.svg"; then
    pass "the installed binary draws figures in Traditional Chinese and English"
else
    fail "the installed binary's zh_TW or English heatmap figure lacks its key axis label"
fi

# The desktop entry, its icon and the metainfo agree on one id, and validate.
desktop=$share/applications/$app_id.desktop
metainfo=$share/metainfo/$app_id.metainfo.xml
if [[ -f $desktop ]] && out=$(desktop-file-validate "$desktop" 2>&1) && [[ -z $out ]]; then
    pass "desktop-file-validate $app_id.desktop"
else
    fail "desktop-file-validate: ${out:-no $desktop}"
fi
grep -qx "Icon=$app_id" "$desktop" && grep -qx 'Exec=attnlens %f' "$desktop" \
    && grep -q '^MimeType=.*application/x-attnlens-scenario+json;' "$desktop" \
    && pass "the desktop entry runs attnlens %f, shows icon $app_id and opens scenario files" \
    || fail "the desktop entry's Icon, Exec or MimeType"
if [[ -f $metainfo ]] && out=$(appstreamcli validate --no-net "$metainfo" 2>&1); then
    pass "appstreamcli validate --no-net: $(tail -n 1 <<<"$out")"
else
    fail "appstreamcli validate --no-net: ${out:-no $metainfo}"
fi
grep -q "<id>$app_id</id>" "$metainfo" && grep -q "<launchable type=\"desktop-id\">$app_id.desktop</launchable>" "$metainfo" \
    && pass "the metainfo's id and launchable are $app_id" || fail "the metainfo's id or launchable"
for size in 16 24 32 48 64 128 256 512; do
    png=$share/icons/hicolor/${size}x${size}/apps/$app_id.png
    if [[ -f $png ]] && [[ $(file -b "$png") == "PNG image data, $size x $size,"* ]]; then :; else
        fail "icon ${size}x${size}: $( [[ -f $png ]] && file -b "$png" || echo missing)"
    fi
done
[[ -f $share/icons/hicolor/scalable/apps/$app_id.svg ]] && pass "icons: scalable SVG and PNG 16..512" \
    || fail "no scalable icon"

# The file type, looked up the way a desktop does, in a database built from the installed
# files alone (XDG_DATA_DIRS names nothing else, so the machine's own database is not used).
mime_xml=$share/mime/packages/$app_id.xml
if [[ -f $mime_xml ]] && update-mime-database "$share/mime" >"$scratch/mime.log" 2>&1; then
    mkdir -p "$scratch/files" "$scratch/data-home"
    cp "$(dirname "$0")/../../resources/scenarios/lesson.json" "$scratch/files/lecture.attnlens.json"
    # No suffix at all: only the content can tell.
    cp "$(dirname "$0")/../../resources/scenarios/lesson.json" "$scratch/files/lecture-scenario"
    echo '{"format": "something-else"}' >"$scratch/files/other.attnlens"
    query() {
        env -u GNOME_DESKTOP_SESSION_ID -u KDE_FULL_SESSION XDG_CURRENT_DESKTOP=GNOME \
            XDG_DATA_HOME="$scratch/data-home" XDG_DATA_DIRS="$share" \
            xdg-mime query filetype "$1" 2>/dev/null
    }
    by_name=$(query "$scratch/files/lecture.attnlens.json")
    by_content=$(query "$scratch/files/lecture-scenario")
    other=$(query "$scratch/files/other.attnlens")
    [[ $by_name == application/x-attnlens-scenario+json ]] && pass "xdg-mime: *.attnlens.json is $by_name" \
        || fail "xdg-mime query filetype lecture.attnlens.json gave '$by_name'"
    [[ $by_content == application/x-attnlens-scenario+json ]] && pass "xdg-mime: a scenario without suffix is $by_content by content" \
        || fail "xdg-mime query filetype of a scenario without suffix gave '$by_content'"
    [[ $other != application/x-attnlens-scenario+json ]] && pass "xdg-mime: other JSON content is not a scenario ($other)" \
        || fail "xdg-mime took other content for a scenario"
    # Beside the machine's own database, where *.json is application/json: the longer, heavier
    # *.attnlens.json glob still wins, and a scenario without suffix is still one by content.
    if [[ -f /usr/share/mime/packages/freedesktop.org.xml ]]; then
        with_system() {
            env -u GNOME_DESKTOP_SESSION_ID -u KDE_FULL_SESSION XDG_CURRENT_DESKTOP=GNOME \
                XDG_DATA_HOME="$scratch/data-home" XDG_DATA_DIRS="/usr/share:$share" \
                xdg-mime query filetype "$1" 2>/dev/null
        }
        by_name=$(with_system "$scratch/files/lecture.attnlens.json")
        by_content=$(with_system "$scratch/files/lecture-scenario")
        [[ $by_name == application/x-attnlens-scenario+json && $by_content == "$by_name" ]] \
            && pass "xdg-mime with the system's MIME database too: by name and by content $by_name" \
            || fail "xdg-mime with the system's MIME database: by name '$by_name', by content '$by_content'"
    fi
else
    fail "update-mime-database on the installed MIME file: $(cat "$scratch/mime.log" 2>/dev/null)"
fi

# The man page renders without a warning.
man_gz=$share/man/man1/attnlens.1.gz
if [[ -f $man_gz ]] && warnings=$(zcat "$man_gz" | groff -man -Tutf8 -ww 2>&1 >"$scratch/man.txt") \
    && [[ -z $warnings ]] && grep -q 'attnlens - a desktop lab' "$scratch/man.txt"; then
    pass "man page renders without warnings"
else
    fail "man page: ${warnings:-missing or empty}"
fi

# Debian's documentation files.
doc=$share/doc/attention-lens
[[ -f $doc/copyright ]] && grep -q '^Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/' "$doc/copyright" \
    && pass "machine-readable copyright" || fail "no machine-readable $doc/copyright"
gzip -t "$doc/changelog.gz" 2>/dev/null && pass "changelog.gz" || fail "no valid $doc/changelog.gz"

# lintian: no errors. Warnings and notes are printed for the record.
if command -v lintian >/dev/null; then
    lintian --tag-display-limit 0 "$deb" >"$scratch/lintian.txt" 2>&1
    sed 's/^/  lintian: /' "$scratch/lintian.txt"
    if grep -q '^E:' "$scratch/lintian.txt"; then fail "lintian reports errors"; else pass "lintian: no errors"; fi
else
    fail "lintian is not installed (scripts/install-deps.sh installs it)"
fi

if [[ $failures -ne 0 ]]; then
    echo "$failures check(s) of $(basename "$deb") failed"
    exit 1
fi
echo "every check of $(basename "$deb") passed"
