// Where the lobby keeps its open tables and quick-play requests (lobby.h): each a
// JSON document in the games' database (the table `lobby` the game store's schema
// migration adds, store.h), changed only inside Transact, which no other change to
// the lobby interleaves with, from this instance or another on the same PostgreSQL.
// The lobby is small (its limits, docs/protocol.md): every change reads all of it.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/status.h"
#include "format/json.h"

namespace souk::server::lobby {

struct LobbyEntry {
  std::string id;
  std::string kind;   // "table" or "seek" (a quick-play request)
  std::string state;  // "open" while it waits; then what became of it (lobby.h)
  Json doc;           // everything else: lobby.cc's to read and write
  int64_t expires_ms = 0;  // an open entry is closed as expired from then on
  int64_t updated_ms = 0;
  // The lobby's change counter when this entry was last written: a listener of the
  // table list compares the greatest (Version) with the one it last saw.
  int64_t version = 0;
};

// Whether an entry read back holds what lobby.cc relies on (the database is outside
// this process: a row edited by hand, or left by a newer server, is never trusted): an
// object document; a quick-play request's "sitter"; a table's "sitters" (at least the
// owner) or a rematch's "planned"; once started or paired, "made" with its "seats".
inline bool WellFormed(const LobbyEntry& e) {
  const Json& d = e.doc;
  auto has = [&](const char* key, bool array) {
    auto it = d.find(key);
    return it != d.end() && (array ? it->is_array() && !it->empty() : it->is_object());
  };
  if (!d.is_object()) return false;
  if (e.kind == "seek" && !has("sitter", false)) return false;
  if (e.kind == "table" && !has("sitters", true) && !has("planned", true)) return false;
  if (e.kind != "seek" && e.kind != "table") return false;
  if (e.state == "started" || e.state == "paired" || e.state == "bot")
    return has("made", false) && d["made"].contains("seats") && d["made"]["seats"].is_array();
  return true;
}

class LobbyStore {
 public:
  virtual ~LobbyStore() = default;
  // Calls `change` with every open entry (and `also_id`'s), under a lock held by one transaction at a time
  // across instances; the entries `change` puts in `writes` (new, or open ones changed:
  // their state, document or time) are written before it commits, each with a new
  // version. `change` returning an error writes nothing.
  // `also_id` names one more entry `change` is given whatever its state (a rematch's,
  // which may have closed; or the one an error should describe), empty for none.
  using Change = std::function<Status(const std::vector<LobbyEntry>& open, std::vector<LobbyEntry>& writes)>;
  virtual Status Transact(int64_t now_ms, const std::string& also_id, const Change& change) = 0;
  // One entry, open or not; nullopt for an id the lobby has never had (or has forgotten:
  // closed entries go a day after they closed).
  virtual Result<std::optional<LobbyEntry>> Get(const std::string& id) = 0;
  // The open entries of a kind, oldest first, read without the lock.
  virtual Result<std::vector<LobbyEntry>> Open(const std::string& kind) = 0;
  // The greatest version written so far (0 for an empty lobby).
  virtual Result<int64_t> Version() = 0;
};

// How long a closed entry is kept, for its players to learn what became of it.
constexpr int64_t kClosedKeptMs = int64_t{24} * 3600 * 1000;

// The lobby store of `db` (a SQLite file or a PostgreSQL URI, as OpenStore takes it),
// whose schema OpenStore has brought up to date: open the game store first.
Result<std::unique_ptr<LobbyStore>> OpenLobbyStore(const std::string& db);

}  // namespace souk::server::lobby
