#include "server/refuse_connection.h"

#include <boost/beast/core.hpp>
#include <boost/beast/http/status.hpp>

#include "format/json.h"

namespace souk::server {
namespace {

namespace beast = boost::beast;
namespace net = boost::asio;

class Refusal : public std::enable_shared_from_this<Refusal> {
 public:
  Refusal(net::ip::tcp::socket socket, std::string response, std::shared_ptr<std::atomic<int>> in_flight)
      : stream_(std::move(socket)), response_(std::move(response)), in_flight_(std::move(in_flight)) {}
  ~Refusal() { --*in_flight_; }

  void Run() {
    // The whole exchange, answer and drain, within a second.
    stream_.expires_after(std::chrono::seconds(1));
    net::async_write(stream_, net::buffer(response_), [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return;
      self->stream_.socket().shutdown(net::ip::tcp::socket::shutdown_send, ec);
      self->Drain();
    });
  }

 private:
  // Closing with the request unread would send a reset, which may destroy the
  // answer before the client reads it: read what the client sends until it closes.
  void Drain() {
    stream_.async_read_some(net::buffer(scratch_), [self = shared_from_this()](beast::error_code ec, size_t) {
      if (!ec) self->Drain();
    });
  }

  beast::tcp_stream stream_;
  std::string response_;
  std::shared_ptr<std::atomic<int>> in_flight_;
  char scratch_[1024];
};

}  // namespace

void RefuseConnection(net::ip::tcp::socket socket, unsigned status, ErrorCode code, std::chrono::seconds retry_after,
                      const std::string& message, std::shared_ptr<std::atomic<int>> in_flight, int limit) {
  if (++*in_flight > limit) {
    --*in_flight;
    return;  // the socket closes as it goes
  }
  const std::string body =
      DumpJson(Json{{"error", message},
                    {"code", std::string(ErrorCodeName(code))},
                    {"retry_after_ms", std::chrono::milliseconds(retry_after).count()}},
               false);
  std::string response = "HTTP/1.1 " + std::to_string(status) + " " +
                         std::string(beast::http::obsolete_reason(static_cast<beast::http::status>(status))) +
                         "\r\nContent-Type: application/json\r\nCache-Control: no-store\r\nRetry-After: " +
                         std::to_string(retry_after.count()) + "\r\nConnection: close\r\nContent-Length: " +
                         std::to_string(body.size()) + "\r\n\r\n" + body;
  std::make_shared<Refusal>(std::move(socket), std::move(response), std::move(in_flight))->Run();
}

}  // namespace souk::server
