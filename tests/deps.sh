#!/bin/sh
# `make deps`: installs the Debian packages that building and testing carc need, when some are
# missing (as root, or through sudo); otherwise says which apt-get command to run. With an
# argument, the packages of one more job: `fuzz` (make fuzz), `valgrind` (make valgrind) or
# `web` (make web and the tests of the page).
set -eu

# libc6-dev: gcc only recommends it, and without it nothing links. groff-base: the bats files
# read each manual's SYNOPSIS with groff. libxml2-utils (xmllint) and librsvg2-bin
# (rsvg-convert): the picture tests check that carc-render's SVG is XML and renders. parallel
# (GNU parallel): examples/tournament.sh runs its self-play jobs with it. python3: the e-mail
# tests make and read real messages with Python's email package. python3-jsonschema: the tests
# check real states against formats/state.schema.json.
packages="gcc make pkg-config libc6-dev libyaml-dev libmsgpack-dev bats jq groff-base \
libxml2-utils librsvg2-bin parallel python3 python3-jsonschema"
case ${1:-} in
# libFuzzer and the sanitizer runtimes for clang come in libclang-rt-dev.
fuzz) packages="clang libclang-rt-dev" ;;
valgrind) packages=valgrind ;;
# emscripten compiles the engine to WebAssembly; dpkg-dev (dpkg-source) unpacks the Debian
# sources of libyaml and msgpack-c that web/deps.sh fetches with apt-get source. chromium,
# chromium-driver and python3-selenium: the tests open the page in a real headless browser.
web) packages="emscripten dpkg-dev chromium chromium-driver python3-selenium" ;;
'') ;;
*) echo "deps: unknown job '$1' (fuzz, valgrind, web)" >&2; exit 64 ;;
esac

if ! command -v dpkg-query >/dev/null 2>&1; then
	echo "deps: no dpkg-query, so not a Debian system: install by hand the equivalents of" \
	    "$packages" >&2
	exit 0
fi

missing=
for p in $packages; do
	if [ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)" != installed ]; then
		missing="$missing $p"
	fi
done
missing=${missing# }
if [ -z "$missing" ]; then
	exit 0
fi

fix="apt-get update && apt-get install -y --no-install-recommends $missing"
if [ "$(id -u)" -eq 0 ]; then
	sudo=
elif command -v sudo >/dev/null 2>&1; then
	sudo=sudo
else
	echo "deps: missing Debian packages: $missing; as root, run: $fix" >&2
	exit 1
fi

echo "deps: installing the missing Debian packages${sudo:+ through sudo}: $missing" >&2
# $sudo and $missing are split into words on purpose.
# shellcheck disable=SC2086
if ! $sudo apt-get -qq update >&2 ||
    ! $sudo apt-get install -y -q --no-install-recommends $missing >&2; then
	echo "deps: could not install $missing; as root, run: $fix" >&2
	exit 1
fi
