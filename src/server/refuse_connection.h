// The answer to a connection the server will not take (too many open): a status,
// Retry-After and a JSON error, written at once without waiting for the request,
// then a close. Never a hang, never a silent drop.
#pragma once

#include <boost/asio/ip/tcp.hpp>

#include <atomic>
#include <chrono>
#include <memory>
#include <string>

#include "core/status.h"

namespace souk::server {

// Answers `socket` with `status` (429, 503) and {"error": message, "code", "retry_after_ms"},
// then closes it. At most `limit` refusals are under way at once (`in_flight`
// counts them): past that, under a flood, a connection is closed unanswered, since
// each one being answered holds a descriptor.
void RefuseConnection(boost::asio::ip::tcp::socket socket, unsigned status, ErrorCode code, std::chrono::seconds retry_after,
                      const std::string& message, std::shared_ptr<std::atomic<int>> in_flight, int limit);

}  // namespace souk::server
