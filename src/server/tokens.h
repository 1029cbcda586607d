// Secrets of the server: seat tokens, invite codes and game ids, from the
// kernel's random source; tokens are stored only as their SHA-256.
#pragma once

#include <string>
#include <string_view>

namespace souk::server {

// 128 random bits as 32 lower-case hex digits.
std::string NewSecret();
// 60 random bits as 12 characters of Crockford's base 32: short enough for a link.
std::string NewGameId();
// Hex SHA-256 of `secret`: what the store keeps.
std::string HashSecret(std::string_view secret);
// Equal hashes, in time independent of where they differ.
bool SameHash(std::string_view a, std::string_view b);

}  // namespace souk::server
