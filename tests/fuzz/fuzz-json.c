/* libFuzzer target: carc_state_from_json (carc-deck --from-json) on any text. A state it
 * accepts must write, read back and go through JSON again without a change, draw, and take
 * the next step of the game. */
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct carc_err err = { 0 };
	struct carc_buf state = { 0 };
	struct carc_game *g;

	if ((g = carc_state_from_json((const char *)data, size, "fuzz", &err)) == NULL) {
		fuzz_check_err(&err, "from json", fuzz_read_codes);
		return 0;
	}
	fuzz_roundtrip(g, &state, "from json");
	fuzz_json_roundtrip(g, &state, "from json");
	fuzz_render(g);
	if (fuzz_step(g, 0, 1) == 0) {
		state.len = 0;
		fuzz_roundtrip(g, &state, "step");
	}
	carc_buf_release(&state);
	carc_game_free(g);
	return 0;
}
