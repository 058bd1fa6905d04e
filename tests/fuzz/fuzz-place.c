/* libFuzzer target: carc-place applying any decision to any state a game can reach. The bytes
 * choose a setup (sets, rules, players, seed) and the listed decisions of up to 255 steps,
 * then build a word: raw, or a listed one cut and edited. Whatever carc_game_place accepts
 * must read back and write again byte for byte, and carc-score must take it. */
#include "fuzz.h"

struct in {
	const uint8_t *p, *end;
};

static unsigned
byte(struct in *in)
{
	return in->p < in->end ? *in->p++ : 0;
}

static unsigned
byte2(struct in *in)
{
	unsigned lo = byte(in);

	return lo | byte(in) << 8;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const sets[4] = { "base", "base,fortune-teller", "base,catapult",
		"base,fortune-teller,catapult" };
	static const char *const figsets[6] = { ",inns-cathedrals", ",abbot", ",phantom",
		",traders-builders", ",abbey-mayor", ",princess-dragon" };
	static const char *const players[4] = { "ann,bob", "ann,bob,cy", "ann,bob,cy,dee",
		"ann,bob,cy,dee,eve,fay" };
	static const char *const catapult[4] = { "catapult=sim", "catapult=house",
		"catapult=off", "catapult=sim" };
	static const int codes[] = { CARC_EREFUSED, CARC_EUSAGE, 0 };
	struct in in = { data, data + size };
	const char *rules[6] = { NULL };
	struct carc_setup su = { .rules = rules };
	struct carc_err err = { 0 };
	struct carc_buf state = { 0 };
	struct carc_game *g;
	const char **words;
	char word[256], setlist[160];
	size_t n, len;
	unsigned b, steps, i;
	enum carc_phase ph;

	b = byte(&in);
	su.expansions = sets[b & 3];
	rules[0] = b & 4 ? "farmers=off" : "farmers=on";
	rules[1] = catapult[b >> 3 & 3];
	rules[2] = b & 32 ? "edition=c1" : "edition=c2";
	rules[3] = b & 64 ? "scatter=0" : "scatter=0.5";
	rules[4] = b & 128 ? "ft-draw=may" : "chain=0.60";
	/* the players byte's higher bits add the sets of figures */
	b = byte(&in);
	su.players = players[b & 3];
	su.seed = byte2(&in);
	/* and the seed's lowest bit The Tower */
	snprintf(setlist, sizeof(setlist), "%s%s%s%s%s%s%s%s", su.expansions, b & 4 ? figsets[0] :
	    "", b & 8 ? figsets[1] : "", b & 16 ? figsets[2] : "", b & 32 ? figsets[3] : "",
	    b & 64 ? figsets[4] : "", b & 128 ? figsets[5] : "", su.seed & 1 ? ",tower" : "");
	su.expansions = setlist;
	if ((g = carc_game_new(&su, &err)) == NULL)
		fuzz_abort("new game: %s", err.msg);
	steps = byte(&in);
	for (i = 0; i < steps; i++)
		if (fuzz_step(g, byte2(&in), 0))
			break;
	/* on to the next decision */
	while ((ph = carc_game_phase(g)) == CARC_DRAW || ph == CARC_SCORE)
		if (fuzz_step(g, 0, 0))
			break;
	if (carc_game_phase(g) == CARC_OVER)
		goto out;
	switch (byte(&in) % 3) {
	case 0:		/* the rest, raw */
		len = in.end - in.p < (long)sizeof(word) - 1 ? (size_t)(in.end - in.p) : sizeof(word) - 1;
		memcpy(word, in.p, len);
		word[len] = '\0';
		break;
	default:	/* a listed word, cut short, with bytes put in or appended */
		if (carc_moves(g, &words, &n, &err) || n == 0)
			fuzz_abort("no decision listed in phase %s", carc_phase_name(carc_game_phase(g)));
		snprintf(word, sizeof(word), "%s", words[byte(&in) % n]);
		len = strlen(word);
		b = byte(&in);
		if (b < len)
			word[len = b] = '\0';
		while (in.p + 1 < in.end && len < sizeof(word) - 1) {
			i = byte(&in);
			b = byte(&in);
			if (i < len)
				word[i] = b ? b : '0';
			else
				word[len++] = b ? b : '0';
			word[len] = '\0';
		}
		break;
	}
	if (carc_game_place(g, word, &err)) {
		fuzz_check_err(&err, "place", codes);
		goto out;
	}
	fuzz_roundtrip(g, &state, "placed");
	fuzz_json_roundtrip(g, &state, "placed");
	fuzz_render(g);
	if (fuzz_step(g, 0, 0) != 0)
		fuzz_abort("carc-score refuses what carc-place made of '%s'", word);
	state.len = 0;
	fuzz_roundtrip(g, &state, "scored");
out:
	carc_buf_release(&state);
	carc_game_free(g);
	return 0;
}
