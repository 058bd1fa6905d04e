/* carc-render: show a game to people (ascii, ansi, svg), to programs (json, or phase: what a
 * shell loop needs to pick its next tool), give it to the player to move as a web page to play
 * in (html), or mail it to them (email). */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"
#include "webpage.h"

#define MAXHIGHLIGHT 64
#define COORD_MAX 30000

const char *progname = "carc-render";

static const char synopsis[] =
    "usage: carc-render [-h] [--format ascii|ansi|svg|json] [--highlight X,Y] [--legal]\n"
    "                   [--no-coords] [--player-colors COLOR,...] [--version] [FILE]\n"
    "       carc-render --format phase|html [FILE]\n"
    "       carc-render --format email [--attach-html] [--from ADDR] [--to ADDR] [FILE]\n";

enum { O_HIGHLIGHT = 256, O_LEGAL, O_NOCOORDS, O_COLORS, O_FROM, O_TO, O_ATTACH };

/* Colour by default only on a terminal that shows it, and not when the user asked for none
 * (NO_COLOR set and not empty, https://no-color.org) or the terminal is dumb. */
static int
colour_wanted(void)
{
	const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");

	return isatty(STDOUT_FILENO) && (nc == NULL || *nc == '\0') &&
	    (term == NULL || strcmp(term, "dumb") != 0);
}

static long
coord(const char *s, char **end)
{
	long v;

	if (*s != '-' && (*s < '0' || *s > '9'))
		return LONG_MAX;
	errno = 0;
	v = strtol(s, end, 10);
	return errno || v < -COORD_MAX || v > COORD_MAX ? LONG_MAX : v;
}

static void
parse_cell(const char *s, struct carc_cell *c)
{
	char *end;
	long x, y;

	if ((x = coord(s, &end)) == LONG_MAX || *end != ',' ||
	    (y = coord(end + 1, &end)) == LONG_MAX || *end != '\0')
		die(CARC_EUSAGE, "bad cell '%s' for --highlight: want X,Y as in 3,-1", s);
	c->x = x;
	c->y = y;
}

/* What the command line asked for: the format, the picture options and the e-mail options. */
struct cmdline {
	const char *format;
	struct carc_render_opts ro;
	struct carc_email_opts eo;
	int pictures;		/* a picture option was given */
};

static void
parse_cmdline(int argc, char **argv, struct cmdline *cl)
{
	static const struct option opts[] = {
		{ "attach-html", no_argument, NULL, O_ATTACH },
		{ "format", required_argument, NULL, 'f' },
		{ "from", required_argument, NULL, O_FROM },
		{ "help", no_argument, NULL, 'h' },
		{ "highlight", required_argument, NULL, O_HIGHLIGHT },
		{ "legal", no_argument, NULL, O_LEGAL },
		{ "no-coords", no_argument, NULL, O_NOCOORDS },
		{ "player-colors", required_argument, NULL, O_COLORS },
		{ "to", required_argument, NULL, O_TO },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	static struct carc_cell cells[MAXHIGHLIGHT];
	struct carc_err err = { 0 };
	int ch;

	cl->format = colour_wanted() ? "ansi" : "ascii";
	while ((ch = next_option(argc, argv, "f:h", opts)) != -1) {
		switch (ch) {
		case 'f':
			cl->format = optarg;
			break;
		case O_FROM:
			cl->eo.from = optarg;
			break;
		case O_TO:
			cl->eo.to = optarg;
			break;
		case O_ATTACH:
			cl->eo.page = webpage;
			cl->eo.pagelen = webpage_len;
			break;
		case O_HIGHLIGHT:
			cl->pictures = 1;
			if (cl->ro.nhighlight == MAXHIGHLIGHT)
				die(CARC_EUSAGE, "more than %d cells to highlight", MAXHIGHLIGHT);
			parse_cell(optarg, &cells[cl->ro.nhighlight++]);
			cl->ro.highlight = cells;
			break;
		case O_LEGAL:
			cl->pictures = 1;
			cl->ro.legal = 1;
			break;
		case O_NOCOORDS:
			cl->pictures = 1;
			cl->ro.nocoords = 1;
			break;
		case O_COLORS:
			cl->pictures = 1;
			if (carc_render_colors(&cl->ro, optarg, &err))
				die_err(&err);
			break;
		case OPT_VERSION:
			version();
		default:
			help(synopsis);
		}
	}
	if (argc - optind > 1)
		usage_error("unexpected operand '%s'", argv[argc - 1]);
}

/* The options that go with the format asked for, and nothing else; checked before the state
 * is read, so that a bad option gives 64 even for a state that cannot be read. */
static void
check_cmdline(const struct cmdline *cl)
{
	const char *f = cl->format;
	int email = strcmp(f, "email") == 0, html = strcmp(f, "html") == 0;
	int phase = strcmp(f, "phase") == 0;
	struct carc_err err = { 0 };

	if (!email && !html && !phase && strcmp(f, "ascii") != 0 && strcmp(f, "ansi") != 0 &&
	    strcmp(f, "svg") != 0 && strcmp(f, "json") != 0)
		die(CARC_EUSAGE, "unknown format '%s' (ascii, ansi, svg, json, phase, html, "
		    "email)", f);
	if ((email || html || phase) && cl->pictures)
		usage_error("--highlight, --legal, --no-coords and --player-colors do not go with "
		    "--format %s", f);
	if (!email && (cl->eo.from || cl->eo.to))
		usage_error("--from and --to go with --format email");
	if (!email && cl->eo.page)
		usage_error("--attach-html goes with --format email");
	if ((cl->eo.page || html) && webpage_len == 0)
		die(CARC_EUSAGE, "no web page in this build for %s: make web builds it, with "
		    "emscripten", cl->eo.page ? "--attach-html" : "--format html");
	if (carc_email_check(&cl->eo, &err))
		die_err(&err);
}

/* --format phase: the phase and the name of the player it waits for, as one line "place ann";
 * a game over is "over" alone. A shell loop reads it with `read`, no JSON parser needed. */
static int
render_phase(const struct carc_game *g, struct carc_buf *out, struct carc_err *err)
{
	enum carc_phase p = carc_game_phase(g);
	int rc;

	if (p == CARC_OVER)
		rc = carc_buf_printf(out, "%s\n", carc_phase_name(p));
	else
		rc = carc_buf_printf(out, "%s %s\n", carc_phase_name(p),
		    carc_game_player_name(g, carc_game_player(g)));
	if (rc == 0)
		return 0;
	snprintf(err->msg, sizeof(err->msg), "out of memory");
	return err->code = CARC_ESOFTWARE;
}

int
main(int argc, char **argv)
{
	struct cmdline cl = { 0 };
	struct carc_err err = { 0 };
	struct carc_buf out = { 0 };
	struct carc_game *g;
	const char *format;
	int rc;

	parse_cmdline(argc, argv, &cl);
	check_cmdline(&cl);
	format = cl.format;
	cl.ro.color = strcmp(format, "ansi") == 0;
	emptied_hint = "write to another file";
	g = read_state(argv[optind], NULL);
	if (strcmp(format, "email") == 0)
		rc = carc_render_email(g, &cl.eo, &out, &err);
	else if (strcmp(format, "json") == 0)
		rc = carc_state_to_json(g, &out, &err);
	else if (strcmp(format, "phase") == 0)
		rc = render_phase(g, &out, &err);
	else if (strcmp(format, "html") == 0)
		rc = carc_render_html(g, webpage, webpage_len, &out, &err);
	else if (strcmp(format, "svg") == 0)
		rc = carc_render_svg(g, &cl.ro, &out, &err);
	else
		rc = carc_render_text(g, &cl.ro, &out, &err);
	if (rc)
		die_err(&err);
	write_text(&out);
	carc_buf_release(&out);
	carc_game_free(g);
	return 0;
}
