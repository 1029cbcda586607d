// Quoting what the other side of the engine protocol wrote, in an error message: one
// line of printable ASCII (anything else shown as '?'), cut short, in double quotes.
// Both the engine (quoting a request) and the caller (quoting an engine's reply) use it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace souk::engine {

inline std::string Quote(std::string_view text, size_t max_chars) {
  std::string q = "\"";
  for (size_t i = 0; i < text.size() && i < max_chars; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    q += (c < 0x20 || c >= 0x7f) ? '?' : static_cast<char>(c);
  }
  return q + (text.size() > max_chars ? "...\"" : "\"");
}

}  // namespace souk::engine
