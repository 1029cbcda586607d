#include "server/blocks/blocklist.h"

namespace souk::server::blocks {

Status CheckNetwork(const std::string& network) {
  AddressNetworks parsed;
  return parsed.Add(network);
}

void Blocklist::Set(const std::vector<Block>& blocks) {
  auto networks = std::make_shared<AddressNetworks>();
  size_t added = 0;
  // A row that does not parse (written by hand into the table) blocks nothing.
  for (const Block& block : blocks) added += networks->Add(block.network).ok() ? 1 : 0;
  std::lock_guard lock(mutex_);
  networks_ = std::move(networks);
  size_ = added;
}

Status Blocklist::Refresh(BlockStore& store) {
  auto blocks = store.List();
  if (!blocks.ok()) return blocks.status();
  Set(*blocks);
  return Status::Ok();
}

bool Blocklist::Contains(const IpAddress& client) const {
  std::shared_ptr<const AddressNetworks> networks;
  {
    std::lock_guard lock(mutex_);
    if (size_ == 0) return false;
    networks = networks_;
  }
  return networks->Contains(client);
}

size_t Blocklist::size() const {
  std::lock_guard lock(mutex_);
  return size_;
}

}  // namespace souk::server::blocks
