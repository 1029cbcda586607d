#include "server/metrics_listener.h"

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <charconv>
#include <thread>

#include "metrics/metrics.h"

namespace souk::server {

namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = net::ip::tcp;

Status ParseListenAddress(const std::string& text, std::string* address, uint16_t* port) {
  const size_t colon = text.rfind(':');
  if (colon == std::string::npos) return Status::Error("'" + text + "': expected ADDRESS:PORT, e.g. 127.0.0.1:9464");
  std::string host = text.substr(0, colon);
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  if (host.empty()) host = "0.0.0.0";
  const std::string digits = text.substr(colon + 1);
  unsigned value = 0;
  auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size() || value > 65535)
    return Status::Error("'" + text + "': the port must be a number from 0 to 65535");
  beast::error_code bad;
  net::ip::make_address(host, bad);
  if (bad) return Status::Error("'" + text + "': '" + host + "' is not an IP address");
  *address = host;
  *port = static_cast<uint16_t>(value);
  return Status::Ok();
}

namespace {

using JsonRoutes = std::map<std::string, std::function<std::string()>>;

class Scrape : public std::enable_shared_from_this<Scrape> {
 public:
  Scrape(tcp::socket socket, const JsonRoutes& routes) : stream_(std::move(socket)), routes_(routes) {}
  void Run() {
    stream_.expires_after(std::chrono::seconds(10));
    http::async_read(stream_, buffer_, request_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (!ec) self->Answer();
    });
  }

 private:
  void Answer() {
    auto res = std::make_shared<http::response<http::string_body>>();
    res->version(request_.version());
    res->keep_alive(false);
    const std::string_view target = request_.target();
    const bool get = request_.method() == http::verb::get || request_.method() == http::verb::head;
    const std::string path(target.substr(0, target.find('?')));
    const auto route = routes_.find(path);
    if (path != "/metrics" && route == routes_.end()) {
      res->result(http::status::not_found);
      res->set(http::field::content_type, "text/plain; charset=utf-8");
      res->body() = "not here: /metrics";
      for (const auto& [other, json] : routes_) res->body() += ", " + other;
      res->body() += "\n";
    } else if (!get) {
      res->result(http::status::method_not_allowed);
      res->set(http::field::allow, "GET, HEAD");
    } else if (route != routes_.end()) {
      res->result(http::status::ok);
      res->set(http::field::content_type, "application/json");
      res->body() = route->second();
      if (request_.method() == http::verb::head) {
        res->content_length(res->body().size());
        res->body().clear();
      }
    } else {
      res->result(http::status::ok);
      res->set(http::field::content_type, "text/plain; version=0.0.4; charset=utf-8");
      res->body() = metrics::Default().Render();
      if (request_.method() == http::verb::head) {
        res->content_length(res->body().size());
        res->body().clear();
      }
    }
    if (request_.method() != http::verb::head) res->prepare_payload();
    http::async_write(stream_, *res, [self = shared_from_this(), res](beast::error_code ec, size_t) {
      self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    });
  }

  beast::tcp_stream stream_;
  const JsonRoutes& routes_;  // the listener's, which outlives its connections
  beast::flat_buffer buffer_;
  http::request<http::string_body> request_;
};

}  // namespace

struct MetricsListener::Impl {
  net::io_context ioc{1};
  tcp::acceptor acceptor{ioc};
  std::thread thread;
  uint16_t port = 0;
  JsonRoutes routes;

  void Accept() {
    acceptor.async_accept([this](beast::error_code ec, tcp::socket socket) {
      if (ec == net::error::operation_aborted || !acceptor.is_open()) return;
      if (!ec) std::make_shared<Scrape>(std::move(socket), routes)->Run();
      Accept();
    });
  }
};

MetricsListener::MetricsListener() : impl_(std::make_unique<Impl>()) {}
MetricsListener::~MetricsListener() { Stop(); }

Status MetricsListener::Start(const std::string& address, uint16_t port) {
  beast::error_code ec;
  const tcp::endpoint endpoint(net::ip::make_address(address, ec), port);
  if (ec) return Status::Error("--metrics-listen: '" + address + "' is not an IP address");
  impl_->acceptor.open(endpoint.protocol(), ec);
  if (!ec) impl_->acceptor.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) impl_->acceptor.bind(endpoint, ec);
  if (!ec) impl_->acceptor.listen(net::socket_base::max_listen_connections, ec);
  if (ec)
    return Status::Unavailable("--metrics-listen " + address + ":" + std::to_string(port) + ": " + ec.message());
  impl_->port = impl_->acceptor.local_endpoint().port();
  impl_->Accept();
  impl_->thread = std::thread([this] { impl_->ioc.run(); });
  return Status::Ok();
}

uint16_t MetricsListener::port() const { return impl_->port; }

void MetricsListener::ServeJson(const std::string& path, std::function<std::string()> json) {
  impl_->routes[path] = std::move(json);
}

void MetricsListener::Stop() {
  if (!impl_->thread.joinable()) return;
  net::post(impl_->ioc, [this] {
    beast::error_code ignored;
    impl_->acceptor.close(ignored);
  });
  impl_->ioc.stop();
  impl_->thread.join();
}

}  // namespace souk::server
