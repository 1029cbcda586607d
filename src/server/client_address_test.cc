// Who a request comes from: X-Forwarded-For believed only from a trusted proxy.
#include "server/client_address.h"

#include <gtest/gtest.h>

namespace souk::server {
namespace {

IpAddress A(const char* text) { return boost::asio::ip::make_address(text); }

TrustedProxies Trust(std::initializer_list<const char*> list) {
  TrustedProxies trusted;
  for (const char* t : list) EXPECT_TRUE(trusted.Add(t).ok()) << t;
  return trusted;
}

TEST(ClientAddress, WithoutATrustedProxyXForwardedForIsIgnored) {
  TrustedProxies none;
  EXPECT_EQ(ClientAddress(A("198.51.100.7"), "203.0.113.5", none), A("198.51.100.7"));
  // A proxy is trusted, but this peer is not it: it may have written anything.
  EXPECT_EQ(ClientAddress(A("198.51.100.7"), "203.0.113.5", Trust({"10.0.0.1"})), A("198.51.100.7"));
}

TEST(ClientAddress, FromATrustedProxyTheRightMostUntrustedHop) {
  TrustedProxies trusted = Trust({"10.0.0.1", "192.168.0.0/16"});
  EXPECT_EQ(ClientAddress(A("10.0.0.1"), "203.0.113.5", trusted), A("203.0.113.5"));
  // The client wrote a left part of its own: only what our proxies appended counts.
  EXPECT_EQ(ClientAddress(A("10.0.0.1"), "1.1.1.1, 203.0.113.5", trusted), A("203.0.113.5"));
  // Two proxies of ours in a row.
  EXPECT_EQ(ClientAddress(A("10.0.0.1"), "1.1.1.1, 203.0.113.5, 192.168.4.4", trusted), A("203.0.113.5"));
  // Several headers, joined; spaces and ports.
  EXPECT_EQ(ClientAddress(A("10.0.0.1"), " 203.0.113.9:4321 ,192.168.1.1", trusted), A("203.0.113.9"));
  EXPECT_EQ(ClientAddress(A("10.0.0.1"), "[2001:db8::5]:443", trusted), A("2001:db8::5"));
  EXPECT_EQ(ClientAddress(A("10.0.0.1"), "2001:db8::5", trusted), A("2001:db8::5"));
}

TEST(ClientAddress, NoForwardedClientMeansTheLastHopVouchedFor) {
  TrustedProxies trusted = Trust({"10.0.0.1", "192.168.0.0/16"});
  EXPECT_EQ(ClientAddress(A("10.0.0.1"), "", trusted), A("10.0.0.1"));
  EXPECT_EQ(ClientAddress(A("10.0.0.1"), "192.168.7.7", trusted), A("192.168.7.7"));
  EXPECT_EQ(ClientAddress(A("10.0.0.1"), "1.1.1.1, garbage, 192.168.7.7", trusted), A("192.168.7.7"));
  EXPECT_EQ(ClientAddress(A("10.0.0.1"), "unknown", trusted), A("10.0.0.1"));
}

TEST(ClientAddress, IPv4MappedAddressesAreIPv4) {
  TrustedProxies trusted = Trust({"127.0.0.1"});
  EXPECT_TRUE(trusted.Contains(A("::ffff:127.0.0.1")));
  EXPECT_EQ(ClientAddress(A("::ffff:127.0.0.1"), "::ffff:203.0.113.5", trusted), A("203.0.113.5"));
  EXPECT_EQ(AddressKey(A("::ffff:203.0.113.5")), "203.0.113.5");
}

TEST(ClientAddress, NetworksMatchByPrefix) {
  TrustedProxies trusted = Trust({"10.1.0.0/16", "fd00::/8", "172.16.0.0/12"});
  EXPECT_TRUE(trusted.Contains(A("10.1.255.3")));
  EXPECT_FALSE(trusted.Contains(A("10.2.0.1")));
  EXPECT_TRUE(trusted.Contains(A("172.31.0.1")));
  EXPECT_FALSE(trusted.Contains(A("172.32.0.1")));
  EXPECT_TRUE(trusted.Contains(A("fd12:3456::1")));
  EXPECT_FALSE(trusted.Contains(A("fe80::1")));
  EXPECT_TRUE(Trust({"0.0.0.0/0"}).Contains(A("8.8.8.8")));
}

TEST(ClientAddress, BadProxiesAreRefusedClearly) {
  TrustedProxies trusted;
  EXPECT_EQ(trusted.Add("proxy.example").message(), "expected an IP address or a network ADDR/BITS, got 'proxy.example'");
  EXPECT_EQ(trusted.Add("10.0.0.0/33").message(), "expected a prefix length from 0 to 32 after '/', got '10.0.0.0/33'");
  EXPECT_FALSE(trusted.Add("10.0.0.0/").ok());
  EXPECT_FALSE(trusted.Add("10.0.0.0/8x").ok());
  EXPECT_FALSE(trusted.Add("::1/129").ok());
  EXPECT_TRUE(trusted.empty());
}

TEST(ClientAddress, AnIPv6ClientIsCountedByItsSlash64) {
  EXPECT_EQ(AddressKey(A("2001:db8:1:2:aaaa:bbbb:cccc:dddd")), "2001:db8:1:2::/64");
  EXPECT_EQ(AddressKey(A("2001:db8:1:2::1")), AddressKey(A("2001:db8:1:2:ffff::9")));
  EXPECT_NE(AddressKey(A("2001:db8:1:2::1")), AddressKey(A("2001:db8:1:3::1")));
  EXPECT_EQ(AddressKey(A("203.0.113.5")), "203.0.113.5");
}

}  // namespace
}  // namespace souk::server
