#include "format/jaipur_json.h"

#include <algorithm>
#include <optional>

#include "core/text.h"
#include "format/engine_game.h"
#include "format/game_modules.h"

namespace souk::jaipur {
namespace {

using namespace souk::json_in;

constexpr std::array<const char*, kNumBonusPiles> kBonusPileKeys = {"3", "4", "5"};

Json CardList(const CardCounts& counts) {
  Json list = Json::array();
  for (int t = 0; t < kNumCardTypes; ++t)
    for (int i = 0; i < counts[t]; ++i) list.push_back(CardName(static_cast<Card>(t)));
  return list;
}

template <size_t N>
Json ValueList(const std::array<uint8_t, N>& values, int count) {
  Json list = Json::array();
  for (int i = 0; i < count; ++i) list.push_back(values[i]);
  return list;
}

Json TokenPiles(const std::array<uint8_t, kNumGoods>& tokens_left) {
  Json piles = Json::object();
  for (int g = 0; g < kNumGoods; ++g) {
    Json pile = Json::array();
    for (int i = kTokensPerGood[g] - tokens_left[g]; i < kTokensPerGood[g]; ++i)
      pile.push_back(kGoodsTokenValues[g][i]);
    piles[std::string(CardName(GoodAt(g)))] = pile;
  }
  return piles;
}

Json StatusJson(bool game_over) { return game_over ? "game_over" : "playing"; }
Json Seat(int seat) { return seat < 0 ? Json(nullptr) : Json(seat); }

Json LastRound(const std::optional<RoundResult>& last) {
  if (!last) return nullptr;
  return Json{{"rupees", {last->rupees[0], last->rupees[1]}},
              {"camel_token", Seat(last->camel_token)},
              {"seal", Seat(last->seal)}};
}

Card ReadCard(const Json& value, const std::string& path) {
  std::string name = String(value, path);
  auto card = ParseCard(name);
  if (!card || CardName(*card) != name) throw JsonError(path, "unknown card " + Quoted(name));
  return *card;
}

CardCounts ReadCards(const Json& value, const std::string& path, size_t max_size) {
  CardCounts counts{};
  const Json& list = Array(value, path, 0, max_size);
  for (size_t i = 0; i < list.size(); ++i) ++counts[Index(ReadCard(list[i], Join(path, i)))];
  return counts;
}

template <size_t N>
uint8_t ReadValues(const Json& value, const std::string& path, std::array<uint8_t, N>* out) {
  const Json& list = Array(value, path, 0, N);
  for (size_t i = 0; i < list.size(); ++i) (*out)[i] = static_cast<uint8_t>(Int(list[i], Join(path, i), 1, 10));
  return static_cast<uint8_t>(list.size());
}

int ReadSeatOrNull(const Json& value, const std::string& path) {
  return value.is_null() ? -1 : Int(value, path, 0, 1);
}

// The previous round's result ("last_round"), null before the first round ends.
std::optional<RoundResult> ReadLastRound(const Json& j) {
  const Json& last = Member(j, "last_round", "");
  if (last.is_null()) return std::nullopt;
  RoundResult r;
  const Json& rupees = Array(Member(last, "rupees", "last_round"), "last_round.rupees", 2, 2);
  for (size_t p = 0; p < 2; ++p) r.rupees[p] = Int(rupees[p], Join("last_round.rupees", p), 0, 1000);
  r.camel_token = ReadSeatOrNull(Member(last, "camel_token", "last_round"), "last_round.camel_token");
  r.seal = ReadSeatOrNull(Member(last, "seal", "last_round"), "last_round.seal");
  return r;
}

// The goods tokens left on each pile ("token_piles": each the last of its pile's
// tokens, in order), as a state and a view both write them.
std::array<uint8_t, kNumGoods> ReadTokenPiles(const Json& j) {
  std::array<uint8_t, kNumGoods> left{};
  const Json& piles = Object(Member(j, "token_piles", ""), "token_piles");
  for (int g = 0; g < kNumGoods; ++g) {
    std::string name(CardName(GoodAt(g)));
    std::string path = Join("token_piles", name);
    const Json& pile = Array(Member(piles, name, "token_piles"), path, 0, kTokensPerGood[g]);
    int offset = kTokensPerGood[g] - static_cast<int>(pile.size());
    for (size_t k = 0; k < pile.size(); ++k) {
      if (Int(pile[k], Join(path, k), 0, 10) != kGoodsTokenValues[g][offset + static_cast<int>(k)])
        throw JsonError(path, "must be the last tokens of the " + name + " pile, in order");
    }
    left[g] = static_cast<uint8_t>(pile.size());
  }
  return left;
}

// The seat that ran out of time ("timed_out"): written only when one did, so that
// every other state reads as before; absent or null means none.
int ReadTimedOut(const Json& j) {
  const Json* timed_out = OptionalMember(j, "timed_out", "");
  return timed_out ? ReadSeatOrNull(*timed_out, "timed_out") : -1;
}

// The explicit_chance option and the cards it has still to draw: written only with
// the option on, so that every other state reads as before; absent means off.
void ReadExplicitChance(const Json& j, bool* explicit_chance, int* pending_draws) {
  const Json* option = OptionalMember(j, "explicit_chance", "");
  *explicit_chance = option && Bool(*option, "explicit_chance");
  const Json* pending = OptionalMember(j, "pending_draws", "");
  *pending_draws = pending ? Int(*pending, "pending_draws", 0, kCardsDealt) : 0;
  if (*pending_draws && !*explicit_chance) throw JsonError("pending_draws", "cards are drawn by chance only with explicit_chance");
}

State Load(const Json& j) {
  State s;
  if (String(Member(j, "game", ""), "game") != "jaipur") throw JsonError("game", "expected \"jaipur\"");
  s.rng = RngState(Member(j, "rng", ""), "rng");
  s.round = static_cast<uint32_t>(Int(Member(j, "round", ""), "round", 1, static_cast<int>(kMaxRound)));
  s.to_move = static_cast<uint8_t>(Int(Member(j, "to_move", ""), "to_move", 0, 1));
  s.round_starter = static_cast<uint8_t>(Int(Member(j, "round_starter", ""), "round_starter", 0, 1));
  std::string status = String(Member(j, "status", ""), "status");
  if (status != "playing" && status != "game_over") throw JsonError("status", "expected \"playing\" or \"game_over\"");
  s.game_over = status == "game_over";
  s.winner = static_cast<int8_t>(ReadSeatOrNull(Member(j, "winner", ""), "winner"));
  s.timed_out = static_cast<int8_t>(ReadTimedOut(j));
  int pending_draws = 0;
  ReadExplicitChance(j, &s.explicit_chance, &pending_draws);
  s.pending_draws = static_cast<uint8_t>(pending_draws);

  s.market = ReadCards(Member(j, "market", ""), "market", kMarketSize);
  s.discard = ReadCards(Member(j, "discard", ""), "discard", kNumCards);
  const Json& deck = Array(Member(j, "deck", ""), "deck", 0, kNumCards);
  s.deck_size = static_cast<uint8_t>(deck.size());
  for (size_t i = 0; i < deck.size(); ++i) s.deck[s.deck_size - 1 - i] = ReadCard(deck[i], Join("deck", i));

  s.tokens_left = ReadTokenPiles(j);

  const Json& bonus = Object(Member(j, "bonus_piles", ""), "bonus_piles");
  for (int p = 0; p < kNumBonusPiles; ++p) {
    std::string path = Join("bonus_piles", kBonusPileKeys[p]);
    const Json& pile = Array(Member(bonus, kBonusPileKeys[p], "bonus_piles"), path, 0, kBonusTokensPerPile[p]);
    s.bonus_left[p] = static_cast<uint8_t>(pile.size());
    for (size_t i = 0; i < pile.size(); ++i)
      s.bonus[p][pile.size() - 1 - i] = static_cast<uint8_t>(Int(pile[i], Join(path, i), 1, 10));
  }

  const Json& players = Array(Member(j, "players", ""), "players", kNumPlayers, kNumPlayers);
  for (size_t p = 0; p < kNumPlayers; ++p) {
    std::string path = Join("players", p);
    const Json& pj = Object(players[p], path);
    PlayerState& ps = s.players[p];
    ps.hand = ReadCards(Member(pj, "hand", path), Join(path, "hand"), kNumCards);
    if (ps.hand[Index(Card::kCamel)]) throw JsonError(Join(path, "hand"), "camels belong in the herd");
    // Optional: a state written before this field existed knows nothing of the hands.
    if (pj.contains("known")) ps.known = ReadCards(pj.at("known"), Join(path, "known"), kHandLimit);
    ps.hand_size = 0;
    for (uint8_t c : ps.hand) ps.hand_size = static_cast<uint8_t>(ps.hand_size + c);
    ps.herd = static_cast<uint8_t>(Int(Member(pj, "herd", path), Join(path, "herd"), 0, kCardsPerType[Index(Card::kCamel)]));
    ps.num_goods_tokens = ReadValues(Member(pj, "goods_tokens", path), Join(path, "goods_tokens"), &ps.goods_tokens);
    ps.num_bonus_tokens = ReadValues(Member(pj, "bonus_tokens", path), Join(path, "bonus_tokens"), &ps.bonus_tokens);
    ps.seals = static_cast<uint8_t>(Int(Member(pj, "seals", path), Join(path, "seals"), 0, kSealsToWin));
  }

  s.last_round = ReadLastRound(j);
  return s;
}

// A seat's view as ViewToJson writes it (what `souk view` prints). The caller checks
// the view against ViewToJson of the result: this reads, it does not judge.
View LoadView(const Json& j) {
  View v;
  if (String(Member(j, "game", ""), "game") != "jaipur") throw JsonError("game", "expected \"jaipur\"");
  v.viewer = Int(Member(j, "viewer", ""), "viewer", 0, 1);
  v.round = Int(Member(j, "round", ""), "round", 1, static_cast<int>(kMaxRound));
  v.to_move = Int(Member(j, "to_move", ""), "to_move", 0, 1);
  v.round_starter = Int(Member(j, "round_starter", ""), "round_starter", 0, 1);
  std::string status = String(Member(j, "status", ""), "status");
  if (status != "playing" && status != "game_over") throw JsonError("status", "expected \"playing\" or \"game_over\"");
  v.game_over = status == "game_over";
  v.winner = ReadSeatOrNull(Member(j, "winner", ""), "winner");
  v.timed_out = ReadTimedOut(j);
  ReadExplicitChance(j, &v.explicit_chance, &v.pending_draws);
  v.market = ReadCards(Member(j, "market", ""), "market", kMarketSize);
  v.discard = ReadCards(Member(j, "discard", ""), "discard", kNumCards);
  v.deck_size = Int(Member(j, "deck_size", ""), "deck_size", 0, kNumCards);
  v.tokens_left = ReadTokenPiles(j);
  const Json& bonus = Object(Member(j, "bonus_piles", ""), "bonus_piles");
  for (int p = 0; p < kNumBonusPiles; ++p) {
    std::string path = Join("bonus_piles", kBonusPileKeys[p]);
    v.bonus_left[p] = static_cast<uint8_t>(Int(Member(bonus, kBonusPileKeys[p], "bonus_piles"), path, 0, kBonusTokensPerPile[p]));
  }
  const Json& players = Array(Member(j, "players", ""), "players", kNumPlayers, kNumPlayers);
  for (size_t p = 0; p < kNumPlayers; ++p) {
    std::string path = Join("players", p);
    const Json& pj = Object(players[p], path);
    v.known[p] = ReadCards(Member(pj, "known", path), Join(path, "known"), kHandLimit);
    v.herd[p] = static_cast<uint8_t>(Int(Member(pj, "herd", path), Join(path, "herd"), 0, kCardsPerType[Index(Card::kCamel)]));
    v.num_goods_tokens[p] = ReadValues(Member(pj, "goods_tokens", path), Join(path, "goods_tokens"), &v.goods_tokens[p]);
    v.seals[p] = static_cast<uint8_t>(Int(Member(pj, "seals", path), Join(path, "seals"), 0, kSealsToWin));
    if (static_cast<int>(p) == v.viewer) {
      v.hand = ReadCards(Member(pj, "hand", path), Join(path, "hand"), kHandLimit);
      if (v.hand[Index(Card::kCamel)]) throw JsonError(Join(path, "hand"), "camels belong in the herd");
      v.num_bonus_tokens = ReadValues(Member(pj, "bonus_tokens", path), Join(path, "bonus_tokens"), &v.bonus_tokens);
    } else {
      v.opponent.hand_size = static_cast<uint8_t>(Int(Member(pj, "hand_size", path), Join(path, "hand_size"), 0, kHandLimit));
      const Json& counts = Object(Member(pj, "bonus_counts", path), Join(path, "bonus_counts"));
      for (int b = 0; b < kNumBonusPiles; ++b)
        v.opponent.bonus_counts[b] = static_cast<uint8_t>(Int(Member(counts, kBonusPileKeys[b], Join(path, "bonus_counts")),
                                                              Join(Join(path, "bonus_counts"), kBonusPileKeys[b]), 0,
                                                              kBonusTokensPerPile[b]));
    }
  }
  v.last_round = ReadLastRound(j);
  return v;
}

class JaipurGame final : public GameState {
 public:
  explicit JaipurGame(const State& state) : state_(state) {}

  std::string_view game() const override { return "jaipur"; }
  int num_players() const override { return kNumPlayers; }
  bool is_over() const override { return state_.game_over; }
  int current_player() const override { return state_.to_move; }

  std::vector<std::string> LegalMoves() const override { return SortedMoveTexts<MoveList>(state_); }

  Status Apply(std::string_view text) override { return ParseCheckPlay(state_, text, ParseMove, &last_event_); }
  AnyEvent LastEvent() const override { return last_event_ ? AnyEvent(*last_event_) : AnyEvent(); }
  Json LastEventJson(int viewer) const override {
    return last_event_ ? EventToJson(*last_event_, viewer) : Json(nullptr);
  }

  Json ToJson() const override { return StateToJson(state_); }
  Json ViewJson(int player) const override {
    if (player != kSpectator) return ViewToJson(state_.ViewFor(player));
    return SpectatorViewJson({state_.ViewFor(0), state_.ViewFor(1)});
  }
  AnyView PlayerView(int player) const override { return state_.ViewFor(player); }

  // Rupees of the round being played; once the game is over, the last round's
  // scored rupees (camel token included).
  std::vector<int> Scores() const override {
    return {state_.Score(0), state_.Score(1)};
  }
  std::vector<int> Winners() const override {
    if (!state_.game_over) return {};
    return {state_.winner};
  }

  Status Validate() const override { return state_.Validate(); }
  void RandomizeHidden(int observer, Prng& prng) override { state_.RandomizeHidden(observer, prng); }
  std::unique_ptr<GameState> Clone() const override { return std::make_unique<JaipurGame>(*this); }

 private:
  State state_;
  std::optional<MoveEvent> last_event_;
};

Result<std::unique_ptr<GameState>> Create(const GameOptions& options) {
  if (auto checked = CheckPlayersAndVariant(kJaipurType, options.players, options.variant); !checked.ok())
    return checked.status();
  return std::unique_ptr<GameState>(std::make_unique<JaipurGame>(State::NewGame(options.seed)));
}

Result<std::unique_ptr<GameState>> LoadGame(const Json& json) {
  auto state = StateFromJson(json);
  if (!state.ok()) return state.status();
  return std::unique_ptr<GameState>(std::make_unique<JaipurGame>(*state));
}

}  // namespace

Json StateToJson(const State& s) {
  Json j;
  j["game"] = "jaipur";
  j["round"] = s.round;
  j["to_move"] = s.to_move;
  j["round_starter"] = s.round_starter;
  j["market"] = CardList(s.market);
  Json deck = Json::array();
  for (int i = 0; i < s.deck_size; ++i) deck.push_back(CardName(s.DeckCardFromTop(i)));
  j["deck"] = deck;
  j["discard"] = CardList(s.discard);
  j["token_piles"] = TokenPiles(s.tokens_left);
  Json bonus = Json::object();
  for (int p = 0; p < kNumBonusPiles; ++p) {
    Json pile = Json::array();
    for (int i = s.bonus_left[p] - 1; i >= 0; --i) pile.push_back(s.bonus[p][i]);
    bonus[kBonusPileKeys[p]] = pile;
  }
  j["bonus_piles"] = bonus;
  Json players = Json::array();
  for (const PlayerState& p : s.players) {
    players.push_back(Json{{"hand", CardList(p.hand)},
                           {"known", CardList(p.known)},
                           {"herd", p.herd},
                           {"goods_tokens", ValueList(p.goods_tokens, p.num_goods_tokens)},
                           {"bonus_tokens", ValueList(p.bonus_tokens, p.num_bonus_tokens)},
                           {"seals", p.seals}});
  }
  j["players"] = players;
  j["status"] = StatusJson(s.game_over);
  j["winner"] = Seat(s.winner);
  if (s.timed_out >= 0) j["timed_out"] = s.timed_out;
  if (s.explicit_chance) {
    j["explicit_chance"] = true;
    j["pending_draws"] = s.pending_draws;
  }
  j["last_round"] = LastRound(s.last_round);
  j["rng"] = Prng(s.rng).StateHex();
  return j;
}

Json SpectatorViewJson(const std::array<View, kNumPlayers>& seats) {
  // Seat 0 as seat 1 sees it, seat 1 as seat 0 does: no hand, no bonus value.
  Json view = ViewToJson(seats[0]);
  view["players"][0] = ViewToJson(seats[1])["players"][0];
  view["viewer"] = nullptr;
  return view;
}

Json ViewToJson(const View& v) {
  Json j;
  j["game"] = "jaipur";
  j["viewer"] = v.viewer;
  j["round"] = v.round;
  j["to_move"] = v.to_move;
  j["round_starter"] = v.round_starter;
  j["market"] = CardList(v.market);
  j["deck_size"] = v.deck_size;
  j["discard"] = CardList(v.discard);
  j["token_piles"] = TokenPiles(v.tokens_left);
  Json bonus = Json::object();
  for (int p = 0; p < kNumBonusPiles; ++p) bonus[kBonusPileKeys[p]] = v.bonus_left[p];
  j["bonus_piles"] = bonus;
  Json players = Json::array();
  for (int p = 0; p < kNumPlayers; ++p) {
    Json pj;
    std::array<uint8_t, kNumBonusPiles> counts = v.opponent.bonus_counts;
    if (p == v.viewer) {
      pj["hand"] = CardList(v.hand);
      int size = 0;
      for (uint8_t c : v.hand) size += c;
      pj["hand_size"] = size;
      counts = {};
      for (int i = 0; i < v.num_bonus_tokens; ++i) ++counts[BonusPileOfValue(v.bonus_tokens[i])];
    } else {
      pj["hand_size"] = v.opponent.hand_size;
    }
    pj["known"] = CardList(v.known[p]);
    pj["herd"] = v.herd[p];
    pj["goods_tokens"] = ValueList(v.goods_tokens[p], v.num_goods_tokens[p]);
    if (p == v.viewer) pj["bonus_tokens"] = ValueList(v.bonus_tokens, v.num_bonus_tokens);
    pj["bonus_counts"] = Json{{"3", counts[0]}, {"4", counts[1]}, {"5", counts[2]}};
    pj["seals"] = v.seals[p];
    players.push_back(pj);
  }
  j["players"] = players;
  j["status"] = StatusJson(v.game_over);
  j["winner"] = Seat(v.winner);
  if (v.timed_out >= 0) j["timed_out"] = v.timed_out;
  if (v.explicit_chance) {
    j["explicit_chance"] = true;
    j["pending_draws"] = v.pending_draws;
  }
  j["last_round"] = LastRound(v.last_round);
  return j;
}

Result<State> StateFromJson(const Json& json) { return LoadValidated<State>(json, Load); }

Result<View> ViewFromJson(const Json& json) {
  try {
    return LoadView(json);
  } catch (const json_in::JsonError& e) {
    return Status::Error(std::string("view: ") + e.what());
  }
}

Json EventToJson(const MoveEvent& event, int viewer) {
  const MoveEvent e = ForViewer(event, viewer);
  const Move& m = e.move;
  Json j = Json::object();
  switch (m.kind) {
    case MoveKind::kTake:
      j["action"] = "take";
      j["good"] = CardName(m.good);
      break;
    case MoveKind::kCamels:
      j["action"] = "camels";
      j["count"] = e.camels;
      break;
    case MoveKind::kExchange:
      j["action"] = "exchange";
      j["taken"] = CardList(m.taken.Unpack());
      j["given"] = CardList(m.given.Unpack());
      break;
    case MoveKind::kSell:
      j["action"] = "sell";
      j["good"] = CardName(m.good);
      j["count"] = m.count;
      j["tokens"] = ValueList(e.tokens, e.num_tokens);
      j["bonus"] = e.bonus;
      if (e.bonus && viewer == e.seat) j["bonus_value"] = e.bonus_value;
      break;
    case MoveKind::kTimeOut:
      j["action"] = "timeout";  // `seat` ran out of time; `winner` follows (the game is over)
      break;
  }
  if (e.round_end) {
    const RoundEnd& r = *e.round_end;
    Json end = LastRound(r.result);
    end["goods"] = r.goods;
    end["bonus"] = r.bonus;
    end["camel"] = r.camel;
    end["view"] = viewer >= 0 ? ViewToJson(r.tables[static_cast<size_t>(viewer)]) : SpectatorViewJson(r.tables);
    j["round_end"] = end;
  }
  if (e.game_over) j["winner"] = Seat(e.winner);
  j["seat"] = e.seat;
  j["move"] = ToString(m);
  j["chance"] = false;
  return j;
}

ViewFacts FactsOfView(const View& view) {
  return {.game = {.game = std::string(kJaipurType.name), .seed = 0, .players = kNumPlayers, .variant = ""},
          .viewer = view.viewer,
          .to_move = view.to_move,
          .chance = false,
          .over = view.game_over};
}

std::vector<std::string> LegalMovesOfView(const View& view) {
  Prng prng(1);
  return SortedMoveTexts<MoveList>(State::FromView(view, prng));
}

}  // namespace souk::jaipur

namespace souk {
const GameModule kJaipurModule = {&kJaipurType, &jaipur::Create, &jaipur::LoadGame,
                                  [](const Json& j) { return LoadReachableView<jaipur::State>(j, &jaipur::ViewFromJson, &jaipur::ViewToJson); }};
}  // namespace souk
