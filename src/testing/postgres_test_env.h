// For tests: a real PostgreSQL server of the test binary's own, in a temporary
// directory (in /dev/shm when there is one), reached through a Unix socket in that directory only (no TCP port, so
// nothing to collide with), started on first use and removed when the tests end.
// Each test takes a fresh database from it (NewDatabase), so tests stay independent.
//
// Run as root (as CI is), the server runs as the `postgres` account Debian's package
// creates (`nobody` if there is none), since PostgreSQL refuses to run as root. It
// dies with the test process, even one that crashes.
#pragma once

#include <sys/types.h>

#include <string>

#include "core/status.h"

namespace souk::server::testing {

class TestPostgres {
 public:
  // The binary's server, started by the first NewDatabase (a copy of a template
  // cluster, then postgres: a quarter of a second; initdb, two seconds, makes the
  // template once per machine); stopped and its directory removed when the tests end.
  static TestPostgres& Shared();

  // A new empty database, as a libpq URI: postgresql://souk@%2Ftmp%2F...:5432/souk_test_N.
  Result<std::string> NewDatabase();

  // Runs `sql` on the database at `uri`: the first column of the first row, or "".
  static Result<std::string> Execute(const std::string& uri, const std::string& sql);

  // Stops the server (fast shutdown: connections are dropped) and starts it again on
  // the same data, as an operator's restart does.
  Status Stop();
  Status Start();

  // Stops the server and removes its directory.
  void Remove();

 private:
  TestPostgres() = default;
  Status Create();

  bool created_ = false;
  Status create_status_;
  std::string dir_;
  pid_t pid_ = -1;
  int database_count_ = 0;
};

}  // namespace souk::server::testing
