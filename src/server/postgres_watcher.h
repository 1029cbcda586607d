// How an instance hears of the changes other instances commit to a shared PostgreSQL
// database: one connection of its own that has run LISTEN, read on a thread of its
// own. Not for other code than the PostgreSQL store.
//
// A change is told by the transaction that makes it (pg_notify, sent only if it
// commits) as one line, "INSTANCE@SENT_MS KIND GAME [INDEX MOVE]" (kChangeChannel):
// PostgreSQL delivers them in the order of the commits. SENT_MS, the sender's wall
// clock in Unix milliseconds as it sent the statement, times the notice's lag
// (souk_notify_lag_seconds); instances before it wrote "INSTANCE" alone, and are
// still read (their notices are not timed), while they read "INSTANCE@SENT_MS" whole
// as the sender's name, which they only compare with their own. Any session allowed to
// connect may NOTIFY, so a notice is only a pointer: a move is played as the moves
// table holds it, and a notice of a move the table lacks is ignored. Notifications are not kept
// while nobody listens, so each time the watcher listens (the first time too, and again
// after a lost connection) it tells kMissed: the game service then reads back every game
// it holds. The constructor waits a little for the first LISTEN, so that a server
// normally listens before it serves.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

#include "server/store.h"

struct pg_conn;  // libpq's PGconn, whose header only the store's sources include

namespace souk::server {

inline constexpr const char* kChangeChannel = "souk_changes";

// The notification's text for a change made by `instance`, sent at `sent_ms` (Unix
// ms); without a time (negative), the text of the instances before the lag was timed.
std::string ChangeNotice(const std::string& instance, const StoreChange& change, int64_t sent_ms = -1);
// Reads a notification's text; false for one that is not a change (or is malformed).
// `sent_ms`, if given, is set to the time sent, or -1 when the notice has none or
// one that is not a plain number of milliseconds.
bool ParseChangeNotice(const std::string& text, std::string* instance, StoreChange* change, int64_t* sent_ms = nullptr);
// The lag of a notice sent at `sent_ms` and handled at `now_ms`, in seconds; none for
// a time more than kNoticeLagLimitMs either side of `now_ms`, which no sender's clock
// gave (any session may NOTIFY, with any time). A time a little ahead (clocks apart)
// is a lag of 0.
inline constexpr int64_t kNoticeLagLimitMs = 3600 * 1000;
std::optional<double> NoticeLagSeconds(int64_t sent_ms, int64_t now_ms);

class ChangeWatcher {
 public:
  // Tells `on_change` of every change whose instance is not `own_instance`. Returns once
  // listening, or after kFirstListenWaitMs if the database cannot be reached by then.
  static constexpr int kFirstListenWaitMs = 3000;
  ChangeWatcher(std::string uri, std::string own_instance, std::function<void(const StoreChange&)> on_change);
  ~ChangeWatcher();  // stops and joins
  ChangeWatcher(const ChangeWatcher&) = delete;
  ChangeWatcher& operator=(const ChangeWatcher&) = delete;

 private:
  enum class MoveCheck { kStored, kNotStored, kLost };
  void Run();
  // Replaces the notice's move by the stored one; kLost if the connection failed.
  MoveCheck CheckStoredMove(pg_conn* conn, StoreChange* change);
  void Tell(const StoreChange& change);
  // Sleeps up to `ms`, or less if stopped; false once stopped.
  bool Pause(int ms);

  std::string uri_;
  std::string own_instance_;
  std::function<void(const StoreChange&)> on_change_;
  int wake_fd_ = -1;  // an eventfd: written to stop the thread's poll
  std::atomic<bool> stopping_{false};
  std::mutex listening_mutex_;
  std::condition_variable listening_changed_;
  bool listening_ = false;  // once, by listening_mutex_
  std::thread thread_;
};

}  // namespace souk::server
