/* The tables of every game (tileset.c): the figure table, formats/figures.yaml, of which a
 * game has the rows of its sets, the neutral ones apart, and the features that meet on the
 * built-in tiles, formats/meets.yaml. */
#include <string.h>

#include "tileset-int.h"
#include "util.h"

/* A list of names for a figure row: "on" (kinds of feature) or "removed_by" (BY_* words). */
static int
figure_list(struct ld *l, yaml_node_t *val, const char *what, bool kinds_list, unsigned *mask)
{
	static const char *const removers[] = { "dragon", "tower", "knockout", "seduction" };
	yaml_node_item_t *it;
	int k;

	if (val->type != YAML_SEQUENCE_NODE)
		return ts_bad(l, val, "%s must be a list", what);
	*mask = 0;
	for (it = val->data.sequence.items.start; it < val->data.sequence.items.top; it++) {
		const char *s = ts_scalar(ts_node(l, *it));

		if (kinds_list)
			k = s ? kind_find(s) : -1;
		else
			for (k = 3; k >= 0 && !(s && strcmp(s, removers[k]) == 0); k--)
				;
		if (k < 0)
			return ts_bad(l, ts_node(l, *it), "unknown %s '%s'",
			    kinds_list ? "feature" : "remover", s ? s : "?");
		*mask |= 1u << k;
	}
	return 0;
}

/* closed_by: a list of row names, kept one space apart; figures_load checks that each names a
 * row of the table. */
static int
closers(struct ld *l, yaml_node_t *val, struct figtype *f)
{
	yaml_node_item_t *it;
	size_t len = 0, n;

	if (val->type != YAML_SEQUENCE_NODE)
		return ts_bad(l, val, "closed_by must be a list");
	for (it = val->data.sequence.items.start; it < val->data.sequence.items.top; it++) {
		const char *s = ts_scalar(ts_node(l, *it));

		if (s == NULL || (n = strlen(s)) == 0 || n >= ID_MAX || strchr(s, ' '))
			return ts_bad(l, ts_node(l, *it), "closed_by lists figure names");
		if (len + n + 2 > sizeof(f->closed_by))
			return ts_bad(l, val, "closed_by lists too many figures");
		if (len)
			f->closed_by[len++] = ' ';
		memcpy(f->closed_by + len, s, n + 1);
		len += n;
	}
	return 0;
}

static int
load_figure_key(struct ld *l, const char *ks, yaml_node_t *key, yaml_node_t *val,
    struct figtype *f)
{
	static const char *const groups[] = { "follower", "special", "neutral" };
	const char *v;
	unsigned m;

	if (strcmp(ks, "name") == 0)
		return ts_want_id(l, val, "figure name", f->name);
	if (strcmp(ks, "set") == 0)
		return ts_want_id(l, val, "figure set", f->set);
	if (strcmp(ks, "count") == 0)
		return ts_want_int(l, val, "count", 0, 99, &f->count);
	if (strcmp(ks, "strength") == 0) {
		/* a number, or the pennants of the figure's city as it is scored (the mayor) */
		if ((v = ts_scalar(val)) != NULL && strcmp(v, "pennants") == 0)
			return f->pennants = true, 0;
		return ts_want_int(l, val, "strength", 0, 9, &f->strength);
	}
	if (strcmp(ks, "claims") == 0)
		return ts_want_bool(l, val, "claims", &f->claims);
	if (strcmp(ks, "group") == 0) {
		if (ts_want_scalar(l, val, "group", &v))
			return CARC_EDATA;
		for (f->group = 2; f->group >= 0 && strcmp(v, groups[f->group]) != 0; f->group--)
			;
		return f->group < 0 ?
		    ts_bad(l, val, "group is follower, special or neutral, not '%s'", v) : 0;
	}
	if (strcmp(ks, "recall") == 0)
		return ts_want_bool(l, val, "recall", &f->recall);
	if (strcmp(ks, "second") == 0)
		return ts_want_bool(l, val, "second", &f->second);
	if (strcmp(ks, "double") == 0)
		return ts_want_bool(l, val, "double", &f->dbl);
	if (strcmp(ks, "moves") == 0)
		return ts_want_bool(l, val, "moves", &f->moves);
	if (strcmp(ks, "eats") == 0)
		return ts_want_bool(l, val, "eats", &f->eats);
	if (strcmp(ks, "guards") == 0)
		return ts_want_bool(l, val, "guards", &f->guards);
	if (strcmp(ks, "bonus") == 0)
		return ts_want_int(l, val, "bonus", 0, 9, &f->bonus);
	if (strcmp(ks, "stands") == 0) {
		/* on a feature of a tile (the default), or on a corner of four tiles (the barn) */
		if (ts_want_scalar(l, val, "stands", &v))
			return CARC_EDATA;
		f->corner = strcmp(v, "corner") == 0;
		return f->corner || strcmp(v, "feature") == 0 ? 0 :
		    ts_bad(l, val, "stands is feature or corner, not '%s'", v);
	}
	if (strcmp(ks, "needs") == 0) {
		if (ts_want_scalar(l, val, "needs", &v))
			return CARC_EDATA;
		f->needs_own = strcmp(v, "own-follower") == 0;
		return f->needs_own ? 0 : ts_bad(l, val, "needs is own-follower, not '%s'", v);
	}
	if (strcmp(ks, "on") == 0) {
		if (figure_list(l, val, "on", true, &m))
			return CARC_EDATA;
		f->on = m;
		return 0;
	}
	if (strcmp(ks, "closed_by") == 0)
		return closers(l, val, f);
	if (strcmp(ks, "removed_by") == 0) {
		if (figure_list(l, val, "removed_by", false, &m))
			return CARC_EDATA;
		f->removed = m;
		return 0;
	}
	return ts_bad(l, key, "unknown key '%s' in a figure", ks);
}

static int
load_figure(struct ld *l, yaml_node_t *n, struct figtype *f)
{
	yaml_node_pair_t *p;

	if (n->type != YAML_MAPPING_NODE)
		return ts_bad(l, n, "a figure must be a map");
	memset(f, 0, sizeof(*f));
	for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
		yaml_node_t *key = ts_node(l, p->key);
		const char *ks = ts_scalar(key);

		if (ks == NULL)
			return ts_bad(l, key, "a key must be a plain word");
		if (load_figure_key(l, ks, key, ts_node(l, p->value), f))
			return CARC_EDATA;
	}
	if (f->name[0] == '\0' || f->set[0] == '\0')
		return ts_bad(l, n, "a figure needs a name and a set");
	if (f->corner && f->on != 1u << K_FIELD)
		return ts_bad(l, n,
		    "a figure that stands on a corner stands in a field: on: [field]");
	if ((f->eats || f->guards || f->closed_by[0]) && f->group != GROUP_NEUTRAL)
		return ts_bad(l, n, "only a neutral figure eats, guards or names closed_by");
	return 0;
}

/* Whether the game of these sets has the figure: base's figures are in every game. */
static bool
figure_in_game(const struct tileset *ts, const struct figtype *f)
{
	int i;

	if (strcmp(f->set, "base") == 0)
		return true;
	for (i = 0; i < ts->nsets; i++)
		if (strcmp(ts->sets[i].name, f->set) == 0)
			return true;
	return false;
}

/* The digest of the rows a game has, as a state records it: a row added for another set
 * changes no game's digest, a row of the game's changed does. */
static void
figures_digest(struct tileset *ts)
{
	struct carc_buf b = { 0 };
	int i;

	for (i = 0; i < ts->nfig + ts->nneutral; i++) {
		const struct figtype *f = i < ts->nfig ? &ts->fig[i] : &ts->neutral[i - ts->nfig];

		/* the abilities added since version 2 began, only where a row has them, so that
		 * the rows without keep their digest */
		carc_buf_printf(&b, "%s %s %d %d %d %d %d %x %x%s%s%s", f->name, f->set, f->group,
		    f->count, f->strength, f->claims, f->needs_own, f->on, f->removed,
		    f->recall ? " recall" : "", f->second ? " second" : "", f->dbl ? " double" : "");
		if (f->bonus)
			carc_buf_printf(&b, " bonus %d", f->bonus);
		if (f->pennants)
			carc_buf_printf(&b, " pennants");
		if (f->moves)
			carc_buf_printf(&b, " moves");
		if (f->corner)
			carc_buf_printf(&b, " corner");
		if (f->eats)
			carc_buf_printf(&b, " eats");
		if (f->guards)
			carc_buf_printf(&b, " guards");
		if (f->closed_by[0])
			carc_buf_printf(&b, " closed_by %s", f->closed_by);
		carc_buf_add(&b, "\n", 1);
	}
	digest_hex(b.data ? b.data : "", b.len, ts->figdigest);
	carc_buf_release(&b);
}

/* A built-in table, formats/NAME.yaml, parsed into l; the value of its top key `key` into *val
 * (NULL if none). */
static int
table_open(struct ld *l, const char *name, const char *key, yaml_node_t **val)
{
	yaml_node_t *root;
	yaml_node_pair_t *p;
	const char *text;
	size_t len;

	*val = NULL;
	if ((text = builtin_set(name, &len)) == NULL)
		return seterr(l->err, CARC_ESOFTWARE, "%s is not built in", l->file);
	if (ts_parse(l, text, len))
		return CARC_EDATA;
	root = yaml_document_get_root_node(&l->doc);
	if (root->type == YAML_MAPPING_NODE)
		for (p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
			const char *ks = ts_scalar(ts_node(l, p->key));

			if (ks && strcmp(ks, key) == 0)
				*val = ts_node(l, p->value);
		}
	return 0;
}

bool
builtin_table(const char *name)
{
	return strcmp(name, "figures") == 0 || strcmp(name, "meets") == 0;
}

/* formats/meets.yaml: for the tiles of the built-in sets, by id, the features that meet, kept
 * apart from the sets so that their digests, and the games saved with them, stay as they
 * were. A garden copy takes its plain tile's. A user's set says it in its tiles (meets:). */
static int
meets_load(struct tileset *ts, struct carc_err *err)
{
	struct ld l = { .file = "formats/meets.yaml", .err = err };
	yaml_node_t *table;
	yaml_node_pair_t *p;
	int rc, i;

	if ((rc = table_open(&l, "meets", "meets", &table)) == CARC_ESOFTWARE)
		return rc;
	if (rc)
		return CARC_EDATA;
	if (table == NULL || table->type != YAML_MAPPING_NODE) {
		rc = ts_bad(&l, yaml_document_get_root_node(&l.doc),
		    "the table needs a map named meets, tile id to features");
		goto out;
	}
	for (p = table->data.mapping.pairs.start; rc == 0 && p < table->data.mapping.pairs.top;
	    p++) {
		const char *id = ts_scalar(ts_node(&l, p->key));

		for (i = 0; id && rc == 0 && i < ts->ntypes; i++) {
			struct tiletype *t = &ts->types[i];

			if (ts->sets[t->set].yaml == NULL && (strcmp(t->id, id) == 0 ||
			    strcmp(t->plain, id) == 0))
				rc = ts_load_meets(&l, ts_node(&l, p->value), t);
		}
	}
out:
	yaml_document_delete(&l.doc);
	return rc;
}

/* After the digest: each neutral row's closed_by names rows of the table (names, of nnames,
 * every row's; `where` a row that has the key, for the message), and the game's rows named
 * may stand on the neutral row's kinds too. */
static int
figures_widen(struct ld *l, struct tileset *ts, char (*names)[ID_MAX], int nnames,
    yaml_node_t *where)
{
	char list[sizeof(ts->neutral[0].closed_by)], *w, *save;
	int i, j, f;

	for (i = 0; i < ts->nneutral; i++) {
		memcpy(list, ts->neutral[i].closed_by, sizeof(list));
		for (w = strtok_r(list, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
			for (j = 0; j < nnames && strcmp(names[j], w) != 0; j++)
				;
			if (j == nnames)
				return ts_bad(l, where, "closed_by names no figure '%s'", w);
			for (f = 0; f < ts->nfig; f++)
				if (strcmp(ts->fig[f].name, w) == 0)
					ts->fig[f].on |= ts->neutral[i].on;
		}
	}
	return 0;
}

/* The figure table, the rows of the game's sets, after the sets are loaded. */
int
figures_load(struct tileset *ts, struct carc_err *err)
{
	struct ld l = { .file = "formats/figures.yaml", .err = err };
	yaml_node_t *figs;
	yaml_node_item_t *it;
	yaml_node_t *closer = NULL;
	char names[64][ID_MAX];
	int rc, i, s, nnames = 0;

	if ((rc = table_open(&l, "figures", "figures", &figs)) == CARC_ESOFTWARE)
		return rc;
	if (rc)
		return CARC_EDATA;
	if (figs == NULL || figs->type != YAML_SEQUENCE_NODE) {
		rc = ts_bad(&l, yaml_document_get_root_node(&l.doc),
		    "the figure table needs a list named figures");
		goto out;
	}
	ts->kinds = ts->signs = 0;
	for (i = 0; i < ts->ntypes; i++)
		for (s = 0; s < ts->types[i].nseg; s++) {
			ts->kinds |= 1u << ts->types[i].seg[s].kind;
			ts->signs |= ts->types[i].seg[s].signs;
		}
	ts->nfig = ts->nneutral = 0;
	for (it = figs->data.sequence.items.start; it < figs->data.sequence.items.top; it++) {
		struct figtype f;

		if ((rc = load_figure(&l, ts_node(&l, *it), &f)))
			goto out;
		if (nnames < (int)(sizeof(names) / sizeof(names[0])))
			memcpy(names[nnames++], f.name, ID_MAX);
		if (f.closed_by[0])
			closer = ts_node(&l, *it);
		if (!figure_in_game(ts, &f))
			continue;
		if (f.group == GROUP_NEUTRAL ? ts->nneutral == MAXNEUTRAL :
		    ts->nfig == MAXFIGTYPES) {
			rc = ts_bad(&l, ts_node(&l, *it), "more than %d %sfigures in one game",
			    f.group == GROUP_NEUTRAL ? MAXNEUTRAL : MAXFIGTYPES,
			    f.group == GROUP_NEUTRAL ? "neutral " : "");
			goto out;
		}
		if (f.group == GROUP_NEUTRAL)
			ts->neutral[ts->nneutral++] = f;
		else
			ts->fig[ts->nfig++] = f;
	}
	figures_digest(ts);
	rc = figures_widen(&l, ts, names, nnames, closer);
out:
	yaml_document_delete(&l.doc);
	return rc ? rc : meets_load(ts, err);
}
