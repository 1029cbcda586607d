// Who a request comes from, for the limits that count per client: the socket's
// peer, or behind a reverse proxy the operator trusts, the address it forwards.
#pragma once

#include <boost/asio/ip/address.hpp>

#include <string>
#include <string_view>
#include <vector>

#include "core/status.h"

namespace souk::server {

using IpAddress = boost::asio::ip::address;

// A set of addresses and networks written ADDR/BITS: the reverse proxies the server
// believes, the clients the operator blocked.
class AddressNetworks {
 public:
  // Adds "10.0.0.7", "10.0.0.0/8", "::1" or "fd00::/8"; an error saying what is wrong.
  Status Add(std::string_view text);
  bool Contains(const IpAddress& address) const;
  bool empty() const { return networks_.empty(); }

 private:
  struct Network {
    IpAddress base;
    int bits;
  };
  std::vector<Network> networks_;
};

// The reverse proxies whose X-Forwarded-For the server believes (`souk serve
// --trusted-proxy`).
using TrustedProxies = AddressNetworks;

// The client a request comes from. From a trusted proxy: the right-most address of
// `forwarded_for` (the X-Forwarded-For headers, joined by commas) that is not itself
// a trusted proxy, since each proxy appends the address it was reached from and
// only the part our own proxies wrote can be believed; an entry that is not an
// address stops the walk at the last hop vouched for. From anyone else: the peer,
// whatever X-Forwarded-For says (a client may write anything there).
IpAddress ClientAddress(const IpAddress& peer, std::string_view forwarded_for, const TrustedProxies& trusted);

// The key the limits count a client by: an IPv4 address as written ("::ffff:1.2.3.4"
// is 1.2.3.4), an IPv6 address's /64 network, since one host or household is given
// a whole /64 and may pick any address in it.
std::string AddressKey(const IpAddress& address);

}  // namespace souk::server
