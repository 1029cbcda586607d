// A finished game's review (review/review.h, docs/review.md) in plain text, in the
// player's language: what `souk review RECORD` prints, and what `souk play` shows
// when asked at a game's end.
#pragma once

#include <string>

#include "review/review.h"
#include "terminal/style.h"

namespace souk::terminal {

// Who won, the options, and each player's accuracy, skill, luck and flags.
std::string ReviewSummary(const review::GameReview& review, const Style& style);
// Every move with the mover's chance after it, and the flags with the better move;
// with `flagged_only`, the flagged decisions alone.
std::string ReviewMoves(const review::GameReview& review, const Style& style, bool flagged_only = false);
// Each seat's win chance over the game, one digit per seat, within 80 columns.
std::string ReviewGraph(const review::GameReview& review, const Style& style);
// "review: [####      ] 12/80 moves", to be written after a carriage return.
std::string ReviewProgressBar(int done, int total, const Style& style);

}  // namespace souk::terminal
