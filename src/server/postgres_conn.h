// What the PostgreSQL stores' files share (postgres_store.cc, postgres_watcher.cc,
// accounts/postgres_account_store.cc): libpq's results and connections as this
// server uses them. Not for other code.
#pragma once

#include <libpq-fe.h>

#include <cstdlib>
#include <string>

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

}  // namespace souk::server
