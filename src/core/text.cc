#include "core/text.h"

namespace souk {
namespace {
bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; }
}  // namespace

std::string_view Trim(std::string_view text) {
  while (!text.empty() && IsSpace(text.front())) text.remove_prefix(1);
  while (!text.empty() && IsSpace(text.back())) text.remove_suffix(1);
  return text;
}

std::vector<std::string> SplitLowerWords(std::string_view text) {
  std::vector<std::string> words;
  std::string current;
  for (char c : text) {
    if (IsSpace(c)) {
      if (!current.empty()) words.push_back(std::move(current));
      current.clear();
    } else {
      current.push_back(c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c);
    }
  }
  if (!current.empty()) words.push_back(std::move(current));
  return words;
}

std::string Printable(std::string_view text) {
  constexpr size_t kMax = 60;
  static const char kHex[] = "0123456789abcdef";
  std::string out;
  bool pending_space = false;
  for (char c : Trim(text)) {
    if (IsSpace(c)) {
      pending_space = true;
      continue;
    }
    if (pending_space) out.push_back(' ');
    pending_space = false;
    auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) {
      out.push_back(c);
    } else {
      out += "\\x";
      out.push_back(kHex[u >> 4]);
      out.push_back(kHex[u & 0xf]);
    }
    if (out.size() >= kMax) {
      out += "...";
      break;
    }
  }
  return out;
}

std::string Quoted(std::string_view text) {
  std::string out = "'";
  out += Printable(text);
  out += '\'';
  return out;
}

std::optional<int> ParseSmallInt(std::string_view word) {
  if (word.empty() || word.size() > 9) return std::nullopt;
  int value = 0;
  for (char c : word) {
    if (c < '0' || c > '9') return std::nullopt;
    value = value * 10 + (c - '0');
  }
  return value;
}

}  // namespace souk
