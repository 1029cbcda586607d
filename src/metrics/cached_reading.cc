#include "metrics/cached_reading.h"

#include <utility>

namespace souk::metrics {

CachedReading::CachedReading(std::function<std::optional<double>()> read, Run run, std::chrono::milliseconds max_age,
                             Clock now)
    : read_(std::move(read)), run_(std::move(run)), max_age_(max_age), now_(std::move(now)) {}

std::optional<double> CachedReading::Get() {
  const auto now = now_();
  std::optional<double> value;
  {
    std::lock_guard lock(shared_->mutex);
    value = shared_->value;
    if (shared_->reading || (shared_->asked && now - *shared_->asked < max_age_)) return value;
    shared_->reading = true;
    shared_->asked = now;
  }
  // The job holds the state, not this object, which may be gone when it runs.
  std::weak_ptr<Shared> weak = shared_;
  const bool queued = run_([weak, read = read_] {
    if (weak.expired()) return;
    const std::optional<double> fresh = read();
    if (auto shared = weak.lock()) {
      std::lock_guard lock(shared->mutex);
      shared->value = fresh;
      shared->reading = false;
    }
  });
  if (!queued) {
    std::lock_guard lock(shared_->mutex);
    shared_->reading = false;
    shared_->asked.reset();  // asked again at the next scrape
  }
  return value;
}

}  // namespace souk::metrics
