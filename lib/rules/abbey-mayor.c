/* Abbey & Mayor (RULES.md §4, §5.2) as a rules module. Its twelve land tiles are plain roads,
 * cities, fields and a monastery (formats/abbey-mayor.yaml); its mayor is a row of the figure
 * table whose strength is the pennants of its city as the city is scored (`strength:
 * pennants`, read by the core's fig_strength). */
#include "modules.h"

struct rules_module abbey_mayor_module = {
	.name = "abbey-mayor",
	.set = "abbey-mayor",
};
