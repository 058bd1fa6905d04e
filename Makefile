# carc: Carcassonne as a Unix toolkit. `make` builds, `make check` tests, `make demo` plays.
PREFIX = /usr/local
BINDIR = $(PREFIX)/bin
LIBDIR = $(PREFIX)/lib
INCLUDEDIR = $(PREFIX)/include
DATADIR = $(PREFIX)/share/carc
DOCDIR = $(PREFIX)/share/doc/carc
COMPLETIONDIR = $(PREFIX)/share/bash-completion/completions
MANPREFIX = $(PREFIX)/share/man
DESTDIR =
INSTALL = install
# libcarc.so.$(SOVERSION) is the soname: it changes when a program built against an older
# libcarc.so would no longer work with this one.
SOVERSION = 1
LIBVERSION = $(SOVERSION).0.0
# The release, as lib/carc.h writes it and every tool's --version prints it; carc.pc says it.
VERSION = $(shell sed -n 's/^\#define CARC_VERSION "\(.*\)"$$/\1/p' lib/carc.h)

CC = cc
CFLAGS = -O2 -g
WARN = -std=c11 -D_DEFAULT_SOURCE -Wall -Wextra -Wshadow -Wno-unused-parameter
PKG_CONFIG = pkg-config
# Debian 12 names the msgpack-c pkg-config module "msgpack", later releases "msgpack-c".
# Deferred (=) so that `make check` and `make demo` see packages that deps just installed.
PKGS = yaml-0.1 $(shell $(PKG_CONFIG) --exists msgpack-c && echo msgpack-c || echo msgpack)
# `make check SANITIZE=1` builds everything with AddressSanitizer and UBSan; any finding
# aborts the tool, so the tests that ran it fail.
SANITIZE =
SAN_FLAGS = -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
ALL_CFLAGS = $(WARN) $(CFLAGS) $(if $(SANITIZE),$(SAN_FLAGS)) \
	$(shell $(PKG_CONFIG) --cflags $(PKGS)) -Ilib
ALL_LDFLAGS = $(LDFLAGS) $(if $(SANITIZE),$(SAN_FLAGS))
LIBS = $(shell $(PKG_CONFIG) --libs $(PKGS)) -lm

TOOLS = bin/carc-deck bin/carc-draw bin/carc-place bin/carc-score bin/carc-render bin/carc-bot
LIBOBJ = lib/armor.o lib/board.o lib/builtin.o lib/codec.o lib/decisions.o lib/email.o \
	lib/forecast.o lib/game.o lib/html.o lib/json.o lib/legal.o lib/legal-check.o \
	lib/legal-corner.o lib/legal-list.o lib/legal-word.o lib/play.o lib/render.o \
	lib/corrections.o lib/replay.o lib/kinds.o lib/rules.o lib/score.o lib/setup.o lib/sha256.o lib/since.o \
	lib/state-read.o lib/state-text.o lib/state-write.o lib/suggest.o lib/svg.o \
	lib/svg-layout.o lib/svg-shape.o lib/svg-tile.o lib/text.o \
	lib/tileset.o lib/tileset-figure.o lib/tileset-tile.o lib/tileset-yaml.o lib/util.o \
	lib/view.o \
	lib/rules/base.o lib/rules/catapult.o lib/rules/fortune-teller.o lib/rules/garden.o \
	lib/rules/inns-cathedrals.o lib/rules/abbot.o lib/rules/phantom.o lib/rules/table.o \
	lib/rules/traders-builders.o lib/rules/abbey-mayor.o lib/rules/princess-dragon.o \
	lib/rules/tower.o
LIBHDR = $(wildcard lib/*.h lib/rules/*.h)
FORMATS = formats/base.yaml formats/figures.yaml formats/fortune-teller.yaml \
	formats/catapult.yaml formats/inns-cathedrals.yaml formats/abbot.yaml \
	formats/phantom.yaml formats/traders-builders.yaml formats/abbey-mayor.yaml \
	formats/princess-dragon.yaml formats/tower.yaml formats/meets.yaml
MAN1 = man/carc-deck.1 man/carc-draw.1 man/carc-place.1 man/carc-score.1 man/carc-render.1 \
	man/carc-bot.1
MAN5 = man/carc-state.5 man/carc-tiles.5
MAN7 = man/carc.7

# Once make web has built the page, make keeps it up to date with the engine in lib/, as
# carc-render holds it.
WEB_PAGE = web/build/carc.html

SHLIB = lib/libcarc.so.$(LIBVERSION)
EXAMPLES = examples/botmatch.sh examples/catapult.sh examples/demo.sh \
	examples/fortune-teller.sh examples/hotseat.sh examples/jqbot.sh examples/lib.sh \
	examples/pybot.py examples/replay.sh examples/tournament.sh examples/traders-builders.sh \
	examples/abbey-mayor.sh examples/princess-dragon.sh examples/tower.sh
EXAMPLES_PBEM = examples/pbem/README.md examples/pbem/play.sh
EXAMPLES_DATA = examples/lastmove.c

all: $(TOOLS) tests/unit $(SHLIB) $(wildcard $(WEB_PAGE))

lib/builtin.c: lib/embed.sh $(FORMATS)
	sh lib/embed.sh $(FORMATS) > $@.tmp && mv $@.tmp $@

# The objects remember the flags they were built with, so switching SANITIZE on or off
# rebuilds everything instead of mixing sanitized and plain objects.
.flags: FORCE
	@f='$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) lib: $(LIB_CFLAGS)'; \
	    [ "$$(cat $@ 2>/dev/null)" = "$$f" ] || echo "$$f" > $@

lib/libcarc.a: $(LIBOBJ)
	rm -f $@
	ar rcs $@ $(LIBOBJ)

# The shared library exports the carc_ functions of carc.h and nothing else (lib/carc.map).
$(SHLIB): $(LIBOBJ) lib/carc.map
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -shared -Wl,-soname,libcarc.so.$(SOVERSION) \
		-Wl,--version-script=lib/carc.map -o $@ $(LIBOBJ) $(LIBS)

$(LIBOBJ) bin/common.o: .flags
$(LIBOBJ): $(LIBHDR)

.SUFFIXES: .c .o
.c.o:
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The library's objects go into libcarc.so as well as libcarc.a: position-independent code.
# -fno-semantic-interposition lets the compiler inline a file's own functions as it does
# without -fPIC (the version script exports carc.h's alone): 1.6 % fewer instructions a game.
LIB_CFLAGS = -fPIC -fno-semantic-interposition
lib/%.o: lib/%.c
	$(CC) $(ALL_CFLAGS) $(LIB_CFLAGS) -c -o $@ $<

bin/common.o: bin/common.h lib/carc.h

$(TOOLS): %: %.c lib/libcarc.a bin/common.o lib/carc.h bin/common.h
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $@.c bin/common.o $(TOOL_OBJ) lib/libcarc.a \
		$(LIBS)

# carc-render --format html writes the page that make web builds, kept inside carc-render;
# before make web, or without emscripten, bin/webpage.c holds none and the format says so.
bin/carc-render: TOOL_OBJ = bin/webpage.o
bin/carc-render: bin/webpage.o bin/webpage.h
bin/webpage.o: bin/webpage.h .flags
bin/webpage.c: web/embed.sh $(wildcard $(WEB_PAGE))
	sh web/embed.sh $(wildcard $(WEB_PAGE)) > $@.tmp && mv $@.tmp $@

tests/unit: tests/unit.c lib/libcarc.a $(LIBHDR)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ tests/unit.c lib/libcarc.a $(LIBS)

# A fingerprint of play (tests/fingerprint.c): run it before and after a change that must not
# alter any game, and compare. FINGERPRINT_GAMES games of each kind and player count.
FINGERPRINT_GAMES = 20
tests/fingerprint: tests/fingerprint.c lib/libcarc.a lib/carc.h
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ tests/fingerprint.c lib/libcarc.a $(LIBS)

fingerprint: tests/fingerprint
	@./tests/fingerprint $(FINGERPRINT_GAMES)

# Fuzzing (tests/fuzz/README): libFuzzer needs clang. The library is built again into
# tests/fuzz/build with coverage and sanitizers, apart from the objects of `make`.
FUZZ_CC = clang
FUZZ_SECONDS = 60
FUZZ_TARGETS = state json armor tileset move place
FUZZ_BIN = $(FUZZ_TARGETS:%=tests/fuzz/build/fuzz-%)
FUZZ_OBJ = $(LIBOBJ:lib/%.o=tests/fuzz/build/%.o)
FUZZ_FLAGS = $(WARN) -O1 -g -fno-omit-frame-pointer -fno-sanitize-recover=undefined \
	$(shell $(PKG_CONFIG) --cflags $(PKGS)) -Ilib

tests/fuzz/build/%.o: lib/%.c $(LIBHDR)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link,address,undefined -c -o $@ $<

tests/fuzz/build/fuzz-%: tests/fuzz/fuzz-%.c tests/fuzz/fuzz.h $(FUZZ_OBJ)
	$(FUZZ_CC) $(FUZZ_FLAGS) -fsanitize=fuzzer,address,undefined -o $@ $< $(FUZZ_OBJ) $(LIBS)

# kept between builds: make would otherwise remove them as intermediate files
.SECONDARY: $(FUZZ_OBJ)

fuzz-build: deps-fuzz lib/builtin.c
	@$(MAKE) $(FUZZ_BIN)

# Runs every target for FUZZ_SECONDS from its seed corpus; says what each did.
fuzz: fuzz-build
	@sh tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_TARGETS)
	@$(MAKE) tests/unit
	@READBACK_GAMES=512 ./tests/unit readback | tail -n 1

# The page (web/README): libcarc, libyaml and msgpack-c compiled to WebAssembly with emscripten
# into one engine, and the page around it. web/deps.sh fetches Debian's sources of the two
# libraries into web/build/deps and builds them. NODE_PATH: emscripten links with Debian's
# acorn, which lives where Debian's node looks for modules and a node from elsewhere does not.
EMCC = emcc
EMAR = emar
WEB_LINK = NODE_PATH=$${NODE_PATH:-/usr/share/nodejs} $(EMCC)
WEB_CFLAGS = $(WARN) -O2 -Iweb/build/deps/include -Ilib
WEB_OBJ = $(LIBOBJ:lib/%.o=web/build/obj/%.o) web/build/obj/carc-web.o
WEB_LIBS = web/build/deps/libyaml.a web/build/deps/libmsgpackc.a
WEB_DEPS = web/build/deps/built
WEB_LDFLAGS = -O2 -sMODULARIZE=1 -sEXPORT_NAME=carcEngine -sSINGLE_FILE=1 \
	-sENVIRONMENT=web,worker -sALLOW_MEMORY_GROWTH=1 -sFILESYSTEM=0 \
	-sEXPORTED_RUNTIME_METHODS=cwrap,UTF8ToString
WEB_JS = web/ui.js web/worker.js

$(WEB_DEPS): web/deps.sh
	EMCC='$(EMCC)' EMAR='$(EMAR)' sh web/deps.sh web/build/deps
	touch $@

web/build/obj/%.o: lib/%.c $(wildcard lib/*.h lib/*/*.h) $(WEB_DEPS)
	@mkdir -p $(@D)
	$(EMCC) $(WEB_CFLAGS) -c -o $@ $<

web/build/obj/carc-web.o: web/carc-web.c lib/carc.h $(WEB_DEPS)
	@mkdir -p $(@D)
	$(EMCC) $(WEB_CFLAGS) -c -o $@ web/carc-web.c

web/build/engine.js: $(WEB_OBJ) $(WEB_DEPS)
	$(WEB_LINK) $(WEB_LDFLAGS) -o $@ $(WEB_OBJ) $(WEB_LIBS)

$(WEB_PAGE): web/page.html web/page.sh web/build/engine.js $(WEB_JS)
	sh web/page.sh web/page.html web/build/engine.js $(WEB_JS) > $@.tmp && mv $@.tmp $@

# emcc takes a second or two a file: the engine is built one job per CPU unless make was given
# its own -j (make check runs this without one).
WEB_JOBS = $(if $(filter -j%,$(MAKEFLAGS)),,-j$$(nproc 2>/dev/null || echo 1))
web: deps-web
	@$(MAKE) $(WEB_JOBS) $(WEB_PAGE)
	@$(MAKE) all

# Installs the Debian packages carc needs when they are missing (as root, or through sudo).
deps:
	@sh tests/deps.sh

deps-fuzz:
	@sh tests/deps.sh fuzz

deps-valgrind:
	@sh tests/deps.sh valgrind

deps-web:
	@sh tests/deps.sh web

# Both suites run even when the first fails; the last line counts both. With emscripten
# installed, the page is built first and tests/web.bats plays it in Chromium (EMCC= skips it).
# Built with SANITIZE=1, the bats files that only play whole games or run the documentation
# and examples through the tools are left out (each tool costs ~10 times as much under ASan),
# and so are the rules files, one per expansion (positions played through the tools, the
# tools' own code tested by the other files): the plain pass runs them, and under the
# sanitizers the unit tests play whole games of every combination of the sets in-process and
# the fuzzers make moves and placements. A new expansion's bats file goes on this list.
# (web.bats stays: its browser tests skip themselves there, the page's engine being
# WebAssembly, and the rest check carc-render's page and e-mail under the sanitizers.)
# The tests tagged slow (`# bats test_tags=slow`: whole games through the tools for more
# players or other options than the first such test of a file) are left out there too, and so
# is the unit test generator_agrees (46 s natively, many minutes under ASan): it compares two
# listings of the same placements, code the fuzzers and random_agrees reach under ASan; and so
# is readback (10 s natively: every state of 128 games read back), whose reader the fuzzers
# reach there, and which make fuzz plays for 512 games.
SAN_UNIT = -x generator_agrees readback
SAN_SKIP = compat docs examples games install pybot \
	scoring fortune-teller catapult ft-catapult inns-cathedrals abbot phantom \
	figures-ft-catapult traders-builders abbey-mayor princess-dragon tower
check: deps
	@$(MAKE) all
	@if [ -n "$(EMCC)" ] && command -v $(EMCC) > /dev/null 2>&1; then $(MAKE) web; fi
	@CHECK_SKIP="$(if $(SANITIZE),$(SAN_SKIP))" CHECK_TAGS="$(if $(SANITIZE),!slow)" ./tests/run.sh $(if $(SANITIZE),$(SAN_UNIT))

# The files of lib/ call each other in layers, never in a circle (HACKING.md).
deps-check: lib/libcarc.a
	@./tests/layers.sh

# Every tool under valgrind, on normal and error paths: no invalid access, no leak.
valgrind: deps-valgrind
	@$(MAKE) all SANITIZE=
	@./tests/valgrind.sh

# Speed and size figures for BENCHMARKS.md; never part of check (shared machines are noisy).
bench: all
	@./tests/bench.sh

demo: deps
	@$(MAKE) all
	sh examples/demo.sh

# Everything a user or a program needs: the tools (stripped), the manuals, the header, the
# static and the shared library with pkg-config's file (written for PREFIX here), the state's JSON Schema, the bash
# completion (a link per tool) and the examples. Nothing is run against the installed tree:
# after a first install of libcarc.so outside DESTDIR, run ldconfig.
install: all
	$(INSTALL) -d $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(INCLUDEDIR) \
		$(DESTDIR)$(DATADIR) $(DESTDIR)$(DOCDIR)/examples/pbem $(DESTDIR)$(COMPLETIONDIR) \
		$(DESTDIR)$(MANPREFIX)/man1 $(DESTDIR)$(MANPREFIX)/man5 $(DESTDIR)$(MANPREFIX)/man7
	$(INSTALL) -s -m 755 $(TOOLS) $(DESTDIR)$(BINDIR)/
	$(INSTALL) -m 644 $(MAN1) $(DESTDIR)$(MANPREFIX)/man1/
	$(INSTALL) -m 644 $(MAN5) $(DESTDIR)$(MANPREFIX)/man5/
	$(INSTALL) -m 644 $(MAN7) $(DESTDIR)$(MANPREFIX)/man7/
	$(INSTALL) -m 644 lib/carc.h $(DESTDIR)$(INCLUDEDIR)/
	$(INSTALL) -m 644 lib/libcarc.a $(DESTDIR)$(LIBDIR)/
	$(INSTALL) -m 755 $(SHLIB) $(DESTDIR)$(LIBDIR)/
	ln -sf libcarc.so.$(LIBVERSION) $(DESTDIR)$(LIBDIR)/libcarc.so.$(SOVERSION)
	ln -sf libcarc.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libcarc.so
	sed -e 's|@PREFIX@|$(PREFIX)|; s|@LIBDIR@|$(LIBDIR)|; s|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	    -e 's|@VERSION@|$(VERSION)|; s|@PKGS@|$(PKGS)|' lib/carc.pc.in \
	    > $(DESTDIR)$(LIBDIR)/pkgconfig/carc.pc
	chmod 644 $(DESTDIR)$(LIBDIR)/pkgconfig/carc.pc
	$(INSTALL) -m 644 formats/state.schema.json $(DESTDIR)$(DATADIR)/
	$(INSTALL) -m 644 completion/carc.bash $(DESTDIR)$(COMPLETIONDIR)/carc-deck
	for t in carc-draw carc-place carc-score carc-render carc-bot; do \
		ln -sf carc-deck $(DESTDIR)$(COMPLETIONDIR)/$$t || exit 1; \
	done
	$(INSTALL) -m 644 README.md $(DESTDIR)$(DOCDIR)/
	$(INSTALL) -m 755 $(EXAMPLES) $(DESTDIR)$(DOCDIR)/examples/
	chmod 644 $(DESTDIR)$(DOCDIR)/examples/lib.sh
	$(INSTALL) -m 644 $(EXAMPLES_DATA) $(DESTDIR)$(DOCDIR)/examples/
	$(INSTALL) -m 644 $(EXAMPLES_PBEM) $(DESTDIR)$(DOCDIR)/examples/pbem/
	chmod 755 $(DESTDIR)$(DOCDIR)/examples/pbem/play.sh

# Removes what install put there, and only that; parts already gone are no error. The
# folders of carc's own (share/carc, share/doc/carc) go when they are left empty.
uninstall:
	rm -f $(TOOLS:bin/%=$(DESTDIR)$(BINDIR)/%)
	rm -f $(MAN1:man/%=$(DESTDIR)$(MANPREFIX)/man1/%) $(MAN5:man/%=$(DESTDIR)$(MANPREFIX)/man5/%) \
		$(MAN7:man/%=$(DESTDIR)$(MANPREFIX)/man7/%)
	rm -f $(DESTDIR)$(INCLUDEDIR)/carc.h $(DESTDIR)$(LIBDIR)/libcarc.a \
		$(DESTDIR)$(LIBDIR)/libcarc.so.$(LIBVERSION) $(DESTDIR)$(LIBDIR)/libcarc.so.$(SOVERSION) \
		$(DESTDIR)$(LIBDIR)/libcarc.so $(DESTDIR)$(LIBDIR)/pkgconfig/carc.pc
	rm -f $(DESTDIR)$(DATADIR)/state.schema.json
	rm -f $(TOOLS:bin/%=$(DESTDIR)$(COMPLETIONDIR)/%)
	rm -f $(DESTDIR)$(DOCDIR)/README.md $(EXAMPLES:%=$(DESTDIR)$(DOCDIR)/%) \
		$(EXAMPLES_DATA:%=$(DESTDIR)$(DOCDIR)/%) $(EXAMPLES_PBEM:%=$(DESTDIR)$(DOCDIR)/%)
	-rmdir $(DESTDIR)$(DOCDIR)/examples/pbem $(DESTDIR)$(DOCDIR)/examples $(DESTDIR)$(DOCDIR) \
		$(DESTDIR)$(DATADIR) 2>/dev/null

clean:
	rm -f $(TOOLS) bin/*.o lib/*.o lib/rules/*.o lib/libcarc.a lib/libcarc.so.* lib/builtin.c \
		tests/unit tests/fingerprint .flags
	rm -rf tests/fuzz/build web/build bin/webpage.c

.PHONY: FORCE all bench check clean demo deps deps-check deps-fuzz deps-valgrind deps-web \
	fingerprint fuzz fuzz-build install uninstall valgrind web
