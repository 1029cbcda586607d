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

Status PostgresClient::Connect() {
  if (Connected()) return Status::Ok();
  PQfinish(conn_);
  conn_ = nullptr;
  prepared_.clear();  // a new connection has none
  auto conn = ConnectPostgres(uri_);
  if (!conn.ok()) return conn.status();
  conn_ = *conn;
  return Status::Ok();
}

Rows PostgresClient::Query(const std::string& sql, const std::vector<std::string>& params) {
  std::vector<const char*> values;
  values.reserve(params.size());
  for (const std::string& p : params) {
    if (p.find('\0') != std::string::npos) return Rows(nullptr);
    values.push_back(p.c_str());
  }
  auto it = prepared_.find(sql);
  if (it == prepared_.end()) {
    const std::string name = "souk" + std::to_string(prepared_.size());
    Rows prepared(PQprepare(conn_, name.c_str(), sql.c_str(), 0, nullptr));
    if (!prepared.ok()) return prepared;  // its error is the query's
    it = prepared_.emplace(sql, name).first;
  }
  return Rows(PQexecPrepared(conn_, it->second.c_str(), static_cast<int>(values.size()), values.data(), nullptr,
                             nullptr, 0));
}

Status PostgresClient::Command(const std::string& sql) {
  Rows done(PQexec(conn_, sql.c_str()));
  return done.ok() ? Status::Ok() : Failure(sql, done);
}

Status PostgresClient::Failure(const std::string& what, const Rows& rows) const {
  if (!Connected()) return Status::Unavailable("database: " + what + ": connection lost: " + PostgresError(conn_));
  return Status::Unavailable("database: " + what + ": " + rows.Error());
}

Status PostgresClient::Rollback(Status error) {
  if (Connected()) (void)Command("ROLLBACK");
  return error;
}

}  // namespace souk::server
