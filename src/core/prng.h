// The one source of randomness in Souk's games.
//
// Algorithm: SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom
// number generators", OOPSLA 2014), as published by Sebastiano Vigna:
//   state += 0x9e3779b97f4a7c15
//   z = state
//   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
//   z = (z ^ (z >> 27)) * 0x94d049bb133111eb
//   return z ^ (z >> 31)
// The seed is the initial state. The whole generator is one 64-bit word, so a
// saved game carries it exactly (as 16 hex digits).
//
// Bounded integers (Below(n)) use Lemire's multiply-shift with rejection
// ("Fast random integer generation in an interval", 2019): unbiased and
// identical on every platform. Shuffle is Fisher-Yates from the last element
// down: for i = n-1 .. 1, swap(a[i], a[Below(i+1)]).
// We never use std::*_distribution or std::shuffle: their output differs
// between standard libraries, and a game must replay byte-identically.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace souk {

class Prng {
 public:
  explicit Prng(uint64_t seed = 0) : state_(seed) {}

  uint64_t Next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }

  // Uniform in [0, n); n > 0. Inline: a playout draws once per move.
  uint32_t Below(uint32_t n) {
    // Lemire: the high 32 bits of a 32x32 product are uniform once the low part
    // is outside the biased zone [0, 2^32 mod n).
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

  template <typename T>
  void Shuffle(T* first, size_t count) {
    for (size_t i = count; i > 1; --i) {
      size_t j = Below(static_cast<uint32_t>(i));
      std::swap(first[i - 1], first[j]);
    }
  }

  uint64_t state() const { return state_; }

  // 16 lower-case hex digits, and back. The parser rejects anything else.
  std::string StateHex() const;
  static std::optional<uint64_t> ParseHex(std::string_view text);

 private:
  uint64_t state_;
};

}  // namespace souk
