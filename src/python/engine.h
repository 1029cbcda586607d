// The Python module's engine side, free of Python: a game of the registry with its
// options (Python's souk.Game), and for each game's core State the operations the
// bindings and VectorEnv perform on it by action id (Ops<State>). Nothing here holds
// the GIL or knows pybind11, so the vectorised environments call it with the GIL
// released.
//
// Action ids are the core's (core/<game>/<game>_actions.h), observations the core's
// (core/<game>/<game>_observation.h); docs/python.md documents both. Any other game of
// the registry is played through its GameState, its ids from its module
// (registered_state.h, Ops<RegisteredState>), with no observation tensor.
#pragma once

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "core/game_type.h"
#include "core/jaipur/jaipur.h"
#include "core/jaipur/jaipur_actions.h"
#include "core/jaipur/jaipur_observation.h"
#include "core/marrakech/marrakech.h"
#include "core/marrakech/marrakech_actions.h"
#include "core/marrakech/marrakech_observation.h"
#include "core/observation_piece.h"
#include "core/status.h"
#include "format/jaipur_json.h"
#include "format/json.h"
#include "format/marrakech_json.h"
#include "python/registered_state.h"

namespace souk::python {

// current_player() away from a seat (OpenSpiel's values).
inline constexpr int kChance = -1;
inline constexpr int kTerminal = -4;

// The most seats a game of the module has.
inline constexpr int kMaxSeats = 4;

// Jaipur has no bound on a game's length under the rules (full ties give no seal,
// and two players can swap the same cards forever); the arena stops a game after this
// many decisions, and so do the vectorised environments.
inline constexpr int kJaipurMaxGameLength = 5000;
// The same cap for a registered game whose module does not bound its length.
inline constexpr int kUnboundedGameCap = 5000;

// A game and the options it is played with.
struct Game {
  const GameType* type = &kJaipurType;
  int players = 2;
  std::string variant;  // the registry's name ("single-colour"), "" for the default
  const ActionIds* ids = nullptr;  // a game played through RegisteredState: its move ids
  // Jaipur's option (jaipur::Options): each card drawn is a chance node, its outcome
  // ids after the decisions' (jaipur::ChanceActionOf). Always false for other games.
  bool explicit_chance = false;

  int NumDistinctActions() const;
  // One past the largest id an action of this game may have: NumDistinctActions(), and
  // with explicit_chance Jaipur's chance outcomes after it.
  int ActionIdLimit() const { return NumDistinctActions() + (explicit_chance ? jaipur::kNumCardTypes : 0); }
  int ObservationSize() const;
  // The most outcomes a chance node has; 0 for a game without chance nodes (Jaipur
  // without explicit_chance).
  int MaxChanceOutcomes() const;
  // Decisions (chance outcomes not counted) in the longest game.
  int MaxGameLength() const;
  // Chance nodes in the longest game; -1 when the game's module does not bound them.
  int MaxChanceNodes() const;
  // Whether every seat sees each chance outcome (a die), or an outcome may be dealt
  // to one seat alone (a card).
  bool ChanceIsPublic() const;
  // The named pieces of the observation tensor; none for a game without one.
  std::span<const ObservationPiece> ObservationPieces() const;
  bool operator==(const Game& other) const {
    return type == other.type && players == other.players && variant == other.variant &&
           explicit_chance == other.explicit_chance;
  }
};

// The game of that name with those options (players 0: the default; variant with
// '_' or '-', "single_colour" or "single-colour"; explicit_chance for Jaipur only), or
// the registry's message.
Result<Game> LoadGame(std::string_view name, int players, std::string_view variant, bool explicit_chance = false);

// Whether the game has Jaipur's explicit_chance option (Game::explicit_chance).
bool HasExplicitChanceOption(const GameType* type);

// Every game the module plays: one alternative per game of Souk's own, each with its
// Ops below, then RegisteredState for every other game of the registry that has move
// ids (its module's ActionCodec).
using AnyState = std::variant<jaipur::State, marrakech::State, RegisteredState>;

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

// Each game's answers, on its own State: what the module asks of a game. A game of
// AnyState without its Ops fails to compile.
template <>
struct Ops<jaipur::State> {
  using State = jaipur::State;
  static constexpr const GameType* kType = &kJaipurType;
  static constexpr int kObservationSize = jaipur::kObservationSize;
  static constexpr int kMaxLegal = jaipur::kMaxMoves;
  // With explicit_chance, one outcome per card type; without, draws happen inside moves.
  static constexpr int kMaxChanceOutcomes = jaipur::kNumCardTypes;
  static int MaxChanceOutcomes(const Game& game) { return game.explicit_chance ? kMaxChanceOutcomes : 0; }
  // Decision ids only: the chance outcomes' follow them (jaipur::ChanceActionOf).
  static int NumActions() { return jaipur::NumDistinctActions(); }
  static int MaxGameLength(const Game&) { return kJaipurMaxGameLength; }
  static constexpr bool kHasExplicitChanceOption = true;
  // A card drawn may go to one seat's hand.
  static constexpr bool kChanceIsPublic = false;
  // With explicit_chance, at most the 52 cards of a deal and its deck are drawn a
  // round, and a round takes at least one decision.
  static int MaxChanceNodes(const Game& game) {
    return game.explicit_chance ? (jaipur::kNumCards - 3) * MaxGameLength(game) : 0;
  }
  static constexpr std::span<const ObservationPiece> kObservationPieces = jaipur::kObservationPieces;
  static jaipur::Options OptionsOf(const Game& game) {
    jaipur::Options options;
    options.explicit_chance = game.explicit_chance;
    return options;
  }
  static State NewGame(const Game& game, uint64_t seed) { return State::NewGame(seed, OptionsOf(game)); }
  static bool IsOf(const State& s, const Game& game) { return s.explicit_chance == game.explicit_chance; }
  static std::string Describe(const State& s) {
    return s.explicit_chance ? "a jaipur game with explicit chance" : "a jaipur game";
  }
  static std::string Describe(const Game& game) { return game.explicit_chance ? "jaipur with explicit chance" : "jaipur"; }
  static Result<State> FromJson(const Json& json) { return jaipur::StateFromJson(json); }
  static Result<jaipur::Move> ParseMove(std::string_view text) { return jaipur::ParseMove(text); }
  static int ActionOf(const jaipur::Move& move) { return jaipur::ActionOf(move); }
  static int NumPlayers(const State&) { return jaipur::kNumPlayers; }
  static bool IsOver(const State& s) { return s.game_over; }
  static int CurrentPlayer(const State& s) { return s.game_over ? kTerminal : s.IsChanceNode() ? kChance : s.to_move; }
  static uint32_t WinnerBits(const State& s) { return s.winner >= 0 ? 1u << s.winner : 0; }
  // The legal ids, sorted, into `out` (kMaxLegal at least); their count. At a chance
  // node, the outcomes' ids.
  static int LegalIds(const State& s, int32_t* out) {
    if (s.IsChanceNode()) [[unlikely]] {
      std::pair<int, double> outcomes[kMaxChanceOutcomes];
      const int n = ChanceOutcomes(s, outcomes);
      for (int i = 0; i < n; ++i) out[i] = outcomes[i].first;
      return n;
    }
    // Not on the stack: constructing a list of 512 moves costs more than filling it.
    static thread_local jaipur::MoveList moves;
    s.LegalMoves(&moves);
    const int n = moves.size();
    jaipur::ActionsOf(std::span<const jaipur::Move>(moves.begin(), moves.end()), out);
    SortIds(out, n);
    return n;
  }
  static jaipur::Move MoveOf(int action) { return jaipur::MoveOf(action); }
  // At a chance node (explicit_chance), each outcome's id and probability into `out`
  // (kMaxChanceOutcomes at least), in increasing id order; their count. 0 elsewhere.
  static int ChanceOutcomes(const State& s, std::pair<int, double>* out) {
    jaipur::ChanceOutcomeList outcomes;
    s.ChanceOutcomes(&outcomes);
    int n = 0;
    for (const jaipur::ChanceOutcome& o : outcomes) out[n++] = {jaipur::ChanceActionOf(o.card), o.probability};
    return n;
  }
  // At a chance node, the card the game's own deck gives (its top card), as an id:
  // played at every chance node, the game is the one without explicit_chance. -1
  // elsewhere.
  static int SampleChance(const State& s) { return s.IsChanceNode() ? jaipur::ChanceActionOf(s.SampleChance()) : -1; }
  static void Observe(const State& s, int player, float* out) {
    jaipur::WriteObservation(s.ViewFor(player), std::span<float, kObservationSize>(out, kObservationSize));
  }
};

template <>
struct Ops<marrakech::State> {
  using State = marrakech::State;
  static constexpr const GameType* kType = &kMarrakechType;
  static constexpr int kObservationSize = marrakech::kObservationSize;
  static constexpr int kMaxLegal = marrakech::kMaxMoves;
  static constexpr int kMaxChanceOutcomes = static_cast<int>(marrakech::kRollOutcomes.size());
  static int NumActions() { return marrakech::kNumDistinctActions; }
  static marrakech::Variant VariantOf(const Game& game) {
    return game.variant.empty() ? marrakech::Variant::kStandard : marrakech::Variant::kSingleColour;
  }
  // Each carpet placed is one turn of two decisions (orient, place); a player put
  // out by a tribute places no more.
  static int MaxGameLength(const Game& game) {
    return 2 * marrakech::NumColors(game.players, VariantOf(game)) *
           marrakech::CarpetsPerColor(game.players, VariantOf(game));
  }
  static constexpr bool kHasExplicitChanceOption = false;
  static constexpr bool kChanceIsPublic = true;  // the die
  // The die is rolled once a turn of two decisions.
  static int MaxChanceNodes(const Game& game) { return MaxGameLength(game) / 2; }
  static constexpr std::span<const ObservationPiece> kObservationPieces = marrakech::kObservationPieces;
  static State NewGame(const Game& game, uint64_t seed) {
    return State::NewGame(game.players, VariantOf(game), seed);
  }
  static bool IsOf(const State& s, const Game& game) {
    return s.num_players == game.players && s.variant == VariantOf(game);
  }
  static std::string Describe(const State& s) {
    return "a marrakech game of " + std::to_string(s.num_players) + " players" +
           (s.variant == marrakech::Variant::kSingleColour ? ", single-colour" : "");
  }
  static std::string Describe(const Game& game) {
    return "marrakech, " + std::to_string(game.players) + " players" + (game.variant.empty() ? "" : ", " + game.variant);
  }
  static Result<State> FromJson(const Json& json) { return marrakech::StateFromJson(json); }
  static Result<marrakech::Move> ParseMove(std::string_view text) { return marrakech::ParseMove(text); }
  static int ActionOf(const marrakech::Move& move) { return marrakech::ActionOf(move); }
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
  // At the die, each roll's id and probability into `out` (kMaxChanceOutcomes at
  // least), in kRollOutcomes' order; their count. 0 elsewhere.
  static int ChanceOutcomes(const State& s, std::pair<int, double>* out) {
    if (s.phase != marrakech::Phase::kRoll) return 0;
    int n = 0;
    for (const marrakech::RollOutcome& o : marrakech::kRollOutcomes)
      out[n++] = {marrakech::ActionOf(marrakech::Move::Roll(o.roll)), o.probability};
    return n;
  }
  // At the die: the roll the game's own PRNG draws (`GameState::SampleChance`, as the
  // arena and `souk demo` play it), as an id; -1 elsewhere.
  static int SampleChance(const State& s) {
    return s.phase == marrakech::Phase::kRoll ? marrakech::ActionOf(marrakech::Move::Roll(s.SampleRoll())) : -1;
  }
  static void Observe(const State& s, int player, float* out) {
    marrakech::WriteObservation(s.ViewFor(player), std::span<float, kObservationSize>(out, kObservationSize));
  }
};

// The longest list of legal moves a registered game may have at once (the module's
// buffers are Jaipur's): more is an EngineBug naming the game.
inline constexpr int kMaxRegisteredLegal = jaipur::kMaxMoves;

// A game of the registry without Ops of its own: everything through its GameState.
template <>
struct Ops<RegisteredState> {
  using State = RegisteredState;
  static constexpr int kObservationSize = 0;  // no tensor: observation_tensor says so
  static constexpr int kMaxLegal = kMaxRegisteredLegal;
  static constexpr int kMaxChanceOutcomes = 0;  // the games do not say them
  static int NumActions(const Game& game) { return game.ids->size(); }
  static int MaxGameLength(const Game& game) {
    return game.ids->max_game_length() > 0 ? game.ids->max_game_length() : kUnboundedGameCap;
  }
  static constexpr bool kHasExplicitChanceOption = false;
  // A chance outcome may be a private deal: the module does not say.
  static constexpr bool kChanceIsPublic = false;
  // Its module does not bound them (-1) unless it has none.
  static int MaxChanceNodes(const Game& game) { return game.type->explicit_chance ? -1 : 0; }
  static constexpr std::span<const ObservationPiece> kObservationPieces = {};
  static State NewGame(const Game& game, uint64_t seed) {
    auto state = souk::NewGame({std::string(game.type->name), seed, game.players, game.variant});
    if (!state.ok()) throw EngineBug(Joined({"game '", game.type->name, "': ", state.message()}));
    return State(game.ids, std::move(*state), game.variant);
  }
  static bool IsOf(const State& s, const Game& game) {
    return s.type() == game.type && s.game().num_players() == game.players && s.variant() == game.variant;
  }
  static std::string Describe(const State& s) { return Joined({"a ", s.type()->name, " game"}); }
  static std::string Describe(const Game& game) { return std::string(game.type->name); }
  static Result<State> FromJson(const Json& json) { return RegisteredStateFromJson(json); }
  // A bot's move as it gave it: CheckMove judges it.
  static Result<std::string> ParseMove(std::string_view text) { return std::string(text); }
  static int NumPlayers(const State& s) { return s.game().num_players(); }
  static bool IsOver(const State& s) { return s.game().is_over(); }
  static int CurrentPlayer(const State& s) {
    return s.game().is_over() ? kTerminal : s.game().current_player() == GameState::kChance ? kChance
                                                                                             : s.game().current_player();
  }
  static uint32_t WinnerBits(const State& s) {
    uint32_t bits = 0;
    for (int seat : s.game().Winners()) bits |= 1u << seat;
    return bits;
  }
  static int LegalIds(const State& s, int32_t* out) {
    const int n = s.LegalIds(out, kMaxLegal);
    SortIds(out, n);
    return n;
  }
  static int SampleChance(const State& s) { return s.SampleChance(); }
  static void Observe(const State&, int, float*) {}
};

// Calls f(std::type_identity<State>{}) with the State of the game's registry entry:
// its own, or RegisteredState (LoadGame admits only the games of AnyState).
template <size_t I = 0, typename F>
decltype(auto) WithStateOf(const GameType* type, F&& f) {
  using State = std::variant_alternative_t<I, AnyState>;
  if constexpr (I + 1 == std::variant_size_v<AnyState>) {
    static_assert(std::is_same_v<State, RegisteredState>, "every other game is a RegisteredState");
    return f(std::type_identity<State>{});
  } else {
    if (Ops<State>::kType == type) return f(std::type_identity<State>{});
    return WithStateOf<I + 1>(type, std::forward<F>(f));
  }
}

// Decisions by id, as every game of Souk's own plays them (Play below).
template <typename State>
struct PlayDecisions {
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

// Operations shared by every game, on any state (Jaipur's and a registered game's below).
template <typename State>
struct Play : PlayDecisions<State> {};

// Jaipur's chance outcomes have ids after its decisions' (jaipur::ChanceActionOf).
template <>
struct Play<jaipur::State> {
  using O = Ops<jaipur::State>;
  static Status Check(const jaipur::State& s, int64_t action) {
    const int first_chance = O::NumActions();
    if (s.IsChanceNode()) {
      const bool in_block = action >= first_chance && action < first_chance + jaipur::kNumCardTypes;
      const std::optional<jaipur::Card> card = in_block ? jaipur::ChanceCardOf(static_cast<int>(action)) : std::nullopt;
      if (!card)
        return Status::Illegal("action " + std::to_string(action) + " is not a chance outcome: a card is to be drawn (" +
                               std::to_string(first_chance) + " to " + std::to_string(first_chance + jaipur::kNumCardTypes - 1) +
                               ")");
      return s.CheckChance(*card);
    }
    // Without the option those ids are none of the game's.
    if (s.explicit_chance && action >= first_chance && action < first_chance + jaipur::kNumCardTypes)
      return Status::Illegal("action " + std::to_string(action) + " is a chance outcome, but no card is to be drawn");
    return PlayDecisions<jaipur::State>::Check(s, action);
  }
  static void Apply(jaipur::State& s, int action) {
    if (s.IsChanceNode()) {
      s.ApplyChance(*jaipur::ChanceCardOf(action));
    } else {
      s.ApplyMove(O::MoveOf(action));
    }
  }
};

template <>
struct Play<RegisteredState> {
  static Status Check(const RegisteredState& s, int64_t action) {
    if (action < 0 || action >= s.ids().size())
      return Status::Error("action " + std::to_string(action) + " is not an id of this game (0 to " +
                           std::to_string(s.ids().size() - 1) + ")");
    return s.CheckMove(s.ids().TextOf(static_cast<int>(action)));
  }
  static void Apply(RegisteredState& s, int action) { s.ApplyMove(s.ids().TextOf(action)); }
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
// At a chance node, each outcome's id and probability (Ops::ChanceOutcomes): Jaipur
// with explicit_chance, Marrakech's die; empty elsewhere, and for a registered game,
// which does not tell them (its SampleChance draws one).
std::vector<std::pair<int, double>> ChanceOutcomesOf(const AnyState& state);
// At a chance node, the outcome the game's own PRNG or deck gives, as an id; -1
// elsewhere or for a game that cannot.
int SampleChanceOf(const AnyState& state);
// A move's canonical text ("draw gold" for a Jaipur chance outcome), and back to an id (errors in the parser's words, or the
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
