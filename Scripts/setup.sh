#!/usr/bin/env bash
# Installs what Pace needs on a Debian or Ubuntu machine that has Swift 6, when it is missing, and
# says what it installs. Sourced or run by Scripts/demo.sh and Scripts/test.sh.
#
#   Scripts/setup.sh run    SQLite's headers (GRDB links the system SQLite): enough to build and run pace
#   Scripts/setup.sh test   also what the tests use: xmllint and gpsbabel (independent checks of Pace's
#                           GPX, TCX and FIT), gpsd with gpsfake and dbus-daemon (the sensor tests run
#                           real services), PostgreSQL's server (the PostgreSQL backend's tests start
#                           one on loopback), and from PyPI dbus-next (the fake BlueZ), fitdecode and
#                           garmin-fit-sdk (independent FIT decoders), schemathesis (keeps the server's
#                           OpenAPI document true), Debian's chromium and Playwright from PyPI (the web
#                           pages' browser test); both purposes install Leaflet and Chart.js (the pages load them)
#
# apt-get runs as root, or through sudo; pip installs for the python3 on PATH (the tests run that one).
# Every install is tried three times: a package mirror or index can fail for a moment.
set -euo pipefail

purpose=${1:-test}
case "$purpose" in
    run|test) ;;
    *) echo "usage: Scripts/setup.sh run|test" >&2; exit 64 ;;
esac

say() { echo "setup: $*" >&2; }

retry() {
    local attempt
    for attempt in 1 2 3; do
        "$@" && return 0
        say "attempt $attempt of '$*' failed"
        [ "$attempt" -lt 3 ] && sleep $((attempt * 5))
    done
    return 1
}

as_root() {
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v sudo >/dev/null 2>&1; then
        sudo "$@"
    else
        say "cannot run '$*': not root and no sudo. Run it as root, then run this command again."
        return 1
    fi
}

if ! command -v swift >/dev/null 2>&1; then
    say "swift is not on PATH: install Swift 6 (https://www.swift.org/install/linux/) and run this again."
    exit 1
fi

# Debian packages, by what each provides.
missing=()
dpkg -s libsqlite3-dev >/dev/null 2>&1 || missing+=(libsqlite3-dev)
# zlib's header, for the gzip and zip readers (the CPaceZlib module).
dpkg -s zlib1g-dev >/dev/null 2>&1 || missing+=(zlib1g-dev)
# The web pages load Leaflet and Chart.js from where Debian installs them (pace serve --leaflet, --chart-js).
[ -f /usr/share/javascript/leaflet/leaflet.js ] || missing+=(libjs-leaflet)
[ -f /usr/share/javascript/chart.js/chart.min.js ] || missing+=(libjs-chart.js)
if [ "$purpose" = test ]; then
    command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
    command -v gpsbabel >/dev/null 2>&1 || missing+=(gpsbabel)
    [ -x /usr/sbin/gpsd ] || command -v gpsd >/dev/null 2>&1 || missing+=(gpsd)
    command -v gpsfake >/dev/null 2>&1 || missing+=(gpsd-clients)
    command -v dbus-daemon >/dev/null 2>&1 || missing+=(dbus-daemon)
    # The PostgreSQL backend's tests start their own server from these binaries (PostgresServerProcess).
    compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
    command -v python3 >/dev/null 2>&1 || missing+=(python3)
    # The web pages' browser test drives headless Chromium (with Playwright, below).
    [ -x /usr/bin/chromium ] || missing+=(chromium)
fi
if [ ${#missing[@]} -gt 0 ]; then
    say "installing Debian packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    retry as_root apt-get update -qq
    retry as_root apt-get install -y -qq "${missing[@]}" >/dev/null
fi

[ "$purpose" = test ] || exit 0

# Python modules for the tests: module name, PyPI requirement, Debian package (for a system Python
# that refuses pip, PEP 668).
python_modules=(
    "dbus_next dbus-next==0.2.3 python3-dbus-next"
    "fitdecode fitdecode python3-fitdecode"
    "garmin_fit_sdk garmin-fit-sdk -"
    "schemathesis schemathesis==4.32.5 -"
    "playwright playwright==1.65.2 -"
)
for entry in "${python_modules[@]}"; do
    read -r module requirement debian <<<"$entry"
    python3 -c "import $module" >/dev/null 2>&1 && continue
    if ! python3 -m pip --version >/dev/null 2>&1; then
        say "installing Debian package python3-pip (for $requirement)"
        retry as_root apt-get install -y -qq python3-pip || true
    fi
    say "installing $requirement from PyPI for $(command -v python3)"
    user=()
    [ "$(id -u)" -eq 0 ] || user=(--user)
    if retry python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore "${user[@]}" "$requirement"; then
        continue
    fi
    if [ "$debian" != - ]; then
        say "pip could not install $requirement; trying Debian's $debian"
        as_root apt-get install -y -qq "$debian" || true
    fi
    if ! python3 -c "import $module" >/dev/null 2>&1; then
        say "could not install $requirement; install it for $(command -v python3) and run this again."
        exit 1
    fi
done
