// The web app's files, served from one folder: nothing outside it, whatever the
// path says.
#pragma once

#include <string>
#include <string_view>

namespace souk::server {

struct StaticFile {
  int status = 404;          // 200, 400 (a path that tries to leave the folder) or 404
  std::string content_type;  // by extension; text/plain for errors
  std::string body;
};

// The file for a request target ("/", "/app.js?v=2") under `root`: "/" and folder
// paths give their index.html. Percent-escapes are decoded first, so "%2e%2e" is "..".
StaticFile LoadStatic(const std::string& root, std::string_view target);

}  // namespace souk::server
