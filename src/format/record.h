// Game records: a game is its options and seed plus its moves (docs/formats.md).
//
//   souk-record 1
//   game jaipur
//   seed 42
//   players 2            (optional; the game's default otherwise)
//   variant single-colour (optional)
//   seats human,medium   (optional: who plays each seat, for `souk play --load`)
//   moves
//   take gold
//   sell 3 cloth
//
// '#' starts a comment line; blank lines are ignored. Chance outcomes drawn
// during play (Marrakech's `roll N`) are moves like any other.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "format/game.h"

namespace souk {

struct GameRecord {
  GameOptions options;
  std::vector<std::string> moves;
  // Who plays each seat ("human" or a bot spec), when the record says; replay
  // ignores it.
  std::vector<std::string> seats = {};
};

// A seed in decimal, 0 to 2^64-1, nothing else.
Result<uint64_t> ParseSeed(std::string_view word);

// Every header key at most once; `game` and `seed` are required.
Result<GameRecord> ParseRecord(std::string_view text);
std::string FormatRecord(const GameRecord& record);

// Plays the record from its new game. `on_state`, if given, sees the new game and
// the state after every move. Errors name the number of the bad move.
Result<std::unique_ptr<GameState>> Replay(const GameRecord& record,
                                          const std::function<void(const GameState&)>& on_state = {});

}  // namespace souk
