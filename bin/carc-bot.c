/* carc-bot: a drop-in for carc-place that makes the decisions of a turn itself; or, with
 * --selfplay, whole games between bots in one process and a table of how each strategy did. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "common.h"

const char *progname = "carc-bot";

static const char synopsis[] =
    "usage: carc-bot [-h] [--armor] [--as NAME] [--iterations N] [--seed N] [--time MS]\n"
    "                [--version] random|greedy|mcts [FILE]\n"
    "       carc-bot [--armor] [--as NAME] [--iterations N] [--no-wait] [--seed N]\n"
    "                [--time MS] -i FILE random|greedy|mcts\n"
    "       carc-bot --selfplay N --strategies S,S,... [--expansions SET,...]\n"
    "                [--iterations N] [--players NAME,...] [--rule KEY=VALUE] [--seed N]\n"
    "                [--time MS]\n";

#define MAXRULES 16

struct cmdline {
	struct carc_bot bot;
	long selfplay;
	const char *strategies, *players, *expansions;
	const char *rules[MAXRULES + 1];
	int nrules;
	const char *inplace;
	const char *as;		/* --as NAME: that player's decisions only */
	int armor, nowait;
};

static int
strategy(const char *s)
{
	if (strcmp(s, "random") == 0)
		return CARC_BOT_RANDOM;
	if (strcmp(s, "greedy") == 0)
		return CARC_BOT_GREEDY;
	if (strcmp(s, "mcts") == 0)
		return CARC_BOT_MCTS;
	die(CARC_EUSAGE, "unknown strategy '%s' (random, greedy, mcts)", s);
}

static unsigned long long
number(const char *opt, const char *s, unsigned long long max)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || !isdigit((unsigned char)*s) || *end != '\0' || v > max)
		die(CARC_EUSAGE, "bad %s '%s': expected a whole number up to %llu", opt, s, max);
	return v;
}

/* The long options; the short ones are next_option's string in parse_cmdline. */
static const struct option opts[] = {
	{ "armor", no_argument, NULL, 'a' },
	{ "as", required_argument, NULL, 'A' },
	{ "expansions", required_argument, NULL, 'e' },
	{ "help", no_argument, NULL, 'h' },
	{ "iterations", required_argument, NULL, 'I' },
	{ "no-wait", no_argument, NULL, OPT_NOWAIT },
	{ "players", required_argument, NULL, 'p' },
	{ "rule", required_argument, NULL, 'r' },
	{ "seed", required_argument, NULL, 's' },
	{ "selfplay", required_argument, NULL, 'S' },
	{ "strategies", required_argument, NULL, 'g' },
	{ "time", required_argument, NULL, 't' },
	{ "version", no_argument, NULL, OPT_VERSION },
	{ NULL, 0, NULL, 0 }
};

static void
parse_cmdline(int argc, char **argv, struct cmdline *c)
{
	int ch;

	memset(c, 0, sizeof(*c));
	c->bot.iterations = 1000;
	while ((ch = next_option(argc, argv, "+hi:", opts)) != -1) {
		switch (ch) {
		case 'a':
			c->armor = 1;
			break;
		case 'A':
			c->as = optarg;
			break;
		case 'i':
			c->inplace = inplace_arg(optarg);
			break;
		case 'e':
			c->expansions = optarg;
			break;
		case 'g':
			c->strategies = optarg;
			break;
		case 'h':
			help(synopsis);
		case 'I':
			c->bot.iterations = number("--iterations", optarg, 100000000);
			break;
		case 'p':
			c->players = optarg;
			break;
		case 'r':
			if (c->nrules == MAXRULES)
				die(CARC_EUSAGE, "more than %d --rule options", MAXRULES);
			c->rules[c->nrules++] = optarg;
			break;
		case 's':
			c->bot.seed = number("--seed", optarg, UINT64_MAX);
			break;
		case 'S':
			c->selfplay = number("--selfplay", optarg, 100000000);
			if (c->selfplay == 0)
				die(CARC_EUSAGE, "--selfplay needs at least one game");
			break;
		case 't':
			c->bot.time_ms = number("--time", optarg, 3600000);
			break;
		case OPT_NOWAIT:
			c->nowait = 1;
			break;
		case OPT_VERSION:
			version();
		}
	}
	if (c->bot.time_ms > 0 && c->bot.iterations == 1000)
		c->bot.iterations = 0;	/* --time alone: as many playouts as fit */
	if (c->selfplay) {
		if (c->strategies == NULL)
			usage_error("--selfplay needs --strategies");
		if (c->inplace || c->armor || c->nowait || c->as)
			usage_error("--selfplay does not go with %s", c->inplace ? "-i" : c->armor ?
			    "--armor" : c->nowait ? "--no-wait" : "--as");
		if (argc != optind)
			usage_error("unexpected operand '%s'", argv[optind]);
		return;
	}
	if (c->strategies || c->players || c->expansions || c->nrules)
		usage_error("%s goes with --selfplay", c->strategies ? "--strategies" :
		    c->players ? "--players" : c->expansions ? "--expansions" : "--rule");
	if (c->nowait && !c->inplace)
		usage_error("--no-wait goes with -i");
	if (argc - optind < 1)
		usage_error("no strategy given (random, greedy, mcts)");
	if (argc - optind > (c->inplace ? 1 : 2))
		usage_error("unexpected operand '%s'%s", argv[argc - 1],
		    c->inplace ? ": -i names the file" : "");
}

/* ---- self-play ---- */

struct tally {
	const char *name;
	int seats;
	double wins, sum, sumsq;
};

static void
progress(long done, long total)
{
	if (isatty(STDERR_FILENO))
		fprintf(stderr, "\r%s: %ld/%ld games", progname, done, total);
}

/* The comma-separated strategies of --strategies, copied into names and pointed to from strat;
 * returns how many. */
static int
parse_strategies(const char *list, char *names, size_t size, const char **strat)
{
	char *p, *save;
	int n = 0;

	if (strlen(list) >= size)
		die(CARC_EUSAGE, "--strategies: too long");
	strcpy(names, list);
	for (p = strtok_r(names, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
		if (n == CARC_MAX_PLAYERS)
			die(CARC_EUSAGE, "--strategies: at most %d", CARC_MAX_PLAYERS);
		strategy(p);
		strat[n++] = p;
	}
	if (n == 0)
		die(CARC_EUSAGE, "--strategies: name at least one of random, greedy, mcts");
	return n;
}

/* One game's scores into the tally of the strategies that sat in its seats; a win shared by
 * several players counts for each as a fraction. */
static void
tally_game(struct tally *t, const int *seat, const int *scores, int nplayers)
{
	int i, best, nbest;

	for (i = 0, best = scores[0]; i < nplayers; i++)
		if (scores[i] > best)
			best = scores[i];
	for (i = 0, nbest = 0; i < nplayers; i++)
		nbest += scores[i] == best;
	for (i = 0; i < nplayers; i++) {
		struct tally *s = &t[seat[i]];

		s->seats++;
		s->sum += scores[i];
		s->sumsq += (double)scores[i] * scores[i];
		if (scores[i] == best)
			s->wins += 1.0 / nbest;
	}
}

static void
print_tally(const struct tally *t, int nstrat)
{
	int i;

	printf("%-10s %7s %9s %7s %10s %8s\n", "strategy", "seats", "wins", "win%", "mean score",
	    "sd");
	for (i = 0; i < nstrat; i++) {
		double mean = t[i].seats ? t[i].sum / t[i].seats : 0;
		double var = t[i].seats > 1 ?
		    (t[i].sumsq - t[i].sum * mean) / (t[i].seats - 1) : 0;

		printf("%-10s %7d %9.1f %6.1f%% %10.1f %8.1f\n", t[i].name, t[i].seats, t[i].wins,
		    t[i].seats ? 100.0 * t[i].wins / t[i].seats : 0, mean, var > 0 ? sqrt(var) : 0);
	}
}

static int
selfplay(struct cmdline *c)
{
	char players[CARC_MAX_PLAYERS * 8], names[256];
	const char *strat[CARC_MAX_PLAYERS];
	struct tally t[CARC_MAX_PLAYERS];
	struct carc_bot bots[CARC_MAX_PLAYERS];
	int seat[CARC_MAX_PLAYERS], scores[CARC_MAX_PLAYERS];
	int nstrat, nplayers, i;
	struct carc_setup su = { 0 };
	struct carc_err err = { 0 };
	struct carc_game *tmpl, *g;
	struct timespec t0, t1;
	double secs;
	long n;

	nstrat = parse_strategies(c->strategies, names, sizeof(names), strat);
	if (c->players == NULL) {
		/* as many seats as strategies, two at least */
		players[0] = '\0';
		for (i = 0; i < (nstrat < 2 ? 2 : nstrat); i++)
			snprintf(players + strlen(players), sizeof(players) - strlen(players), "%sp%d",
			    i ? "," : "", i + 1);
		c->players = players;
	}
	su.players = c->players;
	su.expansions = c->expansions;
	su.rules = c->rules;
	su.seed = c->bot.seed;
	if ((tmpl = carc_game_new(&su, &err)) == NULL)
		die_err(&err);
	nplayers = carc_game_nplayers(tmpl);
	if ((g = carc_selfplay_new(tmpl)) == NULL)
		die(CARC_ESOFTWARE, "out of memory");
	memset(t, 0, sizeof(t));
	for (i = 0; i < nstrat; i++)
		t[i].name = strat[i];
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (n = 0; n < c->selfplay; n++) {
		/* the strategies take turns in the seats, so none keeps the first move */
		for (i = 0; i < nplayers; i++) {
			seat[i] = (i + n) % nstrat;
			bots[i] = c->bot;
			bots[i].strategy = strategy(strat[seat[i]]);
			bots[i].seed = c->bot.seed + (uint64_t)n * CARC_MAX_PLAYERS + i;
		}
		if (carc_selfplay_game(g, tmpl, c->bot.seed * 1000003 + n, bots, scores, &err))
			die_err(&err);
		tally_game(t, seat, scores, nplayers);
		if ((n & 7) == 0)
			progress(n, c->selfplay);
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	if (isatty(STDERR_FILENO))
		fputs("\r\033[K", stderr);
	secs = (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9;
	print_tally(t, nstrat);
	printf("%ld games of %d players in %.2f s: %.0f games per second\n", c->selfplay,
	    nplayers, secs, secs > 0 ? c->selfplay / secs : 0);
	carc_game_free(g);
	carc_game_free(tmpl);
	if (fflush(stdout) == EOF || ferror(stdout))
		die(CARC_EIO, "cannot write standard output: %s", strerror(errno));
	return 0;
}

/* The seat of player NAME (--as), or a usage error. */
static int
seat(const struct carc_game *g, const char *name)
{
	int i;

	for (i = 0; i < carc_game_nplayers(g); i++)
		if (strcmp(carc_game_player_name(g, i), name) == 0)
			return i;
	usage_error("--as '%s': no player of the game has that name", name);
}

/* Every decision the state waits for, as carc-place would take them one by one, until it waits
 * for carc-score, carc-draw or the end: one pipeline stage makes a player's whole part of a
 * turn, with the steps other players make inside it (the dragon's, PD-17). With --as NAME, only
 * that player's: the bot stops where another player decides, and refuses a state that waits
 * for another player to begin with. */
static void
bot_turn(struct carc_game *g, const struct carc_bot *bot, const char *as)
{
	struct carc_err err = { 0 };
	char word[128];
	enum carc_phase ph;
	int me = as ? seat(g, as) : -1, n;

	ph = carc_game_phase(g);
	if (me >= 0 && carc_game_player(g) != me && ph != CARC_OVER)
		die(CARC_EREFUSED, "the game waits for %s, not for %s",
		    carc_game_player_name(g, carc_game_player(g)), as);
	for (n = 0;; n++) {
		/* a turn has a handful of decisions: many more is a loop in the rules */
		if (n == 1000)
			die(CARC_ESOFTWARE, "%d decisions, and the turn goes on", n);
		if (carc_bot_move(g, bot, word, sizeof(word), &err))
			die_err(&err);
		ph = carc_game_phase(g);
		if (ph == CARC_DRAW || ph == CARC_SCORE || ph == CARC_OVER ||
		    (me >= 0 && carc_game_player(g) != me))
			return;
	}
}

int
main(int argc, char **argv)
{
	struct cmdline c;
	struct carc_game *g;
	int armored;

	parse_cmdline(argc, argv, &c);
	if (c.selfplay)
		return selfplay(&c);
	c.bot.strategy = strategy(argv[optind]);
	g = c.inplace ? inplace_read(c.inplace, c.nowait, &armored) :
	    read_state(argv[optind + 1], &armored);
	bot_turn(g, &c.bot, c.as);
	write_state(g, c.inplace, c.armor || (c.inplace && armored));
	carc_game_free(g);
	return 0;
}
