#include "core/prng.h"

namespace souk {

uint32_t Prng::Below(uint32_t n) {
  // Lemire: the high 32 bits of a 32x32 product are uniform once the low
  // part is outside the biased zone [0, 2^32 mod n).
  uint64_t m = static_cast<uint64_t>(static_cast<uint32_t>(Next() >> 32)) * n;
  uint32_t low = static_cast<uint32_t>(m);
  if (low < n) {
    uint32_t threshold = static_cast<uint32_t>(-n) % n;
    while (low < threshold) {
      m = static_cast<uint64_t>(static_cast<uint32_t>(Next() >> 32)) * n;
      low = static_cast<uint32_t>(m);
    }
  }
  return static_cast<uint32_t>(m >> 32);
}

std::string Prng::StateHex() const {
  static const char kDigits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 0; i < 16; ++i) out[15 - i] = kDigits[(state_ >> (4 * i)) & 0xf];
  return out;
}

std::optional<uint64_t> Prng::ParseHex(std::string_view text) {
  if (text.size() != 16) return std::nullopt;
  uint64_t value = 0;
  for (char c : text) {
    int digit;
    if (c >= '0' && c <= '9') digit = c - '0';
    else if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
    else return std::nullopt;
    value = (value << 4) | static_cast<uint64_t>(digit);
  }
  return value;
}

}  // namespace souk
