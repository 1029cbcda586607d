// The scores behind VectorEnv's reward="score": a seat's score as a given seat may know
// it, kept per environment across a game. The shaped reward is the change of the
// learner's score minus the best opponent's, so the sum of a game's rewards is that
// difference at the game's end.
//
// Jaipur: rupees over the whole game. A round's total (tokens, bonus and camel token)
// is banked when the round is scored, since the next round's tokens start from zero;
// in the round being played a seat counts its goods tokens (public) and, for the
// viewer only, its own bonus tokens: the opponent's bonus values are hidden until the
// round is scored, and a reward that counted them would tell the learner what they
// are. Seals are not rupees: the terminal win reward (reward="score+win") adds them.
// Marrakech: State::Score, dirhams plus visible carpet squares, all public.
#pragma once

#include <array>
#include <cstdint>

#include "python/engine.h"

namespace souk::python {

template <typename S>
struct ScoreKeeper {
  static constexpr bool kSupported = false;
  void Start(const S&) {}
  void AfterMove(const S&) {}
  int Score(const S&, int, int) const { return 0; }
};

template <>
struct ScoreKeeper<jaipur::State> {
  static constexpr bool kSupported = true;
  std::array<int, jaipur::kNumPlayers> banked{};
  uint32_t round = 1;
  bool over = false;

  void Start(const jaipur::State& s) {
    banked = {};
    round = s.round;
    over = s.game_over;
  }
  // Banks the last round's rupees once, when a move ended it (and maybe the game).
  void AfterMove(const jaipur::State& s) {
    const bool round_scored = s.round != round || (s.game_over && !over);
    if (round_scored && s.last_round)
      for (size_t p = 0; p < banked.size(); ++p) banked[p] += s.last_round->rupees[p];
    round = s.round;
    over = s.game_over;
  }
  int Score(const jaipur::State& s, int viewer, int player) const {
    const size_t p = static_cast<size_t>(player);
    if (s.game_over) return banked[p];
    const jaipur::PlayerState& ps = s.players[p];
    return banked[p] + ps.GoodsRupees() + (player == viewer ? ps.BonusRupees() : 0);
  }
};

template <>
struct ScoreKeeper<marrakech::State> {
  static constexpr bool kSupported = true;
  void Start(const marrakech::State&) {}
  void AfterMove(const marrakech::State&) {}
  int Score(const marrakech::State& s, int, int player) const { return s.Score(player); }
};

// `viewer`'s score minus the best score of the other seats, as `viewer` may know them.
template <typename S>
int ScoreDifference(const ScoreKeeper<S>& keeper, const S& s, int players, int viewer) {
  int best_other = 0;
  bool any = false;
  for (int p = 0; p < players; ++p) {
    if (p == viewer) continue;
    const int score = keeper.Score(s, viewer, p);
    if (!any || score > best_other) best_other = score;
    any = true;
  }
  return keeper.Score(s, viewer, viewer) - best_other;
}

}  // namespace souk::python
