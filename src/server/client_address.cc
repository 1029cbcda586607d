#include "server/client_address.h"

#include <charconv>

namespace souk::server {
namespace {

// IPv4-mapped IPv6 addresses (a dual-stack socket's IPv4 clients) as IPv4.
IpAddress Plain(const IpAddress& address) {
  if (address.is_v6() && address.to_v6().is_v4_mapped())
    return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6());
  return address;
}

std::string_view Trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

// One X-Forwarded-For entry: "1.2.3.4", "1.2.3.4:5678", "2001:db8::1" or "[2001:db8::1]:80".
bool ParseHop(std::string_view text, IpAddress* out) {
  text = Trim(text);
  if (!text.empty() && text.front() == '[') {
    const size_t close = text.find(']');
    if (close == std::string_view::npos) return false;
    text = text.substr(1, close - 1);
  } else if (text.find(':') != std::string_view::npos && text.find(':') == text.rfind(':')) {
    text = text.substr(0, text.find(':'));  // IPv4 with a port
  }
  boost::system::error_code ec;
  *out = Plain(boost::asio::ip::make_address(std::string(text), ec));
  return !ec;
}

template <size_t N>
bool SamePrefix(const std::array<unsigned char, N>& a, const std::array<unsigned char, N>& b, int bits) {
  for (size_t i = 0; i < N && bits > 0; ++i, bits -= 8) {
    const unsigned mask = bits >= 8 ? 0xffu : (0xffu << (8 - bits)) & 0xffu;
    if ((a[i] & mask) != (b[i] & mask)) return false;
  }
  return true;
}

}  // namespace

Status AddressNetworks::Add(std::string_view text) {
  const std::string whole(text);
  const size_t slash = text.find('/');
  boost::system::error_code ec;
  const IpAddress base = Plain(boost::asio::ip::make_address(std::string(text.substr(0, slash)), ec));
  if (ec) return Status::Error("expected an IP address or a network ADDR/BITS, got '" + whole + "'");
  const int max_bits = base.is_v4() ? 32 : 128;
  int bits = max_bits;
  if (slash != std::string_view::npos) {
    const std::string_view digits = text.substr(slash + 1);
    auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), bits);
    if (digits.empty() || error != std::errc() || end != digits.data() + digits.size() || bits < 0 || bits > max_bits)
      return Status::Error("expected a prefix length from 0 to " + std::to_string(max_bits) + " after '/', got '" + whole + "'");
  }
  networks_.push_back({base, bits});
  return Status::Ok();
}

bool AddressNetworks::Contains(const IpAddress& address) const {
  const IpAddress plain = Plain(address);
  for (const Network& n : networks_) {
    if (plain.is_v4() && n.base.is_v4() && SamePrefix(plain.to_v4().to_bytes(), n.base.to_v4().to_bytes(), n.bits))
      return true;
    if (plain.is_v6() && n.base.is_v6() && SamePrefix(plain.to_v6().to_bytes(), n.base.to_v6().to_bytes(), n.bits))
      return true;
  }
  return false;
}

IpAddress ClientAddress(const IpAddress& peer, std::string_view forwarded_for, const TrustedProxies& trusted) {
  IpAddress vouched = Plain(peer);
  if (!trusted.Contains(vouched)) return vouched;
  while (!forwarded_for.empty()) {
    const size_t comma = forwarded_for.rfind(',');
    const std::string_view hop = comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1);
    forwarded_for = comma == std::string_view::npos ? std::string_view() : forwarded_for.substr(0, comma);
    if (Trim(hop).empty()) continue;
    IpAddress address;
    if (!ParseHop(hop, &address)) return vouched;
    if (!trusted.Contains(address)) return address;
    vouched = address;
  }
  return vouched;
}

std::string AddressKey(const IpAddress& address) {
  const IpAddress plain = Plain(address);
  if (plain.is_v4()) return plain.to_string();
  auto bytes = plain.to_v6().to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return boost::asio::ip::address_v6(bytes).to_string() + "/64";
}

}  // namespace souk::server
