// The game service's gauges, read when Prometheus scrapes: games in memory and in
// play, bots held and the memory they hold, the bots' turns waiting in each lane
// (docs/operations.md, "Metrics").
#pragma once

#include <vector>

#include "metrics/metrics.h"
#include "server/game_service.h"

namespace souk::server {

// Read from `games` until the handles are destroyed: keep them no longer than it.
std::vector<metrics::Registry::Collector> CollectServiceMetrics(GameService& games);

}  // namespace souk::server
