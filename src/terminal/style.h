// How the terminal layer writes: the language of every message and whether to
// colour. Everything here is plain text plus optional ANSI SGR sequences.
#pragma once

#include <string>
#include <string_view>

#include "core/messages.h"

namespace souk::terminal {

// The core's languages: the engine's messages are translated into the same one
// (StatusText, RenderMessage: core/messages.h).
using Lang = ::souk::Lang;

// Every message of the terminal layer is written in both languages at the place it is
// used, so that a missing translation cannot go unnoticed in review.
inline const char* Tr(Lang lang, const char* en, const char* fr) { return lang == Lang::kFr ? fr : en; }

// "en" or "fr" (either case); anything else is an error for the caller to report.
bool ParseLang(std::string_view text, Lang* lang);
// From LANGUAGE, LC_ALL, LC_MESSAGES or LANG, the first set: French when it starts
// with "fr", English otherwise.
Lang LangFromEnvironment();

// Colour only on a terminal, never when NO_COLOR is set (https://no-color.org) or
// TERM is "dumb".
bool ColorWanted(int fd);

enum class Color { kNone, kRed, kGreen, kYellow, kBlue, kMagenta, kCyan, kWhite, kGrey, kBrown };

struct Style {
  bool color = false;
  Lang lang = Lang::kEn;

  const char* tr(const char* en, const char* fr) const { return Tr(lang, en, fr); }
  // `text` in the foreground colour (bold if asked); unchanged when colour is off.
  std::string Paint(std::string_view text, Color fg, bool bold = false) const;
  // `text` on a background colour, for board squares; unchanged when colour is off.
  std::string Fill(std::string_view text, Color bg, Color fg = Color::kNone) const;
  std::string Bold(std::string_view text) const;
};

// printf-style formatting into a std::string (messages with numbers in them).
std::string Format(const char* format, ...) __attribute__((format(printf, 1, 2)));

}  // namespace souk::terminal
