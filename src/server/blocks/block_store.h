// The client addresses the operator has blocked (`souk admin block`, docs/operations.md):
// kept in the games' database (the table `blocks` the game store's migration adds), on
// SQLite or PostgreSQL, so that every instance sharing it refuses them.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/status.h"

namespace souk::server::blocks {

struct Block {
  std::string network;  // "203.0.113.7", "203.0.113.0/24", "2001:db8::/48", as written by Blocklist's rules
  std::string reason;   // the operator's note; never shown to the client
  int64_t created_ms = 0;
  bool operator==(const Block&) const = default;
};

class BlockStore {
 public:
  virtual ~BlockStore() = default;
  // Blocks `block.network`; blocking it again replaces its reason.
  virtual Status Add(const Block& block) = 0;
  // Whether it was blocked.
  virtual Result<bool> Remove(const std::string& network) = 0;
  // Every block, oldest first.
  virtual Result<std::vector<Block>> List() = 0;
};

// The store of `db` (a SQLite file or a PostgreSQL URI, as OpenStore takes it), whose
// schema OpenStore has brought up to date: open the game store first.
Result<std::unique_ptr<BlockStore>> OpenBlockStore(const std::string& db);

}  // namespace souk::server::blocks
