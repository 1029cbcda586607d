// Rematches (docs/lobby.md): a private table of the last game's players, its seats
// turned by one (swapped for two, so that the first player changes), which starts once
// each person of the last game has asked for it. Its id is the last game's, so that
// every instance finds the same one.
#include "server/lobby/lobby.h"
#include "server/lobby/lobby_entries.h"
#include "server/tokens.h"

namespace souk::server::lobby {

namespace {
std::string RematchId(const std::string& game_id) { return "rm-" + game_id; }
}  // namespace

Result<Json> Lobby::Rematch(const std::string& game_id, int seat, const Player& player) {
  auto last = games_.Stored(game_id);
  if (!last.ok()) return last.status();
  if (!last->finished) return Status::Coded(ErrorCode::kGameNotOver, "rematch: game " + game_id + " is not over");
  const size_t n = last->seats.size();
  if (seat < 0 || static_cast<size_t>(seat) >= n || last->seats[static_cast<size_t>(seat)].player != "human")
    return Status::Coded(ErrorCode::kForbidden, "rematch: for the players of game " + game_id);
  const size_t mine = (static_cast<size_t>(seat) + 1) % n;
  const std::string token = NewSecret();
  const std::string id = RematchId(game_id);
  const int64_t now = Now();
  LobbyEntry after;
  bool offered = false;  // this call made the offer (not an answer to one)
  Status done = store_.Transact(now, id, [&](const std::vector<LobbyEntry>& open, std::vector<LobbyEntry>& writes) {
    offered = false;
    const std::vector<LobbyEntry> live = Live(open, writes, now, options_);
    const LobbyEntry* existing = Find(live, id);
    if (existing && existing->state == "started") {
      after = *existing;
      return Status::Ok();
    }
    if (existing && existing->state == "open") {
      after = *existing;
    } else {  // the first to ask, or a new offer after one declined or expired
      offered = true;
      after = LobbyEntry{};
      after.id = id;
      after.kind = "table";
      after.state = "open";
      after.expires_ms = now + options_.table_expires_after_ms;
      GameWanted wanted{last->options.game, last->options.players, last->options.variant, last->rated, last->clock};
      after.doc = WantedJson(wanted);
      after.doc["rematch_of"] = game_id;
      Json planned = Json::array();
      for (size_t s = 0; s < n; ++s) planned.push_back(nullptr);
      for (size_t s = 0; s < n; ++s) {
        const StoredSeat& old = last->seats[s];
        planned[(s + 1) % n] = {{"player", old.player}, {"name", old.name}, {"account_id", old.account_id},
                                {"token_hash", ""},     {"rating", nullptr}, {"client", ""}};
      }
      after.doc["planned"] = planned;
    }
    Json& me = after.doc["planned"][mine];
    if (!me.value("token_hash", std::string()).empty())
      return Status::Coded(ErrorCode::kAlreadySeated, "rematch of " + game_id + ": you have asked already");
    me["token_hash"] = HashSecret(token);
    me["client"] = player.client;
    bool ready = true;
    std::vector<Json> seats;
    for (const Json& p : after.doc["planned"]) {
      const bool human = p.value("player", std::string()) == "human";
      ready = ready && (!human || !p.value("token_hash", std::string()).empty());
      seats.push_back(human ? HumanSeat(p)
                            : Json{{"player", p["player"]}, {"name", p["name"]}, {"token_hash", ""}, {"account_id", 0}});
    }
    if (ready) {
      const std::string new_id = NewGameId();
      after.state = "started";
      after.doc["game_id"] = new_id;
      after.doc["made"] = MadeJson(after.doc, new_id, player.client, seats);
    }
    writes.push_back(after);
    return Status::Ok();
  });
  if (!done.ok()) return done;
  if (after.state == "started")
    if (Status made = MakeGame(after.doc["made"]); !made.ok()) return made;
  TellListeners();
  if (offered && after.state == "open" && options_.on_rematch_offered) {
    // The name the others saw across the board.
    RematchOffered offer{id, game_id, last->options.game, last->seats[static_cast<size_t>(seat)].name, {},
                         after.expires_ms};
    for (size_t s = 0; s < n; ++s)
      if (const int64_t account = last->seats[s].account_id; s != static_cast<size_t>(seat) && account != 0 &&
                                                              account != player.account_id)
        offer.invited.push_back(account);
    if (!offer.invited.empty()) options_.on_rematch_offered(offer);
  }
  Player me = player;
  me.token = token;
  Json answer = {{"table", TableJson(after, &me, now)}};
  // Asked again after it started: the seat's token was given the first time.
  if (after.doc["planned"][mine].value("token_hash", std::string()) == HashSecret(token)) answer["token"] = token;
  return answer;
}

Result<Json> Lobby::RematchOf(const std::string& game_id, const Player& player) {
  auto entry = store_.Get(RematchId(game_id));
  if (!entry.ok()) return entry.status();
  if (!*entry) return Json{{"table", nullptr}};
  // A started rematch's game, made now if the instance that filled it died first.
  if ((*entry)->state == "started")
    if (Status made = MakeGame((*entry)->doc["made"]); !made.ok()) return made;
  return Json{{"table", TableJson(**entry, &player, Now())}};
}

}  // namespace souk::server::lobby
