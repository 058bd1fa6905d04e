/* libFuzzer target: the armoured-text reader on any bytes, as a bare block or a whole e-mail
 * message (quoted-printable, CRLF, "> " quoting, signatures). What carc_armor_find_read
 * accepts must be a state that reads and writes back to the same bytes, and must be what
 * carc_state_read makes of the same text; the game armoured again must read back to it, and
 * it keeps every contract of fuzz-state. The checksum is SHA-256, which mutation does not
 * forge: inputs past it come from the seeds, whose quoting and encodings mutation varies. */
#include "fuzz.h"

/* The version a state's bytes give: the value after the key "version", which follows
 * "format": "carc" at the start of every state; -1 when it is not there. */
static int
bytes_version(const struct carc_buf *b)
{
	static const char key[] = "\xa7version";
	size_t n = sizeof(key) - 1, i;

	for (i = 0; i + n < b->len && i < 32; i++)
		if (memcmp(b->data + i, key, n) == 0)
			return (unsigned char)b->data[i + n];
	return -1;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct carc_err err = { 0 }, err2 = { 0 };
	struct carc_buf bin = { 0 }, state = { 0 }, armor = { 0 }, again = { 0 };
	struct carc_game *g, *g2;
	const char *text = (const char *)data;

	if (!carc_armor_is(text, size)) {
		/* then carc_state_read takes the bytes as a binary state, or refuses them */
		if ((g = carc_state_read(text, size, "fuzz", &err)) == NULL)
			fuzz_check_err(&err, "read binary", fuzz_read_codes);
		carc_game_free(g);
		return 0;
	}
	if (carc_armor_find_read(text, size, "fuzz", &bin, &err)) {
		fuzz_check_err(&err, "armor", fuzz_read_codes);
		if ((g = carc_state_read(text, size, "fuzz", &err2)) != NULL)
			fuzz_abort("the state reader takes text the armour reader refuses: %s",
			    err.msg);
		fuzz_check_err(&err2, "read armour", fuzz_read_codes);
		carc_buf_release(&bin);
		return 0;
	}
	/* The block's checksum held: its state may still break the rules. */
	g = carc_state_read(text, size, "fuzz", &err2);
	if (g == NULL) {
		fuzz_check_err(&err2, "read armour", fuzz_read_codes);
		carc_buf_release(&bin);
		return 0;
	}
	fuzz_roundtrip(g, &state, "armour");
	/* a state of an earlier version is written in today's; one of today's, byte for byte */
	if (bytes_version(&bin) == bytes_version(&state) &&
	    (state.len != bin.len || memcmp(state.data, bin.data, bin.len) != 0))
		fuzz_abort("the armoured state writes back to other bytes (%zu, then %zu)",
		    bin.len, state.len);
	fuzz_json_roundtrip(g, &state, "armour");
	fuzz_render(g);
	if (carc_armor_write(g, &armor, &err))
		fuzz_abort("cannot armour the state: %s", err.msg);
	if (carc_armor_find_read(armor.data, armor.len, "again", &again, &err))
		fuzz_abort("the state armoured again does not read: %s", err.msg);
	if (again.len != state.len || memcmp(again.data, state.data, state.len) != 0)
		fuzz_abort("the state armoured again reads back to other bytes");
	if ((g2 = carc_state_read(armor.data, armor.len, "again", &err)) == NULL)
		fuzz_abort("the state armoured again is refused: %s", err.msg);
	carc_game_free(g2);
	/* and the game goes on from it */
	if (fuzz_step(g, 0, 1) == 0)
		fuzz_render(g);
	carc_buf_release(&bin);
	carc_buf_release(&state);
	carc_buf_release(&armor);
	carc_buf_release(&again);
	carc_game_free(g);
	return 0;
}
