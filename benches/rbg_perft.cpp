// Perft with RBG's compiled Breakthrough reasoner (../shared/anchors/rbg-breakthrough), the
// cross-check of the independent generator in tests/perft_independent.rs. Built and run by
// benches/anchor.rs beside RBG's own benchmark driver; not part of ludopress.
//
// Prints one line a position: the board as 64 characters, top row first (`B` black, `W` white,
// `.` empty; RBG's row y0 is the top, where black starts), the side to move (`w`/`b`), then perft
// at depths 1..N. Positions: the start, then positions of seeded random games cut 1, 2 or 3 plies
// before their end or halfway, so that moves that end the game are counted too. (A game's final
// state is not printed: in games/breakthrough.rbg the pawn that reaches the far rank is not put
// down, `{! forward} ->> {}` ends the game first, so that board is not the game's.)
#include <iostream>
#include <random>
#include <string>
#include <vector>
#include "reasoner.hpp"

constexpr int KEEPER = 0;
static reasoner::resettable_bitarray_stack cache;

// Lets the keeper act; false when the game is over.
static bool settle(reasoner::game_state &s) {
    while (s.get_current_player() == KEEPER) {
        if (!s.apply_any_move(cache)) return false;
    }
    return true;
}

static unsigned long perft(const reasoner::game_state &s, int depth) {
    if (depth == 0) return 1;
    std::vector<reasoner::move> moves;
    reasoner::game_state t = s;
    t.get_all_moves(cache, moves);
    unsigned long n = 0;
    for (const auto &m : moves) {
        reasoner::game_state c = s;
        c.apply_move(m);
        if (!settle(c)) {
            n += depth == 1 ? 1 : 0;  // a move that ends the game is a leaf
            continue;
        }
        n += perft(c, depth - 1);
    }
    return n;
}

static void print(const reasoner::game_state &s, int depth) {
    std::string b;
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 8; ++x) {
            std::string p = reasoner::piece_to_string(s.get_piece(y * 8 + x));
            b += p == "w" ? 'W' : p == "b" ? 'B' : '.';
        }
    std::cout << b << ' ' << (s.get_current_player() == 1 ? 'w' : 'b');
    for (int d = 1; d <= depth; ++d) std::cout << ' ' << perft(s, d);
    std::cout << std::endl;
}

int main(int argc, char **argv) {
    int start_depth = argc > 1 ? std::stoi(argv[1]) : 4;
    int games = argc > 2 ? std::stoi(argv[2]) : 12;
    reasoner::game_state start;
    if (!settle(start)) return 2;
    print(start, start_depth);
    std::mt19937_64 rng(32);
    for (int g = 0; g < games; ++g) {
        // Play a whole random game, then take the position `back` plies before its end.
        std::vector<reasoner::move> moves;
        std::vector<reasoner::game_state> line{start};
        reasoner::game_state s = start;
        bool live = true;
        while (live) {
            s.get_all_moves(cache, moves);
            if (moves.empty()) break;
            s.apply_move(moves[rng() % moves.size()]);
            live = settle(s);
            line.push_back(s);
        }
        int back = g % 4 == 3 ? (int)(line.size() / 2) : g % 4 + 1;
        int at = (int)line.size() - 1 - back;
        print(line[at < 0 ? 0 : at], 3);
    }
    return 0;
}
