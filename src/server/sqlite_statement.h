// One prepared SQLite statement, finalised with its object: what the games' store and
// the accounts' store (accounts/sqlite_account_store.cc) bind, step and read through.
#pragma once

#include <sqlite3.h>

#include <cstdint>
#include <string>

#include "core/status.h"

namespace souk::server {

class Statement {
 public:
  Statement(sqlite3* db, const char* sql) { sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr); }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;
  Statement& Bind(int i, const std::string& text) {
    sqlite3_bind_text(stmt_, i, text.data(), static_cast<int>(text.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Statement& Bind(int i, int64_t value) {
    sqlite3_bind_int64(stmt_, i, value);
    return *this;
  }
  Statement& Bind(int i, double value) {
    sqlite3_bind_double(stmt_, i, value);
    return *this;
  }
  int Step() { return sqlite3_step(stmt_); }
  void Reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }

  std::string Text(int col) const {
    const unsigned char* text = sqlite3_column_text(stmt_, col);
    return text ? std::string(reinterpret_cast<const char*>(text), static_cast<size_t>(sqlite3_column_bytes(stmt_, col)))
                : std::string();
  }
  int64_t Int(int col) const { return sqlite3_column_int64(stmt_, col); }
  double Double(int col) const { return sqlite3_column_double(stmt_, col); }

 private:
  sqlite3_stmt* stmt_ = nullptr;
};

// A connection of a store's own to the games' file, which the game store has created
// and migrated (OpenStore): never creates it. Waits up to 5 s for another writer.
inline Result<sqlite3*> OpenSqliteConnection(const std::string& path) {
  sqlite3* db = nullptr;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_FULLMUTEX, nullptr) != SQLITE_OK ||
      sqlite3_exec(db, "PRAGMA busy_timeout=5000;", nullptr, nullptr, nullptr) != SQLITE_OK) {
    std::string message = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    return Status::Error(path + ": " + message);
  }
  return db;
}

// Whether the database has the table `name` (a store checks the migration made it).
inline bool SqliteHasTable(sqlite3* db, const std::string& name) {
  Statement table(db, "SELECT count(*) FROM sqlite_master WHERE type='table' AND name=?");
  table.Bind(1, name);
  return table.Step() == SQLITE_ROW && table.Int(0) == 1;
}

}  // namespace souk::server
