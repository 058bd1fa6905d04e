/* carc-render: show a game for people (ascii) or for programs (json). */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "common.h"

const char *progname = "carc-render";

static const char synopsis[] = "usage: carc-render [-h] [--format ascii|json] [FILE]\n";

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 }
	};
	struct carc_err err = { 0 };
	struct carc_buf out = { 0 };
	struct carc_game *g;
	const char *format = "ascii";
	int ch, rc;

	while ((ch = getopt_long(argc, argv, "f:h", opts, NULL)) != -1) {
		if (ch == 'f')
			format = optarg;
		else
			usage(synopsis, ch == 'h' ? 0 : CARC_EUSAGE);
	}
	if (argc - optind > 1)
		usage(synopsis, CARC_EUSAGE);
	if (strcmp(format, "ascii") != 0 && strcmp(format, "json") != 0)
		die(CARC_EUSAGE, "unknown format '%s' (ascii, json)", format);
	g = read_state(argv[optind]);
	if (strcmp(format, "json") == 0)
		rc = carc_state_to_json(g, &out, &err);
	else
		rc = carc_render_ascii(g, &out, &err);
	if (rc)
		die_err(&err);
	write_text(&out);
	carc_buf_release(&out);
	carc_game_free(g);
	return 0;
}
