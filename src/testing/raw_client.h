// Plain POSIX sockets for the server's limit tests (header-only, tests only): what
// the bytes on the wire are, from a chosen source address on loopback, with deadlines.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <string>

namespace souk::server::testing {

// The smallest whole request: a health check.
inline constexpr char kHealthRequest[] = "GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n";

// One TCP connection to 127.0.0.1:port from `source` (any 127.x.y.z works on Linux
// loopback: a test can be many clients). Closed when destroyed.
class RawConnection {
 public:
  RawConnection(uint16_t port, const std::string& source = "127.0.0.1") {
    fd_ = socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in local{};
    local.sin_family = AF_INET;
    inet_pton(AF_INET, source.c_str(), &local.sin_addr);
    sockaddr_in server{};
    server.sin_family = AF_INET;
    server.sin_port = htons(port);
    inet_pton(AF_INET, "127.0.0.1", &server.sin_addr);
    if (bind(fd_, reinterpret_cast<sockaddr*>(&local), sizeof local) != 0 ||
        connect(fd_, reinterpret_cast<sockaddr*>(&server), sizeof server) != 0) {
      close(fd_);
      fd_ = -1;
    }
  }
  ~RawConnection() { Close(); }
  RawConnection(const RawConnection&) = delete;
  RawConnection& operator=(const RawConnection&) = delete;
  RawConnection(RawConnection&& other) noexcept : fd_(other.fd_), closed_by_peer_(other.closed_by_peer_) {
    other.fd_ = -1;
  }
  RawConnection& operator=(RawConnection&& other) noexcept {
    if (this != &other) {
      Close();
      fd_ = other.fd_;
      closed_by_peer_ = other.closed_by_peer_;
      other.fd_ = -1;
    }
    return *this;
  }

  bool connected() const { return fd_ >= 0; }
  // Whether a read has seen the server close its side.
  bool closed_by_peer() const { return closed_by_peer_; }
  int fd() const { return fd_; }
  void Close() {
    if (fd_ >= 0) close(fd_);
    fd_ = -1;
  }

  bool Send(const std::string& bytes) {
    return fd_ >= 0 && ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL) == static_cast<ssize_t>(bytes.size());
  }

  // Everything that arrives until the peer closes or `limit` passes.
  std::string ReadUntilClosed(std::chrono::milliseconds limit) {
    return ReadWhile(limit, [](const std::string&) { return true; });
  }

  // One response: its header, and as many body bytes as Content-Length says, or
  // (`head`) none. Whatever else arrives within `linger` is appended, so that a test
  // sees a body sent where none belongs.
  std::string ReadResponse(std::chrono::milliseconds limit, bool head = false,
                           std::chrono::milliseconds linger = std::chrono::milliseconds(0)) {
    std::string got = ReadWhile(limit, [head](const std::string& text) { return !Complete(text, head); });
    if (linger.count() > 0) got += ReadWhile(linger, [](const std::string&) { return true; });
    return got;
  }

  // The status code of a response ("HTTP/1.1 429 ..." gives 429), or 0.
  static int StatusOf(const std::string& response) {
    if (response.size() < 12 || response.compare(0, 5, "HTTP/") != 0) return 0;
    return std::atoi(response.c_str() + 9);
  }
  // A header's value ("" if absent); the name as the server spells it.
  static std::string HeaderOf(const std::string& response, const std::string& name) {
    size_t at = response.find("\r\n" + name + ": ");
    if (at == std::string::npos) return {};
    at += name.size() + 4;
    return response.substr(at, response.find("\r\n", at) - at);
  }
  static std::string BodyOf(const std::string& response) {
    size_t end = response.find("\r\n\r\n");
    return end == std::string::npos ? std::string() : response.substr(end + 4);
  }

 private:
  static bool Complete(const std::string& text, bool head) {
    size_t end = text.find("\r\n\r\n");
    if (end == std::string::npos) return false;
    if (head) return true;
    const std::string length = HeaderOf(text.substr(0, end + 2), "Content-Length");
    return text.size() >= end + 4 + static_cast<size_t>(std::atol(length.c_str()));
  }

  template <typename More>
  std::string ReadWhile(std::chrono::milliseconds limit, More more) {
    std::string got;
    const auto deadline = std::chrono::steady_clock::now() + limit;
    while (fd_ >= 0 && more(got)) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0) break;
      pollfd p{fd_, POLLIN, 0};
      if (poll(&p, 1, static_cast<int>(left.count())) <= 0) break;
      char buffer[4096];
      ssize_t n = recv(fd_, buffer, sizeof buffer, 0);
      if (n == 0) closed_by_peer_ = true;
      if (n <= 0) break;
      got.append(buffer, static_cast<size_t>(n));
    }
    return got;
  }

  int fd_ = -1;
  bool closed_by_peer_ = false;
};

}  // namespace souk::server::testing
