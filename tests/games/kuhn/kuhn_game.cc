// Kuhn poker behind the GameState interface: moves as text, states and views as
// JSON, views and events as core/registered_game.h's values.
#include "kuhn/kuhn_game.h"

#include <algorithm>
#include <memory>
#include <optional>

#include "format/engine_game.h"
#include "format/game_modules.h"
#include "format/registered_game.h"
#include "kuhn/kuhn.h"

namespace souk::kuhn {

constinit const GameType kKuhnType{
    .name = "kuhn",
    .display_name = "Kuhn poker",
    .display_name_fr = "Poker de Kuhn",
    .min_players = kNumPlayers,
    .max_players = kNumPlayers,
    .default_players = kNumPlayers,
    .variants = {},
    .explicit_chance = false,  // the deal is the seed's
    .hidden_information = true,
    .win_estimate = "the hand",
};

namespace {
using namespace json_in;

Card ReadCard(const Json& value, const std::string& path) {
  auto card = CardOf(String(value, path));
  if (!card) throw JsonError(path, "expected \"J\", \"Q\" or \"K\"");
  return *card;
}

Json MovesJson(const State& s) {
  Json moves = Json::array();
  for (int i = 0; i < s.num_actions; ++i) moves.push_back(ActionName(s.history[static_cast<size_t>(i)]));
  return moves;
}

void ReadMoves(const Json& value, State* s) {
  const Json& moves = Array(value, "moves", 0, kMaxActions);
  for (size_t i = 0; i < moves.size(); ++i) {
    auto action = ParseAction(String(moves[i], Join("moves", i)));
    if (!action.ok()) throw JsonError(Join("moves", i), action.message());
    s->history[i] = *action;
  }
  s->num_actions = static_cast<int>(moves.size());
}

Json SeatOrNull(int seat) { return seat >= 0 ? Json(seat) : Json(nullptr); }

Json StateToJson(const State& s) {
  return Json{{"game", "kuhn"},
              {"cards", {CardName(s.cards[0]), CardName(s.cards[1])}},
              {"set_aside", CardName(s.set_aside)},
              {"moves", MovesJson(s)}};
}

Result<State> StateFromJson(const Json& j) {
  State s;
  try {
    if (String(Member(j, "game", ""), "game") != "kuhn") throw JsonError("game", "expected \"kuhn\"");
    const Json& cards = Array(Member(j, "cards", ""), "cards", kNumPlayers, kNumPlayers);
    for (size_t p = 0; p < kNumPlayers; ++p) s.cards[p] = ReadCard(cards[p], Join("cards", p));
    s.set_aside = ReadCard(Member(j, "set_aside", ""), "set_aside");
    ReadMoves(Member(j, "moves", ""), &s);
  } catch (const JsonError& e) {
    return Status::Error(std::string("state: ") + e.what());
  }
  if (Status valid = s.Validate(); !valid.ok()) return Status::Error("state: " + valid.message());
  return s;
}

// What `viewer` (-1: a spectator) may know: their own card, and every card at a
// showdown (rule 9). Each seat's part is in `players`, as in every game's view (the
// server reveals each seat's own part at the end).
Json ViewToJson(const State& s, int viewer) {
  Json players = Json::array();
  const auto stakes = s.stakes();
  for (int p = 0; p < kNumPlayers; ++p) {
    const bool seen = p == viewer || s.showdown();
    players.push_back(Json{{"card", seen ? Json(CardName(s.cards[static_cast<size_t>(p)])) : Json(nullptr)},
                           {"stake", stakes[static_cast<size_t>(p)]}});
  }
  return Json{{"game", "kuhn"},
              {"viewer", SeatOrNull(viewer)},
              {"status", s.over() ? "game_over" : "playing"},
              {"to_move", s.over() ? Json(nullptr) : Json(s.to_move())},
              {"players", players},
              {"moves", MovesJson(s)},
              {"winner", SeatOrNull(s.winner())}};
}

// The last move of `s`, as anyone may know it: who did what, and at the end who won
// how many chips, with the cards when they were shown.
Json EventToJson(const State& s) {
  const int seat = (s.num_actions - 1) % 2;
  Json event{{"seat", seat}, {"move", ActionName(s.history[static_cast<size_t>(s.num_actions - 1)])}};
  if (s.over()) {
    event["winner"] = s.winner();
    event["chips"] = s.scores()[static_cast<size_t>(s.winner())];
    if (s.showdown()) event["cards"] = {CardName(s.cards[0]), CardName(s.cards[1])};
  }
  return event;
}

class KuhnGame final : public GameState {
 public:
  explicit KuhnGame(const State& state) : state_(state) {}

  std::string_view game() const override { return kKuhnType.name; }
  int num_players() const override { return kNumPlayers; }
  bool is_over() const override { return state_.over(); }
  int current_player() const override { return state_.to_move(); }

  std::vector<std::string> LegalMoves() const override {
    std::vector<std::string> moves;
    for (Action a : state_.LegalActions()) moves.emplace_back(ActionName(a));
    std::sort(moves.begin(), moves.end());
    return moves;
  }
  Status Apply(std::string_view text) override {
    auto action = ParseAction(text);
    if (!action.ok()) return action.status();
    if (Status legal = state_.Check(*action); !legal.ok()) return legal;
    state_.Apply(*action);
    moved_ = true;
    return Status::Ok();
  }
  // Every viewer knows the same of a move: the cards only when the showdown shows them.
  Json LastEventJson(int /*viewer*/) const override { return moved_ ? EventToJson(state_) : Json(nullptr); }
  AnyEvent LastEvent() const override { return MakeRegisteredEvent(*this); }

  Json ToJson() const override { return StateToJson(state_); }
  Json ViewJson(int player) const override { return ViewToJson(state_, player); }
  AnyView PlayerView(int player) const override { return MakeRegisteredView(*this, player, ""); }
  std::vector<int> Scores() const override { return {state_.scores()[0], state_.scores()[1]}; }
  std::vector<int> Winners() const override {
    if (!state_.over()) return {};
    return {state_.winner()};
  }
  Status Validate() const override { return state_.Validate(); }
  // Deals again the cards `observer` has not seen: the other seat's (or both, for a
  // spectator) and the one set aside.
  void RandomizeHidden(int observer, Prng& prng) override {
    if (state_.showdown()) return;
    std::vector<Card*> hidden = {&state_.set_aside};
    for (int p = 0; p < kNumPlayers; ++p)
      if (p != observer) hidden.push_back(&state_.cards[static_cast<size_t>(p)]);
    std::vector<Card> cards;
    for (Card* c : hidden) cards.push_back(*c);
    prng.Shuffle(cards.data(), cards.size());
    for (size_t i = 0; i < hidden.size(); ++i) *hidden[i] = cards[i];
  }
  std::unique_ptr<GameState> Clone() const override { return std::make_unique<KuhnGame>(*this); }

 private:
  State state_;
  bool moved_ = false;
};

Result<std::unique_ptr<GameState>> Create(const GameOptions& options) {
  if (auto checked = CheckPlayersAndVariant(kKuhnType, options.players, options.variant); !checked.ok())
    return checked.status();
  return std::unique_ptr<GameState>(std::make_unique<KuhnGame>(State::Deal(options.seed)));
}

Result<std::unique_ptr<GameState>> Load(const Json& json) {
  auto state = StateFromJson(json);
  if (!state.ok()) return state.status();
  return std::unique_ptr<GameState>(std::make_unique<KuhnGame>(*state));
}

// A seat's view, read, and checked as every game's is: the cards it does not show
// dealt from those left, the view of that game must be the view given.
Result<AnyView> LoadView(const Json& j) {
  State s;
  int viewer = 0;
  std::array<std::optional<Card>, kNumPlayers> shown;
  try {
    if (String(Member(j, "game", ""), "game") != "kuhn") throw JsonError("game", "expected \"kuhn\"");
    viewer = Int(Member(j, "viewer", ""), "viewer", 0, kNumPlayers - 1);
    const Json& players = Array(Member(j, "players", ""), "players", kNumPlayers, kNumPlayers);
    for (size_t p = 0; p < kNumPlayers; ++p) {
      const std::string path = Join("players", p);
      const Json& card = Member(Object(players[p], path), "card", path);
      if (!card.is_null()) shown[p] = ReadCard(card, Join(path, "card"));
    }
    const std::string own = Join(Join("players", static_cast<size_t>(viewer)), "card");
    if (!shown[static_cast<size_t>(viewer)]) throw JsonError(own, "the viewer's own card must be shown");
    ReadMoves(Member(j, "moves", ""), &s);
  } catch (const JsonError& e) {
    return Status::Error(std::string("view: ") + e.what());
  }
  std::vector<Card> left = {Card::kJack, Card::kQueen, Card::kKing};
  for (const auto& card : shown)
    if (card) left.erase(std::remove(left.begin(), left.end(), *card), left.end());
  if (left.size() + (shown[0] ? 1 : 0) + (shown[1] ? 1 : 0) != 3) return Status::Error("view: cards: the cards shown must differ");
  for (size_t p = 0; p < kNumPlayers; ++p) {
    s.cards[p] = shown[p] ? *shown[p] : left.front();
    if (!shown[p]) left.erase(left.begin());
  }
  s.set_aside = left.front();
  if (Status valid = s.Validate(); !valid.ok()) return Status::Error("view: no game reaches it: " + valid.message());
  const KuhnGame game(s);
  if (std::string disagreement = ViewDisagreement(game.ViewJson(viewer), j, ""); !disagreement.empty())
    return Status::Error("view: " + disagreement);
  return game.PlayerView(viewer);
}

// Move ids for callers that play by id (the Python module): kuhn.h's Action order, as
// OpenSpiel's kuhn_poker puts pass before bet. A hand has at most three actions.
constexpr std::string_view kMoveIds[] = {"pass", "bet", "call", "fold"};
const ActionCodec kKuhnActions = {kMoveIds, kMaxActions};

const GameModule kKuhnModule = {&kKuhnType, &Create, &Load, &LoadView, &kKuhnActions};

// The one line that adds the game to the registry every layer reads.
[[maybe_unused]] const bool kRegistered = RegisterGameType(kKuhnType) && RegisterGameModule(kKuhnModule);

}  // namespace
}  // namespace souk::kuhn
