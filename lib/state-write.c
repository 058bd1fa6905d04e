/* The game state as one MessagePack map (carc-state(5)), version 2, written canonically: the
 * same game always gives the same bytes, and what a game does not use (a set, a module's part,
 * an option at its default) is not written, so that adding one never changes the bytes of a
 * game without it. */
#include <inttypes.h>
#include <msgpack.h>
#include <stdio.h>
#include <string.h>

#include "board.h"
#include "codec.h"
#include "legal.h"
#include "state-text.h"

static int
sbuf_write(void *data, const char *buf, size_t len)
{
	return carc_buf_add(data, buf, len);
}

static void
write_setup(msgpack_packer *pk, const struct carc_game *g)
{
	char value[32];
	const char *key;
	int i, n = rules_count(&g->rules);

	msgpack_pack_map(pk, 7);
	mp_str(pk, "sets");
	msgpack_pack_array(pk, g->ts.nsets);
	for (i = 0; i < g->ts.nsets; i++) {
		msgpack_pack_map(pk, g->ts.sets[i].yaml ? 3 : 2);
		mp_str(pk, "name");
		mp_str(pk, g->ts.sets[i].name);
		mp_str(pk, "digest");
		mp_str(pk, g->ts.sets[i].digest);
		if (g->ts.sets[i].yaml) {
			mp_str(pk, "yaml");
			msgpack_pack_str(pk, g->ts.sets[i].yamllen);
			msgpack_pack_str_body(pk, g->ts.sets[i].yaml, g->ts.sets[i].yamllen);
		}
	}
	mp_str(pk, "figures");
	mp_str(pk, g->ts.figdigest);
	mp_str(pk, "rules");
	msgpack_pack_map(pk, n);
	for (i = 0; i < n; i++) {
		rules_item(&g->rules, i, &key, value, sizeof(value));
		mp_str(pk, key);
		mp_str(pk, value);
	}
	mp_str(pk, "seed");
	msgpack_pack_uint64(pk, g->seed);
	mp_str(pk, "start");
	mp_str_or_nil(pk, g->setup_start);
	mp_str(pk, "stack");
	mp_str_or_nil(pk, g->setup_stack);
	mp_str(pk, "deck");
	mp_str_or_nil(pk, g->setup_deck);
}

static void
write_players(msgpack_packer *pk, const struct carc_game *g)
{
	int i, f;

	msgpack_pack_array(pk, g->nplayers);
	for (i = 0; i < g->nplayers; i++) {
		msgpack_pack_map(pk, 3);
		mp_str(pk, "name");
		mp_str(pk, g->pl[i].name);
		mp_str(pk, "score");
		msgpack_pack_int(pk, g->pl[i].score);
		mp_str(pk, "supply");
		msgpack_pack_map(pk, g->ts.nfig);
		for (f = 0; f < g->ts.nfig; f++) {
			mp_str(pk, g->ts.fig[f].name);
			msgpack_pack_int(pk, figures_left(g, i, f));
		}
	}
}

static void
write_board(msgpack_packer *pk, const struct carc_game *g)
{
	char name[32];
	int i;

	msgpack_pack_array(pk, g->nboard);
	for (i = 0; i < g->nboard; i++) {
		msgpack_pack_map(pk, 4);
		mp_str(pk, "tile");
		mp_str(pk, g->ts.types[g->board[i].type].id);
		mp_str(pk, "x");
		msgpack_pack_int(pk, g->board[i].x);
		mp_str(pk, "y");
		msgpack_pack_int(pk, g->board[i].y);
		mp_str(pk, "rot");
		msgpack_pack_int(pk, g->board[i].rot * 90);
	}
	mp_str(pk, "figures");
	msgpack_pack_array(pk, g->nfigs);
	for (i = 0; i < g->nfigs; i++) {
		const struct figure *fg = &g->figs[i];
		const struct placed *p = &g->board[fg->tile];

		msgpack_pack_map(pk, 5);
		mp_str(pk, "x");
		msgpack_pack_int(pk, p->x);
		mp_str(pk, "y");
		msgpack_pack_int(pk, p->y);
		mp_str(pk, "feature");
		fig_place_name(g, i, name, sizeof(name));
		mp_str(pk, name);
		mp_str(pk, "owner");
		msgpack_pack_int(pk, fg->owner);
		mp_str(pk, "type");
		mp_str(pk, g->ts.fig[fg->type].name);
	}
}

/* The neutral figures on the board (none beside it are written): a key only when there are
 * some, so that a game without keeps its bytes. */
static int
neutral_on(const struct carc_game *g)
{
	int i, n = 0;

	for (i = 0; i < g->ts.nneutral; i++)
		n += g->neutral[i].on;
	return n;
}

static void
write_neutral(msgpack_packer *pk, const struct carc_game *g)
{
	const struct npos *q;
	char name[32];
	int i, b;

	mp_str(pk, "neutral");
	msgpack_pack_array(pk, neutral_on(g));
	for (i = 0; i < g->ts.nneutral; i++) {
		if (!(q = &g->neutral[i])->on)
			continue;
		msgpack_pack_map(pk, 3 + (q->seg >= 0));
		mp_str(pk, "type");
		mp_str(pk, g->ts.neutral[i].name);
		mp_str(pk, "x");
		msgpack_pack_int(pk, q->x);
		mp_str(pk, "y");
		msgpack_pack_int(pk, q->y);
		if (q->seg >= 0) {
			b = board_at(g, q->x, q->y);
			seg_rotated_name(&g->ts.types[g->board[b].type], g->board[b].rot, q->seg,
			    name, sizeof(name));
			mp_str(pk, "feature");
			mp_str(pk, name);
		}
	}
}

/* The modules' parts, in the order of the table, each when it has something to keep. */
static int
module_parts(const struct carc_game *g)
{
	int m, n = 0;

	for (m = 0; m < nmodules; m++)
		n += HAS_MODULE(g, modules[m]) && modules[m]->key && modules[m]->present(g);
	return n;
}

static void
write_modules(msgpack_packer *pk, const struct carc_game *g)
{
	int m;

	for (m = 0; m < nmodules; m++) {
		const struct rules_module *mod = modules[m];

		if (HAS_MODULE(g, mod) && mod->key && mod->present(g)) {
			mp_str(pk, mod->key);
			mod->write(g, pk);
		}
	}
}

int
carc_state_write(const struct carc_game *g, struct carc_buf *out, struct carc_err *err)
{
	msgpack_packer pk;
	char hex[17];
	int i;

	if (text_check_game(g, err))
		return err->code;
	msgpack_packer_init(&pk, out, sbuf_write);
	msgpack_pack_map(&pk, 13 + g->acted + (neutral_on(g) > 0) + module_parts(g));
	mp_str(&pk, "format");
	mp_str(&pk, "carc");
	mp_str(&pk, "version");
	msgpack_pack_int(&pk, CARC_FORMAT_VERSION);
	mp_str(&pk, "setup");
	write_setup(&pk, g);
	mp_str(&pk, "players");
	write_players(&pk, g);
	mp_str(&pk, "phase");
	mp_str(&pk, carc_phase_name(g->phase));
	mp_str(&pk, "player");
	msgpack_pack_int(&pk, g->player);
	if (g->acted) {
		mp_str(&pk, "acted");
		msgpack_pack_true(&pk);
	}
	mp_str(&pk, "drawn");
	mp_ids(&pk, g, g->drawn, g->ndrawn);
	mp_str(&pk, "supply");
	mp_ids(&pk, g, g->supply, g->nsupply);
	mp_str(&pk, "aside");
	mp_ids(&pk, g, g->aside, g->naside);
	mp_str(&pk, "rng");
	snprintf(hex, sizeof(hex), "%016" PRIx64, g->rng);
	mp_str(&pk, hex);
	mp_str(&pk, "board");
	write_board(&pk, g);
	if (neutral_on(g))
		write_neutral(&pk, g);
	write_modules(&pk, g);
	mp_str(&pk, "log");
	msgpack_pack_array(&pk, g->nlog);
	for (i = 0; i < g->nlog; i++)
		mp_str(&pk, g->log[i]);
	if (out->data == NULL)
		return seterr(err, CARC_ESOFTWARE, "out of memory");
	return 0;
}
