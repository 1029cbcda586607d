#include "format/marrakech_json.h"

#include <algorithm>

#include "format/engine_game.h"
#include "format/game_modules.h"

namespace souk::marrakech {
namespace {

// The variant's name in the registry (core/game_type.cc) and in GameOptions.
constexpr const char* kSingleColourName = "single-colour";

using namespace souk::json_in;

Json StatusJson(Phase phase) { return phase == Phase::kGameOver ? "game_over" : "playing"; }

Json AssamJson(const Position& p) {
  return Json{{"x", SquareX(p.square)}, {"y", SquareY(p.square)}, {"facing", std::string(1, FacingLetter(p.facing))}};
}

Json BoardJson(const std::array<uint8_t, kNumSquares>& carpet, const std::array<uint8_t, kNumSquares>& color) {
  Json board = Json::array();
  for (int y = 0; y < kBoardSize; ++y) {
    Json row = Json::array();
    for (int x = 0; x < kBoardSize; ++x) {
      size_t s = static_cast<size_t>(SquareAt(x, y));
      if (carpet[s]) row.push_back(Json{{"color", color[s]}, {"carpet", carpet[s]}});
      else row.push_back(nullptr);
    }
    board.push_back(row);
  }
  return board;
}

Json ColorsJson(int num_players, Variant variant, int player) {
  Json colors = Json::array();
  for (int c = player; c < NumColors(num_players, variant); c += num_players) colors.push_back(c);
  return colors;
}

Json WinnersJson(uint8_t winners) {
  Json list = Json::array();
  for (int p = 0; p < kMaxPlayers; ++p)
    if (winners & (1u << p)) list.push_back(p);
  return list;
}

std::string ExpectedColors(int num_players, Variant variant, int player) {
  std::string text = "[";
  for (int c = player; c < NumColors(num_players, variant); c += num_players)
    text += (text.size() > 1 ? ", " : "") + std::to_string(c);
  text += "]";
  if (num_players != 2) return text + " (seat p owns colour p)";
  return text + (variant == Variant::kStandard ? " (two-player game: seat p owns colours p and p + 2)"
                                               : " (single-colour variant: seat p owns colour p)");
}

// The game's mode, as a state and a view both write it: "game" is "marrakech", and
// "players" gives the number of players and, in the two-player game, the colours.
struct Mode {
  int num_players = 0;
  Variant variant = Variant::kStandard;
};
Mode ReadMode(const Json& j) {
  if (String(Member(j, "game", ""), "game") != "marrakech") throw JsonError("game", "expected \"marrakech\"");
  Mode m;
  const Json& players = Array(Member(j, "players", ""), "players", kMinPlayers, kMaxPlayers);
  m.num_players = static_cast<int>(players.size());
  for (size_t p = 0; p < players.size(); ++p) {
    std::string path = Join("players", p);
    const Json& colors = Array(Member(Object(players[p], path), "colors", path), Join(path, "colors"), 1, 2);
    if (p == 0 && m.num_players == 2 && colors.size() == 1) m.variant = Variant::kSingleColour;
    Json expected = ColorsJson(m.num_players, m.variant, static_cast<int>(p));
    bool same = colors.size() == expected.size();
    for (size_t i = 0; same && i < colors.size(); ++i)
      same = Int(colors[i], Join(Join(path, "colors"), i), 0, kMaxColors - 1) == expected[i].get<int>();
    if (!same)
      throw JsonError(Join(path, "colors"), "must be " + ExpectedColors(m.num_players, m.variant, static_cast<int>(p)));
  }
  return m;
}

// Assam's square and facing ("assam").
Position ReadAssam(const Json& j) {
  const Json& assam = Object(Member(j, "assam", ""), "assam");
  int x = Int(Member(assam, "x", "assam"), "assam.x", 0, kBoardSize - 1);
  int y = Int(Member(assam, "y", "assam"), "assam.y", 0, kBoardSize - 1);
  auto facing = ParseFacing(String(Member(assam, "facing", "assam"), "assam.facing"));
  if (!facing) throw JsonError("assam.facing", "expected \"N\", \"E\", \"S\" or \"W\"");
  return Position{static_cast<uint8_t>(SquareAt(x, y)), *facing};
}

// "phase", and "status", which says the same of the game's end.
Phase ReadPhase(const Json& j) {
  auto phase = ParsePhase(String(Member(j, "phase", ""), "phase"));
  if (!phase) throw JsonError("phase", "expected \"orient\", \"roll\", \"place\" or \"game_over\"");
  std::string status = String(Member(j, "status", ""), "status");
  if (status != "playing" && status != "game_over") throw JsonError("status", "expected \"playing\" or \"game_over\"");
  if ((status == "game_over") != (*phase == Phase::kGameOver))
    throw JsonError("status", "is \"game_over\" exactly when phase is \"game_over\"");
  return *phase;
}

// "board": rows of cells, each null or the carpet's id and colour (a state and a view
// show the same board).
void ReadBoard(const Json& j, int num_colors, std::array<uint8_t, kNumSquares>* carpet,
               std::array<uint8_t, kNumSquares>* color) {
  const Json& board = Array(Member(j, "board", ""), "board", kBoardSize, kBoardSize);
  for (size_t row = 0; row < board.size(); ++row) {
    std::string row_path = Join("board", row);
    const Json& cells = Array(board[row], row_path, kBoardSize, kBoardSize);
    for (size_t col = 0; col < cells.size(); ++col) {
      if (cells[col].is_null()) continue;
      std::string path = Join(row_path, col);
      const Json& cell = Object(cells[col], path);
      int c = Int(Member(cell, "color", path), Join(path, "color"), 0, num_colors - 1);
      int id = Int(Member(cell, "carpet", path), Join(path, "carpet"), 1, kMaxCarpets);
      size_t sq = static_cast<size_t>(SquareAt(static_cast<int>(col), static_cast<int>(row)));
      (*carpet)[sq] = static_cast<uint8_t>(id);
      (*color)[sq] = static_cast<uint8_t>(c);
    }
  }
}

// The seats that ran out of time ("timed_out", a list of seats) and the dirhams they
// took out of the game ("dirhams_lost"): written only once a seat ran out, so that
// every other state reads as before; absent means none.
void ReadTimedOut(const Json& j, int n, uint8_t* timed_out, uint8_t* dirhams_lost) {
  if (const Json* seats = OptionalMember(j, "timed_out", "")) {
    const Json& list = Array(*seats, "timed_out", 0, static_cast<size_t>(n));
    for (size_t i = 0; i < list.size(); ++i) {
      int seat = Int(list[i], Join("timed_out", i), 0, n - 1);
      if (*timed_out & (1u << seat)) throw JsonError(Join("timed_out", i), "seat " + std::to_string(seat) + " is listed twice");
      *timed_out = static_cast<uint8_t>(*timed_out | (1u << seat));
    }
  }
  if (const Json* lost = OptionalMember(j, "dirhams_lost", ""))
    *dirhams_lost = static_cast<uint8_t>(Int(*lost, "dirhams_lost", 0, kStartingDirhams * n));
}

// A seat's view as ViewToJson writes it (what `souk view` prints). The caller checks
// the view against ViewToJson of the result: this reads, it does not judge.
View LoadView(const Json& j) {
  View v;
  const Mode mode = ReadMode(j);
  v.num_players = mode.num_players;
  v.variant = mode.variant;
  const Json& players = Member(j, "players", "");  // an array of num_players, ReadMode checked
  const int n = v.num_players;
  v.viewer = Int(Member(j, "viewer", ""), "viewer", 0, n - 1);
  v.to_move = Int(Member(j, "to_move", ""), "to_move", 0, n - 1);
  v.phase = ReadPhase(j);
  v.assam = ReadAssam(j);
  ReadBoard(j, NumColors(n, v.variant), &v.carpet, &v.color);
  for (size_t p = 0; p < players.size(); ++p) {
    std::string path = Join("players", p);
    const Json& pj = players[p];
    View::Player& vp = v.players[p];
    vp.dirhams = Int(Member(pj, "dirhams", path), Join(path, "dirhams"), 0, kStartingDirhams * n);
    vp.out = Bool(Member(pj, "out", path), Join(path, "out"));
    vp.pile_size = Int(Member(pj, "pile_size", path), Join(path, "pile_size"), 0, CarpetsPerColor(n, v.variant) * 2);
    const Json& left = Array(Member(pj, "carpets_left", path), Join(path, "carpets_left"),
                             static_cast<size_t>(NumColors(n, v.variant) / n), static_cast<size_t>(NumColors(n, v.variant) / n));
    for (size_t i = 0; i < left.size(); ++i)
      vp.carpets_left[i] = static_cast<uint8_t>(Int(left[i], Join(Join(path, "carpets_left"), i), 0, CarpetsPerColor(n, v.variant)));
  }
  if (const Json* current = OptionalMember(j, "current_carpet", "")) {
    v.current_carpet = Int(*current, "current_carpet", 0, NumColors(n, v.variant) - 1);
  }
  const Json& winners = Array(Member(j, "winners", ""), "winners", 0, static_cast<size_t>(n));
  for (size_t i = 0; i < winners.size(); ++i)
    v.winners = static_cast<uint8_t>(v.winners | (1u << Int(winners[i], Join("winners", i), 0, n - 1)));
  ReadTimedOut(j, n, &v.timed_out, &v.dirhams_lost);
  return v;
}

State Load(const Json& j) {
  State s;
  const Mode mode = ReadMode(j);
  s.num_players = static_cast<uint8_t>(mode.num_players);
  s.variant = mode.variant;
  const Json& players = Member(j, "players", "");  // an array of num_players, ReadMode checked
  const int n = s.num_players;

  s.to_move = static_cast<uint8_t>(Int(Member(j, "to_move", ""), "to_move", 0, n - 1));
  s.phase = ReadPhase(j);

  s.assam = ReadAssam(j);

  ReadBoard(j, NumColors(n, s.variant), &s.carpet, &s.color);
  for (int sq = 0; sq < kNumSquares; ++sq)
    if (s.carpet[static_cast<size_t>(sq)] != 0) s.color_bits[s.color[static_cast<size_t>(sq)]] |= uint64_t{1} << sq;

  for (size_t p = 0; p < players.size(); ++p) {
    std::string path = Join("players", p);
    const Json& pj = players[p];
    PlayerState& ps = s.players[p];
    ps.dirhams = static_cast<uint8_t>(Int(Member(pj, "dirhams", path), Join(path, "dirhams"), 0, kStartingDirhams * n));
    std::string pile_path = Join(path, "pile");
    const Json& pile = Array(Member(pj, "pile", path), pile_path, 0, kMaxPile);
    ps.pile_size = static_cast<uint8_t>(pile.size());
    for (size_t i = 0; i < pile.size(); ++i)
      ps.pile[pile.size() - 1 - i] = static_cast<uint8_t>(Int(pile[i], Join(pile_path, i), 0, kMaxColors - 1));
    ps.out = Bool(Member(pj, "out", path), Join(path, "out"));
  }

  const int colors = NumColors(n, s.variant);
  const Json& placed = Array(Member(j, "placed", ""), "placed", static_cast<size_t>(colors), static_cast<size_t>(colors));
  for (size_t c = 0; c < placed.size(); ++c)
    s.placed[c] = static_cast<uint8_t>(Int(placed[c], Join("placed", c), 0, CarpetsPerColor(n, s.variant)));

  const Json& winners = Array(Member(j, "winners", ""), "winners", 0, static_cast<size_t>(n));
  for (size_t i = 0; i < winners.size(); ++i) {
    int seat = Int(winners[i], Join("winners", i), 0, n - 1);
    if (s.winners & (1u << seat)) throw JsonError(Join("winners", i), "seat " + std::to_string(seat) + " is listed twice");
    s.winners = static_cast<uint8_t>(s.winners | (1u << seat));
  }
  ReadTimedOut(j, n, &s.timed_out, &s.dirhams_lost);
  s.rng = RngState(Member(j, "rng", ""), "rng");
  return s;
}

class MarrakechGame final : public GameState {
 public:
  explicit MarrakechGame(const State& state) : state_(state) {}

  std::string_view game() const override { return "marrakech"; }
  int num_players() const override { return state_.num_players; }
  bool is_over() const override { return state_.game_over(); }
  int current_player() const override { return state_.phase == Phase::kRoll ? kChance : state_.to_move; }

  std::vector<std::string> LegalMoves() const override { return SortedMoveTexts<MoveList>(state_); }

  Status Apply(std::string_view text) override { return ParseCheckPlay(state_, text, ParseMove, &last_event_); }
  AnyEvent LastEvent() const override { return last_event_ ? AnyEvent(*last_event_) : AnyEvent(); }
  Json LastEventJson(int /*viewer*/) const override { return last_event_ ? EventToJson(*last_event_) : Json(nullptr); }

  std::string SampleChance() const override {
    if (state_.phase != Phase::kRoll) return {};
    return ToString(Move::Roll(state_.SampleRoll()));
  }

  Json ToJson() const override { return StateToJson(state_); }
  Json ViewJson(int player) const override {
    // Every seat sees the same (the piles' order is no one's): a spectator too.
    Json view = ViewToJson(state_.ViewFor(player == kSpectator ? 0 : player));
    if (player == kSpectator) view["viewer"] = nullptr;
    return view;
  }
  AnyView PlayerView(int player) const override { return state_.ViewFor(player); }

  // A player who is out scores 0.
  std::vector<int> Scores() const override {
    std::vector<int> scores;
    for (int p = 0; p < state_.num_players; ++p) scores.push_back(state_.Score(p));
    return scores;
  }
  std::vector<int> Winners() const override {
    std::vector<int> seats;
    for (int p = 0; p < state_.num_players; ++p)
      if (state_.winners & (1u << p)) seats.push_back(p);
    return seats;
  }

  Status Validate() const override { return state_.Validate(); }
  void RandomizeHidden(int observer, Prng& prng) override { state_.RandomizeHidden(observer, prng); }
  std::unique_ptr<GameState> Clone() const override { return std::make_unique<MarrakechGame>(*this); }

 private:
  State state_;
  std::optional<MoveEvent> last_event_;
};

Result<std::unique_ptr<GameState>> Create(const GameOptions& options) {
  auto players = CheckPlayersAndVariant(kMarrakechType, options.players, options.variant);
  if (!players.ok()) return players.status();
  const Variant variant = options.variant == kSingleColourName ? Variant::kSingleColour : Variant::kStandard;
  return std::unique_ptr<GameState>(std::make_unique<MarrakechGame>(State::NewGame(*players, variant, options.seed)));
}

Result<std::unique_ptr<GameState>> LoadGame(const Json& json) {
  auto state = StateFromJson(json);
  if (!state.ok()) return state.status();
  return std::unique_ptr<GameState>(std::make_unique<MarrakechGame>(*state));
}

}  // namespace

Json StateToJson(const State& s) {
  Json j;
  j["game"] = "marrakech";
  j["to_move"] = s.to_move;
  j["phase"] = PhaseName(s.phase);
  j["assam"] = AssamJson(s.assam);
  j["board"] = BoardJson(s.carpet, s.color);
  Json players = Json::array();
  for (int p = 0; p < s.num_players; ++p) {
    const PlayerState& ps = s.players[static_cast<size_t>(p)];
    Json pile = Json::array();
    for (int i = ps.pile_size - 1; i >= 0; --i) pile.push_back(ps.pile[static_cast<size_t>(i)]);
    players.push_back(Json{{"dirhams", ps.dirhams},
                           {"colors", ColorsJson(s.num_players, s.variant, p)},
                           {"pile", pile},
                           {"out", ps.out}});
  }
  j["players"] = players;
  Json placed = Json::array();
  for (int c = 0; c < s.NumColors(); ++c) placed.push_back(s.placed[static_cast<size_t>(c)]);
  j["placed"] = placed;
  j["status"] = StatusJson(s.phase);
  j["winners"] = WinnersJson(s.winners);
  if (s.timed_out) {
    j["timed_out"] = WinnersJson(s.timed_out);
    j["dirhams_lost"] = s.dirhams_lost;
  }
  j["rng"] = Prng(s.rng).StateHex();
  return j;
}

Json ViewToJson(const View& v) {
  Json j;
  j["game"] = "marrakech";
  j["viewer"] = v.viewer;
  j["to_move"] = v.to_move;
  j["phase"] = PhaseName(v.phase);
  j["assam"] = AssamJson(v.assam);
  j["board"] = BoardJson(v.carpet, v.color);
  Json players = Json::array();
  for (int p = 0; p < v.num_players; ++p) {
    const View::Player& vp = v.players[static_cast<size_t>(p)];
    Json colors = ColorsJson(v.num_players, v.variant, p);
    Json left = Json::array();
    for (size_t i = 0; i < colors.size(); ++i) left.push_back(vp.carpets_left[i]);
    players.push_back(Json{{"dirhams", vp.dirhams},
                           {"colors", colors},
                           {"pile_size", vp.pile_size},
                           {"carpets_left", left},
                           {"out", vp.out},
                           {"squares", v.VisibleSquares(p)},
                           {"score", v.Score(p)}});
  }
  j["players"] = players;
  if (v.current_carpet >= 0) j["current_carpet"] = v.current_carpet;
  j["status"] = StatusJson(v.phase);
  j["winners"] = WinnersJson(v.winners);
  if (v.timed_out) {
    j["timed_out"] = WinnersJson(v.timed_out);
    j["dirhams_lost"] = v.dirhams_lost;
  }
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

Json EventToJson(const MoveEvent& e) {
  const Move& m = e.move;
  Json j = Json::object();
  switch (m.kind) {
    case MoveKind::kOrient:
      j["action"] = "orient";
      j["turn"] = TurnName(m.turn);
      break;
    case MoveKind::kRoll: {
      j["action"] = "roll";
      j["roll"] = m.roll;
      j["assam"] = AssamJson(e.Stop());
      Json path = Json::array();
      for (int i = 0; i < e.path_length; ++i) path.push_back(AssamJson(e.path[static_cast<size_t>(i)]));
      j["path"] = path;
      if (e.tribute) {
        Json squares = Json::array();
        for (int sq = 0; sq < kNumSquares; ++sq)
          if (e.tribute->squares >> sq & 1) squares.push_back({SquareX(sq), SquareY(sq)});
        j["tribute"] = {{"from", e.tribute->from}, {"to", e.tribute->to}, {"amount", e.tribute->amount},
                        {"squares", squares}};
      }
      if (e.tribute_due) j["tribute_due"] = e.tribute_due;
      if (e.out) j["out"] = WinnersJson(e.out);
      break;
    }
    case MoveKind::kPlace:
      j["action"] = "place";
      j["squares"] = {SquareName(m.first), SquareName(m.second)};
      break;
    case MoveKind::kTimeOut:
      j["action"] = "timeout";  // `seat` ran out of time: out, as `out` says
      j["out"] = WinnersJson(e.out);
      break;
  }
  if (e.game_over) j["winners"] = WinnersJson(e.winners);
  j["seat"] = e.seat;
  j["move"] = ToString(m);
  j["chance"] = m.kind == MoveKind::kRoll;
  return j;
}

ViewFacts FactsOfView(const View& view) {
  return {.game = {.game = std::string(kMarrakechType.name),
                   .seed = 0,
                   .players = view.num_players,
                   .variant = view.variant == Variant::kSingleColour ? kSingleColourName : ""},
          .viewer = view.viewer,
          .to_move = view.to_move,
          .chance = view.phase == Phase::kRoll,
          .over = view.phase == Phase::kGameOver};
}

std::vector<std::string> LegalMovesOfView(const View& view) {
  Prng prng(1);
  return SortedMoveTexts<MoveList>(State::FromView(view, prng));
}

}  // namespace souk::marrakech

namespace souk {
const GameModule kMarrakechModule = {&kMarrakechType, &marrakech::Create, &marrakech::LoadGame,
                                     [](const Json& j) {
                                       return LoadReachableView<marrakech::State>(j, &marrakech::ViewFromJson,
                                                                                  &marrakech::ViewToJson);
                                     }};
}  // namespace souk
