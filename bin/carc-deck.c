/* carc-deck: start a game (players, tile sets, rules, seed) and write its state; or rebuild a
 * state from its JSON form or from its own log, or check a state against its log. */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "common.h"

const char *progname = "carc-deck";

static const char synopsis[] =
    "usage: carc-deck [-h] [--armor] [--players NAME,...] [--seed N] [--expansions SET,...]\n"
    "                 [--tileset FILE] [--rule KEY=VALUE] [--start ID] [--stack ID,...]\n"
    "                 [--deck ID,...] [--version]\n"
    "       carc-deck [--armor] --from-json [FILE]\n"
    "       carc-deck [--armor] --replay FILE\n"
    "       carc-deck [--armor] [--no-wait] -i FILE\n"
    "       carc-deck --verify [--since OLD [--as NAME]] [FILE]\n";

#define MAXLIST 16
#define SEED_MAX 9007199254740991ULL	/* 2^53 - 1 */

struct cmdline {
	struct carc_setup setup;
	const char *tilesets[MAXLIST + 1];
	const char *rules[MAXLIST + 1];
	int ntilesets, nrules;
	int from_json, verify;
	const char *replay, *inplace, *since, *as;
	int armor, nowait;
	int seeded;
};

static uint64_t
random_seed(void)
{
	uint64_t s = 0;
	int fd = open("/dev/urandom", O_RDONLY);

	if (fd < 0 || read(fd, &s, sizeof(s)) != sizeof(s))
		die(CARC_ESOFTWARE, "cannot read /dev/urandom for a seed; give --seed N");
	close(fd);
	return s % 1000000000;	/* short enough to read out and type again */
}

/* --seed's value: a whole number in decimal, up to SEED_MAX. */
static unsigned long long
parse_seed(const char *s)
{
	unsigned long long seed;
	char *end;

	errno = 0;
	seed = strtoull(s, &end, 10);
	if (errno || *s == '\0' || *end != '\0' || !isdigit((unsigned char)*s))
		die(CARC_EUSAGE, "bad seed '%s': expected a whole number", s);
	/* JSON tools such as jq keep whole numbers exact only below 2^53 */
	if (seed > SEED_MAX)
		die(CARC_EUSAGE, "bad seed '%s': seeds go up to %llu", s,
		    (unsigned long long)SEED_MAX);
	return seed;
}

/* The options that go together: the modes exclude each other, and a mode that takes the game
 * from its input takes none of the options that set a new game up. */
static void
check_cmdline(int argc, char **argv, const struct cmdline *c)
{
	if (c->from_json + !!c->replay + c->verify + !!c->inplace > 1)
		usage_error("--from-json, --replay, --verify and -i exclude each other");
	if (argc - optind > ((c->from_json || c->verify) ? 1 : 0))
		usage_error("unexpected operand '%s'", argv[argc - 1]);
	if (c->verify && c->armor)
		usage_error("--verify writes no state: --armor does not go with it");
	if (c->since && !c->verify)
		usage_error("--since goes with --verify");
	if (c->as && !c->since)
		usage_error("--as goes with --since");
	if (c->nowait && !c->inplace)
		usage_error("--no-wait goes with -i");
	if ((c->from_json || c->replay || c->verify || c->inplace) && (c->setup.players ||
	    c->seeded ||
	    c->setup.expansions || c->nrules || c->ntilesets || c->setup.start || c->setup.stack ||
	    c->setup.deck))
		usage_error("%s takes the whole game from %s; drop the other options",
		    c->from_json ? "--from-json" : c->replay ? "--replay" : c->verify ? "--verify" :
		    "-i", c->from_json ? "the JSON" : "the state");
}

/* The long options; the short ones are next_option's string in parse_cmdline. */
static const struct option opts[] = {
	{ "armor", no_argument, NULL, 'a' },
	{ "as", required_argument, NULL, 'A' },
	{ "deck", required_argument, NULL, 'd' },
	{ "expansions", required_argument, NULL, 'e' },
	{ "from-json", no_argument, NULL, 'j' },
	{ "help", no_argument, NULL, 'h' },
	{ "no-wait", no_argument, NULL, OPT_NOWAIT },
	{ "players", required_argument, NULL, 'p' },
	{ "replay", required_argument, NULL, 'R' },
	{ "rule", required_argument, NULL, 'r' },
	{ "seed", required_argument, NULL, 's' },
	{ "since", required_argument, NULL, 'O' },
	{ "stack", required_argument, NULL, 'k' },
	{ "start", required_argument, NULL, 'S' },
	{ "tileset", required_argument, NULL, 't' },
	{ "verify", no_argument, NULL, 'V' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 }
};

static void
parse_cmdline(int argc, char **argv, struct cmdline *c)
{
	int ch;

	memset(c, 0, sizeof(*c));
	while ((ch = next_option(argc, argv, "hi:", opts)) != -1) {
		switch (ch) {
		case 'i':
			c->inplace = inplace_arg(optarg);
			break;
		case 'a':
			c->armor = 1;
			break;
		case 'A':
			c->as = optarg;
			break;
		case 'd':
			c->setup.deck = optarg;
			break;
		case 'e':
			c->setup.expansions = optarg;
			break;
		case 'h':
			help(synopsis);
		case 'j':
			c->from_json = 1;
			break;
		case 'k':
			c->setup.stack = optarg;
			break;
		case 'O':
			c->since = optarg;
			break;
		case 'p':
			c->setup.players = optarg;
			break;
		case 'R':
			c->replay = optarg;
			break;
		case 'r':
			if (c->nrules == MAXLIST)
				die(CARC_EUSAGE, "more than %d --rule options", MAXLIST);
			c->rules[c->nrules++] = optarg;
			break;
		case 's':
			c->setup.seed = parse_seed(optarg);
			c->seeded = 1;
			break;
		case 'S':
			c->setup.start = optarg;
			break;
		case 't':
			if (c->ntilesets == MAXLIST)
				die(CARC_EUSAGE, "more than %d --tileset options", MAXLIST);
			c->tilesets[c->ntilesets++] = optarg;
			break;
		case 'V':
			c->verify = 1;
			break;
		case OPT_NOWAIT:
			c->nowait = 1;
			break;
		case OPT_VERSION:
			version();
		}
	}
	check_cmdline(argc, argv, c);
	c->setup.tilesets = c->tilesets;
	c->setup.rules = c->rules;
}

/* --verify: the state against the game its log gives; the first difference, in one line.
 * With --since OLD, also against OLD, the game last sent: the same setup, OLD's log its
 * beginning, and no decision since made on the turns of the player checking (--as NAME, or
 * the player the game waits for). */
static void
verify(const char *path, const char *since, const char *as)
{
	struct carc_err err = { 0 };
	struct carc_game *g, *r, *o = NULL;
	const char *name = path && strcmp(path, "-") != 0 ? path : "stdin";
	char msg[sizeof(err.msg)], why[sizeof(err.msg)];
	int replayed, differs, me, i, explained = 1;

	/* both games are freed before any message, so that a refusal leaks nothing */
	g = read_state(path, NULL);
	if (since != NULL) {
		const char *oname = strcmp(since, "-") != 0 ? since : "stdin";

		if (strcmp(since, "-") == 0 && strcmp(name, "stdin") == 0)
			usage_error("--since and FILE cannot both be standard input");
		o = read_state(since, NULL);
		me = carc_game_player(g);
		if (as != NULL) {
			for (i = 0; i < carc_game_nplayers(g) &&
			    strcmp(carc_game_player_name(g, i), as) != 0; i++)
				;
			if (i == carc_game_nplayers(g)) {
				carc_game_free(o);
				carc_game_free(g);
				usage_error("--as '%s': no player of the game has that name", as);
			}
			me = i;
		}
		differs = carc_game_since(o, g, oname, me, msg, sizeof(msg), &err);
		carc_game_free(o);
		carc_game_free(g);
		if (differs > 1)
			die_err(&err);
		if (differs)
			die(CARC_EREFUSED, "%s: %s", name, msg);
		return;
	}
	r = carc_game_replay(g, &err);
	replayed = r != NULL;
	differs = replayed && carc_game_compare(g, r, msg, sizeof(msg));
	carc_game_free(r);
	/* a game saved before a rule was corrected keeps its scores and goes on: a note, not a
	 * refusal, when the old readings explain it all; else the rules are named all the same */
	if (replayed && differs)
		explained = carc_game_corrected(g, why, sizeof(why), &err);
	carc_game_free(g);
	if (!replayed)
		die(err.code == CARC_EDATA ? CARC_EREFUSED : err.code, "%s: %s", name, err.msg);
	if (differs && explained > 1)
		die_err(&err);
	if (differs && explained == 0)
		note("%s: %s", name, why);
	else if (differs)
		die(CARC_EREFUSED, "%s: %s%s%s", name, msg, why[0] ? "; " : "", why);
}

int
main(int argc, char **argv)
{
	struct cmdline c;
	struct carc_err err = { 0 };
	struct carc_game *g;
	int armored = 0;

	parse_cmdline(argc, argv, &c);
	if (c.from_json || c.verify)
		emptied_hint = "write to another file";
	if (c.verify) {
		verify(argv[optind], c.since, c.as);
		return 0;
	}
	/* -i FILE is --replay FILE written back to FILE: the game its log gives, in place */
	if (c.inplace)
		c.replay = c.inplace;
	if (c.replay) {
		struct carc_game *o = c.inplace ? inplace_read(c.inplace, c.nowait, &armored) :
		    read_state(c.replay, &armored);

		g = carc_game_replay(o, &err);
		carc_game_free(o);
		if (g == NULL)
			die(err.code, "%s: %s", strcmp(c.replay, "-") ? c.replay : "stdin", err.msg);
	} else if (c.from_json) {
		struct carc_buf in = { 0 };
		const char *path = argv[optind];

		read_input(path, &in);
		g = carc_state_from_json(in.data ? in.data : "", in.len,
		    path && strcmp(path, "-") ? path : "stdin", &err);
		carc_buf_release(&in);
	} else {
		if (!c.seeded)
			c.setup.seed = random_seed();
		g = carc_game_new(&c.setup, &err);
	}
	if (g == NULL)
		die_err(&err);
	write_state(g, c.inplace, c.armor || (c.inplace && armored));
	carc_game_free(g);
	return 0;
}
