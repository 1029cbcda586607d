#include "python/engine.h"

#include "format/game.h"

namespace souk::python {
namespace {

// The Ops of a game's State, through the registry entry or the state's alternative.
template <typename T>
using OpsOf = Ops<typename T::type>;

template <typename T>
constexpr bool kRegistered = std::is_same_v<typename T::type, RegisteredState>;

template <typename S>
constexpr bool kRegisteredState = std::is_same_v<std::decay_t<S>, RegisteredState>;

std::string Describe(const AnyState& state) {
  return std::visit([](const auto& s) { return Ops<std::decay_t<decltype(s)>>::Describe(s); }, state);
}

std::string Describe(const Game& game) {
  return WithStateOf(game.type, [&](auto t) { return OpsOf<decltype(t)>::Describe(game); });
}

}  // namespace

int Game::NumDistinctActions() const {
  return WithStateOf(type, [&](auto t) {
    if constexpr (kRegistered<decltype(t)>) return OpsOf<decltype(t)>::NumActions(*this);
    else return OpsOf<decltype(t)>::NumActions();
  });
}

int Game::ObservationSize() const {
  return WithStateOf(type, [](auto t) { return OpsOf<decltype(t)>::kObservationSize; });
}

int Game::MaxChanceOutcomes() const {
  return WithStateOf(type, [&](auto t) {
    using O = OpsOf<decltype(t)>;
    if constexpr (requires { O::MaxChanceOutcomes(*this); }) return O::MaxChanceOutcomes(*this);
    else return O::kMaxChanceOutcomes;
  });
}

int Game::MaxGameLength() const {
  return WithStateOf(type, [&](auto t) { return OpsOf<decltype(t)>::MaxGameLength(*this); });
}

int Game::MaxChanceNodes() const {
  return WithStateOf(type, [&](auto t) { return OpsOf<decltype(t)>::MaxChanceNodes(*this); });
}

bool Game::ChanceIsPublic() const {
  return WithStateOf(type, [](auto t) { return OpsOf<decltype(t)>::kChanceIsPublic; });
}

std::span<const ObservationPiece> Game::ObservationPieces() const {
  return WithStateOf(type, [](auto t) { return OpsOf<decltype(t)>::kObservationPieces; });
}

bool HasExplicitChanceOption(const GameType* type) {
  return WithStateOf(type, [](auto t) { return OpsOf<decltype(t)>::kHasExplicitChanceOption; });
}

namespace {

// Whether the game has Ops of its own in AnyState.
template <size_t... I>
bool HasOwnOps(const GameType* type, std::index_sequence<I...>) {
  return ((Ops<std::variant_alternative_t<I, AnyState>>::kType == type) || ...);
}

}  // namespace

Result<Game> LoadGame(std::string_view name, int players, std::string_view variant, bool explicit_chance) {
  auto type = GameTypeOrError(name);
  if (!type.ok()) return type.status();
  if (explicit_chance && !HasExplicitChanceOption(*type))
    return Status::Error("explicit_chance is not an option of " + std::string((*type)->name) +
                         " (its chance nodes, if any, are always explicit)");
  const ActionIds* ids = nullptr;
  if (!HasOwnOps(*type, std::make_index_sequence<std::variant_size_v<AnyState> - 1>())) {
    auto registered = ActionIds::Of(*type);
    if (!registered.ok()) return registered.status();
    ids = *registered;
  }
  if ((*type)->max_players > kMaxSeats) return Status::Internal("game '" + std::string(name) + "' has more seats than kMaxSeats");
  std::string v(variant);
  std::replace(v.begin(), v.end(), '_', '-');
  auto count = CheckPlayersAndVariant(**type, players, v);
  if (!count.ok()) return count.status();
  Game game;
  game.type = *type;
  game.players = *count;
  game.variant = v;
  game.ids = ids;
  game.explicit_chance = explicit_chance;
  return game;
}

AnyState NewState(const Game& game, uint64_t seed) {
  return WithStateOf(game.type, [&](auto t) -> AnyState { return OpsOf<decltype(t)>::NewGame(game, seed); });
}

bool StateIsOf(const AnyState& state, const Game& game) {
  return std::visit(
      [&](const auto& s) {
        using O = Ops<std::decay_t<decltype(s)>>;
        if constexpr (kRegisteredState<decltype(s)>) return O::IsOf(s, game);
        else return O::kType == game.type && O::IsOf(s, game);
      },
      state);
}

void Returns(int n, uint32_t winner_bits, bool over, std::span<double> out) {
  std::fill(out.begin(), out.end(), 0.0);
  if (!over) return;
  int winners = 0;
  for (int p = 0; p < n; ++p) winners += (winner_bits >> p) & 1;
  const double scale = static_cast<double>(n) / (n - 1);
  for (int p = 0; p < n; ++p) {
    const double share = (winner_bits >> p) & 1 ? 1.0 / winners : 0.0;
    out[static_cast<size_t>(p)] = scale * (share - 1.0 / n);
  }
}

int CurrentPlayer(const AnyState& state) {
  return std::visit([](const auto& s) { return Ops<std::decay_t<decltype(s)>>::CurrentPlayer(s); }, state);
}

int NumPlayers(const AnyState& state) {
  return std::visit([](const auto& s) { return Ops<std::decay_t<decltype(s)>>::NumPlayers(s); }, state);
}

bool IsOver(const AnyState& state) {
  return std::visit([](const auto& s) { return Ops<std::decay_t<decltype(s)>>::IsOver(s); }, state);
}

std::vector<int32_t> LegalIds(const AnyState& state) {
  return std::visit(
      [](const auto& s) {
        using O = Ops<std::decay_t<decltype(s)>>;
        std::vector<int32_t> ids(O::kMaxLegal);
        ids.resize(static_cast<size_t>(O::LegalIds(s, ids.data())));
        return ids;
      },
      state);
}

Status Check(const AnyState& state, int64_t action) {
  return std::visit([&](const auto& s) { return Play<std::decay_t<decltype(s)>>::Check(s, action); }, state);
}

void Apply(AnyState& state, int action) {
  std::visit([&](auto& s) { Play<std::decay_t<decltype(s)>>::Apply(s, action); }, state);
}

std::vector<double> Returns(const AnyState& state) {
  return std::visit(
      [](const auto& s) {
        using O = Ops<std::decay_t<decltype(s)>>;
        std::vector<double> out(static_cast<size_t>(O::NumPlayers(s)));
        Returns(O::NumPlayers(s), O::WinnerBits(s), O::IsOver(s), out);
        return out;
      },
      state);
}

std::vector<int> Scores(const AnyState& state) {
  return std::visit(
      [](const auto& s) {
        std::vector<int> scores;
        for (int p = 0; p < Ops<std::decay_t<decltype(s)>>::NumPlayers(s); ++p) scores.push_back(s.Score(p));
        return scores;
      },
      state);
}

void Observe(const AnyState& state, int player, std::span<float> out) {
  std::visit([&](const auto& s) { Ops<std::decay_t<decltype(s)>>::Observe(s, player, out.data()); }, state);
}

std::vector<std::pair<int, double>> ChanceOutcomesOf(const AnyState& state) {
  return std::visit(
      [](const auto& s) {
        using O = Ops<std::decay_t<decltype(s)>>;
        std::vector<std::pair<int, double>> outcomes;
        if constexpr (!kRegisteredState<decltype(s)>) {
          outcomes.resize(O::kMaxChanceOutcomes);
          outcomes.resize(static_cast<size_t>(O::ChanceOutcomes(s, outcomes.data())));
        }
        return outcomes;
      },
      state);
}

int SampleChanceOf(const AnyState& state) {
  return std::visit([](const auto& s) { return Ops<std::decay_t<decltype(s)>>::SampleChance(s); }, state);
}

std::string ActionText(const AnyState& state, int action) {
  return std::visit(
      [&](const auto& s) {
        if constexpr (kRegisteredState<decltype(s)>) {
          return std::string(s.ids().TextOf(action));
        } else if constexpr (std::is_same_v<std::decay_t<decltype(s)>, jaipur::State>) {
          if (const auto card = jaipur::ChanceCardOf(action)) return "draw " + std::string(jaipur::CardName(*card));
          return ToString(jaipur::MoveOf(action));
        } else {
          return ToString(Ops<std::decay_t<decltype(s)>>::MoveOf(action));
        }
      },
      state);
}

namespace {

template <typename Move>
Result<int> IdOf(const Result<Move>& parsed, int (*action_of)(const Move&)) {
  if (!parsed.ok()) return parsed.status();
  const int id = action_of(*parsed);
  if (id >= 0) return id;
  // Appended piece by piece: g++ 12 warns (-Wrestrict, falsely) on the chained +.
  std::string message = "'";
  message += ToString(*parsed);
  message += "' is a move no rule allows: it has no action id";
  return Status::Error(message);
}

}  // namespace

Result<int> ParseAction(const AnyState& state, std::string_view text) {
  return std::visit(
      [&](const auto& s) {
        using O = Ops<std::decay_t<decltype(s)>>;
        if constexpr (kRegisteredState<decltype(s)>) return s.IdOf(text);
        else return IdOf(O::ParseMove(text), &O::ActionOf);
      },
      state);
}

AnyState Resample(const AnyState& state, int player, uint64_t seed) {
  Prng prng(seed);
  return std::visit(
      [&](const auto& s) -> AnyState {
        if constexpr (kRegisteredState<decltype(s)>) {
          RegisteredState resampled = s;
          resampled.game().RandomizeHidden(player, prng);
          return resampled;
        } else {
          return std::decay_t<decltype(s)>::FromView(s.ViewFor(player), prng);
        }
      },
      state);
}

namespace {

Json ToJson(const AnyState& state) {
  return std::visit(
      [](const auto& s) {
        if constexpr (kRegisteredState<decltype(s)>) return s.game().ToJson();
        else return StateToJson(s);
      },
      state);
}

Json ViewToJsonOf(const AnyState& state, int player) {
  return std::visit(
      [&](const auto& s) {
        if constexpr (kRegisteredState<decltype(s)>) return s.game().ViewJson(player);
        else return ViewToJson(s.ViewFor(player));
      },
      state);
}

}  // namespace

std::string StateJson(const AnyState& state) { return DumpJson(ToJson(state)); }

std::string ViewJson(const AnyState& state, int player) { return DumpJson(ViewToJsonOf(state, player)); }

std::string ViewText(const AnyState& state, int player) {
  const Json view = ViewToJsonOf(state, player);
  std::string text;
  for (const auto& [key, value] : view.items()) {
    if (key == "game") continue;
    if (key == "players") {
      for (size_t p = 0; p < value.size(); ++p)
        text.append("player ").append(std::to_string(p)).append(": ").append(DumpJson(value[p])).append("\n");
      continue;
    }
    if (key == "board") {
      // One line per row, each square its colour or '.', so the board reads as one.
      text += "board:\n";
      for (const Json& row : value) {
        std::string line = " ";
        for (const Json& cell : row) line.append(" ").append(cell.is_null() ? "." : std::to_string(cell.at("color").get<int>()));
        text.append(line).append("\n");
      }
      continue;
    }
    text.append(key).append(": ").append(value.is_string() ? value.get<std::string>() : DumpJson(value)).append("\n");
  }
  return text;
}

Result<AnyState> LoadState(const Game& game, std::string_view text) {
  auto json = ParseJson(text);
  if (!json.ok()) return json.status();
  // The CLI's loader first, for its checks and its messages.
  auto checked = souk::LoadState(*json);
  if (!checked.ok()) return checked.status();
  Result<AnyState> state = WithStateOf(FindGameType((*checked)->game()), [&](auto t) -> Result<AnyState> {
    auto s = OpsOf<decltype(t)>::FromJson(*json);
    if (!s.ok()) return s.status();
    return AnyState(*std::move(s));
  });
  if (!state.ok()) return state.status();  // a registered game without move ids
  if (!StateIsOf(*state, game))
    return Status::Error("the state is " + Describe(*state) + ", not a game of " + Describe(game));
  return state;
}

}  // namespace souk::python
