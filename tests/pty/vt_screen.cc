#include "pty/vt_screen.h"

#include <algorithm>
#include <cstdlib>

namespace souk::pty {
namespace {

std::string Trimmed(const std::vector<std::string>& cells) {
  std::string line;
  for (const std::string& c : cells) line += c;
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

std::vector<int> Numbers(std::string_view params) {
  std::vector<int> out;
  std::string current;
  for (char c : params) {
    if (c == ';') {
      out.push_back(current.empty() ? 0 : std::atoi(current.c_str()));
      current.clear();
    } else if (c >= '0' && c <= '9') {
      current += c;
    }
  }
  out.push_back(current.empty() ? 0 : std::atoi(current.c_str()));
  return out;
}

}  // namespace

VtScreen::VtScreen(int rows, int cols) : rows_(rows), cols_(cols) {
  Clear(&grid_);
  Clear(&saved_main_);
}

void VtScreen::Clear(Grid* grid) const {
  grid->assign(static_cast<size_t>(rows_), std::vector<std::string>(static_cast<size_t>(cols_), " "));
}

void VtScreen::Resize(int rows, int cols) {
  auto fit = [&](Grid* grid) {
    Grid old = *grid;
    rows_ = rows;
    cols_ = cols;
    Clear(grid);
    for (size_t r = 0; r < old.size() && r < grid->size(); ++r)
      for (size_t c = 0; c < old[r].size() && c < (*grid)[r].size(); ++c) (*grid)[r][c] = old[r][c];
  };
  fit(&grid_);
  fit(&saved_main_);
  row_ = std::min(row_, rows_ - 1);
  col_ = std::min(col_, cols_ - 1);
  pending_wrap_ = false;
}

void VtScreen::LineFeed() {
  if (row_ + 1 < rows_) {
    ++row_;
    return;
  }
  if (!alternate_) scrollback_.push_back(Trimmed(grid_.front()));
  grid_.erase(grid_.begin());
  grid_.emplace_back(static_cast<size_t>(cols_), " ");
}

void VtScreen::Put(std::string ch) {
  if (pending_wrap_) {
    ++overflows_;
    pending_wrap_ = false;
    col_ = 0;
    LineFeed();
  }
  grid_[static_cast<size_t>(row_)][static_cast<size_t>(col_)] = std::move(ch);
  if (col_ + 1 < cols_) ++col_;
  else pending_wrap_ = true;
}

void VtScreen::Csi(std::string_view params, char final) {
  const bool private_mode = !params.empty() && params[0] == '?';
  std::vector<int> n = Numbers(private_mode ? params.substr(1) : params);
  const int first = n[0];
  pending_wrap_ = false;
  switch (final) {
    case 'H':
    case 'f':
      row_ = std::clamp((first ? first : 1) - 1, 0, rows_ - 1);
      col_ = std::clamp((n.size() > 1 && n[1] ? n[1] : 1) - 1, 0, cols_ - 1);
      break;
    case 'A': row_ = std::max(0, row_ - std::max(1, first)); break;
    case 'B': row_ = std::min(rows_ - 1, row_ + std::max(1, first)); break;
    case 'C': col_ = std::min(cols_ - 1, col_ + std::max(1, first)); break;
    case 'D': col_ = std::max(0, col_ - std::max(1, first)); break;
    case 'G': col_ = std::clamp(std::max(1, first) - 1, 0, cols_ - 1); break;
    case 'J':
      if (first == 3) {
        scrollback_.clear();
      } else if (first == 2) {
        Clear(&grid_);
      } else {
        for (int c = col_; c < cols_; ++c) grid_[static_cast<size_t>(row_)][static_cast<size_t>(c)].assign(1, ' ');
        for (int r = row_ + 1; r < rows_; ++r) grid_[static_cast<size_t>(r)].assign(static_cast<size_t>(cols_), " ");
      }
      break;
    case 'K': {
      int from = first == 0 ? col_ : 0, to = first == 1 ? col_ + 1 : cols_;
      for (int c = from; c < to; ++c) grid_[static_cast<size_t>(row_)][static_cast<size_t>(c)].assign(1, ' ');
      break;
    }
    case 'h':
    case 'l':
      if (private_mode && (first == 1049 || first == 47 || first == 1047)) {
        const bool on = final == 'h';
        if (on == alternate_) break;
        if (on) {
          saved_main_ = grid_;
          saved_row_ = row_;
          saved_col_ = col_;
          Clear(&grid_);
        } else {
          grid_ = saved_main_;
          row_ = saved_row_;
          col_ = saved_col_;
        }
        alternate_ = on;
      }
      break;
    default: break;  // colours and the rest change nothing a test reads
  }
}

void VtScreen::Feed(std::string_view bytes) {
  std::string data = partial_;
  data.append(bytes);
  partial_.clear();
  size_t i = 0;
  while (i < data.size()) {
    const unsigned char c = static_cast<unsigned char>(data[i]);
    if (c == 0x1b) {
      if (i + 1 >= data.size()) break;
      if (data[i + 1] == '[') {
        size_t end = i + 2;
        while (end < data.size() && !(data[end] >= 0x40 && data[end] <= 0x7e)) ++end;
        if (end >= data.size()) break;
        Csi(std::string_view(data).substr(i + 2, end - i - 2), data[end]);
        i = end + 1;
      } else if (data[i + 1] == ']') {  // OSC: up to BEL or ESC backslash
        size_t end = data.find('\a', i);
        if (end == std::string::npos) break;
        i = end + 1;
      } else {
        i += 2;
      }
      continue;
    }
    if (c == '\r') {
      col_ = 0;
      pending_wrap_ = false;
    } else if (c == '\n') {
      pending_wrap_ = false;
      LineFeed();
    } else if (c == '\b') {
      if (col_ > 0) --col_;
      pending_wrap_ = false;
    } else if (c == '\t') {
      col_ = std::min(cols_ - 1, (col_ / 8 + 1) * 8);
    } else if (c >= 0x20 && c != 0x7f) {
      size_t len = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
      if (i + len > data.size()) break;
      Put(data.substr(i, len));
      i += len;
      continue;
    }
    ++i;
  }
  partial_ = data.substr(i);
}

std::vector<std::string> VtScreen::Lines() const {
  std::vector<std::string> lines;
  for (const auto& row : grid_) lines.push_back(Trimmed(row));
  return lines;
}

std::string VtScreen::Text() const {
  std::string out;
  for (const std::string& line : Lines()) {
    out += line;
    out += '\n';
  }
  return out;
}

std::string VtScreen::AllText() const {
  std::string out;
  for (const std::string& line : scrollback_) {
    out += line;
    out += '\n';
  }
  out += Text();
  return out;
}

}  // namespace souk::pty
