#include "server/postgres_conn.h"

namespace souk::server {

Result<PGconn*> ConnectPostgres(const std::string& uri) {
  // Defaults first: the URI's own parameters, expanded from "dbname", come after them
  // and win.
  const char* keywords[] = {"connect_timeout", "keepalives_idle", "keepalives_interval", "keepalives_count", "dbname",
                            nullptr};
  const char* values[] = {"5", "5", "2", "5", uri.c_str(), nullptr};
  PGconn* conn = PQconnectdbParams(keywords, values, 1);
  if (!conn) return Status::Unavailable("database: cannot connect: out of memory");
  if (PQstatus(conn) != CONNECTION_OK) {
    Status failed = Status::Unavailable("database: cannot connect: " + PostgresError(conn));
    PQfinish(conn);
    return failed;
  }
  // Notices (a table that exists, say) are not the user's business.
  PQsetNoticeProcessor(conn, [](void*, const char*) {}, nullptr);
  return conn;
}

std::string PostgresError(const PGconn* conn) {
  std::string message = conn ? PQerrorMessage(conn) : "no connection";
  while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
  return message;
}

}  // namespace souk::server
