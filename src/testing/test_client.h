// Blocking HTTP and WebSocket clients for the server's tests (tests only).
//
// Compiled once, in test_client.cc: Beast's templates are instantiated there and not in
// every test program that speaks to a server (they cost a test file some 20 s to
// compile). Only Beast's small `http::verb` header comes with this one.
#pragma once

#include <boost/beast/http/verb.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "format/json.h"

namespace souk::server {

namespace http = boost::beast::http;

struct Reply {
  int status = 0;
  Json body;
};

// CallServerWith (below) with a seat token as Bearer, unless empty: the status, and the
// body parsed as JSON when it is.
Reply CallServer(uint16_t port, http::verb verb, const std::string& target, const std::string& body = "",
                 const std::string& token = "");

// An answer with its headers (names lower-cased; a repeated header's values joined
// by "\n"), and its body as text.
struct FullReply {
  int status = 0;
  Json body;
  std::string text;
  std::map<std::string, std::string> headers;
  std::string Header(const std::string& lower_name) const {
    auto it = headers.find(lower_name);
    return it == headers.end() ? std::string() : it->second;
  }
};

// One request on a connection of its own, with the headers given (Host: localhost
// unless given; Content-Type: application/json with a body). A HEAD's answer is read
// without a body, as its headers announce one.
FullReply CallServerWith(uint16_t port, http::verb verb, const std::string& target, const std::string& body,
                         const std::vector<std::pair<std::string, std::string>>& headers);

// A blocking WebSocket client of one game (or, for a `game_id` that is a path such as
// "/api/tables/ws", of that path).
class WsClient {
 public:
  // `headers` go with the upgrade request (a browser's Origin and Cookie). Throws when
  // the connection or the upgrade fails.
  WsClient(uint16_t port, const std::string& game_id,
           const std::vector<std::pair<std::string, std::string>>& headers = {});
  ~WsClient();
  WsClient(const WsClient&) = delete;
  WsClient& operator=(const WsClient&) = delete;

  void Send(const std::string& text);
  // Throws after 30 s without a message: a test fails rather than hangs.
  Json Receive();
  // Reads until a message satisfying `done`; `seen` is told of every message on the way.
  Json ReceiveUntil(const std::function<bool(const Json&)>& done, const std::function<void(const Json&)>& seen = {});
  // True when the server closes the connection within 10 s (reading what it still sends).
  bool ClosedByServer();
  // The close code the server sent within 10 s (reading what it still sends); -1 if
  // it sent none (the connection dropped, or stayed open).
  int CloseCodeFromServer();

 private:
  struct Connection;
  std::unique_ptr<Connection> connection_;
};

}  // namespace souk::server
