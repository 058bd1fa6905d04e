/* The rules modules registered (rules/table.c gives the built-in ones), and the core's calls
 * into them: each hook is run for the game's modules in the order of the table, which is the
 * order HACKING.md documents. The core reaches a module only through this table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"
#include "rules.h"

struct rules_module *const *modules;
int nmodules;

static int nopts;
static const struct rule_opt *opts[MAXOPTS];

/* The modules' phases by their number, for rules_phase, which every step of a module's
 * phase asks; phases beyond the table (none so far) are looked for in the modules. */
#define NPHASES 24
static const struct phase_def *phase_def[NPHASES];
static const struct rules_module *phase_owner[NPHASES];

/* For each hook, a bit per module that has it: a game's modules with a hook are then one AND
 * away, and a game without any (the base game, mostly) pays nothing for the hook. */
enum { H_DRAWABLE, H_BARE, H_BARRED, H_DRAW_COUNT, H_FIGURE_KINDS, H_LIMIT_WHY, H_DRAW_WORDS,
	H_DRAW_DECIDE, H_VALUE, H_STEP2, H_PLACED, H_COMPLETED, H_HOLDS, H_NEXT_TURN,
	H_TURN_START, H_RESOLVE, H_TURN_END, H_TURN_OVER, H_ENDING, H_FINAL, H_FORESEE, H_RISKS, H_EXTRA_TURNS,
	H_CHECK, H_DESCRIBE, H_HOLDINGS, H_MARKS, H_WORD_JSON, H_SPARES, NHOOKS };
static unsigned hooks[NHOOKS];
unsigned rules_with_drawable, rules_with_bare, rules_with_turn_start;
size_t rules_state_used;

void
rules_init(struct rules_module *const *table, int n)
{
	size_t off = 0;
	int m, i;

	if (modules != NULL)
		return;
	if (n > MAXMODULES)
		abort();
	for (m = 0; m < n; m++) {
		struct rules_module *mod = table[m];

		mod->index = m;
		mod->offset = off;
		off += (mod->state_size + 7) & ~(size_t)7;
		mod->opt0 = nopts;
		for (i = 0; mod->opts && mod->opts[i].key; i++)
			opts[nopts++] = &mod->opts[i];
		mod->kind0 = nkinds;
		for (i = 0; mod->kinds && mod->kinds[i]; i++)
			if (kind_add(mod->kinds[i]) < 0)
				abort();
		mod->sign0 = nsigns;
		for (i = 0; mod->signs && mod->signs[i]; i++)
			if (sign_add(mod->signs[i]) < 0)
				abort();
		for (i = 0; mod->phases && mod->phases[i].name; i++)
			if ((unsigned)mod->phases[i].phase < NPHASES &&
			    phase_def[mod->phases[i].phase] == NULL) {
				phase_def[mod->phases[i].phase] = &mod->phases[i];
				phase_owner[mod->phases[i].phase] = mod;
			}
		hooks[H_DRAWABLE] |= (mod->drawable != NULL) << m;
		hooks[H_BARE] |= (mod->bare != NULL) << m;
		hooks[H_BARRED] |= (mod->barred != NULL) << m;
		hooks[H_DRAW_COUNT] |= (mod->draw_count != NULL) << m;
		hooks[H_FIGURE_KINDS] |= (mod->figure_kinds != NULL) << m;
		hooks[H_LIMIT_WHY] |= (mod->limit_why != NULL) << m;
		hooks[H_DRAW_WORDS] |= (mod->draw_words != NULL) << m;
		hooks[H_DRAW_DECIDE] |= (mod->draw_decide != NULL) << m;
		hooks[H_VALUE] |= (mod->value != NULL) << m;
		hooks[H_STEP2] |= (mod->step2 != NULL) << m;
		hooks[H_PLACED] |= (mod->placed != NULL) << m;
		hooks[H_COMPLETED] |= (mod->completed != NULL) << m;
		hooks[H_HOLDS] |= (mod->holds != NULL) << m;
		hooks[H_NEXT_TURN] |= (mod->next_turn != NULL) << m;
		hooks[H_TURN_START] |= (mod->turn_start != NULL) << m;
		hooks[H_RESOLVE] |= (mod->resolve != NULL) << m;
		hooks[H_TURN_END] |= (mod->turn_end != NULL) << m;
		hooks[H_TURN_OVER] |= (mod->turn_over != NULL) << m;
		hooks[H_ENDING] |= (mod->ending != NULL) << m;
		hooks[H_FINAL] |= (mod->final != NULL) << m;
		hooks[H_FORESEE] |= (mod->foresee != NULL) << m;
		hooks[H_RISKS] |= (mod->risks != NULL) << m;
		hooks[H_EXTRA_TURNS] |= (mod->extra_turns != NULL) << m;
		hooks[H_CHECK] |= (mod->check != NULL) << m;
		hooks[H_DESCRIBE] |= (mod->describe != NULL) << m;
		hooks[H_HOLDINGS] |= (mod->holdings != NULL) << m;
		hooks[H_MARKS] |= (mod->marks != NULL) << m;
		hooks[H_WORD_JSON] |= (mod->word_json != NULL) << m;
		hooks[H_SPARES] |= (mod->spares != NULL) << m;
	}
	/* the limits are the compiler's to check, but a module added beyond them must not
	 * write past the game's arrays */
	if (off > MODULE_STATE_BYTES || nopts > MAXOPTS)
		abort();
	rules_state_used = off;
	rules_with_drawable = hooks[H_DRAWABLE];
	rules_with_bare = hooks[H_BARE];
	rules_with_turn_start = hooks[H_TURN_START];
	nmodules = n;
	modules = table;
}

/* A module's kinds and signs, as masks of their ids. */
static unsigned
module_kinds(const struct rules_module *m)
{
	unsigned mask = 0;
	int i;

	for (i = 0; m->kinds && m->kinds[i]; i++)
		mask |= 1u << (m->kind0 + i);
	return mask;
}

static unsigned
module_signs(const struct rules_module *m)
{
	unsigned mask = 0;
	int i;

	for (i = 0; m->signs && m->signs[i]; i++)
		mask |= 1u << (m->sign0 + i);
	return mask;
}

void
rules_start(struct carc_game *g)
{
	int m, s;

	g->active = 0;
	for (m = 0; m < nmodules; m++) {
		const struct rules_module *mod = modules[m];
		bool on = mod->set == NULL || (module_kinds(mod) & g->ts.kinds) ||
		    (module_signs(mod) & g->ts.signs);

		for (s = 0; !on && s < g->ts.nsets; s++)
			on = strcmp(g->ts.sets[s].name, mod->set) == 0;
		if (!on)
			continue;
		g->active |= 1u << m;
		memset(MODULE_STATE(g, mod), 0, mod->state_size);
		if (mod->init)
			mod->init(g);
	}
}

/* for each of the game's modules m that has hook h, in the table's order */
#define EACH(g, h, m) \
	for (unsigned m##_set = (g)->active & hooks[h]; m##_set != 0; m##_set &= m##_set - 1) \
		for (const struct rules_module *m = modules[__builtin_ctz(m##_set)]; m != NULL; \
		    m = NULL)

int
rules_draw_count(const struct carc_game *g, int p)
{
	int n = 1;

	EACH(g, H_DRAW_COUNT, m)
		n = m->draw_count(g, p, n);
	return n;
}

bool
rules_drawable(const struct carc_game *g, int t)
{
	EACH(g, H_DRAWABLE, m)
		if (!m->drawable(g, t))
			return false;
	return true;
}


unsigned
rules_bare(const struct carc_game *g, int t, char *why, size_t n)
{
	unsigned b;

	EACH(g, H_BARE, m)
		if ((b = m->bare(g, t, why, n)) != 0)
			return b;
	return 0;
}

int
rules_barred(const struct carc_game *g, int tile, char *why, size_t n)
{
	EACH(g, H_BARRED, m)
		if (m->barred(g, tile, why, n))
			return 1;
	return 0;
}

bool
rules_spares(const struct carc_game *g, int f, unsigned by, char *why, size_t n)
{
	EACH(g, H_SPARES, m)
		if (m->spares(g, f, by, why, n))
			return true;
	return false;
}

unsigned
rules_figure_kinds(const struct carc_game *g, int p, int ft, int leaving, unsigned on)
{
	EACH(g, H_FIGURE_KINDS, m)
		on = m->figure_kinds(g, p, ft, leaving, on);
	return on;
}

int
rules_limit_why(const struct carc_game *g, int p, int ft, int k, char *why, size_t n)
{
	EACH(g, H_LIMIT_WHY, m)
		if (m->limit_why(g, p, ft, k, why, n))
			return 1;
	return 0;
}

int
rules_draw_words(const struct carc_game *g, struct carc_buf *b)
{
	int n = 0, k;

	EACH(g, H_DRAW_WORDS, m) {
		if ((k = m->draw_words(g, b)) < 0)
			return -1;
		n += k;
	}
	return n;
}

bool
rules_draw_words_any(const struct carc_game *g)
{
	return (g->active & hooks[H_DRAW_WORDS]) != 0;
}

int
rules_draw_decide(struct carc_game *g, const char *w, struct carc_err *err)
{
	int rc;

	EACH(g, H_DRAW_DECIDE, m)
		if ((rc = m->draw_decide(g, w, err)) != -1)
			return rc;
	return -1;
}

int
rules_value(struct carc_game *g, int k, int root, int tile, bool end, int v, char *why,
    size_t n)
{
	EACH(g, H_VALUE, m)
		v = m->value(g, k, root, tile, end, v, why, n);
	return v;
}

bool
rules_value_any(const struct carc_game *g)
{
	return (g->active & hooks[H_VALUE]) != 0;
}

void
rules_step2(struct carc_game *g, const struct rules_module *after)
{
	unsigned later = after ? ~0u << (after->index + 1) : ~0u;

	g->phase = CARC_SCORE;
	if (!(g->active & hooks[H_STEP2] & later))
		return;
	for (unsigned set = g->active & hooks[H_STEP2] & later; set; set &= set - 1)
		if (modules[__builtin_ctz(set)]->step2(g, g->nboard - 1))
			return;
}

void
rules_placed(struct carc_game *g, int tile)
{
	EACH(g, H_PLACED, m)
		m->placed(g, tile);
}

void
rules_completed(struct carc_game *g, int kind, int root, int tile)
{
	EACH(g, H_COMPLETED, m)
		m->completed(g, kind, root, tile);
}

bool
rules_completed_any(const struct carc_game *g)
{
	return (g->active & hooks[H_COMPLETED]) != 0;
}

void
rules_turn_start(struct carc_game *g, bool again)
{
	EACH(g, H_TURN_START, m)
		m->turn_start(g, again);
}

int
rules_resolve(struct carc_game *g, struct carc_err *err)
{
	int rc;

	EACH(g, H_RESOLVE, m)
		if ((rc = m->resolve(g, err)) != -1)
			return rc;
	return -1;
}

int
rules_turn_end(struct carc_game *g)
{
	int rc;

	EACH(g, H_TURN_END, m)
		if ((rc = m->turn_end(g)) != 0)
			return rc;
	return 0;
}

/* The turn_end hooks of the modules after `after`, as a module's phase of the turn's end,
 * once over, lets the others have theirs (the wagons' moves, then the dragon's): 0 when
 * none starts a phase (the caller passes the turn), 1 when one does, -1 out of memory. */
int
rules_turn_end_after(struct carc_game *g, const struct rules_module *after)
{
	unsigned later = ~0u << (after->index + 1);
	int rc;

	for (unsigned set = g->active & hooks[H_TURN_END] & later; set; set &= set - 1)
		if ((rc = modules[__builtin_ctz(set)]->turn_end(g)) != 0)
			return rc;
	return 0;
}

int
rules_turn_over(struct carc_game *g)
{
	EACH(g, H_TURN_OVER, m)
		if (m->turn_over(g))
			return 1;
	return 0;
}

int
rules_ending(struct carc_game *g)
{
	EACH(g, H_ENDING, m)
		if (m->ending(g))
			return 1;
	return 0;
}

/* Whether a module's words in phase draw are placements the thinking bots judge. */
bool
rules_draw_judged(const struct carc_game *g)
{
	EACH(g, H_DRAW_WORDS, m)
		if (m->draw_judged)
			return true;
	return false;
}

void
rules_final(struct carc_game *g)
{
	EACH(g, H_FINAL, m)
		m->final(g);
}

bool
rules_holds(const struct carc_game *g)
{
	EACH(g, H_HOLDS, m)
		if (m->holds(g))
			return true;
	return false;
}

int
rules_next_turn(struct carc_game *g)
{
	int again = 0;

	EACH(g, H_NEXT_TURN, m)
		again |= m->next_turn(g);
	return again;
}

void
rules_foresee(const struct carc_game *g, double *worth)
{
	EACH(g, H_FORESEE, m)
		m->foresee(g, worth);
}

void
rules_risks(const struct carc_game *g, double *worth)
{
	EACH(g, H_RISKS, m)
		m->risks(g, worth);
}

int
rules_word_json(const struct carc_game *g, struct carc_buf *b, const char *w)
{
	int rc;

	EACH(g, H_WORD_JSON, m)
		if ((rc = m->word_json(b, w)) != 1)
			return rc;
	return 1;
}

int
rules_extra_turns(const struct carc_game *g, int p)
{
	int n = 0;

	EACH(g, H_EXTRA_TURNS, m)
		n += m->extra_turns(g, p);
	return n;
}

int
rules_check(const struct carc_game *g, char *why, size_t n)
{
	EACH(g, H_CHECK, m)
		if (m->check(g, why, n))
			return -1;
	return 0;
}

int
rules_holdings(const struct carc_game *g, int player, struct carc_buf *b)
{
	int rc = 0;

	EACH(g, H_HOLDINGS, m)
		rc |= m->holdings(g, player, b);
	return rc;
}

void
rules_describe(const struct carc_game *g, struct carc_buf *b)
{
	EACH(g, H_DESCRIBE, m)
		m->describe(g, b);
}

int
rules_marks(const struct carc_game *g, struct mark *out, int max)
{
	int n = 0;

	EACH(g, H_MARKS, m)
		n += m->marks(g, out + n, max - n);
	return n;
}

const struct phase_def *
rules_phase(enum carc_phase p)
{
	int m, i;

	if ((unsigned)p < NPHASES)
		return phase_def[p];
	for (m = 0; m < nmodules; m++)
		for (i = 0; modules[m]->phases && modules[m]->phases[i].name; i++)
			if (modules[m]->phases[i].phase == p)
				return &modules[m]->phases[i];
	return NULL;
}

const struct rules_module *
rules_phase_owner(enum carc_phase p)
{
	int m, i;

	if ((unsigned)p < NPHASES)
		return phase_owner[p];
	for (m = 0; m < nmodules; m++)
		for (i = 0; modules[m]->phases && modules[m]->phases[i].name; i++)
			if (modules[m]->phases[i].phase == p)
				return modules[m];
	return NULL;
}

int
rules_phase_find(const char *name)
{
	int p, m, i;

	for (p = CARC_DRAW; p <= CARC_OVER; p++)
		if (rules_phase(p) == NULL && strcmp(rules_phase_name(p), name) == 0)
			return p;
	for (m = 0; m < nmodules; m++)
		for (i = 0; modules[m]->phases && modules[m]->phases[i].name; i++)
			if (strcmp(modules[m]->phases[i].name, name) == 0)
				return modules[m]->phases[i].phase;
	return -1;
}

const char *
rules_phase_name(enum carc_phase p)
{
	static const char *const core[] = { [CARC_DRAW] = "draw", [CARC_PLACE] = "place",
		[CARC_SCORE] = "score", [CARC_OVER] = "over" };
	const struct phase_def *d = rules_phase(p);

	if (d != NULL)
		return d->name;
	return p < sizeof(core) / sizeof(core[0]) && core[p] ? core[p] : "unknown";
}

/* ---- rule options ---- */

void
rules_defaults(struct rules *r)
{
	int i;

	memset(r, 0, sizeof(*r));
	for (i = 0; i < nopts; i++)
		r->v[i] = opts[i]->type == OPT_LENGTH ? opts[i]->dflt : 0;
}

const char *
rules_known(void)
{
	static char list[512];
	size_t len = 0;
	int i;

	if (list[0] == '\0')
		for (i = 0; i < nopts; i++)
			len += snprintf(list + len, sizeof(list) - len, "%s%s", i ? ", " : "",
			    opts[i]->key);
	return list;
}

int
rules_parse(struct rules *r, const char *kv, struct carc_err *err)
{
	const char *eq = strchr(kv, '=');
	size_t kl = eq ? (size_t)(eq - kv) : 0;
	const char *v = eq ? eq + 1 : "";
	int32_t c;
	int i, j;

	if (eq == NULL)
		return seterr(err, CARC_EUSAGE, "bad rule '%s': expected KEY=VALUE", kv);
	for (i = 0; i < nopts; i++)
		if (strlen(opts[i]->key) == kl && strncmp(opts[i]->key, kv, kl) == 0)
			break;
	if (i == nopts)
		return seterr(err, CARC_EUSAGE, "unknown rule '%.*s' (known: %s)", (int)kl, kv,
		    rules_known());
	if (opts[i]->type == OPT_LENGTH) {
		if (parse_centi(v, 0, 1000, &c) == -1)
			return seterr(err, CARC_EUSAGE,
			    "bad rule '%s': a length in tiles from 0 to 10, at most two decimals", kv);
		r->v[i] = c;
		return 0;
	}
	for (j = 0; opts[i]->values[j]; j++)
		if (strcmp(v, opts[i]->values[j]) == 0) {
			r->v[i] = j;
			return 0;
		}
	{
		char words[128];
		size_t len = 0;

		for (j = 0; opts[i]->values[j]; j++)
			len += snprintf(words + len, sizeof(words) - len, "%s%s",
			    j == 0 ? "" : opts[i]->values[j + 1] ? ", " : " or ", opts[i]->values[j]);
		return seterr(err, CARC_EUSAGE, "bad rule '%s': %s is %s", kv, opts[i]->key, words);
	}
}

/* Whether the state holds option i: always one of the first release's, else when set. */
static bool
set(const struct rules *r, int i)
{
	return opts[i]->always || r->v[i] != (opts[i]->type == OPT_LENGTH ? opts[i]->dflt : 0);
}

int
rules_count(const struct rules *r)
{
	int i, n = 0;

	for (i = 0; i < nopts; i++)
		n += set(r, i);
	return n;
}

void
rules_item(const struct rules *r, int k, const char **key, char *value, size_t size)
{
	int i;

	for (i = 0; i < nopts; i++)
		if (set(r, i) && k-- == 0)
			break;
	*key = opts[i]->key;
	if (opts[i]->type == OPT_LENGTH)
		format_centi(value, size, r->v[i]);
	else
		snprintf(value, size, "%s", opts[i]->values[r->v[i]]);
}
