// Errors as values at the edges of the engine (parsing, loading, move checks).
// Inside the engine, invariants are asserts; a Status carries a message meant
// for a person: it names what was wrong ("illegal move 'take gold': ..."), and a
// code that says what kind of failure it is, so that callers (the server's HTTP
// statuses, the Python exceptions) decide by kind, never by matching the text.
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace souk {

// What kind of failure (LevelDB's and gRPC's codes, plus the ones a game server needs).
enum class StatusCode {
  kOk,
  kInvalidArgument,     // malformed input: a move that does not parse, a bad option, broken JSON
  kIllegalMove,         // a well-formed move the rules refuse
  kFailedPrecondition,  // refused in this state: not your turn, the game is over, an invite used
  kNotFound,            // no such game, file or record
  kUnauthenticated,     // a credential is needed and none was given
  kPermissionDenied,    // a credential that does not grant this
  kResourceExhausted,   // a limit or quota was reached: ask again later
  kUnavailable,         // the service cannot do it now (the store cannot write): not the caller's fault
  kAborted,             // another writer got there first (an instance stored that move): read again, then decide
  kInternal,            // a bug
};

class Status {
 public:
  Status() = default;  // OK
  static Status Ok() { return Status(); }
  // A failure of the given kind; Error() is an invalid argument, the common case at
  // the engine's edges (parsers and loaders).
  static Status Error(std::string message) { return Status(StatusCode::kInvalidArgument, std::move(message)); }
  static Status Illegal(std::string message) { return Status(StatusCode::kIllegalMove, std::move(message)); }
  static Status FailedPrecondition(std::string message) {
    return Status(StatusCode::kFailedPrecondition, std::move(message));
  }
  static Status NotFound(std::string message) { return Status(StatusCode::kNotFound, std::move(message)); }
  static Status Unauthenticated(std::string message) {
    return Status(StatusCode::kUnauthenticated, std::move(message));
  }
  static Status PermissionDenied(std::string message) {
    return Status(StatusCode::kPermissionDenied, std::move(message));
  }
  static Status ResourceExhausted(std::string message) {
    return Status(StatusCode::kResourceExhausted, std::move(message));
  }
  static Status Unavailable(std::string message) { return Status(StatusCode::kUnavailable, std::move(message)); }
  static Status Aborted(std::string message) { return Status(StatusCode::kAborted, std::move(message)); }
  static Status Internal(std::string message) { return Status(StatusCode::kInternal, std::move(message)); }
  // The same kind of failure with `prefix` before its message ("game x: " + ...).
  Status Prefixed(const std::string& prefix) const { return ok() ? *this : Status(code_, prefix + message_); }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  const std::string& message() const { return message_; }

 private:
  Status(StatusCode code, std::string message) : message_(std::move(message)), code_(code) {
    assert(code != StatusCode::kOk);
  }
  std::string message_;
  StatusCode code_ = StatusCode::kOk;
};

// A value or the Status that explains why there is none.
template <typename T>
class Result {
 public:
  Result(T value) : value_(std::move(value)) {}          // NOLINT: implicit by design
  Result(Status error) : value_(std::move(error)) {       // NOLINT: implicit by design
    assert(!std::get<Status>(value_).ok());
  }

  bool ok() const { return std::holds_alternative<T>(value_); }
  const T& value() const& { assert(ok()); return std::get<T>(value_); }
  T& value() & { assert(ok()); return std::get<T>(value_); }
  T&& value() && { assert(ok()); return std::get<T>(std::move(value_)); }
  const T& operator*() const& { return value(); }
  T& operator*() & { return value(); }
  T&& operator*() && { return std::move(*this).value(); }
  const T* operator->() const { return &value(); }
  T* operator->() { return &value(); }
  Status status() const { return ok() ? Status::Ok() : std::get<Status>(value_); }
  StatusCode code() const { return ok() ? StatusCode::kOk : std::get<Status>(value_).code(); }
  const std::string& message() const {
    static const std::string kEmpty;
    return ok() ? kEmpty : std::get<Status>(value_).message();
  }

 private:
  std::variant<T, Status> value_;
};

}  // namespace souk
