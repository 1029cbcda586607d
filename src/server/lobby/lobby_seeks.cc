// Quick play ("play now", docs/lobby.md): a request waits in the lobby until another
// for the same game and time control comes whose rating is close enough, the range
// widening while they wait (PairingRange); or, after a while, takes a bot.
#include <algorithm>
#include <cmath>
#include <random>

#include "server/lobby/lobby.h"
#include "server/server_metrics.h"
#include "server/lobby/lobby_entries.h"
#include "server/tokens.h"

namespace souk::server::lobby {
namespace {

double PairRating(const LobbyEntry& seek) { return seek.doc.value("pair_rating", kNewPlayerRating); }
int64_t Waited(const LobbyEntry& seek, int64_t now) { return now - seek.doc.value("created_ms", now); }

// Seats dealt at random: who sits first is no reward for waiting longer.
template <typename T>
void Deal(std::vector<T>& seats) {
  std::random_device device;
  std::mt19937_64 random((uint64_t{device()} << 32) | device());
  std::shuffle(seats.begin(), seats.end(), random);
}

// Pairs `seek` with the requests waiting for the same game closest in rating, if there
// are enough within range: each of them paired in `writes`, how long each waited in
// `waits`, and `seek` as it is now returned; nothing otherwise.
std::optional<LobbyEntry> TryPair(const LobbyEntry& seek, const std::vector<LobbyEntry>& live,
                                  std::vector<LobbyEntry>& writes, int64_t now, std::vector<int64_t>& waits) {
  const int64_t me = seek.doc["sitter"].value("account_id", int64_t{0});
  const double range = PairingRange(Waited(seek, now));
  std::vector<std::pair<double, const LobbyEntry*>> close;
  for (const LobbyEntry& other : live) {
    if (other.kind != "seek" || other.state != "open" || other.id == seek.id || !SameGame(other.doc, seek.doc)) continue;
    if (me != 0 && other.doc["sitter"].value("account_id", int64_t{0}) == me) continue;
    const double distance = std::abs(PairRating(other) - PairRating(seek));
    const double theirs = PairingRange(Waited(other, now));
    // Whoever has waited longer is the wider: its range decides (0: any).
    if (range != 0 && theirs != 0 && distance > std::max(range, theirs)) continue;
    close.emplace_back(distance, &other);
  }
  const size_t needed = static_cast<size_t>(seek.doc.value("players", 2)) - 1;
  if (close.size() < needed) return std::nullopt;
  std::stable_sort(close.begin(), close.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<LobbyEntry> group = {seek};
  for (size_t i = 0; i < needed; ++i) group.push_back(*close[i].second);
  Deal(group);
  const std::string game_id = NewGameId();
  std::vector<Json> seats;
  for (const LobbyEntry& member : group) seats.push_back(HumanSeat(member.doc["sitter"]));
  // The game counts against the address of whoever waited longest.
  const LobbyEntry& oldest = *std::min_element(group.begin(), group.end(), [](const LobbyEntry& a, const LobbyEntry& b) {
    return a.doc.value("created_ms", int64_t{0}) < b.doc.value("created_ms", int64_t{0});
  });
  const Json made = MadeJson(seek.doc, game_id, oldest.doc["sitter"].value("client", std::string()), seats);
  std::optional<LobbyEntry> self;
  waits.clear();
  for (const LobbyEntry& member : group) waits.push_back(Waited(member, now));
  for (size_t seat = 0; seat < group.size(); ++seat) {
    LobbyEntry paired = group[seat];
    paired.state = "paired";
    paired.doc["game_id"] = game_id;
    paired.doc["seat"] = seat;
    paired.doc["made"] = made;
    if (paired.id == seek.id) self = paired;
    writes.push_back(std::move(paired));
  }
  return self;
}

// Counted once the pairing is committed (a transaction may run its change again).
void CountPairing(const Json& wanted, const std::vector<int64_t>& waits) {
  for (int64_t ms : waits) server_metrics::PairingWaited(wanted.value("game", std::string()), "paired", ms / 1000.0);
}

Status NotYours(const std::string& id) {
  return Status::Coded(ErrorCode::kForbidden, "request " + id + ": not yours (the token it gave, or its account)");
}

Status NoLonger(const LobbyEntry& seek) {
  const std::string state = seek.state == "open" ? "dropped" : seek.state;
  return Status::Coded(ErrorCode::kTableClosed, "request " + seek.id + ": " + state + ", no longer waiting");
}

// The player's request `id`, still waiting; not_found, forbidden or table_closed.
Result<const LobbyEntry*> WaitingSeek(const std::vector<LobbyEntry>& live, const std::string& id, const Player& player) {
  const LobbyEntry* seek = Find(live, id);
  if (seek == nullptr || seek->kind != "seek") return Closed(nullptr, id, "request");
  if (!IsSitter(seek->doc["sitter"], player)) return NotYours(id);
  if (seek->state != "open") return NoLonger(*seek);
  return seek;
}

}  // namespace

Result<Json> Lobby::PlayNow(const GameWanted& request, const Player& player) {
  GameWanted wanted = request;
  auto players = CheckWanted(wanted, player, ratings_ != nullptr);
  if (!players.ok()) return players.status();
  if (*players < 2) return Status::Error("players: quick play pairs two players or more");
  std::string token;
  auto sitter = SitterOf(player, wanted, &token);
  if (!sitter.ok()) return sitter.status();
  const int64_t now = Now();
  LobbyEntry seek;
  seek.id = NewGameId();
  seek.kind = "seek";
  seek.state = "open";
  seek.expires_ms = now + options_.seek_dropped_after_ms;
  seek.doc = WantedJson(wanted);
  seek.doc["sitter"] = *sitter;
  seek.doc["created_ms"] = seek.doc["seen_ms"] = now;
  seek.doc["pair_rating"] = (*sitter)["rating"].is_number() ? (*sitter)["rating"].get<double>() : kNewPlayerRating;
  LobbyEntry result;
  std::vector<int64_t> waits;
  Status done = store_.Transact(now, "", [&](const std::vector<LobbyEntry>& open, std::vector<LobbyEntry>& writes) {
    std::vector<LobbyEntry> live = Live(open, writes, now, options_);
    int total = 0, of_client = 0;
    for (LobbyEntry& e : live) {
      if (e.state != "open") continue;
      ++total;
      if (e.kind != "seek") continue;
      const Json& s = e.doc["sitter"];
      if (s.value("client", std::string()) == player.client) ++of_client;
      // An account waits once: a second "play now" (another tab) replaces the first.
      if (player.account_id != 0 && s.value("account_id", int64_t{0}) == player.account_id) {
        e.state = "replaced";
        writes.push_back(e);
        --total, --of_client;
      }
    }
    if (total >= options_.max_open)
      return Status::Coded(ErrorCode::kLimitReached, "the lobby is full (" + std::to_string(options_.max_open) +
                                                         " open tables and requests); try again later");
    if (of_client >= options_.seeks_per_client)
      return Status::Coded(ErrorCode::kLimitReached, std::to_string(of_client) +
                                                         " requests waiting from your address, the most one may have");
    if (auto paired = TryPair(seek, live, writes, now, waits)) {
      result = *paired;
      return Status::Ok();
    }
    result = seek;
    writes.push_back(seek);
    return Status::Ok();
  });
  if (!done.ok()) return done;
  if (result.state == "paired") {
    CountPairing(result.doc, waits);
    if (Status made = MakeGame(result.doc["made"]); !made.ok()) return made;
  }
  return Json{{"seek", SeekJson(result, now, options_)}, {"token", token}};
}

Result<Json> Lobby::Seek(const std::string& seek_id, const Player& player) {
  const int64_t now = Now();
  LobbyEntry result;
  std::vector<int64_t> waits;
  bool paired_now = false;
  Status done = store_.Transact(now, seek_id, [&](const std::vector<LobbyEntry>& open, std::vector<LobbyEntry>& writes) {
    paired_now = false;
    const std::vector<LobbyEntry> live = Live(open, writes, now, options_);
    const LobbyEntry* seek = Find(live, seek_id);
    if (seek == nullptr || seek->kind != "seek") return Closed(nullptr, seek_id, "request");
    if (!IsSitter(seek->doc["sitter"], player)) return NotYours(seek_id);
    result = *seek;
    if (seek->state != "open") return Status::Ok();
    result.doc["seen_ms"] = now;
    result.expires_ms = now + options_.seek_dropped_after_ms;
    if (auto paired = TryPair(result, live, writes, now, waits)) result = *paired, paired_now = true;
    else writes.push_back(result);
    return Status::Ok();
  });
  if (!done.ok()) return done;
  if (paired_now) CountPairing(result.doc, waits);
  if (result.state == "paired" || result.state == "bot")
    if (Status made = MakeGame(result.doc["made"]); !made.ok()) return made;
  return Json{{"seek", SeekJson(result, now, options_)}};
}

Result<Json> Lobby::CancelSeek(const std::string& seek_id, const Player& player) {
  const int64_t now = Now();
  LobbyEntry result;
  Status done = store_.Transact(now, seek_id, [&](const std::vector<LobbyEntry>& open, std::vector<LobbyEntry>& writes) {
    const std::vector<LobbyEntry> live = Live(open, writes, now, options_);
    auto found = WaitingSeek(live, seek_id, player);
    if (!found.ok()) return found.status();
    const LobbyEntry* seek = *found;
    result = *seek;
    result.state = "cancelled";
    writes.push_back(result);
    return Status::Ok();
  });
  if (!done.ok()) return done;
  return Json{{"seek", SeekJson(result, now, options_)}};
}

Result<Json> Lobby::TakeBot(const std::string& seek_id, const Player& player) {
  const int64_t now = Now();
  LobbyEntry result;
  Status done = store_.Transact(now, seek_id, [&](const std::vector<LobbyEntry>& open, std::vector<LobbyEntry>& writes) {
    const std::vector<LobbyEntry> live = Live(open, writes, now, options_);
    auto found = WaitingSeek(live, seek_id, player);
    if (!found.ok()) return found.status();
    const LobbyEntry* seek = *found;
    const int64_t wait = options_.bot_offer_after_ms - Waited(*seek, now);
    if (wait > 0)
      return Status::FailedPrecondition("request " + seek_id + ": a bot is offered after " +
                                        std::to_string(options_.bot_offer_after_ms / 1000) + " s waiting, in " +
                                        std::to_string((wait + 999) / 1000) + " s");
    result = *seek;
    std::vector<Json> seats = {HumanSeat(seek->doc["sitter"])};
    while (static_cast<int>(seats.size()) < seek->doc.value("players", 2))
      seats.push_back({{"player", options_.offered_bot}, {"name", ""}, {"token_hash", ""}, {"account_id", 0}});
    Deal(seats);
    const size_t mine = static_cast<size_t>(
        std::find_if(seats.begin(), seats.end(), [](const Json& s) { return s["player"] == "human"; }) - seats.begin());
    const std::string game_id = NewGameId();
    result.state = "bot";
    result.doc["game_id"] = game_id;
    result.doc["seat"] = mine;
    result.doc["made"] = MadeJson(seek->doc, game_id, seek->doc["sitter"].value("client", std::string()), seats);
    result.doc["made"]["rated"] = false;  // a rated game is between people: against a bot, casual
    writes.push_back(result);
    return Status::Ok();
  });
  if (!done.ok()) return done;
  server_metrics::PairingWaited(result.doc.value("game", std::string()), "bot", Waited(result, now) / 1000.0);
  if (Status made = MakeGame(result.doc["made"]); !made.ok()) return made;
  return Json{{"seek", SeekJson(result, now, options_)}};
}

}  // namespace souk::server::lobby
