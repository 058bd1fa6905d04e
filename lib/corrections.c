/* The rules corrected since an older carc wrote its states, and carc-deck --verify's question
 * about them: does a game that is not the one its log gives replay to itself under their old
 * readings? A game by e-mail keeps the scores it was given and goes on under today's rules. */
#include <stdio.h>
#include <string.h>

#include "corrections.h"
#include "game.h"
#include "rules.h"
#include "since.h"

const struct correction corrections[] = {
	[CORR_F5] = { "F-5", 2, "an empty tent now scores 3 for the player who completes it, as "
	    "one with a fortune teller does; it scored 0", "fortune-teller", true },
	[CORR_F7D] = { "F-7(d)", 2, "the tiles drawn for fortune tellers and not chosen are held "
	    "until the turn ends, and go back then", "fortune-teller", false },
	[CORR_XCA7] = { "X-CA-7", 2, "a seduction reaches the nearest follower of an opponent, "
	    "never the hurler's own", "catapult", false },
};
const int ncorrections = sizeof(corrections) / sizeof(corrections[0]);

static bool
has_module(const struct carc_game *g, const char *name)
{
	int m;

	for (m = 0; m < nmodules; m++)
		if (strcmp(modules[m]->name, name) == 0)
			return HAS_MODULE(g, modules[m]);
	return false;
}

/* "rule F-5 changed since (WHAT)", or "rules F-5 and X-1 changed since (WHAT; WHAT)", for the
 * rows of MASK, SINCE between "changed" and the reasons */
static void
rules_named(unsigned mask, const char *since, char *out, size_t n)
{
	size_t len;
	int i, k = 0, nrows = 0;

	for (i = 0; i < ncorrections; i++)
		nrows += (mask >> i) & 1u;
	len = snprintf(out, n, "rule%s ", nrows > 1 ? "s" : "");
	for (i = 0; i < ncorrections && len < n; i++)
		if ((mask >> i) & 1u)
			len += snprintf(out + len, n - len, "%s%s", k++ == 0 ? "" : k == nrows ?
			    " and " : ", ", corrections[i].id);
	if (len < n)
		len += snprintf(out + len, n - len, " changed %s (", since);
	for (i = 0, k = 0; i < ncorrections && len < n; i++)
		if ((mask >> i) & 1u)
			len += snprintf(out + len, n - len, "%s%s", k++ ? "; " : "",
			    corrections[i].what);
	if (len < n)
		snprintf(out + len, n - len, ")");
}

int
carc_game_corrected(const struct carc_game *g, char *msg, size_t n, struct carc_err *err)
{
	char rules[sizeof(err->msg)], ignored[8];
	struct carc_game *r;
	unsigned mask = 0, older = 0;
	int i, upto, same;

	for (i = 0; i < ncorrections; i++)
		if (has_module(g, corrections[i].module)) {
			mask |= (unsigned)corrections[i].kept << i;
			if (g->version < corrections[i].before)
				older |= 1u << i;
		}
	msg[0] = '\0';
	/* the old readings for the whole log (all of it played by the older carc), then for
	 * fewer and fewer of its first decisions (a game upgraded on the way; its state may
	 * have been written again since, in today's version) */
	for (upto = mask ? g->nlog : 0; upto > 0; upto--) {
		if ((r = replay_old(g, mask, upto, err)) == NULL) {
			if (err->code != CARC_EDATA)
				return err->code;
			continue;
		}
		same = carc_game_compare(g, r, ignored, sizeof(ignored)) == 0;
		carc_game_free(r);
		if (!same)
			continue;
		rules_named(mask, "since", rules, sizeof(rules));
		if (g->version < CARC_FORMAT_VERSION)
			snprintf(msg, n, "the state was written by an older carc (version %d): %s; its "
			    "scores stand, the game goes on under today's rules", g->version, rules);
		else
			snprintf(msg, n, "the game was begun by an older carc: %s; its scores stand, "
			    "the game goes on under today's rules", rules);
		return 0;
	}
	if (older) {
		snprintf(rules, sizeof(rules), "since version %d", g->version);
		rules_named(older, rules, msg, n);
	}
	return 1;
}
