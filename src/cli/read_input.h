// Reading a file a command was given: one-line errors naming the file and the reason.
#pragma once

#include <string>

namespace souk::cli {

// The whole of `path` ("-" is standard input). Throws CliError: a folder, or a file
// that cannot be opened, with the system's reason.
std::string ReadInput(const std::string& path);

}  // namespace souk::cli
