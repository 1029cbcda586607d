#include "terminal/style.h"

#include <unistd.h>

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

namespace souk::terminal {
namespace {

// SGR colour numbers; brown is the 256-colour palette's (no basic ANSI brown).
const char* Foreground(Color c) {
  switch (c) {
    case Color::kRed: return "31";
    case Color::kGreen: return "32";
    case Color::kYellow: return "33";
    case Color::kBlue: return "34";
    case Color::kMagenta: return "35";
    case Color::kCyan: return "36";
    case Color::kWhite: return "97";
    case Color::kGrey: return "90";
    case Color::kBrown: return "38;5;130";
    case Color::kNone: break;
  }
  return "39";
}

const char* Background(Color c) {
  switch (c) {
    case Color::kRed: return "41";
    case Color::kGreen: return "42";
    case Color::kYellow: return "43";
    case Color::kBlue: return "44";
    case Color::kMagenta: return "45";
    case Color::kCyan: return "46";
    case Color::kWhite: return "47";
    case Color::kGrey: return "100";
    case Color::kBrown: return "48;5;130";
    case Color::kNone: break;
  }
  return "49";
}

std::string Sgr(std::string_view codes, std::string_view text) {
  std::string out = "\x1b[";
  out += codes;
  out += 'm';
  out += text;
  out += "\x1b[0m";
  return out;
}

}  // namespace

bool ParseLang(std::string_view text, Lang* lang) {
  std::optional<Lang> parsed = ::souk::ParseLang(text);
  if (parsed) *lang = *parsed;
  return parsed.has_value();
}

Lang LangFromEnvironment() {
  for (const char* name : {"LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* value = std::getenv(name);
    if (value == nullptr || *value == '\0') continue;
    return std::strncmp(value, "fr", 2) == 0 ? Lang::kFr : Lang::kEn;
  }
  return Lang::kEn;
}

bool ColorWanted(int fd) {
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && *no_color != '\0') return false;
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::strcmp(term, "dumb") == 0) return false;
  return isatty(fd) == 1;
}

std::string Style::Paint(std::string_view text, Color fg, bool bold) const {
  if (!color || (fg == Color::kNone && !bold)) return std::string(text);
  std::string codes = bold ? "1;" : "";
  codes += Foreground(fg);
  return Sgr(codes, text);
}

std::string Style::Fill(std::string_view text, Color bg, Color fg) const {
  if (!color || bg == Color::kNone) return std::string(text);
  std::string codes = Background(bg);
  if (fg != Color::kNone) {
    codes += ';';
    codes += Foreground(fg);
  }
  return Sgr(codes, text);
}

std::string Style::Bold(std::string_view text) const { return color ? Sgr("1", text) : std::string(text); }

std::string Format(const char* format, ...) {
  va_list args;
  va_start(args, format);
  va_list copy;
  va_copy(copy, args);
  int n = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  std::string out(n > 0 ? static_cast<size_t>(n) : 0, '\0');
  if (n > 0) std::vsnprintf(out.data(), out.size() + 1, format, args);
  va_end(args);
  return out;
}

}  // namespace souk::terminal
