#include "server/tokens.h"

#include <openssl/evp.h>
#include <sys/random.h>

#include <array>
#include <cstdint>
#include <stdexcept>

namespace souk::server {
namespace {

template <size_t N>
std::array<uint8_t, N> RandomBytes() {
  std::array<uint8_t, N> bytes{};
  size_t filled = 0;
  while (filled < N) {
    ssize_t n = getrandom(bytes.data() + filled, N - filled, 0);
    if (n < 0) throw std::runtime_error("getrandom failed");  // no secret is better than a weak one
    filled += static_cast<size_t>(n);
  }
  return bytes;
}

std::string Hex(const uint8_t* bytes, size_t n) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(2 * n);
  for (size_t i = 0; i < n; ++i) {
    out += kDigits[bytes[i] >> 4];
    out += kDigits[bytes[i] & 15];
  }
  return out;
}

}  // namespace

std::string NewSecret() {
  auto bytes = RandomBytes<16>();
  return Hex(bytes.data(), bytes.size());
}

std::string NewGameId() {
  static const char kAlphabet[] = "0123456789abcdefghjkmnpqrstvwxyz";  // no i, l, o, u
  auto bytes = RandomBytes<8>();
  uint64_t bits = 0;
  for (uint8_t b : bytes) bits = bits << 8 | b;
  std::string id;
  for (int i = 0; i < 12; ++i, bits >>= 5) id += kAlphabet[bits & 31];
  return id;
}

std::string HashSecret(std::string_view secret) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int length = 0;
  if (EVP_Digest(secret.data(), secret.size(), digest, &length, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("SHA-256 failed");
  return Hex(digest, length);
}

bool SameHash(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  unsigned char diff = 0;
  for (size_t i = 0; i < a.size(); ++i) diff |= static_cast<unsigned char>(a[i] ^ b[i]);
  return diff == 0;
}

}  // namespace souk::server
