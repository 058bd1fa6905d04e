/* carc-render: show a game to people (ascii, ansi, svg), to programs (json), give it to the
 * player to move as a web page to play in (html), or mail it to them (email). */
#include <errno.h>
#include <getopt.h>
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
    "                   [--no-coords] [--player-colors COLOR,...] [FILE]\n"
    "       carc-render --format html [FILE]\n"
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

int
main(int argc, char **argv)
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
		{ NULL, 0, NULL, 0 }
	};
	static struct carc_cell cells[MAXHIGHLIGHT];
	struct carc_render_opts ro = { 0 };
	struct carc_email_opts eo = { 0 };
	struct carc_err err = { 0 };
	struct carc_buf out = { 0 };
	struct carc_game *g;
	const char *format = colour_wanted() ? "ansi" : "ascii";
	int ch, rc, pictures = 0;

	while ((ch = getopt_long(argc, argv, "f:h", opts, NULL)) != -1) {
		switch (ch) {
		case 'f':
			format = optarg;
			break;
		case O_FROM:
			eo.from = optarg;
			break;
		case O_TO:
			eo.to = optarg;
			break;
		case O_ATTACH:
			eo.page = webpage;
			eo.pagelen = webpage_len;
			break;
		case O_HIGHLIGHT:
			pictures = 1;
			if (ro.nhighlight == MAXHIGHLIGHT)
				die(CARC_EUSAGE, "more than %d cells to highlight", MAXHIGHLIGHT);
			parse_cell(optarg, &cells[ro.nhighlight++]);
			ro.highlight = cells;
			break;
		case O_LEGAL:
			pictures = 1;
			ro.legal = 1;
			break;
		case O_NOCOORDS:
			pictures = 1;
			ro.nocoords = 1;
			break;
		case O_COLORS:
			pictures = 1;
			if (carc_render_colors(&ro, optarg, &err))
				die_err(&err);
			break;
		default:
			usage(synopsis, ch == 'h' ? 0 : CARC_EUSAGE);
		}
	}
	if (argc - optind > 1)
		usage(synopsis, CARC_EUSAGE);
	if (strcmp(format, "ascii") != 0 && strcmp(format, "ansi") != 0 &&
	    strcmp(format, "svg") != 0 && strcmp(format, "json") != 0 &&
	    strcmp(format, "html") != 0 && strcmp(format, "email") != 0)
		die(CARC_EUSAGE, "unknown format '%s' (ascii, ansi, svg, json, html, email)", format);
	if ((strcmp(format, "email") == 0) ? pictures : eo.from || eo.to || eo.page ||
	    (pictures && strcmp(format, "html") == 0))
		usage(synopsis, CARC_EUSAGE);
	if ((eo.page || strcmp(format, "html") == 0) && webpage_len == 0)
		die(CARC_EUSAGE, "no web page in this build for %s: make web builds it, with "
		    "emscripten", eo.page ? "--attach-html" : "--format html");
	if (carc_email_check(&eo, &err))
		die_err(&err);
	ro.color = strcmp(format, "ansi") == 0;
	g = read_state(argv[optind], NULL);
	if (strcmp(format, "email") == 0)
		rc = carc_render_email(g, &eo, &out, &err);
	else if (strcmp(format, "json") == 0)
		rc = carc_state_to_json(g, &out, &err);
	else if (strcmp(format, "html") == 0)
		rc = carc_render_html(g, webpage, webpage_len, &out, &err);
	else if (strcmp(format, "svg") == 0)
		rc = carc_render_svg(g, &ro, &out, &err);
	else
		rc = carc_render_text(g, &ro, &out, &err);
	if (rc)
		die_err(&err);
	write_text(&out);
	carc_buf_release(&out);
	carc_game_free(g);
	return 0;
}
