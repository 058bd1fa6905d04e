# carc: Carcassonne as a Unix toolkit. `make` builds, `make check` tests, `make demo` plays.
PREFIX = /usr/local
BINDIR = $(PREFIX)/bin
MANPREFIX = $(PREFIX)/share/man
DESTDIR =

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
LIBOBJ = lib/armor.o lib/board.o lib/builtin.o lib/catapult.o lib/email.o lib/forecast.o \
	lib/game.o lib/html.o lib/json.o lib/moves.o lib/play.o lib/render.o lib/replay.o \
	lib/score.o lib/sha256.o lib/state.o lib/svg.o lib/tileset.o lib/util.o lib/view.o
FORMATS = formats/base.yaml formats/figures.yaml formats/fortune-teller.yaml \
	formats/catapult.yaml
MAN1 = man/carc-deck.1 man/carc-draw.1 man/carc-place.1 man/carc-score.1 man/carc-render.1 \
	man/carc-bot.1
MAN5 = man/carc-state.5 man/carc-tiles.5
MAN7 = man/carc.7

# Once make web has built the page, make keeps it up to date with the engine in lib/, as
# carc-render holds it.
WEB_PAGE = web/build/carc.html

all: $(TOOLS) tests/unit $(wildcard $(WEB_PAGE))

lib/builtin.c: lib/embed.sh $(FORMATS)
	sh lib/embed.sh $(FORMATS) > $@.tmp && mv $@.tmp $@

# The objects remember the flags they were built with, so switching SANITIZE on or off
# rebuilds everything instead of mixing sanitized and plain objects.
.flags: FORCE
	@f='$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS)'; \
	    [ "$$(cat $@ 2>/dev/null)" = "$$f" ] || echo "$$f" > $@

lib/libcarc.a: $(LIBOBJ)
	rm -f $@
	ar rcs $@ $(LIBOBJ)

$(LIBOBJ) bin/common.o: .flags
$(LIBOBJ): lib/carc.h lib/internal.h
lib/render.o lib/svg.o lib/view.o: lib/view.h

.SUFFIXES: .c .o
.c.o:
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

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

tests/unit: tests/unit.c lib/libcarc.a lib/internal.h
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ tests/unit.c lib/libcarc.a $(LIBS)

# Fuzzing (tests/fuzz/README): libFuzzer needs clang. The library is built again into
# tests/fuzz/build with coverage and sanitizers, apart from the objects of `make`.
FUZZ_CC = clang
FUZZ_SECONDS = 60
FUZZ_TARGETS = state json armor tileset move place
FUZZ_BIN = $(FUZZ_TARGETS:%=tests/fuzz/build/fuzz-%)
FUZZ_OBJ = $(LIBOBJ:lib/%.o=tests/fuzz/build/%.o)
FUZZ_FLAGS = $(WARN) -O1 -g -fno-omit-frame-pointer -fno-sanitize-recover=undefined \
	$(shell $(PKG_CONFIG) --cflags $(PKGS)) -Ilib

tests/fuzz/build/%.o: lib/%.c lib/carc.h lib/internal.h lib/view.h
	@mkdir -p tests/fuzz/build
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

web: deps-web
	@$(MAKE) $(WEB_PAGE)
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
check: deps
	@$(MAKE) all
	@if [ -n "$(EMCC)" ] && command -v $(EMCC) > /dev/null 2>&1; then $(MAKE) web; fi
	@./tests/run.sh

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

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANPREFIX)/man1 $(DESTDIR)$(MANPREFIX)/man5 \
		$(DESTDIR)$(MANPREFIX)/man7
	cp $(TOOLS) $(DESTDIR)$(BINDIR)/
	cp $(MAN1) $(DESTDIR)$(MANPREFIX)/man1/
	cp $(MAN5) $(DESTDIR)$(MANPREFIX)/man5/
	cp $(MAN7) $(DESTDIR)$(MANPREFIX)/man7/

uninstall:
	cd $(DESTDIR)$(BINDIR) && rm -f carc-deck carc-draw carc-place carc-score carc-render carc-bot
	cd $(DESTDIR)$(MANPREFIX) && rm -f man1/carc-*.1 man5/carc-state.5 man5/carc-tiles.5 man7/carc.7

clean:
	rm -f $(TOOLS) bin/*.o lib/*.o lib/libcarc.a lib/builtin.c tests/unit .flags
	rm -rf tests/fuzz/build web/build bin/webpage.c

.PHONY: FORCE all bench check clean demo deps deps-fuzz deps-valgrind deps-web fuzz \
	fuzz-build install uninstall valgrind web
