// A value too slow to read on a scrape's thread (a count in a database that may be
// slow or down): a scrape shows the last value read and, when that is older than
// `max_age` or none was read yet, asks for another to be read elsewhere (`run`: on a
// worker thread), one read at a time. So a scrape never waits for the read, and
// nothing is read while nobody scrapes.
#pragma once

#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>

namespace souk::metrics {

class CachedReading {
 public:
  using Clock = std::function<std::chrono::steady_clock::time_point()>;
  // Hands a job to another thread; false if it will not run (a full queue).
  using Run = std::function<bool(std::function<void()> job)>;

  // `read` returns the value, or none when it could not be read (then no value is
  // shown until a read works). A read may finish after this object is gone: it then
  // changes nothing.
  CachedReading(std::function<std::optional<double>()> read, Run run, std::chrono::milliseconds max_age,
                Clock now = std::chrono::steady_clock::now);

  // The last value read, if the last read worked; asks for a fresh one if it is due.
  std::optional<double> Get();

 private:
  struct Shared {
    std::mutex mutex;
    std::optional<double> value;
    std::optional<std::chrono::steady_clock::time_point> asked;  // when the last read was asked for
    bool reading = false;
  };
  std::shared_ptr<Shared> shared_ = std::make_shared<Shared>();
  std::function<std::optional<double>()> read_;
  Run run_;
  std::chrono::milliseconds max_age_;
  Clock now_;
};

}  // namespace souk::metrics
