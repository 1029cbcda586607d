#include "server/connection_limits.h"

#include <mutex>
#include <unordered_map>

namespace souk::server {

struct ConnectionSlot::Counts {
  std::mutex mutex;
  int total = 0;
  std::unordered_map<std::string, int> per_address;  // addresses with a connection open only
};

Result<int> ConnectionCapFor(int requested, uint64_t descriptor_limit, std::string* warning) {
  if (requested < 0) return Status::Error("--max-connections: expected 0 (the default) or more, got " + std::to_string(requested));
  const uint64_t room = descriptor_limit > kReservedDescriptors ? descriptor_limit - kReservedDescriptors : 0;
  const std::string why = "the descriptor limit (ulimit -n) is " + std::to_string(descriptor_limit) + ", less " +
                          std::to_string(kReservedDescriptors) + " kept for the database, files and the event loop";
  if (room == 0) return Status::Error("no room for connections: " + why + "; raise ulimit -n");
  if (requested == 0) {
    if (room >= kDefaultMaxConnections) return kDefaultMaxConnections;
    *warning = "at most " + std::to_string(room) + " connections at once, not " + std::to_string(kDefaultMaxConnections) +
               ": " + why + "; raise ulimit -n for more";
    return static_cast<int>(room);
  }
  if (static_cast<uint64_t>(requested) > room)
    return Status::Error("--max-connections " + std::to_string(requested) + " does not fit: " + why + ", leaves room for " +
                         std::to_string(room) + "; raise ulimit -n or lower --max-connections");
  return requested;
}

ConnectionSlot& ConnectionSlot::operator=(ConnectionSlot&& other) noexcept {
  if (this != &other) {
    Release();
    counts_ = std::move(other.counts_);
    address_ = std::move(other.address_);
    in_total_ = other.in_total_;
  }
  return *this;
}

ConnectionSlot::~ConnectionSlot() { Release(); }

void ConnectionSlot::Release() {
  if (!counts_) return;
  std::lock_guard lock(counts_->mutex);
  if (in_total_) --counts_->total;
  if (!address_.empty()) {
    auto it = counts_->per_address.find(address_);
    if (--it->second == 0) counts_->per_address.erase(it);
  }
  counts_.reset();
}

ConnectionTable::ConnectionTable(int max_total, int max_per_address)
    : counts_(std::make_shared<ConnectionSlot::Counts>()), max_total_(max_total), max_per_address_(max_per_address) {}

ConnectionTable::~ConnectionTable() = default;

Admission ConnectionTable::Admit(const std::string& address) {
  std::lock_guard lock(counts_->mutex);
  if (counts_->total >= max_total_) return {Admitted::kServerFull, {}};
  if (!address.empty()) {
    int& from = counts_->per_address[address];
    if (from >= max_per_address_) {
      if (from == 0) counts_->per_address.erase(address);
      return {Admitted::kAddressFull, {}};
    }
    ++from;
  }
  ++counts_->total;
  return {Admitted::kYes, ConnectionSlot(counts_, address, true)};
}

Admission ConnectionTable::AdmitForwarded(const std::string& address) {
  std::lock_guard lock(counts_->mutex);
  int& from = counts_->per_address[address];
  if (from >= max_per_address_) {
    if (from == 0) counts_->per_address.erase(address);
    return {Admitted::kAddressFull, {}};
  }
  ++from;
  return {Admitted::kYes, ConnectionSlot(counts_, address, false)};
}

int ConnectionTable::open() const {
  std::lock_guard lock(counts_->mutex);
  return counts_->total;
}

int ConnectionTable::open_from(const std::string& address) const {
  std::lock_guard lock(counts_->mutex);
  auto it = counts_->per_address.find(address);
  return it == counts_->per_address.end() ? 0 : it->second;
}

}  // namespace souk::server
