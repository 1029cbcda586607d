// A small terminal emulator for tests: what a person would see on an 80x24 screen
// after a program's output, with the lines that scrolled off the top (the
// scrollback) and the alternate screen. It reads the sequences the terminal layer
// writes (cursor moves, erasing, the alternate screen) and ignores colours.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace souk::pty {

class VtScreen {
 public:
  VtScreen(int rows, int cols);

  void Feed(std::string_view bytes);
  // The size changes as a terminal's does: lines keep their text, cut at the width.
  void Resize(int rows, int cols);

  // The visible lines, trailing spaces removed.
  std::vector<std::string> Lines() const;
  // The visible lines joined with '\n'.
  std::string Text() const;
  // The lines that scrolled off the top of the main screen, oldest first.
  const std::vector<std::string>& scrollback() const { return scrollback_; }
  // Everything: the scrollback then the visible lines.
  std::string AllText() const;
  bool alternate() const { return alternate_; }
  // Printable characters that arrived past the last column (a line too wide).
  int overflows() const { return overflows_; }
  int rows() const { return rows_; }
  int cols() const { return cols_; }

 private:
  using Grid = std::vector<std::vector<std::string>>;  // one UTF-8 character a cell
  void Put(std::string ch);
  void LineFeed();
  void Csi(std::string_view params, char final);
  void Clear(Grid* grid) const;

  int rows_, cols_;
  Grid grid_, saved_main_;
  int row_ = 0, col_ = 0, saved_row_ = 0, saved_col_ = 0;
  bool pending_wrap_ = false;
  bool alternate_ = false;
  std::vector<std::string> scrollback_;
  int overflows_ = 0;
  std::string partial_;  // an escape sequence or UTF-8 character cut between reads
};

}  // namespace souk::pty
