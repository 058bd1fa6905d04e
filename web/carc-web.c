/* The page's door into libcarc (make web): thin wrappers over the public API of carc.h that
 * JavaScript calls with numbers and strings. A wrapper that makes text or bytes leaves them in
 * one result buffer (cw_out, cw_outlen; NUL-ended, so a C string too) until the next call; one
 * that fails leaves the library's message in cw_error and its status in cw_status. Games go
 * back and forth as pointers. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <emscripten.h>

#include "carc.h"

#define MAXRULES 32

static struct carc_buf out;
static struct carc_err err;

static int
failed(int rc)
{
	if (rc && err.code == 0)
		err.code = rc;
	return rc;
}

static int
nomem(void)
{
	err.code = CARC_ESOFTWARE;
	strcpy(err.msg, "out of memory");
	return CARC_ESOFTWARE;
}

/* Runs before each call that fills the result buffer, which carc_buf_add keeps NUL-ended. */
static void
reset(void)
{
	out.len = 0;
	if (out.data)
		out.data[0] = '\0';
	err.code = 0;
	err.msg[0] = '\0';
}

EMSCRIPTEN_KEEPALIVE const char *
cw_out(void)
{
	return out.data ? out.data : "";
}

EMSCRIPTEN_KEEPALIVE int
cw_outlen(void)
{
	return out.len;
}

EMSCRIPTEN_KEEPALIVE const char *
cw_error(void)
{
	return err.msg;
}

EMSCRIPTEN_KEEPALIVE int
cw_status(void)
{
	return err.code;
}

/* A binary or armoured state, as carc-place reads one. */
EMSCRIPTEN_KEEPALIVE struct carc_game *
cw_read(const char *data, int len)
{
	struct carc_game *g;

	reset();
	g = carc_state_read(data, len, "the page's game", &err);
	failed(g == NULL ? CARC_EDATA : 0);
	return g;
}

/* A new game as carc-deck deals it: RULES is KEY=VALUE,KEY=VALUE,... or empty. */
EMSCRIPTEN_KEEPALIVE struct carc_game *
cw_new(const char *players, const char *expansions, const char *seed, const char *rules)
{
	struct carc_setup su = { 0 };
	const char *list[MAXRULES + 1];
	char *copy = NULL, *p, *end;
	struct carc_game *g = NULL;
	int n = 0;

	reset();
	su.players = players;
	su.expansions = *expansions ? expansions : NULL;
	su.seed = strtoull(seed, &end, 10);
	if (*seed < '0' || *seed > '9' || *end != '\0') {
		failed(CARC_EUSAGE);
		strcpy(err.msg, "the seed is a whole number, as 42");
		return NULL;
	}
	if (*rules) {
		if ((copy = strdup(rules)) == NULL) {
			nomem();
			return NULL;
		}
		for (p = strtok(copy, ", "); p != NULL && n < MAXRULES; p = strtok(NULL, ", "))
			list[n++] = p;
		list[n] = NULL;
		su.rules = list;
	}
	g = carc_game_new(&su, &err);
	failed(g == NULL ? CARC_EUSAGE : 0);
	free(copy);
	return g;
}

EMSCRIPTEN_KEEPALIVE void
cw_free(struct carc_game *g)
{
	carc_game_free(g);
}

/* The same game in a new object, through the state's bytes. */
EMSCRIPTEN_KEEPALIVE struct carc_game *
cw_copy(struct carc_game *g)
{
	struct carc_buf b = { 0 };
	struct carc_game *c = NULL;

	reset();
	if (carc_state_write(g, &b, &err) == 0)
		c = carc_state_read(b.data, b.len, "a copy", &err);
	failed(c == NULL ? CARC_ESOFTWARE : 0);
	carc_buf_release(&b);
	return c;
}

/* The game as carc-deck dealt it: the same setup, no decision made. */
EMSCRIPTEN_KEEPALIVE struct carc_game *
cw_restart(struct carc_game *g)
{
	struct carc_game *c;

	reset();
	c = carc_game_restart(g, &err);
	failed(c == NULL ? CARC_ESOFTWARE : 0);
	return c;
}

/* Log entry I of O made in G, as carc-deck --replay makes it (G: O's restart with the
 * entries before I made); what carc-score scored is left in the result. */
EMSCRIPTEN_KEEPALIVE int
cw_replay_step(struct carc_game *g, struct carc_game *o, int i)
{
	const char *r;

	reset();
	if (failed(carc_game_replay_step(g, o, i, &err)))
		return err.code;
	r = carc_game_report(g);
	if (r && carc_buf_add(&out, r, strlen(r)))
		return nomem();
	return 0;
}

/* What the game waits for, as carc-render --format json names it, and who is to move. */
EMSCRIPTEN_KEEPALIVE const char *
cw_phase(struct carc_game *g)
{
	return carc_phase_name(carc_game_phase(g));
}

EMSCRIPTEN_KEEPALIVE int
cw_player(struct carc_game *g)
{
	return carc_game_player(g);
}

EMSCRIPTEN_KEEPALIVE int
cw_write(struct carc_game *g)
{
	reset();
	return failed(carc_state_write(g, &out, &err));
}

EMSCRIPTEN_KEEPALIVE int
cw_armor(struct carc_game *g)
{
	reset();
	return failed(carc_armor_write(g, &out, &err));
}

EMSCRIPTEN_KEEPALIVE int
cw_json(struct carc_game *g)
{
	reset();
	return failed(carc_state_to_json(g, &out, &err));
}

/* The board as carc-render --format svg draws it; LEGAL marks where a drawn tile fits,
 * and a cell is framed when HIGHLIGHT is not 0. */
EMSCRIPTEN_KEEPALIVE int
cw_svg(struct carc_game *g, int legal, int highlight, int x, int y)
{
	struct carc_render_opts o = { 0 };
	struct carc_cell c = { x, y };

	reset();
	o.legal = legal;
	if (highlight) {
		o.highlight = &c;
		o.nhighlight = 1;
	}
	return failed(carc_render_svg(g, &o, &out, &err));
}

EMSCRIPTEN_KEEPALIVE int
cw_ascii(struct carc_game *g)
{
	reset();
	return failed(carc_render_ascii(g, &out, &err));
}

/* Every legal decision as carc-place --list --format json prints them: the word and its
 * fields, from the one legality the tools ask. */
EMSCRIPTEN_KEEPALIVE int
cw_decisions(struct carc_game *g)
{
	reset();
	return failed(carc_moves_json(g, &out, &err));
}

EMSCRIPTEN_KEEPALIVE int
cw_draw(struct carc_game *g)
{
	reset();
	return failed(carc_game_draw(g, &err));
}

EMSCRIPTEN_KEEPALIVE int
cw_place(struct carc_game *g, const char *word)
{
	reset();
	return failed(carc_game_place(g, word, &err));
}

/* carc-score; what it scored is left in the result, one line an event. */
EMSCRIPTEN_KEEPALIVE int
cw_score(struct carc_game *g)
{
	const char *r;

	reset();
	if (failed(carc_game_score(g, &err)))
		return err.code;
	r = carc_game_report(g);
	if (r && carc_buf_add(&out, r, strlen(r)))
		return nomem();
	return 0;
}

/* carc-bot STRATEGY (0 random, 1 greedy, 2 mcts) with --seed SEED: the word chosen and
 * applied is left in the result. */
EMSCRIPTEN_KEEPALIVE int
cw_bot(struct carc_game *g, int strategy, const char *seed, int iterations)
{
	struct carc_bot b = { 0 };
	char word[256];

	reset();
	b.strategy = strategy;
	b.seed = strtoull(seed, NULL, 10);
	b.iterations = iterations;
	if (failed(carc_bot_move(g, &b, word, sizeof(word), &err)))
		return err.code;
	if (carc_buf_add(&out, word, strlen(word)))
		return nomem();
	return 0;
}

/* Whole games of random bots in one call, the games carc-bot --selfplay GAMES --strategies
 * random --seed SEED plays for the template's players (make bench): the number played, or -1. */
EMSCRIPTEN_KEEPALIVE int
cw_selfplay(struct carc_game *tmpl, int games, const char *seed)
{
	struct carc_bot bots[CARC_MAX_PLAYERS] = { { 0 } };
	int scores[CARC_MAX_PLAYERS], i, n;
	uint64_t s = strtoull(seed, NULL, 10);
	struct carc_game *g;

	reset();
	if ((g = carc_selfplay_new(tmpl)) == NULL) {
		nomem();
		return -1;
	}
	for (n = 0; n < games; n++) {
		for (i = 0; i < carc_game_nplayers(tmpl); i++)
			bots[i].seed = s + (uint64_t)n * CARC_MAX_PLAYERS + i;
		if (failed(carc_selfplay_game(g, tmpl, s * 1000003 + n, bots, scores, &err))) {
			n = -1;
			break;
		}
	}
	carc_game_free(g);
	return n;
}

EMSCRIPTEN_KEEPALIVE void *
cw_alloc(int n)
{
	return malloc(n > 0 ? n : 1);
}

EMSCRIPTEN_KEEPALIVE void
cw_release(void *p)
{
	free(p);
}
