#include "server/store_health.h"

namespace souk::server {

Status StoreHealth::Wrote(Status written) {
  if (written.ok() || written.code() == StatusCode::kUnavailable) {
    std::lock_guard lock(mutex_);
    health_ = written;
    checked_ms_ = now_ms_();
  }
  return written;
}

Status StoreHealth::Check() {
  {
    std::lock_guard lock(mutex_);
    // A write that worked less than a second ago will do; a failure is probed again.
    if (health_.ok() && now_ms_() - checked_ms_ < 1000) return Status::Ok();
  }
  return Wrote(store_.Probe()).Prefixed("the store cannot write: ");
}

}  // namespace souk::server
