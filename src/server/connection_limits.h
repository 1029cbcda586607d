// How many connections the server holds at once, in all and per client address.
// Each connection is a file descriptor: a server that runs out of them can accept
// nobody, not even a health check, so it refuses new connections, quickly and with
// a reason, before that happens.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "core/status.h"

namespace souk::server {

struct ConnectionLimits {
  // Open connections in all (HTTP and WebSocket); 0: kDefaultMaxConnections, or as
  // many as the descriptor limit leaves room for if that is fewer.
  int total = 0;
  // Open connections from one client address: a browser holds a few HTTP
  // connections and a WebSocket per game open; a household or office shares an address.
  int per_address = 100;
};

inline constexpr int kDefaultMaxConnections = 10000;
// Descriptors kept for everything but connections: the database and its WAL and
// shared memory, web app files being read, the event loop, standard streams, and
// refused connections being answered (at most kMaxRefusalsInFlight).
inline constexpr int kReservedDescriptors = 100;
inline constexpr int kMaxRefusalsInFlight = 32;

// The cap on open connections for a process allowed `descriptor_limit` files
// (RLIMIT_NOFILE): `requested` if it fits, or an error saying what would; 0 asks for
// the default, lowered to what fits, with `*warning` saying so.
Result<int> ConnectionCapFor(int requested, uint64_t descriptor_limit, std::string* warning);

// Why a connection was not admitted.
enum class Admitted { kYes, kServerFull, kAddressFull };

// One connection's place in the count; gives it back when destroyed.
class ConnectionSlot {
 public:
  ConnectionSlot() = default;
  ConnectionSlot(ConnectionSlot&&) noexcept = default;
  ConnectionSlot& operator=(ConnectionSlot&& other) noexcept;
  ~ConnectionSlot();

 private:
  friend class ConnectionTable;
  struct Counts;
  ConnectionSlot(std::shared_ptr<Counts> counts, std::string address, bool in_total)
      : counts_(std::move(counts)), address_(std::move(address)), in_total_(in_total) {}
  void Release();
  std::shared_ptr<Counts> counts_;
  std::string address_;  // counted against this address, or "" for none
  bool in_total_ = false;
};

struct Admission {
  Admitted outcome = Admitted::kYes;
  ConnectionSlot slot;  // held only when admitted
};

// Thread-safe. Slots may outlive the table.
class ConnectionTable {
 public:
  ConnectionTable(int max_total, int max_per_address);
  ~ConnectionTable();
  // A new connection from `address` (AddressKey), or "" for a trusted proxy's,
  // whose clients are known only from each request's X-Forwarded-For.
  Admission Admit(const std::string& address);
  // A WebSocket opened through a trusted proxy: counted against its client's
  // address (it is already in the total).
  Admission AdmitForwarded(const std::string& address);
  int max_total() const { return max_total_; }
  int max_per_address() const { return max_per_address_; }
  int open() const;                                // every connection held
  int open_from(const std::string& address) const;  // for tests

 private:
  std::shared_ptr<ConnectionSlot::Counts> counts_;
  int max_total_, max_per_address_;
};

}  // namespace souk::server
