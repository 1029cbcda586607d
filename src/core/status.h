// Errors as values at the edges of the engine (parsing, loading, move checks).
// Inside the engine, invariants are asserts; a Status carries a message meant
// for a person: it names what was wrong ("illegal move 'take gold': ..."), and a
// code that says what kind of failure it is, so that callers (the server's HTTP
// statuses, the Python exceptions) decide by kind, never by matching the text.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

namespace souk {

struct Message;  // core/messages.h

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

// What exactly failed, for a program: the stable code every client gets beside the
// message (docs/protocol.md, "Error codes"; Python's exception classes). Finer than
// StatusCode: each code has one kind (KindOf), while a kind has several codes. A
// Status made without one has its kind's own code (kFailedPrecondition's
// "failed_precondition"). The names are a protocol: never rename one.
enum class ErrorCode : uint8_t {
  kUnspecified,         // the kind's own code
  kInvalidArgument,     // invalid_argument: malformed input
  kBadMove,             // bad_move: a move's text that does not parse
  kIllegalMove,         // illegal_move: a well-formed move the rules refuse
  kNotCanonical,        // not_canonical: a legal move, not in the canonical text the record keeps
  kFailedPrecondition,  // failed_precondition: not now, for another reason than those below
  kNotYourTurn,         // not_your_turn
  kGameOver,            // game_over
  kGameAbandoned,       // game_abandoned
  kGameNotOver,         // game_not_over: shown once the game is over (a replay, a record)
  kInviteUsed,          // invite_used
  kHintRefused,         // hint_refused: no hint now (not your turn, a game against people, busy...)
  kNotFound,            // not_found
  kUnauthenticated,     // unauthenticated
  kForbidden,           // forbidden
  kLimitReached,        // limit_reached: a quota (games in play), not a rate: no retry time
  kRateLimited,         // rate_limited: too many requests, retry_after_ms says when to ask again
  kTooLarge,            // too_large: a request body over the limit
  kUnavailable,         // unavailable: the server cannot now (the store cannot write, the server is full)
  kAborted,             // aborted: another writer got there first
  kBadName,             // bad_name: an account name not of the allowed form (docs/accounts.md)
  kNameTaken,           // name_taken: an account of that name exists (case ignored)
  kNameReserved,        // name_reserved: a name kept for the server or its bots
  kBadPassword,         // bad_password: a password too short or too long
  kBadCredentials,      // bad_credentials: a log-in with a wrong name or password
  kNotSignedIn,         // not_signed_in: no valid session cookie
  kBadOrigin,           // bad_origin: a cookie-authenticated change from another site (Origin)
  kTooManyAttempts,     // too_many_attempts: failed log-ins: wait retry_after_ms
  kNotRateable,         // not_rateable: a rated game asked for that cannot be (a bot seat, no pool)
  kAlreadySeated,       // already_seated: the account holds another seat of the game
  kNoSuchPlayer,        // no_such_player: no account of that name (or a deleted one)
  kNoSuchPool,          // no_such_pool: no rating pool of that id
  // The clocks' (src/clock, docs/clocks.md).
  kBadClock,            // bad_clock: a time control out of its limits, or malformed
  kOutOfTime,           // out_of_time: the seat's time ran out before its move arrived
  // The lobby's (server/lobby, docs/protocol.md "Tables and quick play").
  kTableClosed,         // table_closed: the table started, was cancelled or expired
  kOutOfRange,          // out_of_range: a rating outside the table's range
  // The email notifications' (src/server/mail, docs/notifications.md).
  kNoEmail,             // no_email: this server sends no email (started without --smtp)
  kBadEmail,            // bad_email: an email address not of the accepted form
  kBadToken,            // bad_token: a verification link unknown, used, replaced or expired
  kBadSignature,        // bad_signature: an unsubscribe link altered or forged
  kInternal,            // internal: a bug
};

// "not_your_turn"; kUnspecified has no name of its own ("").
constexpr std::string_view ErrorCodeName(ErrorCode code) {
  constexpr std::string_view kNames[] = {
      "",          "invalid_argument", "bad_move",       "illegal_move",  "not_canonical", "failed_precondition",
      "not_your_turn", "game_over",    "game_abandoned", "game_not_over", "invite_used",   "hint_refused",
      "not_found", "unauthenticated",  "forbidden",      "limit_reached", "rate_limited",  "too_large",
      "unavailable", "aborted",        "bad_name",       "name_taken",    "name_reserved", "bad_password",
      "bad_credentials", "not_signed_in", "bad_origin", "too_many_attempts", "not_rateable", "already_seated", "no_such_player",
      "no_such_pool", "bad_clock", "out_of_time", "table_closed", "out_of_range", "no_email", "bad_email", "bad_token",
      "bad_signature", "internal"};
  static_assert(std::size(kNames) == static_cast<size_t>(ErrorCode::kInternal) + 1);
  return kNames[static_cast<size_t>(code)];
}

// Every code but kUnspecified, in enum order (the docs' table is checked against it).
constexpr auto kErrorCodes = [] {
  std::array<ErrorCode, static_cast<size_t>(ErrorCode::kInternal)> codes{};
  for (size_t i = 0; i < codes.size(); ++i) codes[i] = static_cast<ErrorCode>(i + 1);
  return codes;
}();

// The code named `name`; nothing for any other text.
constexpr std::optional<ErrorCode> ErrorCodeNamed(std::string_view name) {
  for (ErrorCode code : kErrorCodes)
    if (ErrorCodeName(code) == name) return code;
  return std::nullopt;
}

// The kind of failure a code is.
constexpr StatusCode KindOf(ErrorCode code) {
  switch (code) {
    case ErrorCode::kUnspecified: return StatusCode::kInternal;
    case ErrorCode::kInvalidArgument:
    case ErrorCode::kBadMove: return StatusCode::kInvalidArgument;
    case ErrorCode::kIllegalMove:
    case ErrorCode::kNotCanonical: return StatusCode::kIllegalMove;
    case ErrorCode::kFailedPrecondition:
    case ErrorCode::kNotYourTurn:
    case ErrorCode::kGameOver:
    case ErrorCode::kGameAbandoned:
    case ErrorCode::kGameNotOver:
    case ErrorCode::kInviteUsed:
    case ErrorCode::kHintRefused: return StatusCode::kFailedPrecondition;
    case ErrorCode::kNotFound: return StatusCode::kNotFound;
    case ErrorCode::kUnauthenticated: return StatusCode::kUnauthenticated;
    case ErrorCode::kForbidden: return StatusCode::kPermissionDenied;
    case ErrorCode::kLimitReached:
    case ErrorCode::kRateLimited:
    case ErrorCode::kTooLarge: return StatusCode::kResourceExhausted;
    case ErrorCode::kUnavailable: return StatusCode::kUnavailable;
    case ErrorCode::kAborted: return StatusCode::kAborted;
    case ErrorCode::kBadName:
    case ErrorCode::kNameTaken:
    case ErrorCode::kNameReserved:
    case ErrorCode::kBadPassword: return StatusCode::kInvalidArgument;
    case ErrorCode::kBadCredentials:
    case ErrorCode::kNotSignedIn: return StatusCode::kUnauthenticated;
    case ErrorCode::kBadOrigin: return StatusCode::kPermissionDenied;
    case ErrorCode::kTooManyAttempts: return StatusCode::kResourceExhausted;
    case ErrorCode::kNotRateable: return StatusCode::kInvalidArgument;
    case ErrorCode::kAlreadySeated: return StatusCode::kFailedPrecondition;
    case ErrorCode::kNoSuchPlayer:
    case ErrorCode::kNoSuchPool: return StatusCode::kNotFound;
    case ErrorCode::kBadClock: return StatusCode::kInvalidArgument;
    case ErrorCode::kOutOfTime: return StatusCode::kFailedPrecondition;
    case ErrorCode::kTableClosed: return StatusCode::kFailedPrecondition;
    case ErrorCode::kOutOfRange: return StatusCode::kPermissionDenied;
    case ErrorCode::kNoEmail: return StatusCode::kNotFound;
    case ErrorCode::kBadEmail: return StatusCode::kInvalidArgument;
    case ErrorCode::kBadToken: return StatusCode::kNotFound;
    case ErrorCode::kBadSignature: return StatusCode::kPermissionDenied;
    case ErrorCode::kInternal: return StatusCode::kInternal;
  }
  return StatusCode::kInternal;
}

// A kind's own code (kOk has none: kUnspecified).
constexpr ErrorCode DefaultErrorCode(StatusCode kind) {
  switch (kind) {
    case StatusCode::kOk: return ErrorCode::kUnspecified;
    case StatusCode::kInvalidArgument: return ErrorCode::kInvalidArgument;
    case StatusCode::kIllegalMove: return ErrorCode::kIllegalMove;
    case StatusCode::kFailedPrecondition: return ErrorCode::kFailedPrecondition;
    case StatusCode::kNotFound: return ErrorCode::kNotFound;
    case StatusCode::kUnauthenticated: return ErrorCode::kUnauthenticated;
    case StatusCode::kPermissionDenied: return ErrorCode::kForbidden;
    case StatusCode::kResourceExhausted: return ErrorCode::kLimitReached;
    case StatusCode::kUnavailable: return ErrorCode::kUnavailable;
    case StatusCode::kAborted: return ErrorCode::kAborted;
    case StatusCode::kInternal: return ErrorCode::kInternal;
  }
  return ErrorCode::kInternal;
}

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
  // A failure with its stable code, of that code's kind; `catalogued`, when the
  // message is one of the core's catalogue (MessageStatus, core/messages.h), lets a
  // layer translate it by id and arguments.
  static Status Coded(ErrorCode code, std::string message, std::shared_ptr<const Message> catalogued = nullptr) {
    assert(code != ErrorCode::kUnspecified);
    Status s(KindOf(code), std::move(message));
    s.error_code_ = code;
    s.catalogued_ = std::move(catalogued);
    return s;
  }
  // The same failure with `prefix` before its message ("game x: " + ...).
  Status Prefixed(const std::string& prefix) const {
    if (ok()) return *this;
    Status s = *this;
    s.message_ = prefix + message_;
    return s;
  }
  // The same failure (message, stable code) as another kind: a move the service
  // refuses, whatever the engine said of it.
  Status AsKind(StatusCode kind) const {
    if (ok()) return *this;
    Status s = *this;
    s.error_code_ = error_code();
    s.code_ = kind;
    return s;
  }

  bool ok() const { return code_ == StatusCode::kOk; }
  StatusCode code() const { return code_; }
  // The stable code: the one it was made with, else its kind's.
  ErrorCode error_code() const {
    return error_code_ != ErrorCode::kUnspecified ? error_code_ : DefaultErrorCode(code_);
  }
  const std::string& message() const { return message_; }
  // The catalogue's message the text ends with (after any prefix), or null.
  const Message* catalogued() const { return catalogued_.get(); }

 private:
  Status(StatusCode code, std::string message) : message_(std::move(message)), code_(code) {
    assert(code != StatusCode::kOk);
  }
  std::string message_;
  std::shared_ptr<const Message> catalogued_;
  StatusCode code_ = StatusCode::kOk;
  ErrorCode error_code_ = ErrorCode::kUnspecified;
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
  ErrorCode error_code() const { return ok() ? ErrorCode::kUnspecified : std::get<Status>(value_).error_code(); }
  const std::string& message() const {
    static const std::string kEmpty;
    return ok() ? kEmpty : std::get<Status>(value_).message();
  }

 private:
  std::variant<T, Status> value_;
};

}  // namespace souk
