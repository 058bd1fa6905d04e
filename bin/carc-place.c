/* carc-place: apply the decisions of the player to move, in order, or list every legal one. */
#include <sys/stat.h>

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "common.h"

const char *progname = "carc-place";

static const char synopsis[] =
    "usage: carc-place [-hv] [--armor] [--version] MOVE ... [FILE]\n"
    "       carc-place [-v] [--armor] [--no-wait] -i FILE MOVE ...\n"
    "       carc-place --list [--format text|json] [FILE]\n";

/* Whether the last of several operands names the FILE rather than a move: every move word
 * has a ',' or a ':' in it, so an operand without either is a file, and so is one that names
 * an existing file or is "-". */
static int
names_file(const char *s)
{
	struct stat st;

	return strcmp(s, "-") == 0 || strpbrk(s, ",:") == NULL || stat(s, &st) == 0;
}

int
main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "armor", no_argument, NULL, 'a' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "list", no_argument, NULL, 'l' },
		{ "no-wait", no_argument, NULL, OPT_NOWAIT },
		{ "version", no_argument, NULL, OPT_VERSION },
		{ NULL, 0, NULL, 0 }
	};
	struct carc_err err = { 0 };
	struct carc_game *g;
	const char *inplace = NULL, *format = NULL;
	const char *file = NULL;
	int ch, list = 0, nopt, armor = 0, armored, nowait = 0, n, verbose = 0, i;

	/* A move with a negative x (-1,0,90) is an operand, not options: stop getopt before it. */
	for (nopt = 1; nopt < argc; nopt++)
		if (argv[nopt][0] == '-' && isdigit((unsigned char)argv[nopt][1]))
			break;
	while ((ch = next_option(nopt, argv, "+f:hi:lv", opts)) != -1) {
		if (ch == 'v')
			verbose = 1;
		else if (ch == 'a')
			armor = 1;
		else if (ch == 'i')
			inplace = inplace_arg(optarg);
		else if (ch == 'l')
			list = 1;
		else if (ch == 'f')
			format = optarg;
		else if (ch == OPT_NOWAIT)
			nowait = 1;
		else if (ch == OPT_VERSION)
			version();
		else
			help(synopsis);
	}
	n = argc - optind;
	if (list && (inplace || armor || nowait || verbose))
		usage_error("--list does not go with %s", inplace ? "-i" : armor ? "--armor" :
		    nowait ? "--no-wait" : "-v");
	if (format && !list)
		usage_error("--format goes with --list");
	if (nowait && !inplace)
		usage_error("--no-wait goes with -i");
	if (!list && n < 1)
		usage_error("no MOVE given");
	if (list && n > 1)
		usage_error("unexpected operand '%s'", argv[argc - 1]);
	/* MOVE... [FILE]: with -i every operand is a move */
	if (!list && !inplace && n > 1 && names_file(argv[argc - 1]))
		file = argv[--argc];
	/* of several operands, one that is no move word is a misplaced file */
	for (i = optind; !list && argc - optind > 1 && i < argc; i++)
		if (strpbrk(argv[i], ",:") == NULL)
			usage_error("unexpected operand '%s'%s", argv[i],
			    inplace ? ": -i names the file" : "");
	if (format && strcmp(format, "text") != 0 && strcmp(format, "json") != 0)
		die(CARC_EUSAGE, "unknown format '%s' for --list (text, json)", format);
	if (list) {
		struct carc_buf out = { 0 };

		emptied_hint = "write to another file";
		g = read_state(argv[optind], NULL);
		if ((format && strcmp(format, "json") == 0 ? carc_moves_json(g, &out, &err) :
		    carc_moves_list(g, &out, &err)) != 0)
			die_err(&err);
		write_text(&out);
		carc_buf_release(&out);
	} else {
		g = inplace ? inplace_read(inplace, nowait, &armored) : read_state(file, &armored);
		/* the moves in order, as many carc-place in a pipeline would make them: one
		 * refused, and nothing is written */
		for (i = optind; i < argc; i++) {
			if (carc_game_place(g, argv[i], &err))
				die_err(&err);
			/* what the decision did, for people: the dragon's meal, a follower sent
			 * home */
			if (verbose)
				fputs(carc_game_report(g), stderr);
		}
		write_state(g, inplace, armor || (inplace && armored));
	}
	carc_game_free(g);
	return 0;
}
