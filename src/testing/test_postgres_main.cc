// souk_test_postgres: the tests' own PostgreSQL (postgres_test_env.h) for tests that
// are scripts (tests/nginx_test.sh). Prints a new empty database's URI on its first
// line, then waits: the server is stopped and its directory removed when standard input
// closes, or when this process is killed (the server dies with it). Tests only.
#include <cstdio>
#include <iostream>
#include <string>

#include "testing/postgres_test_env.h"

int main() {
  using souk::server::testing::TestPostgres;
  auto uri = TestPostgres::Shared().NewDatabase();
  if (!uri.ok()) {
    std::fprintf(stderr, "souk_test_postgres: %s\n", uri.message().c_str());
    return 1;
  }
  std::printf("%s\n", uri->c_str());
  std::fflush(stdout);
  std::string ignored;
  while (std::getline(std::cin, ignored)) {
  }
  TestPostgres::Shared().Remove();
  return 0;
}
