// Text laid out on a terminal of a given width: the width of a line as it shows
// (colour sequences take none, a UTF-8 character one column), lines cut to fit,
// two blocks side by side, short items in columns, and what a player typed quoted
// back safely.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace souk::terminal {

// Columns `text` takes on screen: SGR sequences none, each UTF-8 character one.
size_t VisibleWidth(std::string_view text);

// `line` cut to `width` columns, the last shown as "…" when something was cut;
// colour sequences are kept (and reset after a cut).
std::string FitLine(std::string_view line, size_t width);

// The lines of `text` (a trailing newline makes no empty last line).
std::vector<std::string> SplitLines(std::string_view text);

// `left` and `right` side by side: each left line padded to `left_width`, then
// `gap` spaces, then the right line; as many lines as the longer block.
std::vector<std::string> SideBySide(const std::vector<std::string>& left, const std::vector<std::string>& right,
                                    size_t left_width, size_t gap);

// `text` broken at spaces into lines of at most `width` columns, the lines after
// the first indented by `indent` spaces (a word longer than a line is cut).
std::vector<std::string> Wrap(std::string_view text, size_t width, size_t indent = 0);

// `left` and `right` on one line, `right` against the edge of `width`, or on two
// lines when they do not fit together.
std::vector<std::string> Spread(const std::string& left, const std::string& right, size_t width);

// Items laid out in as many columns as `width` allows, down then across.
std::vector<std::string> InColumns(const std::vector<std::string>& items, size_t width);

// What a player typed, safe to print: control characters in caret notation
// ("^A", a tab "^I", escape "^["), bytes that are not UTF-8 as "?", and a line
// longer than `max` characters cut with "…".
std::string Quoted(std::string_view typed, size_t max = 40);

}  // namespace souk::terminal
