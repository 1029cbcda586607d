#include "server/static_files.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace souk::server {
namespace {

namespace fs = std::filesystem;

std::string ContentType(const fs::path& path) {
  static const struct { const char* ext; const char* type; } kTypes[] = {
      {".html", "text/html; charset=utf-8"}, {".js", "text/javascript; charset=utf-8"},
      {".css", "text/css; charset=utf-8"},   {".svg", "image/svg+xml"},
      {".png", "image/png"},                 {".json", "application/json"},
      {".woff2", "font/woff2"},              {".ico", "image/x-icon"},
      {".txt", "text/plain; charset=utf-8"}, {".map", "application/json"},
      {".webmanifest", "application/manifest+json"},
  };
  const std::string ext = path.extension().string();
  for (const auto& t : kTypes)
    if (ext == t.ext) return t.type;
  return "application/octet-stream";
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// False for a malformed escape or a NUL.
bool Decode(std::string_view in, std::string* out) {
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i] != '%') {
      out->push_back(in[i]);
      continue;
    }
    if (i + 2 >= in.size()) return false;
    int hi = HexDigit(in[i + 1]), lo = HexDigit(in[i + 2]);
    if (hi < 0 || lo < 0 || (hi == 0 && lo == 0)) return false;
    out->push_back(static_cast<char>(hi * 16 + lo));
    i += 2;
  }
  return true;
}

StaticFile Error(int status, const char* text) { return {status, "text/plain; charset=utf-8", text}; }

}  // namespace

StaticFile LoadStatic(const std::string& root, std::string_view target) {
  if (size_t q = target.find_first_of("?#"); q != std::string_view::npos) target = target.substr(0, q);
  std::string path;
  if (target.empty() || target.front() != '/' || !Decode(target, &path)) return Error(400, "bad path\n");
  // Every segment is checked, not just the result: "a/../../x" must not pass.
  std::string relative;
  std::istringstream segments(path);
  for (std::string segment; std::getline(segments, segment, '/');) {
    if (segment.empty() || segment == ".") continue;
    if (segment == ".." || segment.find('\\') != std::string::npos) return Error(400, "bad path\n");
    if (!relative.empty()) relative += '/';
    relative += segment;
  }
  std::error_code ec;
  const fs::path base = fs::canonical(root, ec);
  if (ec) return Error(404, "not found\n");
  fs::path file = base / relative;
  if (fs::is_directory(file, ec)) file /= "index.html";
  // A symbolic link may still lead out of the folder.
  const fs::path real = fs::canonical(file, ec);
  if (ec || !fs::is_regular_file(real, ec)) return Error(404, "not found\n");
  auto [end, _] = std::mismatch(base.begin(), base.end(), real.begin(), real.end());
  if (end != base.end()) return Error(404, "not found\n");
  std::ifstream in(real, std::ios::binary);
  std::ostringstream body;
  body << in.rdbuf();
  if (!in) return Error(404, "not found\n");
  return {200, ContentType(real), body.str()};
}

}  // namespace souk::server
