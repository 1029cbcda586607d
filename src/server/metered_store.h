// A store that times every call of another and counts its failures, for the
// metrics (souk_store_operation_duration_seconds, souk_store_errors_total). What
// `souk serve` gives the game service; tests use stores as they are.
#pragma once

#include <memory>

#include "server/store.h"

namespace souk::server {

// Calls go to `inner`, which must outlive the result.
std::unique_ptr<Store> MeteredStore(Store& inner);

}  // namespace souk::server
