// How a command fails: a one-line message and the exit status (see main.cc).
#pragma once

#include <string>

namespace souk::cli {

inline constexpr int kBadInput = 2;

struct CliError {
  int code;
  std::string message;
};

}  // namespace souk::cli
