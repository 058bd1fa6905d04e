/* libFuzzer target: carc_state_read on any bytes. A state it accepts must write back to bytes
 * that read again to the same bytes, go through JSON unchanged, draw in every format, list
 * its decisions, and take the next steps of the game like a state carc-deck began. */
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct carc_err err = { 0 };
	struct carc_buf state = { 0 }, list = { 0 };
	struct carc_game *g;
	int i;

	if ((g = carc_state_read((const char *)data, size, "fuzz", &err)) == NULL) {
		fuzz_check_err(&err, "read", fuzz_read_codes);
		return 0;
	}
	fuzz_roundtrip(g, &state, "read");
	fuzz_json_roundtrip(g, &state, "read");
	fuzz_render(g);
	if (carc_moves_list(g, &list, &err))
		fuzz_check_err(&err, "list", fuzz_step_codes);
	for (i = 0; i < 3; i++) {
		state.len = 0;
		if (fuzz_step(g, i, 1) != 0)
			break;
		fuzz_roundtrip(g, &state, "step");
		fuzz_render(g);
	}
	carc_buf_release(&state);
	carc_buf_release(&list);
	carc_game_free(g);
	return 0;
}
