#include "server/blocks/blocklist.h"

#include <gtest/gtest.h>

namespace souk::server::blocks {
namespace {

IpAddress Ip(const char* text) { return boost::asio::ip::make_address(text); }

TEST(BlocklistTest, AddressesAndNetworksOfBothFamiliesAreMatched) {
  Blocklist list;
  EXPECT_FALSE(list.Contains(Ip("203.0.113.7")));
  list.Set({{"203.0.113.0/24", "", 0}, {"198.51.100.9", "", 0}, {"2001:db8:1::/48", "", 0}});
  EXPECT_EQ(list.size(), 3u);
  EXPECT_TRUE(list.Contains(Ip("203.0.113.250")));
  EXPECT_FALSE(list.Contains(Ip("203.0.114.1")));
  EXPECT_TRUE(list.Contains(Ip("198.51.100.9")));
  EXPECT_FALSE(list.Contains(Ip("198.51.100.10")));
  EXPECT_TRUE(list.Contains(Ip("::ffff:198.51.100.9"))) << "a dual-stack socket's IPv4 client";
  EXPECT_TRUE(list.Contains(Ip("2001:db8:1:ffff::1")));
  EXPECT_FALSE(list.Contains(Ip("2001:db8:2::1")));
  list.Set({});
  EXPECT_FALSE(list.Contains(Ip("203.0.113.250"))) << "unblocked once the table no longer has it";
}

TEST(BlocklistTest, ARowThatDoesNotParseBlocksNothingAndTheRestHold) {
  Blocklist list;
  list.Set({{"not an address", "", 0}, {"10.0.0.0/99", "", 0}, {"192.0.2.1", "", 0}});
  EXPECT_EQ(list.size(), 1u);
  EXPECT_TRUE(list.Contains(Ip("192.0.2.1")));
  EXPECT_FALSE(list.Contains(Ip("10.0.0.1")));
}

TEST(BlocklistTest, CheckNetworkSaysWhatIsWrong) {
  EXPECT_TRUE(CheckNetwork("2001:db8::/32").ok());
  EXPECT_EQ(CheckNetwork("example.com").message(), "expected an IP address or a network ADDR/BITS, got 'example.com'");
  EXPECT_EQ(CheckNetwork("192.0.2.0/33").message(), "expected a prefix length from 0 to 32 after '/', got '192.0.2.0/33'");
}

}  // namespace
}  // namespace souk::server::blocks
