#include "terminal/layout.h"

#include <algorithm>

namespace souk::terminal {
namespace {

bool Continuation(char c) { return (static_cast<unsigned char>(c) & 0xc0) == 0x80; }

// The length of the escape sequence at `text[i]` (ESC [ ... final), 0 if none.
size_t EscapeAt(std::string_view text, size_t i) {
  if (text[i] != '\x1b' || i + 1 >= text.size() || text[i + 1] != '[') return 0;
  size_t end = i + 2;
  while (end < text.size() && !(text[end] >= 0x40 && text[end] <= 0x7e)) ++end;
  return end < text.size() ? end + 1 - i : text.size() - i;
}

// The length of a valid UTF-8 character at `text[i]`, 0 if the bytes are not one.
size_t CharAt(std::string_view text, size_t i) {
  const unsigned char c = static_cast<unsigned char>(text[i]);
  size_t len = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
  if (len == 0 || (len > 1 && c < 0xc2) || i + len > text.size()) return 0;
  for (size_t k = 1; k < len; ++k)
    if (!Continuation(text[i + k])) return 0;
  return len;
}

}  // namespace

size_t VisibleWidth(std::string_view text) {
  size_t width = 0;
  for (size_t i = 0; i < text.size();) {
    if (size_t esc = EscapeAt(text, i)) {
      i += esc;
      continue;
    }
    if (!Continuation(text[i])) ++width;
    ++i;
  }
  return width;
}

std::string FitLine(std::string_view line, size_t width) {
  if (VisibleWidth(line) <= width) return std::string(line);
  std::string out;
  size_t shown = 0;
  bool coloured = false;
  for (size_t i = 0; i < line.size();) {
    if (size_t esc = EscapeAt(line, i)) {
      out.append(line.substr(i, esc));
      coloured = true;
      i += esc;
      continue;
    }
    if (!Continuation(line[i])) {
      if (shown + 1 == width) break;
      ++shown;
    }
    out += line[i++];
  }
  if (width > 0) out += "…";
  if (coloured) out += "\x1b[0m";
  return out;
}

std::vector<std::string> SplitLines(std::string_view text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::vector<std::string> SideBySide(const std::vector<std::string>& left, const std::vector<std::string>& right,
                                    size_t left_width, size_t gap) {
  std::vector<std::string> out;
  for (size_t i = 0; i < std::max(left.size(), right.size()); ++i) {
    std::string line = i < left.size() ? left[i] : std::string();
    if (i < right.size() && !right[i].empty()) {
      line.append(left_width + gap - std::min(left_width + gap, VisibleWidth(line)), ' ');
      line += right[i];
    }
    out.push_back(std::move(line));
  }
  return out;
}

std::vector<std::string> Wrap(std::string_view text, size_t width, size_t indent) {
  std::vector<std::string> lines;
  std::string line;
  size_t used = 0;
  bool words = false;  // the line holds a word already
  size_t start = std::min(text.find_first_not_of(' '), text.size());
  line.assign(start, ' ');  // the first line keeps its indentation
  used = start;
  while (start < text.size()) {
    size_t end = std::min(text.find(' ', start), text.size());
    std::string_view word = text.substr(start, end - start);
    start = end + 1;
    if (word.empty()) continue;
    const size_t w = VisibleWidth(word);
    if (words && used + 1 + w > width) {
      lines.push_back(std::move(line));
      line = std::string(indent, ' ');
      used = indent;
      words = false;
    }
    if (words) {
      line += ' ';
      ++used;
    }
    line += word;
    used += w;
    words = true;
  }
  lines.push_back(std::move(line));
  for (std::string& l : lines) l = FitLine(l, width);
  return lines;
}

std::vector<std::string> Spread(const std::string& left, const std::string& right, size_t width) {
  const size_t l = VisibleWidth(left), r = VisibleWidth(right);
  if (l + 2 + r > width) return {FitLine(left, width), FitLine(right, width)};
  return {left + std::string(width - l - r, ' ') + right};
}

std::vector<std::string> InColumns(const std::vector<std::string>& items, size_t width) {
  size_t widest = 1;
  for (const std::string& item : items) widest = std::max(widest, VisibleWidth(item));
  const size_t column = widest + 3;
  const size_t columns = std::max<size_t>(1, (width + 3) / column);
  const size_t rows = (items.size() + columns - 1) / columns;
  std::vector<std::string> out(rows);
  for (size_t i = 0; i < items.size(); ++i) {
    std::string& line = out[i % rows];
    if (i >= rows) line.append(column * (i / rows) - VisibleWidth(line), ' ');
    line += items[i];
  }
  for (std::string& line : out) line = FitLine(line, width);
  return out;
}

std::string Quoted(std::string_view typed, size_t max) {
  std::string out;
  size_t shown = 0;
  for (size_t i = 0; i < typed.size();) {
    if (shown == max) {
      out += "…";
      break;
    }
    const unsigned char c = static_cast<unsigned char>(typed[i]);
    if (c < 0x20 || c == 0x7f) {
      out += '^';
      out += static_cast<char>(c == 0x7f ? '?' : c + 0x40);
      ++i;
    } else if (size_t len = CharAt(typed, i)) {
      out.append(typed.substr(i, len));
      i += len;
    } else {
      out += '?';
      ++i;
    }
    ++shown;
  }
  return out;
}

}  // namespace souk::terminal
