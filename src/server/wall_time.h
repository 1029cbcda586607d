// The wall clock in Unix milliseconds, as the store keeps times: one definition for
// the service and the small classes beside it.
#pragma once

#include <chrono>
#include <cstdint>

namespace souk::server {

inline int64_t NowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace souk::server
