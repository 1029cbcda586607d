// Small text helpers shared by the games' move parsers.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace souk {

std::string_view Trim(std::string_view text);
// Splits on ASCII white space and lower-cases ASCII letters.
std::vector<std::string> SplitLowerWords(std::string_view text);
// `text` made safe to quote in a one-line error message: runs of white space
// become one space, other control and non-ASCII bytes \xNN escapes, and long
// input is cut to its first 60 characters.
std::string Printable(std::string_view text);
// Printable(text) between single quotes.
std::string Quoted(std::string_view text);

// A decimal number of at most 9 digits, nothing else.
std::optional<int> ParseSmallInt(std::string_view word);

}  // namespace souk
