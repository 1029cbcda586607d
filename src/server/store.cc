// Choosing the store from the --db text, and printing that text safely.
#include "server/store.h"

namespace souk::server {

std::string GameStateCondition(GameFilter::State state) {
  switch (state) {
    case GameFilter::State::kPlaying: return " AND NOT finished AND NOT abandoned";
    case GameFilter::State::kFinished: return " AND finished";
    case GameFilter::State::kAbandoned: return " AND abandoned";
    case GameFilter::State::kAny: break;
  }
  return "";
}

bool IsPostgresUri(const std::string& db) {
  return db.rfind("postgresql://", 0) == 0 || db.rfind("postgres://", 0) == 0;
}

Result<std::unique_ptr<Store>> OpenStore(const std::string& db, bool synchronous_full) {
  if (IsPostgresUri(db)) return OpenPostgresStore(db);
  return OpenSqliteStore(db, synchronous_full);
}

std::string RedactedDb(const std::string& db) {
  if (!IsPostgresUri(db)) return db;
  std::string out = db;
  // postgresql://user:secret@host/...: the user part ends at the last '@' before the path.
  const size_t start = out.find("://") + 3;
  const size_t path = out.find_first_of("/?", start);
  const size_t at = out.rfind('@', path == std::string::npos ? std::string::npos : path);
  if (at != std::string::npos && at >= start) {
    const size_t colon = out.find(':', start);
    if (colon != std::string::npos && colon < at) out.replace(colon + 1, at - colon - 1, "***");
  }
  // ...?password=secret&...
  for (size_t key = out.find("password=", start); key != std::string::npos; key = out.find("password=", key + 1)) {
    if (out[key - 1] != '?' && out[key - 1] != '&') continue;
    const size_t value = key + 9;
    const size_t end = out.find('&', value);
    out.replace(value, (end == std::string::npos ? out.size() : end) - value, "***");
  }
  return out;
}

}  // namespace souk::server
