#include "server/postgres_watcher.h"

#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <memory>

#include "server/postgres_conn.h"
#include "server/server_log.h"
#include "server/server_metrics.h"
#include "server/wall_time.h"

namespace souk::server {
namespace {

char KindLetter(StoreChange::Kind kind) {
  switch (kind) {
    case StoreChange::Kind::kMove: return 'm';
    case StoreChange::Kind::kSeat: return 's';
    case StoreChange::Kind::kAbandoned: return 'a';
    case StoreChange::Kind::kMissed: return '?';
  }
  return '?';
}

// The next space-separated word of `text` from `*at`, moving `*at` past it.
std::string Word(const std::string& text, size_t* at) {
  const size_t end = std::min(text.find(' ', *at), text.size());
  std::string word = text.substr(*at, end - *at);
  *at = end < text.size() ? end + 1 : end;
  return word;
}

}  // namespace

std::string ChangeNotice(const std::string& instance, const StoreChange& change, int64_t sent_ms) {
  std::string text = instance;
  if (sent_ms >= 0) text.append("@").append(std::to_string(sent_ms));
  text.append(" ").append(1, KindLetter(change.kind)).append(" ").append(change.game_id);
  if (change.kind == StoreChange::Kind::kMove) text += ' ' + std::to_string(change.index) + ' ' + change.move;
  return text;
}

bool ParseChangeNotice(const std::string& text, std::string* instance, StoreChange* change, int64_t* sent_ms) {
  size_t at = 0;
  *instance = Word(text, &at);
  if (sent_ms) *sent_ms = -1;
  // An instance's name (host/pid/random) has no '@': what follows the last is the time.
  if (const size_t mark = instance->rfind('@'); mark != std::string::npos) {
    const std::string time = instance->substr(mark + 1);
    instance->resize(mark);
    if (sent_ms && !time.empty() && time.size() <= 15 && time.find_first_not_of("0123456789") == std::string::npos)
      *sent_ms = std::stoll(time);
  }
  const std::string kind = Word(text, &at);
  change->game_id = Word(text, &at);
  if (instance->empty() || change->game_id.empty()) return false;
  if (kind == "s") change->kind = StoreChange::Kind::kSeat;
  else if (kind == "a") change->kind = StoreChange::Kind::kAbandoned;
  else if (kind == "m") {
    change->kind = StoreChange::Kind::kMove;
    const std::string index = Word(text, &at);
    if (index.empty() || index.size() > 9 || index.find_first_not_of("0123456789") != std::string::npos) return false;
    change->index = std::stoul(index);
    change->move = text.substr(at);  // a move's text has spaces of its own
    return !change->move.empty();
  } else {
    return false;
  }
  return at == text.size();
}

std::optional<double> NoticeLagSeconds(int64_t sent_ms, int64_t now_ms) {
  if (sent_ms < 0 || sent_ms > now_ms + kNoticeLagLimitMs || sent_ms < now_ms - kNoticeLagLimitMs) return std::nullopt;
  return static_cast<double>(std::max<int64_t>(0, now_ms - sent_ms)) / 1000;
}

ChangeWatcher::ChangeWatcher(std::string uri, std::string own_instance, std::function<void(const StoreChange&)> on_change)
    : uri_(std::move(uri)), own_instance_(std::move(own_instance)), on_change_(std::move(on_change)) {
  wake_fd_ = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  thread_ = std::thread([this] { Run(); });
  std::unique_lock lock(listening_mutex_);
  listening_changed_.wait_for(lock, std::chrono::milliseconds(kFirstListenWaitMs), [this] { return listening_; });
}

ChangeWatcher::~ChangeWatcher() {
  stopping_ = true;
  const uint64_t one = 1;
  if (wake_fd_ >= 0 && write(wake_fd_, &one, sizeof one) < 0) {
    // Cannot happen with an eventfd below its maximum; the poll's timeout stops it anyway.
  }
  thread_.join();
  if (wake_fd_ >= 0) close(wake_fd_);
}

bool ChangeWatcher::Pause(int ms) {
  pollfd wake{wake_fd_, POLLIN, 0};
  poll(&wake, 1, ms);
  return !stopping_;
}

void ChangeWatcher::Tell(const StoreChange& change) {
  try {
    on_change_(change);
  } catch (const std::exception& e) {
    // One change that could not be told (out of memory, say) stops no other; the game
    // is read back on its next change or request.
    server_log::Write(server_log::Level::kError, "change_not_applied",
                      "game " + change.game_id + ": a change from another instance was not applied: " + e.what(),
                      {{"game", change.game_id}});
  }
}

ChangeWatcher::MoveCheck ChangeWatcher::CheckStoredMove(PGconn* conn, StoreChange* change) {
  const std::string index = std::to_string(change->index);
  const char* params[2] = {change->game_id.c_str(), index.c_str()};
  Rows row(PQexecParams(conn, "SELECT move, at_ms FROM moves WHERE game_id=$1 AND idx=$2", 2, nullptr, params, nullptr,
                        nullptr, 0));
  if (!row.ok()) {
    server_log::Write(server_log::Level::kWarning, "change_read_failed",
                      "database: reading move " + std::to_string(change->index) + " of game " + change->game_id +
                          " that another instance stored: " + PostgresError(conn),
                      {{"game", change->game_id}});
    return MoveCheck::kLost;
  }
  if (row.size() == 0) {
    server_log::Write(server_log::Level::kWarning, "change_not_stored",
                      "game " + change->game_id + ": ignored a notice of move " + std::to_string(change->index) +
                          ", which the database does not hold (not sent by an instance's statement)",
                      {{"game", change->game_id}});
    return MoveCheck::kNotStored;
  }
  change->move = row.Text(0, 0);
  change->at_ms = row.Int(0, 1);  // the clocks', as the row keeps it (the notice's time is the lag metric's)
  return MoveCheck::kStored;
}

void ChangeWatcher::Run() {
  std::unique_ptr<PGconn, decltype(&PQfinish)> conn(nullptr, PQfinish);
  int backoff_ms = 100;
  while (!stopping_) {
    if (!conn) {
      auto connected = ConnectPostgres(uri_);
      if (connected.ok()) {
        conn.reset(*connected);
        Rows listen(PQexec(conn.get(), (std::string("LISTEN ") + kChangeChannel).c_str()));
        if (!listen.ok()) conn.reset();
      }
      if (!conn) {
        // The database is down or restarting: try again, less and less often.
        if (!Pause(backoff_ms)) break;
        backoff_ms = std::min(backoff_ms * 2, 2000);
        continue;
      }
      backoff_ms = 100;
      {
        std::lock_guard lock(listening_mutex_);
        listening_ = true;
      }
      listening_changed_.notify_all();
      // Whatever was committed before this LISTEN was told to nobody: after a loss, and
      // the first time too for any game loaded before it (a slow start).
      Tell(StoreChange{StoreChange::Kind::kMissed, "", 0, ""});
    }
    pollfd fds[2] = {{PQsocket(conn.get()), POLLIN, 0}, {wake_fd_, POLLIN, 0}};
    if (poll(fds, 2, 1000) < 0 || stopping_) continue;
    if (fds[0].revents == 0) continue;
    if (!PQconsumeInput(conn.get()) || PQstatus(conn.get()) != CONNECTION_OK) {
      server_log::Write(server_log::Level::kWarning, "listen_lost",
                        "database: the connection that hears other instances was lost: " + PostgresError(conn.get()));
      conn.reset();
      continue;
    }
    while (PGnotify* notify = PQnotifies(conn.get())) {
      std::string instance;
      StoreChange change;
      int64_t sent_ms = -1;
      const bool parsed = ParseChangeNotice(notify->extra ? notify->extra : "", &instance, &change, &sent_ms);
      PQfreemem(notify);
      if (!parsed || instance == own_instance_) continue;
      if (change.kind == StoreChange::Kind::kMove) {
        const MoveCheck check = CheckStoredMove(conn.get(), &change);
        if (check == MoveCheck::kLost) {
          // Read back on the next connection, with everything else missed meanwhile.
          conn.reset();
          break;
        }
        if (check == MoveCheck::kNotStored) continue;
      }
      Tell(change);
      if (auto lag = NoticeLagSeconds(sent_ms, NowMs())) server_metrics::NoticeHandled(*lag);
    }
  }
}

}  // namespace souk::server
