#include "server/names.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <iterator>

namespace souk::server {
namespace {

struct CodeRange {
  char32_t first, last;
};

#include "server/name_tables.inc"

template <size_t N>
bool In(const CodeRange (&table)[N], char32_t c) {
  auto it = std::upper_bound(std::begin(table), std::end(table), c,
                             [](char32_t value, const CodeRange& r) { return value < r.first; });
  return it != std::begin(table) && c <= (it - 1)->last;
}

// The next code point of `s` at `*i`, or -1 for bytes that are not UTF-8 (a stray
// continuation byte, a truncated sequence, an overlong form, a surrogate, past U+10FFFF).
int32_t NextCodePoint(const std::string& s, size_t* i) {
  const auto byte = [&](size_t k) { return static_cast<uint8_t>(s[k]); };
  const uint8_t b0 = byte(*i);
  int length;
  int32_t c;
  if (b0 < 0x80) {
    ++*i;
    return b0;
  } else if ((b0 & 0xE0) == 0xC0) {
    length = 2;
    c = b0 & 0x1F;
  } else if ((b0 & 0xF0) == 0xE0) {
    length = 3;
    c = b0 & 0x0F;
  } else if ((b0 & 0xF8) == 0xF0) {
    length = 4;
    c = b0 & 0x07;
  } else {
    return -1;
  }
  if (*i + static_cast<size_t>(length) > s.size()) return -1;
  for (int k = 1; k < length; ++k) {
    const uint8_t b = byte(*i + static_cast<size_t>(k));
    if ((b & 0xC0) != 0x80) return -1;
    c = c << 6 | (b & 0x3F);
  }
  static constexpr int32_t kLeast[] = {0, 0, 0x80, 0x800, 0x10000};
  if (c < kLeast[length] || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return -1;
  *i += static_cast<size_t>(length);
  return c;
}

std::string Hex(int32_t c) {
  char text[16];
  std::snprintf(text, sizeof text, "U+%04X", static_cast<unsigned>(c));
  return text;
}

bool AsciiLetterOrDigit(int32_t c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'); }

// Merchants' names, short and read alike in English and French; more than a game has seats.
constexpr const char* kBotNames[] = {"Amira", "Karim", "Leila", "Omar",  "Nadia", "Tariq",  "Zahra", "Farid",
                                     "Samir", "Yasmin", "Idris", "Salma", "Rashid", "Inès", "Malik", "Dalia"};

std::string AsciiLower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

}  // namespace

std::string BotName(const std::vector<std::string>& taken, uint64_t pick) {
  constexpr size_t n = std::size(kBotNames);
  for (size_t i = 0; i < n; ++i) {
    const std::string name = kBotNames[(pick + i) % n];
    const bool used = std::any_of(taken.begin(), taken.end(),
                                  [&](const std::string& t) { return AsciiLower(t) == AsciiLower(name); });
    if (!used) return name;
  }
  return "";  // every name taken: the client names the seat by its level
}

Result<std::string> CheckName(const std::string& name, const std::string& field) {
  const size_t begin = name.find_first_not_of(' ');
  if (begin == std::string::npos) return std::string();
  const std::string trimmed = name.substr(begin, name.find_last_not_of(' ') - begin + 1);
  const std::string allowed = "letters, digits, spaces and - _ . ' only";
  // Bytes first: a name of 24 characters is 96 bytes at most.
  if (trimmed.size() > 4 * kMaxNameLength)
    return Status::Error(field + ": at most " + std::to_string(kMaxNameLength) + " characters");
  int length = 0, marks = 0;
  int32_t previous = 0;
  for (size_t i = 0; i < trimmed.size();) {
    const int32_t c = NextCodePoint(trimmed, &i);
    if (c < 0) return Status::Error(field + ": not valid UTF-8");
    if (++length > kMaxNameLength)
      return Status::Error(field + ": at most " + std::to_string(kMaxNameLength) + " characters");
    if (c >= 0x80 && In(kNameMarks, static_cast<char32_t>(c))) {
      // Marks sit on what comes before; a pile of them spills over the lines around.
      if (previous == 0 || previous == ' ' || ++marks > 3)
        return Status::Error(field + ": a combining mark (" + Hex(c) + ") only after a letter, three at most");
      previous = c;
      continue;
    }
    marks = 0;
    const bool ok = AsciiLetterOrDigit(c) || c == '-' || c == '_' || c == '.' || c == '\'' || c == 0x2019 ||
                    (c == ' ' && previous != ' ') || (c >= 0x80 && In(kNameLetters, static_cast<char32_t>(c)));
    if (!ok) {
      if (c == ' ') return Status::Error(field + ": one space between words");
      std::string shown = Hex(c);
      if (c >= 0x21 && c < 0x7F) {
        shown = "' '";
        shown[1] = static_cast<char>(c);
      }
      return Status::Error(field + ": " + shown + " is not allowed (" + allowed + ")");
    }
    previous = c;
  }
  return trimmed;
}

}  // namespace souk::server
