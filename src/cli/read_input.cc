#include "cli/read_input.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/cli_error.h"

namespace souk::cli {

std::string ReadInput(const std::string& path) {
  std::ostringstream text;
  if (path == "-") {
    text << std::cin.rdbuf();
    return text.str();
  }
  // A stream opens a folder and then reads nothing: say what it is instead.
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) throw CliError{kBadInput, path + ": is a folder"};
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CliError{1, path + ": cannot open: " + std::strerror(errno)};
  text << in.rdbuf();
  return text.str();
}

}  // namespace souk::cli
