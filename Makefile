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
ALL_CFLAGS = $(WARN) $(CFLAGS) $(shell $(PKG_CONFIG) --cflags $(PKGS)) -Ilib
LIBS = $(shell $(PKG_CONFIG) --libs $(PKGS)) -lm

TOOLS = bin/carc-deck bin/carc-draw bin/carc-place bin/carc-score bin/carc-render bin/carc-bot
LIBOBJ = lib/board.o lib/builtin.o lib/catapult.o lib/forecast.o lib/game.o lib/json.o \
	lib/moves.o lib/play.o lib/render.o lib/score.o lib/state.o lib/svg.o lib/tileset.o \
	lib/util.o lib/view.o
FORMATS = formats/base.yaml formats/figures.yaml formats/fortune-teller.yaml \
	formats/catapult.yaml
MAN1 = man/carc-deck.1 man/carc-draw.1 man/carc-place.1 man/carc-score.1 man/carc-render.1 \
	man/carc-bot.1
MAN5 = man/carc-state.5 man/carc-tiles.5
MAN7 = man/carc.7

all: $(TOOLS) tests/unit

lib/builtin.c: lib/embed.sh $(FORMATS)
	sh lib/embed.sh $(FORMATS) > $@.tmp && mv $@.tmp $@

lib/libcarc.a: $(LIBOBJ)
	rm -f $@
	ar rcs $@ $(LIBOBJ)

$(LIBOBJ): lib/carc.h lib/internal.h
lib/render.o lib/svg.o lib/view.o: lib/view.h

.SUFFIXES: .c .o
.c.o:
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

bin/common.o: bin/common.h lib/carc.h

$(TOOLS): %: %.c lib/libcarc.a bin/common.o lib/carc.h bin/common.h
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $@.c bin/common.o lib/libcarc.a $(LIBS)

tests/unit: tests/unit.c lib/libcarc.a lib/internal.h
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ tests/unit.c lib/libcarc.a $(LIBS)

# Installs the Debian packages carc needs when they are missing (as root, or through sudo).
deps:
	@sh tests/deps.sh

# Both suites run even when the first fails; the last line counts both.
check: deps
	@$(MAKE) all
	@./tests/run.sh

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
	rm -f $(TOOLS) bin/*.o lib/*.o lib/libcarc.a lib/builtin.c tests/unit

.PHONY: all bench check clean demo deps install uninstall
