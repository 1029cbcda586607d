// The blocked clients as a running server sees them: the blocks' table read again every
// few seconds (`souk serve` does, so a `souk admin block` reaches every instance within
// that time), looked up on every request and WebSocket without touching the database.
#pragma once

#include <memory>
#include <mutex>
#include <vector>

#include "core/status.h"
#include "server/blocks/block_store.h"
#include "server/client_address.h"

namespace souk::server::blocks {

// "203.0.113.7", "203.0.113.0/24", "2001:db8::/48": fit to block; an error saying what
// is wrong otherwise (`souk admin block` checks before storing).
Status CheckNetwork(const std::string& network);

class Blocklist {
 public:
  // Thread-safe; one swap under a lock, so a lookup never waits for the database.
  void Set(const std::vector<Block>& blocks);
  // Reads the store; on an error the blocks stay as they were.
  Status Refresh(BlockStore& store);
  bool Contains(const IpAddress& client) const;
  size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::shared_ptr<const AddressNetworks> networks_ = std::make_shared<AddressNetworks>();
  size_t size_ = 0;
};

}  // namespace souk::server::blocks
