/* What the libFuzzer targets share: the contracts every state must keep, checked so that a
 * breach aborts (and libFuzzer keeps the input that caused it). Included by each target. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static void fuzz_abort(const char *, ...) __attribute__((noreturn, format(printf, 1, 2)));

static void
fuzz_abort(const char *fmt, ...)
{
	va_list ap;

	fputs("fuzz: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

/* A failure must carry one of the statuses the caller may give, and one line of message. */
static void
fuzz_check_err(const struct carc_err *err, const char *call, const int *codes)
{
	const unsigned char *p;
	const int *c;

	for (c = codes; *c && *c != err->code; c++)
		;
	if (*c == 0)
		fuzz_abort("%s: status %d: %s", call, err->code, err->msg);
	if (err->msg[0] == '\0')
		fuzz_abort("%s: status %d without a message", call, err->code);
	for (p = (const unsigned char *)err->msg; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			fuzz_abort("%s: a control character in the message '%s'", call, err->msg);
}

static const int fuzz_read_codes[] = { CARC_EDATA, 0 };
static const int fuzz_step_codes[] = { CARC_EREFUSED, CARC_EUSAGE, 0 };

/* Writes the game; the bytes must read back to a game that writes the same bytes again. The
 * caller owns *out. */
static void
fuzz_roundtrip(const struct carc_game *g, struct carc_buf *out, const char *what)
{
	struct carc_err err = { 0 };
	struct carc_buf again = { 0 };
	struct carc_game *g2;

	if (carc_state_write(g, out, &err))
		fuzz_abort("%s: cannot write the state: %s", what, err.msg);
	if ((g2 = carc_state_read(out->data, out->len, "written", &err)) == NULL)
		fuzz_abort("%s: the state written does not read back: %s", what, err.msg);
	if (carc_state_write(g2, &again, &err))
		fuzz_abort("%s: cannot write the state read back: %s", what, err.msg);
	if (again.len != out->len || memcmp(again.data, out->data, out->len) != 0)
		fuzz_abort("%s: the state read back writes other bytes (%zu, then %zu)", what,
		    out->len, again.len);
	carc_buf_release(&again);
	carc_game_free(g2);
}

/* The JSON form must read back to the same state bytes. */
static void
fuzz_json_roundtrip(const struct carc_game *g, const struct carc_buf *state, const char *what)
{
	struct carc_err err = { 0 };
	struct carc_buf json = { 0 }, again = { 0 };
	struct carc_game *g2;

	if (carc_state_to_json(g, &json, &err))
		fuzz_abort("%s: no JSON: %s", what, err.msg);
	if ((g2 = carc_state_from_json(json.data, json.len, "json", &err)) == NULL)
		fuzz_abort("%s: the JSON does not read back: %s", what, err.msg);
	if (carc_state_write(g2, &again, &err))
		fuzz_abort("%s: cannot write the state from JSON: %s", what, err.msg);
	if (again.len != state->len || memcmp(again.data, state->data, state->len) != 0)
		fuzz_abort("%s: the JSON reads back to another state", what);
	carc_buf_release(&json);
	carc_buf_release(&again);
	carc_game_free(g2);
}

/* Every picture of the game can be drawn. */
static void
fuzz_render(struct carc_game *g)
{
	struct carc_render_opts ro = { 0 };
	struct carc_err err = { 0 };
	struct carc_buf out = { 0 };
	struct carc_cell cell = { 0, 1 };

	if (carc_render_text(g, &ro, &out, &err))
		fuzz_abort("render ascii: %s", err.msg);
	out.len = 0;
	ro.color = ro.legal = 1;
	ro.highlight = &cell;
	ro.nhighlight = 1;
	if (carc_render_text(g, &ro, &out, &err))
		fuzz_abort("render ansi: %s", err.msg);
	out.len = 0;
	if (carc_render_svg(g, &ro, &out, &err))
		fuzz_abort("render svg: %s", err.msg);
	carc_buf_release(&out);
}

/* The next step of the game, whatever its phase: draw, the decision at index pick of the
 * listed ones, or the scoring. Returns 0 if a step was made, -1 if the game is over, -2 if a
 * hostile state was found inconsistent only now (status 65, as the tools say). A game that
 * carc_game_new began may never be inconsistent. */
static int
fuzz_step(struct carc_game *g, unsigned pick, int hostile)
{
	struct carc_err err = { 0 };
	const char **words;
	size_t n;
	char *w;
	int rc;

	switch (carc_game_phase(g)) {
	case CARC_OVER:
		if (carc_game_draw(g, &err) != CARC_EREFUSED)
			fuzz_abort("a game over can be drawn from");
		return -1;
	case CARC_DRAW:
		/* under ft-draw=may a player with fortune tellers chooses how many to draw */
		if (carc_moves(g, &words, &n, &err) == 0 && n > 0) {
			if ((w = strdup(words[pick % n])) == NULL)
				fuzz_abort("out of memory");
			if (carc_game_place(g, w, &err))
				fuzz_abort("the listed draw '%s' is refused: %s", w, err.msg);
			free(w);
			return 0;
		}
		rc = carc_game_draw(g, &err);
		break;
	case CARC_SCORE:
		rc = carc_game_score(g, &err);
		break;
	default:
		if (carc_moves(g, &words, &n, &err))
			fuzz_abort("moves: %s", err.msg);
		if (n == 0) {
			if (hostile)
				return -2;
			fuzz_abort("no legal move in phase %s", carc_phase_name(carc_game_phase(g)));
		}
		/* the words belong to the game until the next call: place a copy */
		if ((w = strdup(words[pick % n])) == NULL)
			fuzz_abort("out of memory");
		if (carc_game_place(g, w, &err))
			fuzz_abort("the listed move '%s' is refused: %s", w, err.msg);
		free(w);
		return 0;
	}
	if (rc == 0)
		return 0;
	if (hostile && rc == CARC_EDATA) {
		fuzz_check_err(&err, "step", fuzz_read_codes);
		return -2;
	}
	fuzz_abort("%s in phase %s: %s", carc_game_phase(g) == CARC_DRAW ? "draw" : "score",
	    carc_phase_name(carc_game_phase(g)), err.msg);
}
