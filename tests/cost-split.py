#!/usr/bin/env python3
"""Splits the instructions of random self-play games by what does the work (BENCHMARKS.md,
"Why 1b, 1c and 1d stay under 0.5"): the rules modules (lib/rules/, lib/rules.c), the supply's
reshuffles, the random player's choice, and the rest.

    valgrind --tool=callgrind --toggle-collect=carc_selfplay_game --callgrind-out-file=OUT \\
        bin/carc-bot --selfplay GAMES --strategies random --expansions SETS --seed 1
    tests/cost-split.py OUT:GAMES:TILES ...
"""
import re
import subprocess
import sys

# the random player's choice: counting the decisions of the turn and finding the one drawn
CHOICE = {
    'random_place', 'legal_fits_list', 'legal_offer_get', 'one_fit', 'needs_fit',
    'cell_decisions', 'fcell_own', 'fcell_claims', 'need_segs', 'legal_edge_roots',
    'legal_need_check', 'support_get', 'legal_barns_get', 'legal_cell_corners',
    'corner_count', 'rot_count', 'drawn_pick', 'figs_all', 'fit_decisions', 'bare_fit',
    'bare_decisions', 'legal_bare_now', 'bare_of', 'legal_fit_moves', 'fits_room',
    'legal_corner_taken', 'corner_seg', 'segs_count',
}


def split(path):
    out = subprocess.run(['callgrind_annotate', '--threshold=100', path],
                         capture_output=True, text=True, check=True).stdout
    total = modules = shuffle = choice = 0
    for line in out.splitlines():
        m = re.match(r'^\s*([0-9,]+) \(\s*[0-9.]+%\)  (\S+)', line)
        if not m:
            continue
        n, name = int(m.group(1).replace(',', '')), m.group(2)
        if name == 'PROGRAM':
            total = n
            continue
        fn = name.split(':')[-1].split('.')[0]
        path = '/' + name.rsplit(':', 1)[0]
        if '/lib/rules/' in path or path.endswith('/lib/rules.c'):
            modules += n
        elif fn == 'rng_shuffle':
            shuffle += n
        elif fn in CHOICE:
            choice += n
    return total, modules, shuffle, choice


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__.strip())
    print('game                all  modules  reshuffles   choice     rest  rest a tile')
    for arg in sys.argv[1:]:
        path, games, tiles = arg.rsplit(':', 2)
        games, tiles = int(games), int(tiles)
        parts = [x / games for x in split(path)]
        rest = parts[0] - sum(parts[1:])
        print('%-12s %10.0f %8.0f %11.0f %8.0f %8.0f %12.0f' %
              (path[-12:], *parts, rest, rest / tiles))


if __name__ == '__main__':
    main()
