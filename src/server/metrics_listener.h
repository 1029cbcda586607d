// `souk serve --metrics-listen ADDR:PORT`: GET /metrics in Prometheus's text format,
// on an address of its own, never the players' port, so that the operator's network
// rules decide who scrapes (docs/operations.md). One thread; a scrape is small.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>

#include "core/status.h"

namespace souk::server {

// "127.0.0.1:9464", "[::1]:9464" or ":9464" (every address) into its parts; an error
// naming what is wrong.
Status ParseListenAddress(const std::string& text, std::string* address, uint16_t* port);

class MetricsListener {
 public:
  MetricsListener();
  ~MetricsListener();  // stops
  MetricsListener(const MetricsListener&) = delete;
  MetricsListener& operator=(const MetricsListener&) = delete;

  // Binds (port 0: any free one) and serves metrics::Default() on a thread of its own.
  Status Start(const std::string& address, uint16_t port);
  // Also answers GET `path` with `json()`'s text, for the operator's tools (`souk admin
  // limits` reads /limits). Before Start.
  void ServeJson(const std::string& path, std::function<std::string()> json);
  uint16_t port() const;
  void Stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace souk::server
