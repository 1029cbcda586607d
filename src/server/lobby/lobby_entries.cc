#include "server/lobby/lobby_entries.h"

#include <algorithm>

#include "format/game.h"
#include "format/time_control_json.h"
#include "server/names.h"
#include "server/ratings/game_ratings.h"
#include "server/tokens.h"

namespace souk::server::lobby {

Result<int> CheckWanted(GameWanted& wanted, const Player& player, bool has_ratings) {
  auto fresh = NewGame(GameOptions{wanted.game, 1, wanted.players, wanted.variant});
  if (!fresh.ok()) return fresh.status();
  const int n = (*fresh)->num_players();
  wanted.players = n;
  if (player.account_id == 0) {
    if (wanted.rated) return Status::Coded(ErrorCode::kNotSignedIn, "rated: a rated game needs you signed in");
    if (auto name = CheckName(player.name, "name"); !name.ok()) return name.status();
  }
  if (wanted.rated) {
    if (!has_ratings) return Status::Coded(ErrorCode::kNotRateable, "rated: this server keeps no ratings");
    if (Status s = ratings::CheckRateable(wanted.game, std::vector<std::string>(static_cast<size_t>(n), "human")); !s.ok())
      return s;
  }
  return n;
}

Json WantedJson(const GameWanted& wanted) {
  return {{"game", wanted.game},
          {"players", wanted.players},
          {"variant", wanted.variant},
          {"rated", wanted.rated},
          {"clock", TimeControlToJson(wanted.clock)}};
}

bool SameGame(const Json& a, const Json& b) {
  for (const char* key : {"game", "players", "variant", "rated", "clock"})
    if (a.value(key, Json()) != b.value(key, Json())) return false;
  return true;
}

bool IsSitter(const Json& sitter, const Player& player) {
  if (player.account_id != 0 && sitter.value("account_id", int64_t{0}) == player.account_id) return true;
  return !player.token.empty() && SameHash(sitter.value("token_hash", std::string()), HashSecret(player.token));
}

Json PublicSitter(const Json& sitter) {
  const bool account = sitter.value("account_id", int64_t{0}) != 0;
  return {{"name", sitter.value("name", std::string())},
          {"account", account ? Json(sitter.value("name", std::string())) : Json()},
          {"rating", sitter.value("rating", Json())}};
}

Json HumanSeat(const Json& sitter) {
  return {{"player", "human"},
          {"name", sitter.value("name", std::string())},
          {"token_hash", sitter.value("token_hash", std::string())},
          {"account_id", sitter.value("account_id", int64_t{0})}};
}

Json MadeJson(const Json& wanted_doc, const std::string& game_id, const std::string& client,
              const std::vector<Json>& seats) {
  Json made = {{"game_id", game_id}, {"client", client}, {"seats", seats}};
  for (const char* key : {"game", "players", "variant", "rated", "clock"}) made[key] = wanted_doc.value(key, Json());
  return made;
}

namespace {

Json Wanted(const Json& doc) {
  Json out = Json::object();
  for (const char* key : {"game", "players", "variant", "rated", "clock"}) out[key] = doc.value(key, Json());
  return out;
}

std::string PublicState(const std::string& state) { return state == "open" ? "waiting" : state; }

}  // namespace

Json TableJson(const LobbyEntry& entry, const Player* viewer, int64_t now_ms) {
  const Json& doc = entry.doc;
  // A rematch's seats are known before anyone sits ("planned", in seat order, each
  // ready once its player has asked); a table's are its sitters, in the order they sat.
  const bool planned = doc.contains("planned");
  const Json sitters = doc.value(planned ? "planned" : "sitters", Json::array());
  Json seats = Json::array();
  int yours = -1, open_seats = doc.value("players", 0) - static_cast<int>(sitters.size());
  for (size_t i = 0; i < sitters.size(); ++i) {
    Json seat = PublicSitter(sitters[i]);
    if (planned) {
      const bool ready = sitters[i].value("player", std::string("human")) != "human" ||
                         !sitters[i].value("token_hash", std::string()).empty();
      seat["ready"] = ready;
      open_seats += ready ? 0 : 1;
    }
    seats.push_back(std::move(seat));
    if (viewer && IsSitter(sitters[i], *viewer)) yours = static_cast<int>(i);
  }
  std::string state = entry.state;
  if (state == "open" && entry.expires_ms <= now_ms) state = "expired";
  Json out = Wanted(doc);
  out.update({{"id", entry.id},
              {"state", state},
              {"rating_range", doc.value("rating_range", Json())},
              {"seats", seats},
              {"open_seats", std::max(0, open_seats)},
              {"expires_ms", entry.expires_ms},
              {"rematch_of", doc.value("rematch_of", Json())},
              {"game_id", state == "started" ? doc.value("game_id", Json()) : Json()},
              {"yours", yours >= 0},
              {"owner", yours == 0 && !planned},
              // Seats are taken in the order players sit (a rematch's as planned).
              {"seat", yours >= 0 && state == "started" ? Json(yours) : Json()}});
  return out;
}

Json SeekJson(const LobbyEntry& entry, int64_t now_ms, const LobbyOptions& options) {
  const Json& doc = entry.doc;
  const int64_t waited = std::max<int64_t>(0, now_ms - doc.value("created_ms", now_ms));
  const bool waiting = entry.state == "open";
  Json out = Wanted(doc);
  const double range = PairingRange(waited);
  out.update({{"id", entry.id},
              {"state", PublicState(entry.state)},
              {"rating", doc["sitter"].value("rating", Json())},
              {"waited_ms", waited},
              {"range", waiting && range > 0 ? Json(range) : Json()},
              {"bot_offer", waiting && waited >= options.bot_offer_after_ms},
              {"bot_offer_in_ms", waiting ? std::max<int64_t>(0, options.bot_offer_after_ms - waited) : 0},
              {"game_id", doc.value("game_id", Json())},
              {"seat", doc.value("seat", Json())}});
  return out;
}

std::vector<LobbyEntry> Live(const std::vector<LobbyEntry>& open, std::vector<LobbyEntry>& writes, int64_t now_ms,
                             const LobbyOptions& options) {
  std::vector<LobbyEntry> live;
  for (const LobbyEntry& e : open) {
    if (e.state != "open") {
      live.push_back(e);  // also_id's, closed: for `change` to read, never to count or change
      continue;
    }
    const bool gone = e.kind == "seek" ? e.doc.value("seen_ms", int64_t{0}) + options.seek_dropped_after_ms <= now_ms
                                       : e.expires_ms <= now_ms;
    if (!gone) {
      live.push_back(e);
      continue;
    }
    LobbyEntry closed = e;
    closed.state = e.kind == "seek" ? "dropped" : "expired";
    writes.push_back(closed);
    live.push_back(std::move(closed));  // for an error to say what became of it
  }
  return live;
}

const LobbyEntry* Find(const std::vector<LobbyEntry>& entries, const std::string& id) {
  for (const LobbyEntry& e : entries)
    if (e.id == id) return &e;
  return nullptr;
}

Status Closed(const LobbyEntry* entry, const std::string& id, const char* what) {
  if (entry == nullptr) return Status::NotFound(std::string(what) + " " + id.substr(0, 40) + ": no such " + what);
  std::string became = entry->state == "open" ? "expired" : entry->state;
  return Status::Coded(ErrorCode::kTableClosed, std::string(what) + " " + id + ": " + became + ", no longer open");
}

}  // namespace souk::server::lobby
