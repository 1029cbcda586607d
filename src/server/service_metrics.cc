#include "server/service_metrics.h"

namespace souk::server {

std::vector<metrics::Registry::Collector> CollectServiceMetrics(GameService& games) {
  metrics::Registry& r = metrics::Default();
  std::vector<metrics::Registry::Collector> out;
  out.push_back(r.Collect("souk_games_in_play", "Games neither finished nor abandoned, counted against the limits.", {},
                          [&games](const metrics::Registry::Put& put) { put({}, games.GamesInPlay()); }));
  out.push_back(r.Collect("souk_games_held", "Games in this instance's memory, in play or not.", {},
                          [&games](const metrics::Registry::Put& put) { put({}, games.GamesInMemory()); }));
  out.push_back(r.Collect("souk_bots_held", "Bots in memory: one per bot seat of each game in play.", {},
                          [&games](const metrics::Registry::Put& put) { put({}, games.BotsHeld()); }));
  out.push_back(r.Collect("souk_bot_memory_bytes", "What the bots hold together: between moves, and searching.", {"state"},
                          [&games](const metrics::Registry::Put& put) {
                            const BotMemory::Use use = games.BotMemoryUse();
                            put({"held"}, static_cast<double>(use.held));
                            put({"budget"}, static_cast<double>(use.budget));
                          }));
  out.push_back(r.Collect("souk_bot_queue_depth", "Bot turns waiting for a worker, by lane: quick, heavy.", {"lane"},
                          [&games](const metrics::Registry::Put& put) {
                            put({"quick"}, games.BotTurnsWaiting(BotLane::kQuick));
                            put({"heavy"}, games.BotTurnsWaiting(BotLane::kHeavy));
                          }));
  return out;
}

}  // namespace souk::server
