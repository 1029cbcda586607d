// GameService's story of a game: every move's event from the start for the move log
// (sent to a listener first), the events each change adds, and what was hidden,
// revealed to everyone once the game is over. Each event is built for one viewer by
// the engine (LastEventJson), so the story holds no more than that seat heard live.
#include <string>
#include <utility>

#include "server/game_internal.h"

namespace souk::server {
namespace {

// The slot of a viewer in Game::fresh_events: 0 the spectators', seat + 1 a seat's.
size_t Slot(int seat) { return seat < 0 ? 0 : static_cast<size_t>(seat) + 1; }

}  // namespace

Json Reveal(const GameState& s) {
  Json players = Json::array();
  for (int p = 0; p < s.num_players(); ++p) players.push_back(s.ViewJson(p).at("players").at(static_cast<size_t>(p)));
  return Json{{"players", players}};
}

void NoteFreshEvents(GameService::Game& g) {
  // Nobody listening: the next listener hears every move in its history, and NotifyLocked
  // would drop these unread. A move of a game nobody watches builds no event.
  if (g.listener_seats.empty()) return;
  std::vector<Json> by_viewer;
  by_viewer.push_back(g.state->LastEventJson(GameState::kSpectator));
  for (int p = 0; p < g.state->num_players(); ++p) by_viewer.push_back(g.state->LastEventJson(p));
  g.fresh_events.push_back(std::move(by_viewer));
}

void AddStory(const GameService::Game& g, int seat, Json& message) {
  Json events = Json::array();
  for (const std::vector<Json>& by_viewer : g.fresh_events)
    if (Slot(seat) < by_viewer.size()) events.push_back(by_viewer[Slot(seat)]);
  // The index of the first of `events` among the game's moves: a client appends to
  // its log the ones it lacks.
  message["events_from"] = g.stored.moves.size() - g.fresh_events.size();
  message["events"] = std::move(events);
  if (g.state->is_over()) message["reveal"] = Reveal(*g.state);
}

Result<Json> GameService::HistoryLocked(const Game& g, int seat) const {
  auto replayed = NewGame(g.stored.options);
  if (!replayed.ok()) return replayed.status();
  GameState& s = **replayed;
  const int viewer = seat >= 0 ? seat : GameState::kSpectator;
  Json events = Json::array();
  for (const std::string& move : g.stored.moves) {
    if (Status st = s.Apply(move); !st.ok()) return Status::Internal("game " + g.stored.id + ": " + st.message());
    events.push_back(s.LastEventJson(viewer));
  }
  return Json{{"type", "history"},
              {"game_id", g.stored.id},
              {"seat", seat >= 0 ? Json(seat) : Json(nullptr)},
              {"move_count", g.stored.moves.size()},
              {"events", std::move(events)}};
}

std::shared_ptr<const std::string> GameService::HistoryMessageLocked(Game& g, int seat) {
  auto& [version, message] = g.histories[seat];
  if (!message || version != g.version) {
    auto history = HistoryLocked(g, seat);
    message = std::make_shared<const std::string>(
        DumpJson(history.ok() ? *history : Json{{"type", "error"}, {"error", "history: " + history.message()}}, false));
    version = g.version;
  }
  return message;
}

Result<Json> GameService::History(const std::string& game_id, int seat) {
  auto found = Find(game_id);
  if (!found.ok()) return found.status();
  std::shared_ptr<Game> g = *found;
  std::lock_guard lock(g->mutex);
  if (seat >= static_cast<int>(g->stored.seats.size())) return Status::Error("seat: no seat " + std::to_string(seat));
  return HistoryLocked(*g, seat);
}

}  // namespace souk::server
