// Whether the store can write, for GET /api/health, which load balancers ask often.
//
// Every write the service makes is noted here, so that a write that worked less than
// a second ago answers the question without touching the store; only then is a small
// write made to see. Its own lock: writes are noted under any game's lock, and the
// health is asked under none.
#pragma once

#include <cstdint>
#include <functional>
#include <mutex>
#include <utility>

#include "core/status.h"
#include "server/store.h"

namespace souk::server {

class StoreHealth {
 public:
  // `now_ms`: the wall clock in Unix milliseconds (the service's).
  StoreHealth(Store& store, std::function<int64_t()> now_ms) : store_(store), now_ms_(std::move(now_ms)) {}

  // Notes a store write's outcome (a success, or the store unavailable; a refusal
  // says nothing of its health) and returns it.
  Status Wrote(Status written);
  // Ok, or "unavailable" when the store cannot write.
  Status Check();

 private:
  Store& store_;
  const std::function<int64_t()> now_ms_;
  std::mutex mutex_;
  Status health_;
  int64_t checked_ms_ = 0;
};

}  // namespace souk::server
