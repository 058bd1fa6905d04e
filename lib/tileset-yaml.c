/* YAML for the loaders of tile sets and of the figure table (tileset.c): the text checked
 * and parsed, and the readers of a node's value; every complaint names file:line:column of
 * the offending node. */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "carc.h"
#include "tileset-int.h"
#include "util.h"

#define MAX_SET_BYTES (1 << 20)
#define MAX_ANCHORS 256

int
ts_bad(struct ld *l, yaml_node_t *n, const char *fmt, ...)
{
	char what[400];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	return seterr(l->err, CARC_EDATA, "%s:%lu:%lu: %s", l->file,
	    (unsigned long)n->start_mark.line + 1, (unsigned long)n->start_mark.column + 1, what);
}

yaml_node_t *
ts_node(struct ld *l, int i)
{
	return yaml_document_get_node(&l->doc, i);
}

const char *
ts_scalar(yaml_node_t *n)
{
	return n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

int
ts_want_scalar(struct ld *l, yaml_node_t *n, const char *what, const char **out)
{
	if ((*out = ts_scalar(n)) == NULL)
		return ts_bad(l, n, "%s must be a plain value", what);
	return 0;
}

int
ts_want_int(struct ld *l, yaml_node_t *n, const char *what, int lo, int hi, int *out)
{
	const char *s;
	char *end;
	long v;

	if (ts_want_scalar(l, n, what, &s))
		return CARC_EDATA;
	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || v < lo || v > hi)
		return ts_bad(l, n, "%s must be a whole number from %d to %d, not '%s'", what,
		    lo, hi, s);
	*out = v;
	return 0;
}

int
ts_want_bool(struct ld *l, yaml_node_t *n, const char *what, bool *out)
{
	const char *s;

	if (ts_want_scalar(l, n, what, &s))
		return CARC_EDATA;
	if (strcmp(s, "true") == 0 || strcmp(s, "yes") == 0)
		*out = true;
	else if (strcmp(s, "false") == 0 || strcmp(s, "no") == 0)
		*out = false;
	else
		return ts_bad(l, n, "%s must be true or false, not '%s'", what, s);
	return 0;
}

int
ts_want_id(struct ld *l, yaml_node_t *n, const char *what, char out[ID_MAX])
{
	const char *s, *p;

	if (ts_want_scalar(l, n, what, &s))
		return CARC_EDATA;
	if (*s == '\0' || strlen(s) >= ID_MAX)
		return ts_bad(l, n, "%s '%s' must have 1 to %d characters", what, s, ID_MAX - 1);
	for (p = s; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_' && *p != '-' && *p != '.')
			return ts_bad(l, n,
			    "%s '%s' may hold only letters, digits, '_', '-' and '.'", what, s);
	strcpy(out, s);
	return 0;
}

/* Words of a scalar like "N W S" or a sequence of scalars, matched against names. Below a
 * sequence only scalars are taken: a sequence that holds itself through an alias, &s [W, *s],
 * would recurse until the stack overflows. */
int
ts_want_names(struct ld *l, yaml_node_t *n, const char *what, const char *const *names, int nnames,
    unsigned *mask)
{
	char buf[128], *w, *save;
	const char *s;
	yaml_node_item_t *it;
	int i;

	*mask = 0;
	if (n->type == YAML_SEQUENCE_NODE) {
		for (it = n->data.sequence.items.start; it < n->data.sequence.items.top; it++) {
			unsigned m;

			if (ts_node(l, *it)->type != YAML_SCALAR_NODE)
				return ts_bad(l, ts_node(l, *it), "%s must be a plain value", what);
			if (ts_want_names(l, ts_node(l, *it), what, names, nnames, &m))
				return CARC_EDATA;
			if (m & *mask)
				return ts_bad(l, ts_node(l, *it), "%s names a side twice", what);
			*mask |= m;
		}
		return 0;
	}
	if (ts_want_scalar(l, n, what, &s))
		return CARC_EDATA;
	if (strlen(s) >= sizeof(buf))
		return ts_bad(l, n, "%s is too long", what);
	strcpy(buf, s);
	for (w = strtok_r(buf, " ,", &save); w; w = strtok_r(NULL, " ,", &save)) {
		for (i = 0; i < nnames; i++)
			if (strcmp(w, names[i]) == 0)
				break;
		if (i == nnames)
			return ts_bad(l, n, "unknown %s '%s'", what, w);
		if (*mask & (1u << i))
			return ts_bad(l, n, "%s names '%s' twice", what, w);
		*mask |= 1u << i;
	}
	if (*mask == 0)
		return ts_bad(l, n, "%s is empty", what);
	return 0;
}

/* libyaml takes time in the square of some counts: its scanner looks at every open flow
 * collection at every token, its loader compares every anchor with all the earlier ones. A
 * megabyte of '[' or of anchors takes a minute, so the events are read once first and a set
 * that nests deeper than MAX_DEPTH, or names more than MAX_ANCHORS anchors, is refused after
 * a few thousand bytes. A YAML error is left for the loader to report. */
static int
prescan(struct ld *l, const char *text, size_t len)
{
	yaml_parser_t p;
	yaml_event_t ev;
	yaml_char_t *anchor;
	int depth = 0, anchors = 0, docs = 0, rc = 0;
	bool done = false;

	if (!yaml_parser_initialize(&p))
		return seterr(l->err, CARC_ESOFTWARE, "%s: out of memory", l->file);
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	while (!done && rc == 0 && yaml_parser_parse(&p, &ev)) {
		anchor = NULL;
		switch (ev.type) {
		case YAML_SEQUENCE_START_EVENT:
			anchor = ev.data.sequence_start.anchor;
			depth++;
			break;
		case YAML_MAPPING_START_EVENT:
			anchor = ev.data.mapping_start.anchor;
			depth++;
			break;
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_END_EVENT:
			depth--;
			break;
		case YAML_SCALAR_EVENT:
			anchor = ev.data.scalar.anchor;
			break;
		case YAML_STREAM_END_EVENT:
			done = true;
			break;
		case YAML_DOCUMENT_START_EVENT:
			docs++;
			break;
		default:
			break;
		}
		/* the loader would read the first document and never look at the others */
		if (docs > 1)
			rc = seterr(l->err, CARC_EDATA, "%s:%lu:%lu: a second YAML document: a tile "
			    "set is one document", l->file, (unsigned long)ev.start_mark.line + 1,
			    (unsigned long)ev.start_mark.column + 1);
		else if (depth > MAX_DEPTH)
			rc = seterr(l->err, CARC_EDATA, "%s:%lu:%lu: nested more than %d deep", l->file,
			    (unsigned long)ev.start_mark.line + 1,
			    (unsigned long)ev.start_mark.column + 1, MAX_DEPTH);
		else if (anchor && ++anchors > MAX_ANCHORS)
			rc = seterr(l->err, CARC_EDATA, "%s:%lu:%lu: more than %d anchors", l->file,
			    (unsigned long)ev.start_mark.line + 1,
			    (unsigned long)ev.start_mark.column + 1, MAX_ANCHORS);
		yaml_event_delete(&ev);
	}
	yaml_parser_delete(&p);
	return rc;
}

static int
key_order(const void *a, const void *b)
{
	const yaml_node_t *x = *(yaml_node_t *const *)a, *y = *(yaml_node_t *const *)b;
	size_t n = x->data.scalar.length < y->data.scalar.length ? x->data.scalar.length :
	    y->data.scalar.length;
	int c = memcmp(x->data.scalar.value, y->data.scalar.value, n);

	if (c != 0)
		return c;
	if (x->data.scalar.length != y->data.scalar.length)
		return x->data.scalar.length < y->data.scalar.length ? -1 : 1;
	return x->start_mark.index < y->start_mark.index ? -1 : 1;
}

/* A key twice in one map: YAML forbids it, and libyaml keeps both, so that which one counts
 * would depend on the loader. Sorted, so that a map of many keys takes no quadratic time;
 * the second one in the file is named. */
static int
unique_keys(struct ld *l)
{
	yaml_node_t *n, **keys = NULL, *k;
	yaml_node_pair_t *p;
	size_t cap = 0, nk, i;
	int rc = 0;

	for (n = l->doc.nodes.start; n < l->doc.nodes.top && rc == 0; n++) {
		if (n->type != YAML_MAPPING_NODE)
			continue;
		nk = 0;
		for (p = n->data.mapping.pairs.start; p < n->data.mapping.pairs.top; p++) {
			if ((k = ts_node(l, p->key)) == NULL || k->type != YAML_SCALAR_NODE)
				continue;
			if (nk == cap) {
				yaml_node_t **grown = realloc(keys, (cap = cap ? 2 * cap : 16) *
				    sizeof(*keys));

				if (grown == NULL) {
					free(keys);
					return seterr(l->err, CARC_ESOFTWARE, "out of memory");
				}
				keys = grown;
			}
			keys[nk++] = k;
		}
		if (nk < 2)
			continue;
		qsort(keys, nk, sizeof(*keys), key_order);
		for (i = 1; i < nk && rc == 0; i++)
			if (keys[i]->data.scalar.length == keys[i - 1]->data.scalar.length &&
			    memcmp(keys[i]->data.scalar.value, keys[i - 1]->data.scalar.value,
			    keys[i]->data.scalar.length) == 0)
				rc = ts_bad(l, keys[i],
				    "key '%.*s' twice in one map (first at %lu:%lu)",
				    (int)(keys[i]->data.scalar.length > 40 ? 40 :
				    keys[i]->data.scalar.length), (const char *)keys[i]->data.scalar.value,
				    (unsigned long)keys[i - 1]->start_mark.line + 1,
				    (unsigned long)keys[i - 1]->start_mark.column + 1);
	}
	free(keys);
	return rc;
}

/* The text must be UTF-8, as the state that keeps it must: libyaml would also take UTF-16. */
static int
utf8_text(struct ld *l, const char *text, size_t len)
{
	unsigned long c, line = 1, col = 1;
	size_t i, k;

	for (i = 0; i < len; i += k) {
		if ((k = carc_utf8_char(text + i, len - i, &c)) == 0)
			return seterr(l->err, CARC_EDATA, "%s:%lu:%lu: not UTF-8 (byte 0x%02x)",
			    l->file, line, col, (unsigned char)text[i]);
		if (c == '\n')
			line++, col = 1;
		else
			col++;
	}
	return 0;
}

int
ts_parse(struct ld *l, const char *text, size_t len)
{
	yaml_parser_t p;

	if (len > MAX_SET_BYTES)
		return seterr(l->err, CARC_EDATA, "%s: a tile set larger than %d MiB", l->file,
		    MAX_SET_BYTES >> 20);
	if (utf8_text(l, text, len) || prescan(l, text, len))
		return CARC_EDATA;
	if (!yaml_parser_initialize(&p))
		return seterr(l->err, CARC_ESOFTWARE, "%s: out of memory", l->file);
	yaml_parser_set_input_string(&p, (const unsigned char *)text, len);
	if (!yaml_parser_load(&p, &l->doc)) {
		seterr(l->err, CARC_EDATA, "%s:%lu:%lu: %s", l->file,
		    (unsigned long)p.problem_mark.line + 1, (unsigned long)p.problem_mark.column + 1,
		    p.problem ? p.problem : "unreadable YAML");
		yaml_parser_delete(&p);
		return CARC_EDATA;
	}
	yaml_parser_delete(&p);
	if (yaml_document_get_root_node(&l->doc) == NULL) {
		yaml_document_delete(&l->doc);
		return seterr(l->err, CARC_EDATA, "%s: empty file", l->file);
	}
	if (unique_keys(l)) {
		yaml_document_delete(&l->doc);
		return CARC_EDATA;
	}
	return 0;
}
