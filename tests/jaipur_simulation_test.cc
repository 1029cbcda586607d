// Jaipur's own random simulation: 10,000 complete games (to 2 seals) of uniformly
// random legal moves, checked after every move at the level of the engine's types,
// which keeps it fast enough for CI. The generic simulation test checks fewer
// games of every game through the GameState interface.
#include <gtest/gtest.h>

#include "format/jaipur_json.h"
#include "sim_configs.h"

namespace souk::jaipur {
namespace {

constexpr int kGames = 10000;
constexpr int kShards = 4;
// The JSON round trip is checked at every position of one game in ten (some 200,000
// positions): at every position of every game it was two thirds of the test's time.
constexpr int kJsonEvery = 10;

class JaipurSimulation : public ::testing::TestWithParam<int> {};

void CheckState(const State& s, Prng& prng, int* max_legal, bool check_json, const std::string& where) {
  // Cards (55), goods tokens (38), bonus tokens (18) accounted for; hands <= 7;
  // market of 5 during a round; seals and winner consistent.
  Status valid = s.Validate();
  ASSERT_TRUE(valid.ok()) << where << ": " << valid.message();

  // Legal moves: each accepted by CheckMove, within the list's capacity; one of
  // them, at random, survives the text round trip.
  MoveList moves;
  s.LegalMoves(&moves);
  *max_legal = std::max(*max_legal, moves.size());
  ASSERT_LT(moves.size(), kMaxMoves);
  ASSERT_EQ(moves.empty(), s.game_over) << where;
  for (int i = 0; i < moves.size(); ++i)
    ASSERT_TRUE(s.CheckMove(moves[i]).ok()) << where << ": " << s.CheckMove(moves[i]).message();
  if (!moves.empty()) {
    const Move& some = moves[static_cast<int>(prng.Below(static_cast<uint32_t>(moves.size())))];
    auto parsed = ParseMove(ToString(some));
    ASSERT_TRUE(parsed.ok() && *parsed == some) << where << ": " << ToString(some);
  }

  // JSON round trip, byte-identical, to the same state.
  if (check_json) {
    std::string text = DumpJson(StateToJson(s));
    auto loaded = StateFromJson(Json::parse(text));
    ASSERT_TRUE(loaded.ok()) << where << ": " << loaded.message();
    // Equal states print equally (the printer reads only what == compares), so
    // this is the byte-identical round trip without a second print.
    ASSERT_EQ(*loaded, s) << where;
  }

  // A player's view is the same for any state that differs only in what they cannot know.
  for (int p = 0; p < kNumPlayers; ++p) {
    State other = s;
    other.RandomizeHidden(p, prng);
    ASSERT_TRUE(other.Validate().ok()) << where << ": " << other.Validate().message();
    ASSERT_EQ(other.ViewFor(p), s.ViewFor(p)) << where << ", player " << p;
    // A world sampled from the view alone (what search does) is a valid state with
    // that same view.
    State sampled = State::FromView(s.ViewFor(p), prng);
    ASSERT_TRUE(sampled.Validate().ok()) << where << ": " << sampled.Validate().message();
    ASSERT_EQ(sampled.ViewFor(p), s.ViewFor(p)) << where << ", player " << p;
  }
  // What each player is known to hold is in their hand.
  for (const PlayerState& ps : s.players)
    for (int t = 0; t < kNumCardTypes; ++t) ASSERT_LE(ps.known[t], ps.hand[t]) << where;
}

TEST_P(JaipurSimulation, TenThousandGamesKeepEveryInvariant) {
  int shard = GetParam();
  int games = std::min(kGames, souk::testing::GamesFor({"Jaipur", {}, kGames, 0}));
  Prng chooser(77 + static_cast<uint64_t>(shard));
  int max_legal = 0, full_ties = 0;
  long total_moves = 0;
  for (int g = shard; g < games; g += kShards) {
    State s = State::NewGame(static_cast<uint64_t>(g));
    std::string where = "seed " + std::to_string(g);
    const bool check_json = g % kJsonEvery == 0;
    CheckState(s, chooser, &max_legal, check_json, where);
    if (HasFatalFailure()) return;
    int moves_played = 0;
    while (!s.game_over) {
      ASSERT_LT(++moves_played, 3000) << where << ": the game does not end";
      MoveList moves;
      s.LegalMoves(&moves);
      const Move& move = moves[static_cast<int>(chooser.Below(static_cast<uint32_t>(moves.size())))];
      uint32_t round = s.round;
      s.ApplyMove(move);
      if (s.round != round && s.last_round && s.last_round->seal < 0) ++full_ties;
      CheckState(s, chooser, &max_legal, check_json, where + " after move " + std::to_string(moves_played));
      if (HasFatalFailure()) return;
    }
    total_moves += moves_played;
    // Every game ends with a winner holding two seals.
    ASSERT_GE(s.winner, 0);
    ASSERT_EQ(s.players[s.winner].seals, kSealsToWin);
  }
  RecordProperty("max_legal_moves", max_legal);
  RecordProperty("moves", static_cast<int>(total_moves));
  RecordProperty("full_ties", full_ties);
}

INSTANTIATE_TEST_SUITE_P(Shards, JaipurSimulation, ::testing::Range(0, kShards));

}  // namespace
}  // namespace souk::jaipur
