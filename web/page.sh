#!/bin/sh
# Puts the page together: web/page.html with its marker lines replaced by the scripts, the
# engine (emscripten's output, the WebAssembly inside it as base64), the bot worker and the
# page's own code.
# usage: sh web/page.sh web/page.html engine.js ui.js worker.js > web/build/carc.html
set -eu
page=$1 engine=$2 ui=$3 worker=$4
for f in "$engine" "$ui" "$worker"; do
	if grep -qi '</script' "$f"; then
		echo "page: $f holds '</script', which would end its script early" >&2
		exit 1
	fi
	if grep -q '@CARC_STATE@' "$f"; then
		echo "page: $f holds the mark where the state goes" >&2
		exit 1
	fi
done
# node comes with emscripten: a syntax error stops the build rather than the page
if command -v node > /dev/null 2>&1; then
	node --check "$ui" && node --check "$worker"
fi
sed -e "\\|^//carc:engine\$|{r $engine" -e 'd;}' \
    -e "\\|^//carc:worker\$|{r $worker" -e 'd;}' \
    -e "\\|^//carc:ui\$|{r $ui" -e 'd;}' "$page"
