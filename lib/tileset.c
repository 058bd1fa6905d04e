/* Tile sets: one loaded from YAML text (libyaml) into compiled tile types, after the sets
 * loaded before it, then released, copied, and kept for the process when built in. The YAML
 * is read by tileset-yaml.c, a tile by tileset-tile.c, the figure table by tileset-figure.c. */
#include <stdlib.h>
#include <string.h>

#include "tileset-int.h"
#include "util.h"

/* A tile set's own keys: its name (the one asked for, when one is), its start tile and its
 * list of tiles. */
static int
set_keys(struct ld *l, yaml_node_t *root, const char *name, char *setname, char *start,
    yaml_node_t **tiles)
{
	yaml_node_pair_t *p;

	if (root->type != YAML_MAPPING_NODE)
		return ts_bad(l, root, "a tile set must be a map with name and tiles");
	for (p = root->data.mapping.pairs.start; p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *k = ts_node(l, p->key), *val = ts_node(l, p->value);
		const char *ks = ts_scalar(k);
		int rc;

		if (ks && strcmp(ks, "name") == 0) {
			if ((rc = ts_want_id(l, val, "set name", setname)))
				return rc;
		} else if (ks && strcmp(ks, "start") == 0) {
			if ((rc = ts_want_id(l, val, "start tile", start)))
				return rc;
		} else if (ks && strcmp(ks, "tiles") == 0)
			*tiles = val;
		else
			return ts_bad(l, k, "unknown key '%s' in a tile set", ks ? ks : "?");
	}
	if (setname[0] == '\0' || *tiles == NULL || (*tiles)->type != YAML_SEQUENCE_NODE)
		return ts_bad(l, root, "a tile set needs a name and a list of tiles");
	if (name && strcmp(name, setname) != 0)
		return ts_bad(l, root, "the set is named '%s', not '%s'", setname, name);
	return 0;
}

/* The set's tiles, after those of the sets loaded before it (none for a set of figures alone);
 * each plain tile they name must be defined by then. */
static int
set_tiles(struct ld *l, struct tileset *ts, yaml_node_t *tiles, int set)
{
	yaml_node_item_t *it, *first = tiles->data.sequence.items.start;
	int ntiles = tiles->data.sequence.items.top - first, i, rc;
	struct tiletype *grown;

	if (ts->ntypes + ntiles > MAX_TILES)
		return ts_bad(l, tiles, "more than %d tile types", MAX_TILES);
	if ((grown = realloc(ts->types, (ts->ntypes + ntiles + 1) * sizeof(*grown))) == NULL)
		return seterr(l->err, CARC_ESOFTWARE, "out of memory");
	ts->types = grown;
	/* a set may bring figures alone, with no tile (The Abbot, The Phantom): tiles: [] */
	for (it = first; it < tiles->data.sequence.items.top; it++)
		if ((rc = ts_load_tile(l, ts_node(l, *it), ts, set)))
			return rc;
	for (i = ts->ntypes - ntiles; i < ts->ntypes; i++)
		if (ts->types[i].plain[0] && tileset_find(ts, ts->types[i].plain) < 0)
			return ts_bad(l, ts_node(l, first[i - (ts->ntypes - ntiles)]),
			    "tile %s: its plain tile '%s' is not defined", ts->types[i].id,
			    ts->types[i].plain);
	return 0;
}

int
tileset_load(struct tileset *ts, const char *name, const char *text, size_t len,
    const char *file, bool builtin, struct carc_err *err)
{
	struct ld l = { .file = file, .err = err };
	yaml_node_t *tiles = NULL;
	char setname[ID_MAX] = "", start[ID_MAX] = "";
	int set = ts->nsets, rc, i;

	if (ts->nsets == MAXSETS)
		return seterr(err, CARC_EUSAGE, "%s: more than %d tile sets", file, MAXSETS);
	if (ts_parse(&l, text, len))
		return CARC_EDATA;
	if ((rc = set_keys(&l, yaml_document_get_root_node(&l.doc), name, setname, start, &tiles)))
		goto out;
	for (i = 0; i < ts->nsets; i++)
		if (strcmp(ts->sets[i].name, setname) == 0) {
			rc = seterr(err, builtin ? CARC_EUSAGE : CARC_EDATA,
			    "%s: tile set '%s' is used twice", file, setname);
			goto out;
		}
	if ((rc = set_tiles(&l, ts, tiles, set)))
		goto out;
	strcpy(ts->sets[set].name, setname);
	digest_hex(text, len, ts->sets[set].digest);
	ts->sets[set].yaml = NULL;
	if (!builtin) {
		if ((ts->sets[set].yaml = malloc(len + 1)) == NULL) {
			rc = seterr(err, CARC_ESOFTWARE, "out of memory");
			goto out;
		}
		memcpy(ts->sets[set].yaml, text, len);
		ts->sets[set].yaml[len] = '\0';
		ts->sets[set].yamllen = len;
	}
	ts->nsets++;
	if (start[0] && ts->start[0] == '\0')
		strcpy(ts->start, start);
out:
	yaml_document_delete(&l.doc);
	return rc;
}

void
tileset_release(struct tileset *ts)
{
	int i;

	for (i = 0; i < ts->nsets; i++)
		free(ts->sets[i].yaml);
	free(ts->types);
	memset(ts, 0, sizeof(*ts));
}

/* A deep copy, for a game rebuilt from another's setup: the sets are the same bytes, so they
 * need not be parsed again. */
int
tileset_copy(struct tileset *dst, const struct tileset *src)
{
	int i;

	*dst = *src;
	dst->types = NULL;
	for (i = 0; i < src->nsets; i++)
		dst->sets[i].yaml = NULL;
	if ((dst->types = malloc((src->ntypes + 1) * sizeof(*dst->types))) == NULL)
		goto fail;
	memcpy(dst->types, src->types, src->ntypes * sizeof(*dst->types));
	for (i = 0; i < src->nsets; i++) {
		if (src->sets[i].yaml == NULL)
			continue;
		if ((dst->sets[i].yaml = malloc(src->sets[i].yamllen + 1)) == NULL)
			goto fail;
		memcpy(dst->sets[i].yaml, src->sets[i].yaml, src->sets[i].yamllen + 1);
	}
	return 0;
fail:
	tileset_release(dst);
	return -1;
}

/* The last few lists of built-in sets loaded, each with the tables of every game, by the list
 * ("base,tower"): a program that makes or reads many states (the tests, --verify, the bots'
 * replays, the web page) parses each list's YAML once. One process, one thread at a time. */
#define NKEPT 4
static struct {
	char key[MAXSETS * ID_MAX];
	struct tileset ts;
} kept[NKEPT];
static int nextkept;

static int
kept_find(const char *key)
{
	int i;

	for (i = 0; i < NKEPT; i++)
		if (kept[i].key[0] && strcmp(kept[i].key, key) == 0)
			return i;
	return -1;
}

int
tileset_kept(struct tileset *ts, const char *key)
{
	int i = kept_find(key);

	return i < 0 ? -1 : tileset_copy(ts, &kept[i].ts);
}

void
tileset_keep(const char *key, const struct tileset *ts)
{
	int i = nextkept;

	if (strlen(key) >= sizeof(kept[i].key) || kept_find(key) >= 0)
		return;
	tileset_release(&kept[i].ts);
	kept[i].key[0] = '\0';
	if (tileset_copy(&kept[i].ts, ts) == 0)
		strcpy(kept[i].key, key);
	nextkept = (i + 1) % NKEPT;
}
