// The lobby on PostgreSQL: a libpq connection of its own to the games' database. A
// change locks the lobby table against every other change (SHARE ROW EXCLUSIVE
// conflicts with itself, not with plain reads), so that two instances pairing
// quick-play requests at once see each other's: a request is paired once.
#include <mutex>

#include "server/lobby/lobby_store.h"
#include "server/postgres_conn.h"
#include "server/store.h"

namespace souk::server::lobby {

Result<std::unique_ptr<LobbyStore>> OpenSqliteLobbyStore(const std::string& path);

namespace {

constexpr const char* kColumns = "SELECT id, kind, state, doc, expires_ms, updated_ms, version FROM lobby ";

Result<LobbyEntry> EntryOf(const Rows& rows, int r) {
  LobbyEntry e;
  e.id = rows.Text(r, 0);
  e.kind = rows.Text(r, 1);
  e.state = rows.Text(r, 2);
  auto doc = ParseJson(rows.Text(r, 3));
  if (!doc.ok()) return Status::Internal("lobby entry " + e.id + ": " + doc.message());
  e.doc = std::move(*doc);
  e.expires_ms = rows.Int(r, 4);
  e.updated_ms = rows.Int(r, 5);
  e.version = rows.Int(r, 6);
  if (!WellFormed(e)) return Status::Internal("lobby entry " + e.id + ": not a document this server reads");
  return e;
}

class PostgresLobbyStore final : public LobbyStore, private PostgresClient {
 public:
  explicit PostgresLobbyStore(std::string uri) : PostgresClient(std::move(uri)) {}

  Status Init() {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows tables = Query("SELECT count(*) FROM pg_tables WHERE schemaname=current_schema() AND tablename='lobby'", {});
    if (!tables.ok()) return Failure("find the lobby table", tables);
    if (tables.Int(0, 0) != 1)
      return Status::Error("database: no lobby table (the game store opens the database first, and migrates it)");
    return Status::Ok();
  }

  Status Transact(int64_t now_ms, const std::string& also_id, const Change& change) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    if (Status s = Command("BEGIN"); !s.ok()) return s;
    if (Status s = Command("LOCK TABLE lobby IN SHARE ROW EXCLUSIVE MODE"); !s.ok()) return Rollback(s);
    Rows forget = Query("DELETE FROM lobby WHERE state <> 'open' AND updated_ms < $1",
                        {std::to_string(now_ms - kClosedKeptMs)});
    if (!forget.ok()) return Rollback(Failure("forget closed lobby entries", forget));
    Rows read = Query(std::string(kColumns) + "WHERE state='open' OR id=$1 ORDER BY updated_ms, id", {also_id});
    if (!read.ok()) return Rollback(Failure("read the lobby", read));
    std::vector<LobbyEntry> open;
    for (int r = 0; r < read.size(); ++r) {
      auto entry = EntryOf(read, r);
      if (entry.ok()) open.push_back(std::move(*entry));  // a malformed row is left alone, never read
    }
    Rows top = Query("SELECT COALESCE(max(version), 0) FROM lobby", {});
    if (!top.ok()) return Rollback(Failure("read the lobby's version", top));
    int64_t version = top.Int(0, 0);
    std::vector<LobbyEntry> writes;
    if (Status s = change(open, writes); !s.ok()) return Rollback(s);
    for (const LobbyEntry& e : writes) {
      Rows write = Query("INSERT INTO lobby(id, kind, state, doc, expires_ms, updated_ms, version) "
                         "VALUES($1, $2, $3, $4, $5, $6, $7) ON CONFLICT(id) DO UPDATE SET state=excluded.state, "
                         "doc=excluded.doc, expires_ms=excluded.expires_ms, updated_ms=excluded.updated_ms, "
                         "version=excluded.version",
                         {e.id, e.kind, e.state, DumpJson(e.doc, false), std::to_string(e.expires_ms),
                          std::to_string(now_ms), std::to_string(++version)});
      if (!write.ok()) return Rollback(Failure("write lobby entry " + e.id, write));
    }
    return Command("COMMIT");
  }

  Result<std::optional<LobbyEntry>> Get(const std::string& id) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows read = Query(std::string(kColumns) + "WHERE id=$1", {id});
    if (!read.ok()) return Failure("read lobby entry", read);
    if (read.size() == 0) return std::optional<LobbyEntry>();
    auto entry = EntryOf(read, 0);
    if (!entry.ok()) return entry.status();
    return std::optional<LobbyEntry>(std::move(*entry));
  }

  Result<std::vector<LobbyEntry>> Open(const std::string& kind) override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows read = Query(std::string(kColumns) + "WHERE state='open' AND kind=$1 ORDER BY updated_ms, id", {kind});
    if (!read.ok()) return Failure("read the lobby", read);
    std::vector<LobbyEntry> out;
    for (int r = 0; r < read.size(); ++r) {
      auto entry = EntryOf(read, r);
      if (entry.ok()) out.push_back(std::move(*entry));
    }
    return out;
  }

  Result<int64_t> Version() override {
    std::lock_guard lock(mutex_);
    if (Status s = Connect(); !s.ok()) return s;
    Rows top = Query("SELECT COALESCE(max(version), 0) FROM lobby", {});
    if (!top.ok()) return Failure("read the lobby's version", top);
    return top.Int(0, 0);
  }
};

}  // namespace

Result<std::unique_ptr<LobbyStore>> OpenLobbyStore(const std::string& db) {
  if (!IsPostgresUri(db)) return OpenSqliteLobbyStore(db);
  auto store = std::make_unique<PostgresLobbyStore>(db);
  if (Status s = store->Init(); !s.ok()) return s.Prefixed(RedactedDb(db) + ": ");
  return std::unique_ptr<LobbyStore>(std::move(store));
}

}  // namespace souk::server::lobby
