// What the PostgreSQL stores' files share (postgres_store.cc, postgres_watcher.cc,
// accounts/postgres_account_store.cc, ratings/postgres_rating_store.cc): libpq's
// results and connections as this server uses them. Not for other code.
#pragma once

#include <libpq-fe.h>

#include <cstdlib>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "core/status.h"

namespace souk::server {

// A query's result, cleared when it goes.
class Rows {
 public:
  explicit Rows(PGresult* result) : result_(result) {}
  ~Rows() { PQclear(result_); }
  Rows(const Rows&) = delete;
  Rows& operator=(const Rows&) = delete;
  Rows(Rows&& other) noexcept : result_(other.result_) { other.result_ = nullptr; }

  bool ok() const {
    const ExecStatusType status = PQresultStatus(result_);
    return status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
  }
  int size() const { return PQntuples(result_); }
  int affected() const {
    const char* text = PQcmdTuples(result_);
    return text && *text ? std::atoi(text) : 0;
  }
  std::string Text(int row, int col) const {
    return std::string(PQgetvalue(result_, row, col), static_cast<size_t>(PQgetlength(result_, row, col)));
  }
  int64_t Int(int row, int col) const { return std::strtoll(PQgetvalue(result_, row, col), nullptr, 10); }
  bool Bool(int row, int col) const { return PQgetvalue(result_, row, col)[0] == 't'; }
  double Double(int row, int col) const { return std::strtod(PQgetvalue(result_, row, col), nullptr); }
  std::string SqlState() const {
    const char* state = PQresultErrorField(result_, PG_DIAG_SQLSTATE);
    return state ? state : "";
  }
  std::string Error() const {
    std::string message = result_ ? PQresultErrorMessage(result_) : "no result";
    while (!message.empty() && (message.back() == '\n' || message.back() == ' ')) message.pop_back();
    return message;
  }

 private:
  PGresult* result_;
};

// Connects to `uri`, a libpq connection URI: a database that does not answer is an
// error after 5 s (the URI's own connect_timeout wins), never a hang; a connection
// found dead by the operating system (keepalives) is noticed within about 15 s.
Result<PGconn*> ConnectPostgres(const std::string& uri);

// libpq's last error on `conn`, without its trailing newline.
std::string PostgresError(const PGconn* conn);

// A store's one connection, used under the store's lock (`mutex_`): a call after the
// connection was lost (the server restarted, the network dropped) opens it again.
class PostgresClient {
 public:
  PostgresClient(const PostgresClient&) = delete;
  PostgresClient& operator=(const PostgresClient&) = delete;

 protected:
  explicit PostgresClient(std::string uri) : uri_(std::move(uri)) {}
  ~PostgresClient() { PQfinish(conn_); }

  // Opens the connection if it is not open.
  Status Connect();
  // Each statement is prepared once per connection (PostgreSQL parses and plans it
  // once): that halves the database's CPU per move (docs/performance.md). A parameter
  // holding a NUL byte fails the query (libpq would cut it short, silently).
  Rows Query(const std::string& sql, const std::vector<std::string>& params);
  // A statement without parameters or result (BEGIN, a schema).
  Status Command(const std::string& sql);
  // PostgreSQL failing (down, unreachable, out of space) is the server's fault, never
  // the request's: the caller answers "unavailable".
  Status Failure(const std::string& what, const Rows& rows) const;
  // Ends the transaction in progress, if the connection still stands; returns `error`.
  Status Rollback(Status error);
  bool Connected() const { return conn_ && PQstatus(conn_) == CONNECTION_OK; }

  const std::string uri_;
  std::mutex mutex_;
  PGconn* conn_ = nullptr;

 private:
  std::map<std::string, std::string> prepared_;  // SQL text -> statement name, on conn_
};

}  // namespace souk::server
