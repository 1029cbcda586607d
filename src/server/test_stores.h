// For tests that run on both stores: a database of a test's own, SQLite (a file in
// the temporary directory) or PostgreSQL (a fresh database on the binary's own server,
// postgres_test_env.h), opened and reopened as a restart would.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <ostream>
#include <string>

#include "server/store.h"
#include "testing/postgres_test_env.h"

namespace souk::server::testing {

enum class Backend { kSqlite, kPostgres };

inline const char* BackendText(Backend backend) { return backend == Backend::kSqlite ? "Sqlite" : "Postgres"; }
// For GoogleTest's messages and ctest's names: "GetParam() = Postgres".
inline void PrintTo(Backend backend, std::ostream* out) { *out << BackendText(backend); }

// Names the instantiations: StoreTest.X/Sqlite, StoreTest.X/Postgres.
inline std::string BackendName(const ::testing::TestParamInfo<Backend>& info) {
  return BackendText(info.param);
}

class TestDatabase {
 public:
  TestDatabase() = default;
  TestDatabase(const TestDatabase&) = delete;
  TestDatabase& operator=(const TestDatabase&) = delete;
  ~TestDatabase() {
    if (!sqlite_path_.empty())
      for (const char* suffix : {"", "-wal", "-shm"}) std::remove((sqlite_path_ + suffix).c_str());
  }

  // A new empty database; `name` names a SQLite file.
  Status Make(Backend backend, const std::string& name) {
    if (backend == Backend::kSqlite) {
      static int count = 0;
      sqlite_path_ = ::testing::TempDir() + name + "_" + std::to_string(getpid()) + "_" + std::to_string(count++) + ".db";
      std::remove(sqlite_path_.c_str());
      db_ = sqlite_path_;
      return Status::Ok();
    }
    auto uri = TestPostgres::Shared().NewDatabase();
    if (!uri.ok()) return uri.status();
    db_ = *uri;
    return Status::Ok();
  }

  // What `souk serve --db` would be given.
  const std::string& db() const { return db_; }

  Result<std::unique_ptr<Store>> Open() const { return OpenStore(db_); }

 private:
  std::string db_;
  std::string sqlite_path_;
};

}  // namespace souk::server::testing
