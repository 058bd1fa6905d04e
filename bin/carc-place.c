/* carc-place: apply one decision of the player to move, or list every legal one. */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "common.h"

const char *progname = "carc-place";

static const char synopsis[] =
    "usage: carc-place [-h] [-i FILE] [--armor] MOVE [FILE]\n"
    "       carc-place --list [--format text|json] [FILE]\n";

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "armor", no_argument, NULL, 'a' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "list", no_argument, NULL, 'l' },
		{ NULL, 0, NULL, 0 }
	};
	struct carc_err err = { 0 };
	struct carc_game *g;
	const char *inplace = NULL, *format = NULL;
	int ch, list = 0, nopt, armor = 0, armored;

	/* A move with a negative x (-1,0,90) is an operand, not options: stop getopt before it. */
	for (nopt = 1; nopt < argc; nopt++)
		if (argv[nopt][0] == '-' && isdigit((unsigned char)argv[nopt][1]))
			break;
	while ((ch = getopt_long(nopt, argv, "+f:hi:l", opts, NULL)) != -1) {
		if (ch == 'a')
			armor = 1;
		else if (ch == 'i')
			inplace = inplace_arg(optarg);
		else if (ch == 'l')
			list = 1;
		else if (ch == 'f')
			format = optarg;
		else
			usage(synopsis, ch == 'h' ? 0 : CARC_EUSAGE);
	}
	if (list ? argc - optind > 1 || inplace || armor :
	    argc - optind < 1 || argc - optind > (inplace ? 1 : 2) || format)
		usage(synopsis, CARC_EUSAGE);
	if (format && strcmp(format, "text") != 0 && strcmp(format, "json") != 0)
		die(CARC_EUSAGE, "unknown format '%s' for --list (text, json)", format);
	if (list) {
		struct carc_buf out = { 0 };

		g = read_state(argv[optind], NULL);
		if ((format && strcmp(format, "json") == 0 ? carc_moves_json(g, &out, &err) :
		    carc_moves_list(g, &out, &err)) != 0)
			die_err(&err);
		write_text(&out);
		carc_buf_release(&out);
	} else {
		g = read_state(inplace ? inplace : argv[optind + 1], &armored);
		if (carc_game_place(g, argv[optind], &err))
			die_err(&err);
		write_state(g, inplace, armor || (inplace && armored));
	}
	carc_game_free(g);
	return 0;
}
