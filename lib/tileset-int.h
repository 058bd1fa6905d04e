/* What the files of the tile-set loader (tileset.c, tileset-*.c) share: the YAML document
 * being read, and the readers of tileset-yaml.c and tileset-tile.c that the others call. */
#ifndef CARC_TILESET_INT_H
#define CARC_TILESET_INT_H

#include <yaml.h>

#include "tileset.h"

struct ld {
	yaml_document_t doc;
	const char *file;
	struct carc_err *err;
	/* where the tile being loaded said what, for messages about how its parts fit */
	yaml_node_t *segnode[MAXSEG], *edgesnode, *idnode;
};

int ts_bad(struct ld *, yaml_node_t *, const char *, ...) __attribute__((format(printf, 3, 4)));
yaml_node_t *ts_node(struct ld *, int);
const char *ts_scalar(yaml_node_t *);
int ts_want_scalar(struct ld *, yaml_node_t *, const char *what, const char **out);
int ts_want_int(struct ld *, yaml_node_t *, const char *what, int lo, int hi, int *out);
int ts_want_bool(struct ld *, yaml_node_t *, const char *what, bool *out);
int ts_want_id(struct ld *, yaml_node_t *, const char *what, char out[ID_MAX]);
int ts_want_names(struct ld *, yaml_node_t *, const char *what, const char *const *names,
    int nnames, unsigned *mask);
/* The text parsed into l->doc, after the checks that keep libyaml quick and strict. */
int ts_parse(struct ld *, const char *text, size_t len);

int ts_load_tile(struct ld *, yaml_node_t *, struct tileset *, int set);
int ts_load_meets(struct ld *, yaml_node_t *, struct tiletype *);

#endif
