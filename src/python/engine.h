// The Python module's engine side, free of Python: a game of the registry with its
// options (Python's souk.Game), and for each game's core State the operations the
// bindings and VectorEnv perform on it by action id (Ops<State>). Nothing here holds
// the GIL or knows pybind11, so the vectorised environments call it with the GIL
// released.
//
// Action ids are the core's (core/<game>/<game>_actions.h), observations the core's
// (core/<game>/<game>_observation.h); docs/python.md documents both.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "core/game_type.h"
#include "core/jaipur/jaipur.h"
#include "core/jaipur/jaipur_actions.h"
#include "core/jaipur/jaipur_observation.h"
#include "core/marrakech/marrakech.h"
#include "core/marrakech/marrakech_actions.h"
#include "core/marrakech/marrakech_observation.h"
#include "core/status.h"

namespace souk::python {

// current_player() away from a seat (OpenSpiel's values).
inline constexpr int kChance = -1;
inline constexpr int kTerminal = -4;

// Jaipur has no bound on a game's length under the rules (full ties give no seal,
// and two players can swap the same cards forever); the arena stops a game after this
// many decisions, and so do the vectorised environments.
inline constexpr int kJaipurMaxGameLength = 5000;

// A game and the options it is played with.
struct Game {
  const GameType* type = &kJaipurType;
  int players = 2;
  std::string variant;  // the registry's name ("single-colour"), "" for the default

  bool is_jaipur() const { return type == &kJaipurType; }
  marrakech::Variant marrakech_variant() const {
    return variant.empty() ? marrakech::Variant::kStandard : marrakech::Variant::kSingleColour;
  }
  int NumDistinctActions() const;
  int ObservationSize() const;
  int MaxChanceOutcomes() const;
  // Decisions (chance outcomes not counted) in the longest game.
  int MaxGameLength() const;
  bool operator==(const Game& other) const {
    return type == other.type && players == other.players && variant == other.variant;
  }
};

// The game of that name with those options (players 0: the default; variant with
// '_' or '-', "single_colour" or "single-colour"), or the registry's message.
Result<Game> LoadGame(std::string_view name, int players, std::string_view variant);

using AnyState = std::variant<jaipur::State, marrakech::State>;

// `souk new <game> --seed <seed>` with the game's options.
AnyState NewState(const Game& game, uint64_t seed);
// Whether the state is one of this game (its name, players and variant).
bool StateIsOf(const AnyState& state, const Game& game);

// A seat's returns at the end of a game: the win shared by its winners, made
// zero-sum with a sole win worth 1: n / (n - 1) * (share - 1 / n). Two players: +1
// and -1, a shared win 0. All zeros while the game goes on.
void Returns(int num_players, uint32_t winner_bits, bool over, std::span<double> out);

// Sorts distinct ids in place (n <= jaipur::kMaxMoves). Each id goes to its rank, the
// number of ids below it: n * n comparisons, but without a branch to mispredict, and
// vectorised, about twice as fast as std::sort on Jaipur's lists (23 ids on average,
// in descending runs).
inline void SortIds(int32_t* ids, int n) {
  int32_t in[jaipur::kMaxMoves];
  std::copy(ids, ids + n, in);
  for (int i = 0; i < n; ++i) {
    const int32_t v = in[i];
    int rank = 0;
    for (int j = 0; j < n; ++j) rank += in[j] < v;
    ids[rank] = v;
  }
}

template <typename State>
struct Ops;

template <>
struct Ops<jaipur::State> {
  using State = jaipur::State;
  static constexpr int kObservationSize = jaipur::kObservationSize;
  static constexpr int kMaxLegal = jaipur::kMaxMoves;
  static int NumActions() { return jaipur::NumDistinctActions(); }
  static int NumPlayers(const State&) { return jaipur::kNumPlayers; }
  static bool IsOver(const State& s) { return s.game_over; }
  static int CurrentPlayer(const State& s) { return s.game_over ? kTerminal : s.to_move; }
  static uint32_t WinnerBits(const State& s) { return s.winner >= 0 ? 1u << s.winner : 0; }
  // The legal ids, sorted, into `out` (kMaxLegal at least); their count.
  static int LegalIds(const State& s, int32_t* out) {
    // Not on the stack: constructing a list of 512 moves costs more than filling it.
    static thread_local jaipur::MoveList moves;
    s.LegalMoves(&moves);
    const int n = moves.size();
    jaipur::ActionsOf(std::span<const jaipur::Move>(moves.begin(), moves.end()), out);
    SortIds(out, n);
    return n;
  }
  static jaipur::Move MoveOf(int action) { return jaipur::MoveOf(action); }
  static int SampleChance(const State&) { return -1; }  // deals happen inside moves
  static void Observe(const State& s, int player, float* out) {
    jaipur::WriteObservation(s.ViewFor(player), std::span<float, kObservationSize>(out, kObservationSize));
  }
};

template <>
struct Ops<marrakech::State> {
  using State = marrakech::State;
  static constexpr int kObservationSize = marrakech::kObservationSize;
  static constexpr int kMaxLegal = marrakech::kMaxMoves;
  static int NumActions() { return marrakech::kNumDistinctActions; }
  static int NumPlayers(const State& s) { return s.num_players; }
  static bool IsOver(const State& s) { return s.game_over(); }
  static int CurrentPlayer(const State& s) {
    return s.game_over() ? kTerminal : s.phase == marrakech::Phase::kRoll ? kChance : s.to_move;
  }
  static uint32_t WinnerBits(const State& s) { return s.winners; }
  static int LegalIds(const State& s, int32_t* out) {
    marrakech::MoveList moves;
    s.LegalMoves(&moves);
    int n = 0;
    for (const marrakech::Move& m : moves) out[n++] = marrakech::ActionOf(m);
    SortIds(out, n);
    return n;
  }
  static marrakech::Move MoveOf(int action) { return marrakech::MoveOf(action); }
  // At the die: the roll the game's own PRNG draws (`GameState::SampleChance`, as the
  // arena and `souk demo` play it), as an id; -1 elsewhere.
  static int SampleChance(const State& s) {
    return s.phase == marrakech::Phase::kRoll ? marrakech::ActionOf(marrakech::Move::Roll(s.SampleRoll())) : -1;
  }
  static void Observe(const State& s, int player, float* out) {
    marrakech::WriteObservation(s.ViewFor(player), std::span<float, kObservationSize>(out, kObservationSize));
  }
};

// Operations shared by both games, on any state.
template <typename State>
struct Play {
  using O = Ops<State>;
  // Ok, or why the action is refused: not an id of the game, or the rule's reason.
  static Status Check(const State& s, int64_t action) {
    if (action < 0 || action >= O::NumActions())
      return Status::Error("action " + std::to_string(action) + " is not an id of this game (0 to " +
                           std::to_string(O::NumActions() - 1) + ")");
    return s.CheckMove(O::MoveOf(static_cast<int>(action)));
  }
  // Plays a checked action.
  static void Apply(State& s, int action) { s.ApplyMove(O::MoveOf(action)); }
};

// The state's operations through the variant, for the one-state Python API.
int CurrentPlayer(const AnyState& state);
int NumPlayers(const AnyState& state);
bool IsOver(const AnyState& state);
std::vector<int32_t> LegalIds(const AnyState& state);
Status Check(const AnyState& state, int64_t action);
void Apply(AnyState& state, int action);
std::vector<double> Returns(const AnyState& state);
// Rupees or dirhams as the scoring rules count them now (GameState::Scores).
std::vector<int> Scores(const AnyState& state);
void Observe(const AnyState& state, int player, std::span<float> out);
// A move's canonical text, and back to an id (errors in the parser's words, or the
// move has no id).
std::string ActionText(const AnyState& state, int action);
Result<int> ParseAction(const AnyState& state, std::string_view text);
// A full state whose view for `player` is the view of `state`, hidden parts drawn
// from `seed` (State::FromView).
AnyState Resample(const AnyState& state, int player, uint64_t seed);

// JSON text: `souk apply`'s state, `souk view`'s view, a readable text of the view.
std::string StateJson(const AnyState& state);
std::string ViewJson(const AnyState& state, int player);
std::string ViewText(const AnyState& state, int player);
// The CLI's validated loader (its messages, without the file name), then the state
// must be one of `game`.
Result<AnyState> LoadState(const Game& game, std::string_view text);

}  // namespace souk::python
