// GameService's views: what a game looks like to whoever asks, without changing it:
// a seat's state message, a move previewed, a finished game's replay and record, and
// the lobby's lines.
#include <algorithm>

#include "format/time_control_json.h"
#include "server/game_internal.h"
#include "server/tokens.h"

namespace souk::server {

Json GameService::SnapshotLocked(const Game& g, int seat) const {
  ++snapshots_built_;
  const GameState& s = *g.state;
  Json j;
  j["type"] = "state";
  j["game_id"] = g.stored.id;
  j["game"] = s.game();
  j["seat"] = seat >= 0 ? Json(seat) : Json(nullptr);
  j["move_count"] = g.stored.moves.size();
  j["to_move"] = s.is_over() || g.abandoned || s.current_player() < 0 ? Json(nullptr) : Json(s.current_player());
  j["view"] = s.ViewJson(seat >= 0 ? seat : GameState::kSpectator);
  j["legal"] = seat >= 0 && !s.is_over() && !g.abandoned && s.current_player() == seat ? Json(s.LegalMoves()) : Json::array();
  // The move that led here, told by the engine as this seat may know it.
  j["event"] = s.LastEventJson(seat >= 0 ? seat : GameState::kSpectator);
  j["over"] = s.is_over();
  j["abandoned"] = g.abandoned;
  j["winners"] = s.Winners();
  // Final scores are public once the game is over (a Jaipur round's scoring is).
  j["scores"] = s.is_over() ? Json(s.Scores()) : Json(nullptr);
  j["rated"] = g.stored.rated;
  AddClocks(g, Now(), j);
  Json seats = Json::array();
  for (size_t i = 0; i < g.stored.seats.size(); ++i) {
    const StoredSeat& st = g.stored.seats[i];
    seats.push_back({{"player", st.player},
                     {"name", st.name},
                     {"joined", st.player != "human" || !st.token_hash.empty()},
                     {"account", SeatAccountLocked(g, i)}});
  }
  j["seats"] = seats;
  AddStory(g, seat, j);
  return j;
}

Result<Json> GameService::Preview(const std::string& game_id, int seat, const std::string& move, Lang lang) {
  auto found = Find(game_id);
  if (!found.ok()) return found.status();
  std::shared_ptr<Game> g = *found;
  std::unique_ptr<GameState> next;
  {
    std::lock_guard lock(g->mutex);
    if (g->abandoned) return AbandonedError(game_id);
    if (g->state->is_over()) return Status::Coded(ErrorCode::kGameOver, "the game is over");
    if (seat < 0 || g->state->current_player() != seat)
      return Status::Coded(ErrorCode::kNotYourTurn,
                           "not your turn: seat " + std::to_string(g->state->current_player()) + " is to move");
    next = g->state->Clone();
  }
  // Checked as a move is: what is not canonical text is refused, not previewed.
  const std::vector<std::string> legal = next->LegalMoves();
  // A refused move is no failure of the request: the body says why, as an error's
  // would (lang.h, ErrorBody).
  auto refused = [lang](const Status& why) {
    return Json{{"legal", false}, {"error", StatusText(why, lang)}, {"code", std::string(ErrorCodeName(why.error_code()))}};
  };
  if (move == kTimeOutMove)
    return refused(Status::Coded(ErrorCode::kIllegalMove, "illegal move 'timeout': only the game's clock plays it"));
  if (Status applied = next->Apply(move); !applied.ok()) return refused(applied);
  if (Status canonical = CheckCanonical(legal, move); !canonical.ok()) return refused(canonical);
  // The public event: a bonus token's value is not told before it is taken.
  Json event = next->LastEventJson(GameState::kSpectator);
  // A round's or the game's end would tell what the next deal or the scoring
  // holds (the opponent's bonus values): only the move itself is previewed.
  for (const char* key : {"round_end", "winner", "winners"}) event.erase(key);
  return Json{{"legal", true}, {"event", event}};
}

Result<Json> GameService::Replay(const std::string& game_id, int viewer) {
  auto found = Find(game_id);
  if (!found.ok()) return found.status();
  std::shared_ptr<Game> g = *found;
  GameOptions options;
  std::vector<std::string> moves;
  std::vector<int64_t> move_ms;
  clock::TimeControl control;
  Json seats = Json::array();
  {
    std::lock_guard lock(g->mutex);
    if (!g->state->is_over() && !g->abandoned)
      return Status::Coded(ErrorCode::kGameNotOver, "the replay of game " + game_id + " is shown when the game is over");
    if (viewer < -1 || viewer >= static_cast<int>(g->stored.seats.size()))
      return Status::Error("seat: expected a seat of game " + game_id + ", 0 to " +
                           std::to_string(g->stored.seats.size() - 1));
    options = g->stored.options;
    moves = g->stored.moves;
    move_ms = g->stored.move_ms;
    control = g->stored.clock;
    for (const StoredSeat& st : g->stored.seats) seats.push_back({{"player", st.player}, {"name", st.name}});
  }
  auto state = NewGame(options);
  if (!state.ok()) return state.status();
  GameState& s = **state;
  const int seen_by = viewer >= 0 ? viewer : GameState::kSpectator;
  Json steps = Json::array();
  steps.push_back({{"view", s.ViewJson(seen_by)}, {"event", nullptr}, {"to_move", s.current_player()}});
  // Each step's clocks as the move left them: each seat's time left, as the game
  // showed it then (docs/clocks.md).
  clock::GameClock clock;
  for (size_t i = 0; i < moves.size(); ++i) {
    const int mover = s.current_player();
    if (Status st = s.Apply(moves[i]); !st.ok()) return Status::Internal("game " + game_id + ": " + st.message());
    const int64_t at_ms = i < move_ms.size() ? move_ms[i] : 0;
    (void)TellClock(clock, control, mover, s, moves[i] == kTimeOutMove, at_ms);
    Json step{{"view", s.ViewJson(seen_by)},
              {"event", s.LastEventJson(seen_by)},
              {"to_move", s.is_over() ? Json(nullptr) : Json(s.current_player())},
              {"at_ms", at_ms}};
    step["clocks"] = clock.control().has_clock() ? Json(clock.LeftAt(at_ms)) : Json(nullptr);
    steps.push_back(std::move(step));
  }
  Json replay{{"game_id", game_id}, {"game", options.game}, {"players", s.num_players()}, {"seats", seats},
              {"clock", control.has_clock() ? TimeControlToJson(control) : Json(nullptr)},
              {"seat", viewer >= 0 ? Json(viewer) : Json(nullptr)},
              {"winners", s.Winners()}, {"scores", s.Scores()}, {"steps", steps}};
  // A game played to its end shows its final table whole, from every side; an abandoned
  // one keeps its secrets.
  if (s.is_over()) replay["reveal"] = Reveal(s);
  return replay;
}

Result<Json> GameService::Record(const std::string& game_id) {
  auto found = Find(game_id);
  if (!found.ok()) return found.status();
  std::shared_ptr<Game> g = *found;
  std::lock_guard lock(g->mutex);
  if (!g->state->is_over() && !g->abandoned)
    return Status::Coded(ErrorCode::kGameNotOver, "the record of game " + game_id + " is shown when the game is over");
  const GameOptions& o = g->stored.options;
  Json record{{"game_id", game_id}, {"game", o.game},          {"seed", std::to_string(o.seed)},
               {"players", o.players}, {"variant", o.variant}, {"moves", g->stored.moves}};
  // A game on the clock carries its time control and when each move arrived, from
  // which the clocks replay (docs/clocks.md).
  if (g->stored.clock.has_clock()) {
    record["clock"] = TimeControlToJson(g->stored.clock);
    record["move_ms"] = g->stored.move_ms;
  }
  return record;
}

Result<std::vector<std::string>> GameService::GamesOfTokenHashes(const std::vector<std::string>& hashes) {
  auto ids = store_.GamesOfTokens(hashes);
  if (!ids.ok()) return ids.status();
  std::sort(ids->begin(), ids->end());
  ids->erase(std::unique(ids->begin(), ids->end()), ids->end());
  return ids;
}

Result<Json> GameService::GamesOfTokens(const std::vector<std::string>& tokens) {
  std::vector<std::string> hashes;
  for (const std::string& t : tokens) hashes.push_back(HashSecret(t));
  auto ids = GamesOfTokenHashes(hashes);
  if (!ids.ok()) return ids.status();
  Json list = Json::array();
  for (const std::string& id : *ids) {
    auto found = Find(id);
    if (found.code() == StatusCode::kNotFound) continue;
    if (!found.ok()) return found.status();
    std::shared_ptr<Game> g = *found;
    std::lock_guard lock(g->mutex);
    for (size_t seat = 0; seat < g->stored.seats.size(); ++seat) {
      const std::string& mine = g->stored.seats[seat].token_hash;
      if (mine.empty() || std::none_of(hashes.begin(), hashes.end(), [&](const std::string& h) { return SameHash(h, mine); }))
        continue;
      const GameState& s = *g->state;
      const int to_move = s.is_over() || g->abandoned ? -1 : s.current_player();
      Json seats = Json::array();
      bool waiting = false;  // for a friend to follow an invite
      for (const StoredSeat& st : g->stored.seats) {
        const bool joined = st.player != "human" || !st.token_hash.empty();
        waiting = waiting || !joined;
        seats.push_back({{"player", st.player}, {"name", st.name}, {"joined", joined}});
      }
      list.push_back({{"game_id", id},
                      {"game", s.game()},
                      {"seat", seat},
                      {"to_move", to_move >= 0 ? Json(to_move) : Json(nullptr)},
                      {"your_turn", to_move == static_cast<int>(seat) && !waiting},
                      {"waiting", waiting && !s.is_over() && !g->abandoned},
                      {"over", s.is_over()},
                      {"abandoned", g->abandoned},
                      {"seats", seats},
                      {"winners", s.is_over() ? Json(s.Winners()) : Json::array()},
                      {"scores", s.is_over() ? Json(s.Scores()) : Json(nullptr)},
                      {"move_count", g->stored.moves.size()},
                      {"updated_ms", g->stored.updated_ms}});
    }
  }
  return list;
}

Result<StoredGame> GameService::Stored(const std::string& game_id) {
  auto found = Find(game_id);
  if (!found.ok()) return found.status();
  std::lock_guard lock((*found)->mutex);
  StoredGame copy = (*found)->stored;
  copy.finished = (*found)->state->is_over();  // the stored flag is the store's, read when loaded
  copy.abandoned = (*found)->abandoned;
  return copy;
}

}  // namespace souk::server
