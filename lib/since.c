/* carc-deck --verify --since OLD: a game received by e-mail must be the game last sent, with
 * decisions added by the players whose turns they were. What it catches and what it cannot is
 * in SECURITY CONSIDERATIONS of carc(7). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "since.h"

static const char *
orempty(const char *s)
{
	return s ? s : "";
}

static void
names(const struct carc_game *g, char *out, size_t n)
{
	size_t len = 0;
	int i;

	out[0] = '\0';
	for (i = 0; i < g->nplayers && len < n; i++)
		len += snprintf(out + len, n - len, "%s%s", i ? "," : "", g->pl[i].name);
}

/* The setup, field by field, as carc-deck took it: what decides the deal and the rules. */
static int
same_setup(const struct carc_game *o, const struct carc_game *g, const char *on, char *msg,
    size_t n)
{
	const char *what[3] = { "start", "stack", "deck" };
	const char *a[3] = { o->setup_start, o->setup_stack, o->setup_deck };
	const char *b[3] = { g->setup_start, g->setup_stack, g->setup_deck };
	const struct rules *r = &o->rules, *q = &g->rules;
	char x[CARC_MAX_PLAYERS * (CARC_NAME_MAX + 1) + 1], y[sizeof(x)];
	int i;

	names(o, x, sizeof(x));
	names(g, y, sizeof(y));
	if (strcmp(x, y) != 0)
		return differ(msg, n, "the players are %s, in %s %s", y, on, x);
	if (o->seed != g->seed)
		return differ(msg, n, "the seed is %" PRIu64 ", in %s %" PRIu64, g->seed, on, o->seed);
	if (o->ts.nsets != g->ts.nsets)
		return differ(msg, n, "the game has %d tile sets, %s %d", g->ts.nsets, on, o->ts.nsets);
	for (i = 0; i < o->ts.nsets; i++) {
		const char *sa = o->ts.sets[i].name, *sb = g->ts.sets[i].name;

		if (strcmp(sa, sb) != 0)
			return differ(msg, n, "tile set %d is '%s', in %s '%s'", i + 1, sb, on, sa);
		/* the digest is a fingerprint that a cheat can match: the text itself counts */
		if (strcmp(o->ts.sets[i].digest, g->ts.sets[i].digest) != 0 ||
		    !o->ts.sets[i].yaml != !g->ts.sets[i].yaml ||
		    (o->ts.sets[i].yaml && (o->ts.sets[i].yamllen != g->ts.sets[i].yamllen ||
		    memcmp(o->ts.sets[i].yaml, g->ts.sets[i].yaml, o->ts.sets[i].yamllen) != 0)))
			return differ(msg, n, "tile set '%s' is not the one of %s", sb, on);
	}
	for (i = 0; i < MAXOPTS; i++)
		if (r->v[i] != q->v[i])
			return differ(msg, n, "the rule options are not those of %s", on);
	for (i = 0; i < 3; i++)
		if (strcmp(orempty(a[i]), orempty(b[i])) != 0 || !a[i] != !b[i])
			return differ(msg, n, "the setup's %s is %s%.40s%s, in %s %s%.40s%s", what[i],
			    b[i] ? "'" : "", b[i] ? b[i] : "none", b[i] ? "'" : "", on,
			    a[i] ? "'" : "", a[i] ? a[i] : "none", a[i] ? "'" : "");
	return 0;
}

int
carc_game_since(const struct carc_game *o, const struct carc_game *g, const char *on, int me,
    char *msg, size_t n, struct carc_err *err)
{
	struct carc_game *r;
	int *who, i, rc;

	if (same_setup(o, g, on, msg, n))
		return 1;
	for (i = 0; i < o->nlog && i < g->nlog; i++)
		if (strcmp(o->log[i], g->log[i]) != 0)
			return differ(msg, n, "log entry %d is '%s', in %s '%s'", i + 1, g->log[i], on,
			    o->log[i]);
	if (g->nlog < o->nlog)
		return differ(msg, n, "the log has %d entr%s, %s %d", g->nlog, g->nlog == 1 ? "y" :
		    "ies", on, o->nlog);
	if ((who = malloc((g->nlog + 1) * sizeof(*who))) == NULL)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	if ((r = replay_who(g, who, err)) == NULL) {
		free(who);
		if (err->code != CARC_EDATA)
			return err->code;
		return differ(msg, n, "%s", err->msg);
	}
	rc = carc_game_compare(g, r, msg, n);
	carc_game_free(r);
	for (i = o->nlog; rc == 0 && i < g->nlog; i++)
		if (who[i] == me)
			rc = differ(msg, n, "log entry %d '%s' is a decision of %s, made after %s by "
			    "someone else", i + 1, g->log[i], g->pl[me].name, on);
	free(who);
	return rc;
}
