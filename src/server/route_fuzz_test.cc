// A fuzzer over every route and WebSocket message of `souk serve` (issue #17).
//
// A real GameService and HttpServer on loopback, a temporary SQLite store and web
// folder, a few real games (Jaipur and Marrakech, against bots and between people) so
// that valid tokens, invites and legal moves exist; then, for SOUK_FUZZ_SECONDS
// (default 10), random and mutated valid requests to every route of docs/protocol.md
// and every WebSocket message, alongside valid play. Seeded by SOUK_FUZZ_SEED (printed:
// the same seed sends the same requests, bots' timing aside).
//
// Fails on: a crash (the test dies), any 5xx (the store is always available here),
// an /api/ answer that is not a JSON object, a WebSocket "internal error", a well-formed
// request or message left without an answer, a file from outside the web folder, a
// health check that fails after the run, a game that does not load again from the
// store, or a fuzzer that mostly bounced off the parser (too few valid moves).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "core/prng.h"
#include "format/json.h"
#include "server/accounts/accounts.h"
#include "server/game_service.h"
#include "server/http_server.h"
#include "server/lobby/lobby.h"
#include "server/store.h"
#include "testing/fuzz_net.h"
#include "testing/test_client.h"

namespace souk::server {
namespace {

using namespace fuzz;  // NOLINT: the fuzzer's own networking helpers
namespace fs = std::filesystem;
using std::chrono::milliseconds;
using std::chrono::seconds;

uint64_t EnvNumber(const char* name, uint64_t fallback) {
  const char* text = std::getenv(name);
  if (text == nullptr || *text == '\0') return fallback;
  char* end = nullptr;
  const unsigned long long value = std::strtoull(text, &end, 10);
  return end != nullptr && *end == '\0' ? value : fallback;
}

// Whether a text frame is UTF-8 as a WebSocket peer must check it (no overlong forms,
// no surrogates, nothing past U+10FFFF): the server closes the connection otherwise.
bool Utf8Valid(std::string_view s) {
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    uint32_t cp = n == 1 ? c : n == 2 ? (c & 0x1f) : n == 3 ? (c & 0x0f) : (c & 0x07);
    for (size_t k = 1; k < n; ++k) {
      const auto d = static_cast<unsigned char>(s[i + k]);
      if ((d >> 6) != 2) return false;
      cp = cp << 6 | (d & 0x3f);
    }
    static constexpr uint32_t kMin[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < kMin[n] || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return false;
    i += n;
  }
  return true;
}

std::vector<std::string> Words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

const std::vector<std::string> kGoods = {"diamond", "gold", "silver", "cloth", "spice", "leather"};

// ---------------------------------------------------------------------------------
// Known defects: inputs today's server is known to mishandle, reported in issue #17
// and being fixed elsewhere. While an entry is listed, the fuzzer does not send inputs
// of its kind (it counts them, and prints the count), so that it goes on to find other
// defects instead of dying on the first. SOUK_FUZZ_KNOWN=1 sends them anyway. Delete an
// entry when its fix is merged.

// What a request or message is, for the known-defect filter: `label` is the route
// ("POST /api/games/{id}/preview") or "WS" for a WebSocket message, `game` the kind of
// game it is aimed at ("" if none), `body` the body or message as sent.
struct Sent {
  std::string label;
  std::string game;
  std::string body;
};

struct KnownDefect {
  const char* name;
  const char* what;
  bool (*matches)(const Sent&);
};

// Inputs that find a defect not fixed yet: counted and held back (SOUK_FUZZ_KNOWN=1
// sends them). Empty: every defect the fuzzer found is fixed.
const std::vector<KnownDefect> kKnownDefects = {};

// ---------------------------------------------------------------------------------

// An HTTP request, built field by field so that any field can be mutated.
struct Call {
  std::string method = "GET";
  std::string target = "/";
  std::string version = "HTTP/1.1";
  std::vector<std::pair<std::string, std::string>> headers = {{"Host", "localhost"}};
  std::string body;
  bool chunked = false;
  bool content_length = true;
  std::string label;  // the route, ids as {id}: what a finding is filed under
  std::string game;   // the kind of the game the target names, if any
};

std::string Serialize(const Call& c) {
  std::string out = c.method + " " + c.target + " " + c.version + "\r\n";
  for (const auto& [name, value] : c.headers) out += name + ": " + value + "\r\n";
  if (c.chunked) {
    out += "Transfer-Encoding: chunked\r\n\r\n";
    for (size_t i = 0; i < c.body.size(); i += 700) {
      const std::string piece = c.body.substr(i, 700);
      char size[16];
      std::snprintf(size, sizeof size, "%zx", piece.size());
      out += std::string(size) + "\r\n" + piece + "\r\n";
    }
    return out + "0\r\n\r\n";
  }
  if (c.content_length && (!c.body.empty() || c.method == "POST"))
    out += "Content-Length: " + std::to_string(c.body.size()) + "\r\n";
  return out + "\r\n" + c.body;
}

struct SeatInfo {
  std::string player;  // "human" or a bot spec
  std::string token;   // once known
  std::string invite;  // while unused
};

struct GameInfo {
  std::string id;
  std::string game;
  std::vector<SeatInfo> seats;
  bool over = false;
  int to_move = -1;
  int64_t move_count = 0;
  std::vector<std::string> legal;  // the moves of the seat to move, when last seen
};

// A finding: one kind of failure, how often, and the first requests that showed it.
struct Finding {
  int count = 0;
  std::vector<std::string> examples;
};

class RouteFuzzTest : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = fs::path(::testing::TempDir()) / ("route_fuzz_" + std::to_string(getpid()));
    fs::remove_all(base_);
    fs::create_directories(base_ / "web" / "img");
    std::ofstream(base_ / "web" / "index.html") << "<!doctype html><title>Souk</title>";
    std::ofstream(base_ / "web" / "app.js") << "console.log(1)";
    std::ofstream(base_ / "web" / "img" / "index.html") << "<p>img</p>";
    std::ofstream(base_ / "secret.txt") << kCanary;
    fs::create_symlink(base_ / "secret.txt", base_ / "web" / "link.txt");
    db_ = (base_ / "fuzz.db").string();
    auto store = OpenSqliteStore(db_);
    ASSERT_TRUE(store.ok()) << store.message();
    store_ = std::move(*store);
    games_ = std::make_unique<GameService>(*store_, 1);
    ServerOptions options;
    options.port = 0;
    options.web_dir = (base_ / "web").string();
    // The rate limits have tests of their own (rate_limits_test.cc); here they would
    // refuse most of the valid play the fuzzer checks. A flood's close stays on.
    options.rates = RateLimits::Off();
    options.rates[Rate::kWsMessage] = RateLimits()[Rate::kWsMessage];
    // The accounts (issue 37), hashing at no cost, and one account signed in.
    auto account_store = accounts::OpenAccountStore(db_);
    ASSERT_TRUE(account_store.ok()) << account_store.message();
    accounts::AccountsOptions account_options;
    account_options.cost = accounts::PasswordCost::Minimum();
    account_options.signups = RateLimit{};
    accounts_ = std::make_unique<accounts::Accounts>(std::move(*account_store), account_options);
    options.accounts = accounts_.get();
    // The lobby (issue 38): tables, quick play, rematches.
    auto lobby_store = lobby::OpenLobbyStore(db_);
    ASSERT_TRUE(lobby_store.ok()) << lobby_store.message();
    lobby_store_ = std::move(*lobby_store);
    lobby_ = std::make_unique<lobby::Lobby>(*lobby_store_, *games_, nullptr, lobby::LobbyOptions{});
    options.lobby = lobby_.get();
    server_ = std::make_unique<HttpServer>(*games_, options);
    ASSERT_TRUE(server_->Start().ok());
    endpoint_ = tcp::endpoint(net::ip::make_address("127.0.0.1"), server_->port());
    FullReply signed_up = CallServerWith(server_->port(), http::verb::post, "/api/accounts",
                                         R"({"name": "Fuzzer", "password": "fuzz password"})", {});
    ASSERT_EQ(signed_up.status, 201) << signed_up.text;
    const std::string cookie = signed_up.Header("set-cookie");
    cookie_ = cookie.substr(0, cookie.find(';'));
  }

  void TearDown() override {
    for (auto& s : subscribers_) s->Abort();
    RunUntil(ioc_, [] { return false; }, milliseconds(50));
    subscribers_.clear();
    if (games_) games_->StopBots();
    server_.reset();
    accounts_.reset();
    lobby_.reset();
    games_.reset();
    store_.reset();
    std::error_code ec;
    fs::remove_all(base_, ec);
  }

  static constexpr const char* kCanary = "CANARY-5f0c-not-for-clients";

  // ---- randomness: souk::Prng only, so that a seed replays on every platform
  uint32_t R(uint32_t n) { return n == 0 ? 0 : prng_.Below(n); }
  bool P(uint32_t percent) { return R(100) < percent; }
  template <typename T>
  T Pick(const std::vector<T>& v) {
    return v[R(static_cast<uint32_t>(v.size()))];
  }

  // ---- findings
  void Fail(const std::string& kind, const std::string& example) {
    Finding& f = findings_[kind];
    ++f.count;
    if (f.examples.size() < 2) f.examples.push_back(example);
  }

  // An error message with the ids, tokens and numbers that vary from run to run blurred.
  std::string Blur(std::string text) const {
    for (const GameInfo& g : pool_)
      for (size_t at; (at = text.find(g.id)) != std::string::npos;) text.replace(at, g.id.size(), "{id}");
    std::string out;
    for (char c : text) out += (c >= '0' && c <= '9') ? '#' : c;
    return out.substr(0, 120);
  }

  // Whether a known defect covers this input; counts it if so.
  bool Known(const Sent& s) {
    for (const KnownDefect& d : kKnownDefects)
      if (d.matches(s)) {
        ++known_hits_[d.name];
        return !send_known_;
      }
    return false;
  }

  // ---- pool of games
  GameInfo* Find(const std::string& id) {
    for (GameInfo& g : pool_)
      if (g.id == id) return &g;
    return nullptr;
  }
  // The game a target names, if it is one of ours.
  std::string GameKindOf(const std::string& target) {
    constexpr std::string_view kPrefix = "/api/games/";
    if (target.rfind(kPrefix, 0) != 0) return "";
    std::string rest = target.substr(kPrefix.size());
    const GameInfo* g = Find(rest.substr(0, rest.find_first_of("/?")));
    return g ? g->game : "";
  }
  // A target with our games' ids as {id}, cut short: a route's shape, for labels.
  std::string Shape(std::string target) const {
    for (const GameInfo& g : pool_)
      for (size_t at; (at = target.find(g.id)) != std::string::npos;) target.replace(at, g.id.size(), "{id}");
    return target.size() > 40 ? target.substr(0, 40) + "..." : target;
  }
  GameInfo& AnyGame() { return pool_[R(static_cast<uint32_t>(pool_.size()))]; }
  GameInfo* LiveGame() {
    std::vector<GameInfo*> live;
    for (GameInfo& g : pool_)
      if (!g.over) live.push_back(&g);
    return live.empty() ? nullptr : live[R(static_cast<uint32_t>(live.size()))];
  }
  // A token the lobby gave, one of a seat, or none.
  std::string LobbyToken() {
    if (!lobby_tokens_.empty() && P(60)) return Pick(lobby_tokens_);
    return P(50) ? AnyToken() : "";
  }
  // The lobby's ids and tokens an answer gave, for the next calls to use (the last 50).
  void NoteLobby(const std::string& body) {
    Json b;
    try {
      b = Json::parse(body);
    } catch (const std::exception&) {
      return;
    }
    auto keep = [](std::vector<std::string>& list, const Json& value) {
      if (!value.is_string()) return;
      list.push_back(value.get<std::string>());
      if (list.size() > 50) list.erase(list.begin());
    };
    if (!b.is_object()) return;
    if (b.contains("table") && b["table"].is_object()) keep(tables_, b["table"].value("id", Json()));
    if (b.contains("seek") && b["seek"].is_object()) keep(seeks_, b["seek"].value("id", Json()));
    if (b.contains("token")) keep(lobby_tokens_, b["token"]);
  }
  std::string AnyToken() {
    std::vector<std::string> tokens;
    for (const GameInfo& g : pool_)
      for (const SeatInfo& s : g.seats)
        if (!s.token.empty()) tokens.push_back(s.token);
    return tokens.empty() ? std::string(32, 'a') : Pick(tokens);
  }

  // ---- HTTP
  // Sends `calls` one after another on one connection and checks every answer.
  std::vector<Answer> Send(std::vector<Call> calls) {
    std::vector<Call> kept;
    for (Call& c : calls) {
      c.game = GameKindOf(c.target);
      if (!Known({c.label, c.game, c.body})) kept.push_back(std::move(c));
    }
    if (kept.empty()) return {};
    std::string bytes;
    std::vector<bool> head;
    for (const Call& c : kept) {
      bytes += Serialize(c);
      head.push_back(c.method == "HEAD");
    }
    ++connections_;
    requests_ += static_cast<int64_t>(kept.size());
    Exchange ex = SendBytes(ioc_, endpoint_, bytes, seconds(30));
    const std::string shown = Printable(bytes);
    if (!ex.connected) {
      Fail("connection refused", shown);
      return {};
    }
    if (ex.timed_out) Fail("no answer within 30 s (the server hangs)", shown);
    std::string rest, problem;
    std::vector<Answer> answers = ParseAnswers(ex.received, head, &rest, &problem);
    if (!problem.empty()) Fail("an answer that is not HTTP: " + problem, shown + "\n      -> " + Printable(ex.received));
    if (answers.empty() && problem.empty() && !ex.timed_out) ++silent_closes_;
    // A body sent without framing (no Content-Length, not chunked) starts the next
    // request's line ("trueHEAD /api/..."), so a HEAD after one is no HEAD to the server.
    bool framed = true;
    for (size_t i = 0; i + 1 < kept.size(); ++i)
      if (!kept[i].chunked && !kept[i].content_length && !kept[i].body.empty()) framed = false;
    if (framed && !answers.empty() && answers.size() == kept.size() && head.back() && !rest.empty())
      Fail("HEAD " + std::string(kept.back().target.rfind("/api/", 0) == 0 ? "/api/..." : "(static)") +
               ": the answer carries a body",
           shown + "\n      -> " + Printable(rest, 120));
    for (size_t i = 0; i < answers.size(); ++i) Check(kept[i], answers[i], kept.size() == 1 ? shown : Printable(Serialize(kept[i])));
    return answers;
  }

  std::optional<Answer> Do(Call call) {
    std::vector<Answer> answers = Send({std::move(call)});
    if (answers.empty()) return std::nullopt;
    return answers.front();
  }

  void Check(const Call& c, const Answer& a, const std::string& shown) {
    ++statuses_[a.status];
    if (a.status < 300 && c.target.rfind("/api/", 0) == 0) NoteLobby(a.body);
    if (a.status >= 500) {
      std::string error = a.body;
      try {
        error = Json::parse(a.body).value("error", a.body);
      } catch (const std::exception&) {
      }
      Fail(c.label + " -> " + std::to_string(a.status) + " " + Blur(error), shown + "\n      -> " + Printable(a.body, 200));
    }
    if (a.body.find(kCanary) != std::string::npos) Fail("a file outside the web folder was served", shown);
    const bool api = c.target.rfind("/api/", 0) == 0;
    if (!api || c.method == "HEAD" || a.status == 101) return;
    bool ok = a.content_type == "application/json";
    try {
      Json body = Json::parse(a.body);
      // An error says what went wrong, and its documented code.
      ok = ok && body.is_object() &&
           (a.status < 400 || (body.contains("error") && body["error"].is_string() && body.contains("code") &&
                               body["code"].is_string() && ErrorCodeNamed(body["code"].get<std::string>())));
    } catch (const std::exception&) {
      ok = false;
    }
    if (!ok)
      Fail(c.label + " -> " + std::to_string(a.status) + ": not a JSON object (or an error without 'error' and 'code')",
           shown);
  }

  static Call Api(const std::string& method, const std::string& target, const std::string& label,
                  const std::string& body = "", const std::string& token = "") {
    Call c;
    c.method = method;
    c.target = target;
    c.label = label;
    c.body = body;
    if (!body.empty()) c.headers.emplace_back("Content-Type", "application/json");
    if (!token.empty()) c.headers.emplace_back("Authorization", "Bearer " + token);
    return c;
  }

  // Answers parsed as JSON (null when they are not).
  static Json BodyOf(const std::optional<Answer>& a) {
    if (!a) return nullptr;
    try {
      return Json::parse(a->body);
    } catch (const std::exception&) {
      return nullptr;
    }
  }

  // ---- valid traffic
  GameInfo* Create(const Json& request, bool must) {
    std::optional<Answer> a = Do(Api("POST", "/api/games", "POST /api/games", DumpJson(request)));
    if (must) {
      EXPECT_TRUE(a && a->status == 201) << DumpJson(request) << " -> " << (a ? a->body : "no answer");
    }
    if (!a || a->status != 201) return nullptr;
    return Adopt(request, BodyOf(a));
  }

  // A game created by `request` with the answer `created`, added to the pool.
  GameInfo* Adopt(const Json& request, const Json& created) {
    if (!created.is_object() || !created.contains("game_id") || !request.contains("seats") || pool_.size() >= 80)
      return nullptr;
    ++created_;
    GameInfo g;
    g.id = created["game_id"];
    g.game = request.value("game", "");
    for (const Json& seat : request["seats"]) g.seats.push_back({seat.value("player", "human"), "", ""});
    const size_t creator = created["seat"].get<size_t>();
    if (creator < g.seats.size()) g.seats[creator].token = created["token"];
    for (const Json& invite : created["invites"]) {
      const size_t seat = invite["seat"].get<size_t>();
      if (seat < g.seats.size()) g.seats[seat].invite = invite["invite"];
    }
    pool_.push_back(std::move(g));
    return &pool_.back();
  }

  bool Join(GameInfo& g, size_t seat) {
    std::optional<Answer> a = Do(Api("POST", "/api/games/" + g.id + "/join", "POST /api/games/{id}/join",
                                     DumpJson(Json{{"invite", g.seats[seat].invite}, {"name", "Friend"}})));
    g.seats[seat].invite.clear();
    if (!a || a->status != 200) {
      Fail("a valid invite was refused", a ? a->body : "no answer");
      return false;
    }
    g.seats[seat].token = BodyOf(a)["token"];
    ++joins_ok_;
    return true;
  }

  // Reads the game as a spectator, then as the seat to move (its legal moves).
  void Refresh(GameInfo& g) {
    Json spectator = BodyOf(Do(Api("GET", "/api/games/" + g.id, "GET /api/games/{id}")));
    if (!spectator.is_object() || !spectator.contains("over")) return;
    g.over = spectator["over"].get<bool>();
    g.move_count = spectator["move_count"].get<int64_t>();
    g.to_move = spectator["to_move"].is_number() ? spectator["to_move"].get<int>() : -1;
    g.legal.clear();
    if (g.over || g.to_move < 0) return;
    SeatInfo& seat = g.seats[static_cast<size_t>(g.to_move)];
    if (seat.token.empty() && !seat.invite.empty()) Join(g, static_cast<size_t>(g.to_move));
    if (seat.token.empty()) return;
    Json mine = BodyOf(Do(Api("GET", "/api/games/" + g.id, "GET /api/games/{id}", "", seat.token)));
    if (mine.is_object() && mine.contains("legal") && mine["to_move"] == g.to_move)
      g.legal = mine["legal"].get<std::vector<std::string>>();
  }

  // One legal move of a game, over HTTP (with a preview first, sometimes) or WebSocket.
  void PlayValid() {
    GameInfo* g = LiveGame();
    if (!g) return;
    Refresh(*g);
    if (g->over) {
      ++finished_seen_;
      for (const char* route : {"record", "replay"}) {
        std::optional<Answer> a = Do(Api("GET", "/api/games/" + g->id + "/" + route, std::string("GET /api/games/{id}/") + route));
        if (!a || a->status != 200) Fail(std::string("a finished game's ") + route + " was refused", a ? a->body : "no answer");
      }
      return;
    }
    if (g->legal.empty()) return;  // a bot's turn, or a seat nobody holds yet
    const std::string token = g->seats[static_cast<size_t>(g->to_move)].token;
    const std::string move = Pick(g->legal);
    const std::string shown = g->game + " game, seat " + std::to_string(g->to_move) + ": " + move;
    if (P(35)) {
      Json preview = BodyOf(Do(Api("POST", "/api/games/" + g->id + "/preview", "POST /api/games/{id}/preview",
                                   DumpJson(Json{{"move", move}}), token)));
      if (preview.is_object() && preview.value("legal", false)) ++previews_ok_;
      else Fail("a preview of a legal move was refused", shown + " -> " + DumpJson(preview));
    }
    if (P(70)) {
      std::optional<Answer> a = Do(Api("POST", "/api/games/" + g->id + "/moves", "POST /api/games/{id}/moves",
                                       DumpJson(Json{{"move", move}}), token));
      if (a && a->status == 200) ++moves_ok_;
      else Fail("a legal move was refused over HTTP", shown + " -> " + (a ? a->body : "no answer"));
      return;
    }
    auto ws = std::make_shared<WsConn>(ioc_);
    std::string error;
    if (!ws->Open(endpoint_, "/api/games/" + g->id + "/ws", &error)) {
      Fail("WebSocket: a valid upgrade failed", error);
      return;
    }
    ws->Send(DumpJson(Json{{"type", "hello"}, {"token", token}}));
    ws->Send(DumpJson(Json{{"type", "move"}, {"move", move}}));
    bool moved = false;
    for (int i = 0; i < 20 && !moved && !ws->closed; ++i) {
      ws->Await(seconds(10));
      if (ws->inbox.empty()) break;
      const std::string text = ws->inbox.front();
      ws->inbox.pop_front();
      CheckWsMessage(text, "hello + move " + move);
      Json m = Json::parse(text, nullptr, false);
      if (m.is_object() && m.value("type", "") == "state" && m["move_count"].get<int64_t>() > g->move_count) moved = true;
      if (m.is_object() && m.value("type", "") == "error") break;
    }
    if (moved) ++ws_moves_ok_;
    else Fail("a legal move was not played over WebSocket", shown);
    ws->Abort();
  }

  // ---- mutations
  // Raw JSON literals spliced into a body where a placeholder string stands.
  static const std::vector<std::string>& RawLiterals() {
    static const std::vector<std::string> kRaw = {
        "1e400", "-1e400", "1e-400", "18446744073709551616", "-9223372036854775809", "123456789012345678901234567890",
        "1.0", "-0", "2e1", "1E2", "64", "65", "-1", "4294967296", "2147483648", "0.5", "NaN", "Infinity", "01",
        "0x10", "+1", ".5", "1.", "nul", "tru", "[", "}"};
    return kRaw;
  }
  Json RawValue() {
    const uint32_t i = R(static_cast<uint32_t>(RawLiterals().size()));
    return std::string("\x01RAW") + std::to_string(i) + "\x01";
  }
  static std::string Splice(std::string text) {
    for (size_t i = 0; i < RawLiterals().size(); ++i) {
      const std::string placeholder = "\"\\u0001RAW" + std::to_string(i) + "\\u0001\"";
      for (size_t at; (at = text.find(placeholder)) != std::string::npos;) text.replace(at, placeholder.size(), RawLiterals()[i]);
    }
    return text;
  }

  std::string RandomString() {
    static const std::vector<std::string> kStrings = {
        "", "human", "jaipur", "marrakech", "Ann", "é", "\u202e", "Ann\u202ennA", "\u2066x\u2069", "\u200b", "🐪",
        std::string("a\0b", 3), "\x7f", "\n", "%s%n", "../../etc/passwd", "null", "hello", "move", "hint", "state",
        "single-colour", "random", "greedy", "easy", "mcts:iterations=200001", "mcts:time=5001", "mcts:threads=3",
        "hard:threads=4", "mcts:c=nan", "mcts:", "take gold", "camels", "sell 3 leather", "straight", "roll 3",
        "place c1 c2", std::string(41, 'n'), std::string(40, 'n'), "\xef\xbb\xbf"};
    if (P(10)) return std::string(1 + R(6000), static_cast<char>('a' + R(26)));
    return Pick(kStrings);
  }

  Json RandomValue(int depth = 0) {
    switch (R(14)) {
      case 0: return nullptr;
      case 1: return P(50);
      case 2: return static_cast<int>(R(200)) - 100;
      case 3: return 0.5;
      case 4: return RawValue();
      case 5: return RandomString();
      case 6: {
        Json a = Json::array();
        for (uint32_t i = depth < 3 ? R(4) : 0; i > 0; --i) a.push_back(RandomValue(depth + 1));
        return a;
      }
      case 7: {
        Json o = Json::object();
        for (uint32_t i = depth < 3 ? R(4) : 0; i > 0; --i) o[RandomKey()] = RandomValue(depth + 1);
        return o;
      }
      case 8: return AnyToken();
      case 9: return AnyGame().id;
      case 10: return Pick(std::vector<std::string>{"human", "random", "greedy", "easy"});
      case 11: return R(5);
      case 12: return Json::array({Json::object({{"player", "human"}}), Json::object({{"player", "easy"}})});
      default: return AnyMove();
    }
  }
  std::string RandomKey() {
    static const std::vector<std::string> kKeys = {"game", "players", "variant", "seats", "creator_seat", "player",
                                                   "name", "invite", "move", "tokens", "type", "token", "x", "",
                                                   "__proto__", "Move", "é"};
    return Pick(kKeys);
  }
  std::string AnyMove() {
    GameInfo& g = AnyGame();
    if (!g.legal.empty()) return Pick(g.legal);
    return Pick(std::vector<std::string>{"camels", "take gold", "sell 2 leather", "exchange gold for camel camel",
                                         "straight", "left", "place c3 c4", "roll 2"});
  }

  // Every node of a JSON tree, for picking one to mutate.
  static void Nodes(Json& j, std::vector<Json*>* out) {
    out->push_back(&j);
    if (j.is_structured())
      for (Json& child : j) Nodes(child, out);
  }

  void MutateTree(Json& root) {
    std::vector<Json*> nodes;
    Nodes(root, &nodes);
    Json& n = *nodes[R(static_cast<uint32_t>(nodes.size()))];
    switch (R(9)) {
      case 0: n = RandomValue(); break;
      case 1:
        if (n.is_object() && !n.empty()) {
          auto it = n.begin();
          std::advance(it, R(static_cast<uint32_t>(n.size())));
          n.erase(it);
        } else {
          n = RandomValue();
        }
        break;
      case 2:
        if (n.is_object()) n[RandomKey()] = RandomValue();
        else if (n.is_array()) n.push_back(RandomValue());
        else n = RawValue();
        break;
      case 3: {  // nesting
        const uint32_t depth = 1 + R(P(20) ? 3000 : 40);
        for (uint32_t i = 0; i < depth; ++i) {
          Json outer = P(50) ? Json::array() : Json::object();
          if (outer.is_array()) outer.push_back(std::move(n));
          else outer["x"] = std::move(n);
          n = std::move(outer);
        }
        break;
      }
      case 4:
        if (n.is_string()) n = MutateText(n.get<std::string>());
        else n = RandomString();
        break;
      case 5:
        if (n.is_array()) {
          Json copy = n.empty() ? Json("x") : n[0];
          for (int i = 0; i < 201; ++i) n.push_back(copy);
        } else {
          n = RawValue();
        }
        break;
      case 6: n = RawValue(); break;
      case 7: n = Json::array({n}); break;
      default:  // a type swap
        n = n.is_string() ? Json(7) : n.is_number() ? Json(std::to_string(n.get<double>())) : Json(DumpJson(n));
        break;
    }
  }

  std::string MutateText(std::string s) {
    static const std::vector<std::string> kInserts = {"\xc3", "\xff", std::string(1, '\0'), "\xed\xa0\x80", "\u202e",
                                                      "\"", "\\", "{", "]", ",", " ", "\t", "\r\n", "\x01", "é"};
    const uint32_t op = R(9);
    const uint32_t at = R(static_cast<uint32_t>(s.size()) + 1);
    switch (op) {
      case 0: return s.substr(0, at);  // truncation
      case 1:
        if (!s.empty()) s[at % s.size()] = static_cast<char>(s[at % s.size()] ^ (1 << R(8)));
        return s;
      case 2: return s.insert(at, Pick(kInserts));
      case 3: return s.erase(at, 1 + R(8));
      case 4: return s.insert(at, s.substr(at, 1 + R(16)));
      case 5: return "\xef\xbb\xbf" + s;
      case 6: return s + Pick(std::vector<std::string>{"x", "}", "]", " ", "\n", "{}", "null", std::string(1, '\0')});
      case 7: return s.insert(at, std::string(1, static_cast<char>(R(256))));
      default: return Pick(std::vector<std::string>{"", "null", "[]", "\"str\"", "123", "{", "{}", "[1,2]", "true"});
    }
  }

  // A move as a client might mistype or forge it.
  std::string MutateMove(std::string move) {
    std::vector<std::string> words = Words(move);
    auto join = [](const std::vector<std::string>& w) {
      std::string out;
      for (const std::string& x : w) out += (out.empty() ? "" : " ") + x;
      return out;
    };
    auto upper = [](std::string s) {
      for (char& c : s)
        if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
      return s;
    };
    switch (R(14)) {
      case 0: return upper(move);
      case 1:
        if (!words.empty()) words.back() = upper(words.back().substr(0, 1)) + words.back().substr(1);
        return join(words);
      case 2:  // a plural
        if (!words.empty()) words.back() += "s";
        return join(words);
      case 3: return Pick(std::vector<std::string>{" ", "  ", "\t", "\n", "\xc2\xa0", "\u200b", "\v"}) + move +
                     Pick(std::vector<std::string>{"", " ", "\t", "\r\n", "\xc2\xa0"});
      case 4: {  // numbers
        for (std::string& w : words)
          if (!w.empty() && w[0] >= '0' && w[0] <= '9')
            w = Pick(std::vector<std::string>{"0", "-1", "99", "4294967297", "1e3", "0x3", "03", "+2", "000000002",
                                              "9999999999999999999", ""});
        return join(words);
      }
      case 5:
        if (!words.empty()) words.erase(words.begin() + R(static_cast<uint32_t>(words.size())));
        return join(words);
      case 6:
        if (!words.empty()) words.push_back(Pick(words));
        return join(words);
      case 7: return move + " " + Pick(std::vector<std::string>{"for", "gold", "camel", "x", "1", "please"});
      case 8:
        if (words.size() > 1) std::swap(words[0], words[1 + R(static_cast<uint32_t>(words.size() - 1))]);
        return join(words);
      case 9:
        for (std::string& w : words)
          if (std::find(kGoods.begin(), kGoods.end(), w) != kGoods.end()) w = Pick(kGoods);
        return join(words);
      case 10: return AnyMove();
      case 11: return MutateText(move);
      case 12: return Pick(std::vector<std::string>{"", " ", std::string(5000, 'x'), "\u202esell 1 gold", "roll 6",
                                                    "sell 1 camel", "sell 0 gold", "exchange for", "place a1 a1"});
      default:
        if (!words.empty()) words[0] = upper(words[0]);
        return join(words);
    }
  }

  // An Authorization header as a client might send it, right, wrong or malformed.
  std::vector<std::pair<std::string, std::string>> Authorization(const std::string& right) {
    const std::string other = AnyToken();
    switch (R(16)) {
      case 0: return {};
      case 1: return {{"Authorization", "Bearer " + other}};
      case 2: return {{"Authorization", "Bearer "}};
      case 3: return {{"Authorization", "Bearer  " + right}};
      case 4: return {{"Authorization", "bearer " + right}};
      case 5: return {{"Authorization", "Basic dXNlcjpwYXNz"}};
      case 6: return {{"Authorization", "Bearer " + right + " "}};
      case 7: {
        std::string up = right;
        for (char& c : up) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        return {{"Authorization", "Bearer " + up}};
      }
      case 8: return {{"Authorization", "Bearer " + right.substr(0, right.size() / 2)}};
      case 9: return {{"Authorization", "Bearer " + std::string(P(50) ? 7000 : 9000, 'a')}};
      case 10: return {{"Authorization", "Bearer " + right + "\t"}};
      case 11: return {{"Authorization", "Bearer é\u202e" + right}};
      case 12: return {{"Authorization", "Bearer " + right}, {"Authorization", "Bearer " + other}};
      case 13: return {{"Authorization", "Bearer"}};
      case 14: return {{"Authorization", "Bearer " + right + ", Bearer " + other}};
      default: return {{"Authorization", "Bearer " + right}};
    }
  }

  // ---- HTTP fuzzing: a valid request to a random route, then mutated
  Call RandomRoute() {
    GameInfo& g = AnyGame();
    const std::string gid = P(85) ? g.id : Pick(std::vector<std::string>{
        "nope", std::string(32, 'z'), std::string(33, 'z'), "%2e%2e", "..", "é", "\u202e", "a%00b", "0", "-1", "{id}"});
    const std::string base = "/api/games/" + gid;
    std::string token;
    if (g.to_move >= 0 && static_cast<size_t>(g.to_move) < g.seats.size()) token = g.seats[static_cast<size_t>(g.to_move)].token;
    if (token.empty() || P(15)) token = AnyToken();
    Call c;
    switch (R(15)) {
      case 0: {  // create
        Json req = RandomCreate();
        c = Api("POST", "/api/games", "POST /api/games", DumpJson(req));
        break;
      }
      case 1: {  // join
        std::string invite;
        for (SeatInfo& s : g.seats)
          if (!s.invite.empty() && invite.empty() && P(50)) invite = std::exchange(s.invite, "");  // spent, whatever comes back
        if (invite.empty()) invite = P(50) ? AnyToken() : RandomString();
        c = Api("POST", base + "/join", "POST /api/games/{id}/join", DumpJson(Json{{"invite", invite}, {"name", RandomString()}}));
        break;
      }
      case 2:
      case 3: {  // moves and previews, the move mistyped more often than not
        std::string move = g.legal.empty() ? AnyMove() : Pick(g.legal);
        if (P(75)) move = MutateMove(move);
        const bool preview = P(50);
        c = Api("POST", base + (preview ? "/preview" : "/moves"),
                preview ? "POST /api/games/{id}/preview" : "POST /api/games/{id}/moves", DumpJson(Json{{"move", move}}), token);
        break;
      }
      case 4: {
        Json tokens = Json::array();
        for (uint32_t i = R(6); i > 0; --i) tokens.push_back(P(70) ? AnyToken() : RandomString());
        c = Api("POST", "/api/lobby", "POST /api/lobby", DumpJson(Json{{"tokens", tokens}}));
        break;
      }
      case 5: c = Api("GET", base, "GET /api/games/{id}", "", P(70) ? token : ""); break;
      case 6:
        c = P(50) ? Api("GET", base + "/record", "GET /api/games/{id}/record")
                  : Api("GET", base + "/history", "GET /api/games/{id}/history", "", P(70) ? token : "");
        break;
      case 7: {
        if (P(40)) {
          c = Api("GET", base + "/replay", "GET /api/games/{id}/replay");
        } else if (P(50)) {
          const std::string seat = Pick(std::vector<std::string>{"0", "1", "3", "-1", "9", "x", "", "0&seat=1", "1e9"});
          c = Api("GET", base + "/replay?seat=" + seat, "GET /api/games/{id}/replay?seat=");
        } else {  // what an invite code opens: a real one, spent or not, or made up
          std::string invite;
          for (const SeatInfo& s : g.seats)
            if (!s.invite.empty() && P(50)) invite = s.invite;
          if (invite.empty()) invite = P(50) ? AnyToken() : RandomString();
          c = Api("POST", base + "/invite", "POST /api/games/{id}/invite", DumpJson(Json{{"invite", invite}}));
        }
        break;
      }
      case 8: c = Api("GET", "/api/health", "GET /api/health"); break;
      case 9: {
        c = Api("GET", Pick(std::vector<std::string>{"/", "/index.html", "/app.js?v=2", "/img/", "/img", "/link.txt",
                                                     "/../secret.txt", "/%2e%2e/secret.txt", "/img/..%2f..%2fsecret.txt",
                                                     "/missing", "//", "/a%00b", "/%zz", "/img/../../secret.txt",
                                                     "/" + std::string(3000, 'a'), "/\xc3\xa9", "/app.js#x"}),
                "GET (static)");
        break;
      }
      case 10:
        c = Api(Pick(std::vector<std::string>{"GET", "POST"}),
                Pick(std::vector<std::string>{"/api/nope", base + "/nope", "/api/games//moves", base + "/moves/extra",
                                              "/api", "/api/", "/api/games", "/api/lobby/", "/api/health?x=1",
                                              base + "?x=1", base + "/", "/api/games/" + std::string(2000, 'i') + "/moves"}),
                "", P(50) ? "{}" : "");
        c.label = "(unknown route) " + c.method + " " + Shape(c.target);
        break;
      case 11: {  // a known route with the wrong method
        const std::string method = Pick(std::vector<std::string>{"PUT", "DELETE", "PATCH", "OPTIONS", "GET", "POST",
                                                                 "CONNECT", "TRACE", "FOO", "get"});
        const std::string target = Pick(std::vector<std::string>{"/api/games", base + "/join", base + "/moves",
                                                                 base + "/preview", "/api/lobby", base, base + "/record",
                                                                 base + "/replay", base + "/history", base + "/invite",
                                                                 "/api/health", base + "/ws"});
        c = Api(method, target, "(wrong method) " + method + " " + Shape(target), P(50) ? "{\"move\":\"camels\"}" : "");
        break;
      }
      case 12: {  // the accounts' routes, signed in or not, from the site or not
        const std::string password = P(50) ? "fuzz password" : RandomString();
        const Json credentials = {{"name", P(50) ? "Fuzzer" : P(50) ? "fuzzer" : RandomString()}, {"password", password}};
        switch (R(9)) {
          case 0: c = Api("POST", "/api/accounts", "POST /api/accounts",
                          DumpJson(Json{{"name", P(50) ? "P" + std::to_string(R(100000)) : RandomString()},
                                        {"password", P(70) ? "a password" : RandomString()}}));
                  break;
          case 1: c = Api("POST", "/api/session", "POST /api/session", DumpJson(credentials)); break;
          case 2: c = Api("DELETE", "/api/session", "DELETE /api/session"); break;
          case 3: c = Api("GET", "/api/me", "GET /api/me"); break;
          case 4: c = Api("GET", "/api/me/sessions", "GET /api/me/sessions"); break;
          case 5:
            c = Api("DELETE", "/api/me/sessions/" + (P(50) ? std::string(16, 'a') : RandomString()),
                    "DELETE /api/me/sessions/{id}");
            break;
          case 6: c = Api("DELETE", "/api/me/sessions", "DELETE /api/me/sessions"); break;
          case 7:
            c = Api("POST", "/api/me/password", "POST /api/me/password",
                    DumpJson(Json{{"current_password", RandomString()}, {"new_password", RandomString()}}));
            break;
          default: c = Api("DELETE", "/api/me", "DELETE /api/me", DumpJson(Json{{"password", RandomString()}})); break;
        }
        // Never the right password with the right cookie on the routes that end the
        // session: the account signed in stays for the rest of the run.
        if (P(70)) c.headers.emplace_back("Cookie", P(85) ? cookie_ : "souk_session=" + RandomString());
        if (P(70)) c.headers.emplace_back("Origin", P(80) ? "http://localhost" : "https://evil.example");
        if (c.label == "DELETE /api/session" || c.label == "DELETE /api/me/sessions")
          for (auto& [name, value] : c.headers)
            if (name == "Cookie" && value == cookie_) value = "souk_session=" + std::string(64, '0');
        break;
      }
      case 13: {  // the lobby's routes: tables, quick play, rematches, with ids and tokens right or not
        const std::string tid = !tables_.empty() && P(70) ? Pick(tables_) : P(50) ? RandomString() : std::string(40, 't');
        const std::string sid = !seeks_.empty() && P(70) ? Pick(seeks_) : RandomString();
        Json wanted = RandomCreate();
        wanted.erase("seats");
        if (P(30)) wanted["clock"] = Pick(std::vector<Json>{Json{{"base_s", 180}, {"increment_s", 2}}, Json{{"days_per_move", 1}},
                                                           Json{{"base_s", -1}}, Json("5+3"), Json::array()});
        if (P(20)) wanted["rating_range"] = Pick(std::vector<Json>{Json{1400, 1600}, Json{9, 1}, Json("x"), Json{1.5}});
        if (P(20)) wanted["rated"] = P(50) ? Json(true) : Json("yes");
        wanted["name"] = P(80) ? "Fuzz" : RandomString();
        switch (R(9)) {
          case 0: c = Api("GET", "/api/tables", "GET /api/tables"); break;
          case 1: c = Api("POST", "/api/tables", "POST /api/tables", DumpJson(wanted)); break;
          case 2: c = Api("GET", "/api/tables/" + tid, "GET /api/tables/{id}", "", LobbyToken()); break;
          case 3: c = Api("POST", "/api/tables/" + tid + "/sit", "POST /api/tables/{id}/sit", DumpJson(wanted)); break;
          case 4: c = Api("DELETE", "/api/tables/" + tid, "DELETE /api/tables/{id}", "", LobbyToken()); break;
          case 5: c = Api("POST", "/api/play-now", "POST /api/play-now", DumpJson(wanted)); break;
          case 6: c = Api("GET", "/api/play-now/" + sid, "GET /api/play-now/{id}", "", LobbyToken()); break;
          case 7:
            c = P(50) ? Api("DELETE", "/api/play-now/" + sid, "DELETE /api/play-now/{id}", "", LobbyToken())
                      : Api("POST", "/api/play-now/" + sid + "/bot", "POST /api/play-now/{id}/bot", "", LobbyToken());
            break;
          default: c = Api("POST", base + "/rematch", "POST /api/games/{id}/rematch", "{}", token); break;
        }
        if (P(30)) c.headers.emplace_back("Cookie", cookie_);
        if (P(30)) c.headers.emplace_back("Origin", P(80) ? "http://localhost" : "https://evil.example");
        break;
      }
      default: {
        const std::string target = Pick(std::vector<std::string>{"/api/health", base, "/", "/app.js", "/api/games",
                                                                 base + "/record", "/missing"});
        c = Api("HEAD", target, "HEAD " + (target.rfind("/api/", 0) == 0 ? Shape(target) : std::string("(static)")));
        break;
      }
    }
    return c;
  }

  Json RandomCreate() {
    static const std::vector<std::string> kBots = {"random", "greedy", "easy", "mcts:iterations=50", "mcts:time=20",
                                                   "easy:threads=1"};
    static const std::vector<std::string> kRefusedBots = {
        "mcts:iterations=200001", "mcts:time=5001", "mcts:threads=3", "hard:threads=4", "mcts:time=1e9",
        "mcts:iterations=-1",     "mcts:c=nan",     "robot",          "mcts:",          "mcts:iterations=",
        "mcts:iterations=10,iterations=20",          "mcts:time=0s",  "",               "greedy:x=1"};
    const bool marrakech = P(50);
    const int players = marrakech ? 2 + static_cast<int>(R(3)) : 2;
    Json req = {{"game", marrakech ? "marrakech" : "jaipur"}};
    if (marrakech || P(30)) req["players"] = players;
    if (marrakech && players == 2 && P(20)) req["variant"] = "single-colour";
    Json seats = Json::array();
    for (int i = 0; i < players; ++i) {
      Json seat = {{"player", i == 0 || P(40) ? "human" : P(90) ? Pick(kBots) : Pick(kRefusedBots)}};
      if (P(50)) seat["name"] = P(70) ? "Player " + std::to_string(i) : RandomString();
      seats.push_back(seat);
    }
    req["seats"] = seats;
    if (P(20)) req["creator_seat"] = 0;
    return req;
  }

  void FuzzHttp() {
    std::vector<Call> calls;
    const uint32_t n = P(15) ? 2 + R(2) : 1;  // sometimes pipelined
    for (uint32_t i = 0; i < n; ++i) {
      Call c = RandomRoute();
      // A HEAD answer has no body to delimit it: only the last of a pipeline may be one.
      if (c.method == "HEAD" && i + 1 < n) continue;
      const bool mutate = P(70);
      if (mutate && !c.body.empty() && P(60)) {
        try {
          Json tree = Json::parse(c.body);
          for (uint32_t k = 1 + R(3); k > 0; --k) MutateTree(tree);
          c.body = Splice(DumpJson(tree));
        } catch (const std::exception&) {
        }
        if (P(20)) c.body = MutateText(c.body);
      } else if (mutate && P(30)) {
        c.body = P(50) ? MutateText(c.body.empty() ? "{}" : c.body) : Splice(DumpJson(RandomValue()));
      }
      if (mutate && P(30)) {
        std::erase_if(c.headers, [](const auto& h) { return h.first == "Authorization"; });
        std::string right;
        for (const GameInfo& g : pool_)
          if (c.target.find(g.id) != std::string::npos && g.to_move >= 0) right = g.seats[static_cast<size_t>(g.to_move)].token;
        for (auto& h : Authorization(right.empty() ? AnyToken() : right)) c.headers.push_back(h);
      }
      if (mutate && P(10)) c.chunked = true;
      if (mutate && P(8)) c.headers.emplace_back("Content-Type", Pick(std::vector<std::string>{"text/plain", "", "application/json; charset=latin1", "multipart/form-data; boundary=x"}));
      if (mutate && P(5)) c.headers.emplace_back("Expect", "100-continue");
      if (mutate && P(5)) c.headers.emplace_back("Connection", Pick(std::vector<std::string>{"close", "keep-alive", "upgrade"}));
      if (mutate && P(5)) c.version = Pick(std::vector<std::string>{"HTTP/1.0", "HTTP/1.1"});
      if (mutate && P(5)) c.target += Pick(std::vector<std::string>{"?", "?a=1&b=2", "#x", "?%ff", "%20"});
      if (mutate && P(4)) c.headers.erase(c.headers.begin());  // no Host
      if (mutate && P(3)) c.content_length = false;            // the body read as the next request
      calls.push_back(std::move(c));
    }
    std::vector<Answer> answers = Send(calls);
    // Seats a fuzzed join took, and games a fuzzed creation made, are fuzzed in turn.
    for (size_t i = 0; i < answers.size() && i < calls.size(); ++i)
      if (calls[i].label == "POST /api/games/{id}/join" && answers[i].status == 200) {
        Json joined = BodyOf(answers[i]);
        GameInfo* g = Find(joined.value("game_id", ""));
        const size_t seat = joined.value("seat", size_t{99});
        if (g && seat < g->seats.size()) {
          g->seats[seat].token = joined.value("token", "");
          g->seats[seat].invite.clear();
        }
      }
    for (size_t i = 0; i < answers.size() && i < calls.size(); ++i)
      if (calls[i].label == "POST /api/games" && answers[i].status == 201) {
        Json req = Json::parse(calls[i].body, nullptr, false);
        if (req.is_object() && req.contains("seats") && req["seats"].is_array() && req.contains("game") && req["game"].is_string()) {
          bool simple = true;
          for (const Json& seat : req["seats"]) simple = simple && seat.is_object() && seat.value("player", Json("human")).is_string();
          if (simple) Adopt(req, BodyOf(answers[i]));
        }
        ++fuzzed_creates_ok_;
      }
  }

  // Framing itself mutated: the bytes of a valid request flipped, cut or padded.
  void FuzzRaw() {
    Call c = RandomRoute();
    std::string bytes = Serialize(c);
    switch (R(8)) {
      case 0: bytes = bytes.substr(0, R(static_cast<uint32_t>(bytes.size()))); break;
      case 1: bytes = MutateText(bytes); break;
      case 2: bytes.insert(bytes.find("\r\n\r\n"), "\r\nContent-Length: " + std::to_string(R(100000))); break;
      case 3: bytes.insert(bytes.find("\r\n"), " HTTP/1.1"); break;
      case 4: bytes = Pick(std::vector<std::string>{"\r\n\r\n", "GET\r\n\r\n", "GET / HTTP/9.9\r\n\r\n", "\x16\x03\x01\x02\x00",
                                                    "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n", "GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
                                                    "GET / HTTP/1.1\r\nX: " + std::string(9000, 'x') + "\r\n\r\n",
                                                    "POST /api/games HTTP/1.1\r\nContent-Length: -1\r\n\r\n",
                                                    "POST /api/games HTTP/1.1\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}x"});
        break;
      case 5: bytes = bytes + bytes; break;
      case 6:
        for (int i = 0; i < 4 && !bytes.empty(); ++i) bytes[R(static_cast<uint32_t>(bytes.size()))] = static_cast<char>(R(256));
        break;
      default: bytes.insert(R(static_cast<uint32_t>(bytes.size())), std::string(1, '\0')); break;
    }
    if (Known({c.label, GameKindOf(c.target), c.body})) return;
    ++connections_;
    Exchange ex = SendBytes(ioc_, endpoint_, bytes, seconds(30));
    if (!ex.connected) Fail("connection refused", Printable(bytes));
    if (ex.timed_out) Fail("no answer within 30 s (the server hangs)", Printable(bytes));
    if (ex.received.find(kCanary) != std::string::npos) Fail("a file outside the web folder was served", Printable(bytes));
    if (ex.received.find("HTTP/1.1 5") != std::string::npos || ex.received.find("HTTP/1.0 5") != std::string::npos)
      Fail("raw request -> 5xx", Printable(bytes) + "\n      -> " + Printable(ex.received, 200));
  }

  // ---- WebSocket fuzzing
  // A message the server sent: JSON, a known type, never an internal error.
  void CheckWsMessage(const std::string& text, const std::string& after) {
    ++ws_messages_;
    Json m;
    try {
      m = Json::parse(text);
    } catch (const std::exception&) {
      Fail("WebSocket: a message that is not JSON", after + "\n      -> " + Printable(text, 200));
      return;
    }
    const std::string type = m.is_object() && m.contains("type") && m["type"].is_string() ? m["type"].get<std::string>() : "";
    if (type != "state" && type != "history" && type != "error" && type != "hint") {
      Fail("WebSocket: a message of no known type", after + "\n      -> " + Printable(text, 200));
      return;
    }
    if (type == "state") ++ws_states_;
    if (type == "hint") ++hints_ok_;
    if (type == "error") {
      const std::string error = m.contains("error") && m["error"].is_string() ? m["error"].get<std::string>() : "";
      if (error.empty() || error.rfind("internal error", 0) == 0)
        Fail("WebSocket: error " + Blur(error.empty() ? text : error), after);
    }
    if (text.find(kCanary) != std::string::npos) Fail("WebSocket: a secret file's content", after);
  }

  std::string RandomWsMessage(GameInfo& g, const std::string& token, bool* binary) {
    *binary = P(5);
    Json m;
    switch (R(12)) {
      case 0:
      case 1: m = {{"type", "hello"}, {"token", token}}; break;
      case 2: m = {{"type", "hello"}}; break;
      case 3: m = {{"type", "hello"}, {"token", P(50) ? AnyToken() : RandomString()}}; break;
      case 4:
      case 5: {
        std::string move = g.legal.empty() ? AnyMove() : Pick(g.legal);
        m = {{"type", "move"}, {"move", P(50) ? MutateMove(move) : move}};
        break;
      }
      case 6: m = {{"type", "hint"}}; break;
      case 7: m = {{"type", RandomString()}}; break;
      case 8: m = RandomValue(); break;
      case 9:
        if (P(20)) return std::string(4097 + R(4000), '{');
        return MutateText(DumpJson(Json{{"type", "move"}, {"move", AnyMove()}}));
      case 10: return Pick(std::vector<std::string>{"", "not json", "\xff\xfe", "[]", "null", "{\"type\":null}",
                                                    "{\"type\":7}", "{\"type\":\"hello\",\"token\":7}",
                                                    "{\"type\":\"hello\",\"token\":null}", "{\"type\":\"move\"}",
                                                    "{\"type\":\"move\",\"move\":[\"camels\"]}"});
      default: m = {{"type", "hello"}, {"token", token}}; break;
    }
    if (P(30)) MutateTree(m);
    return Splice(DumpJson(m));
  }

  void FuzzWs() {
    GameInfo& g = AnyGame();
    std::string token;
    if (g.to_move >= 0 && static_cast<size_t>(g.to_move) < g.seats.size()) token = g.seats[static_cast<size_t>(g.to_move)].token;
    if (token.empty()) token = AnyToken();
    const std::string target = P(90) ? "/api/games/" + g.id + "/ws"
                                     : Pick(std::vector<std::string>{"/api/games/nope/ws", "/api/games/" + g.id + "/ws?x=1",
                                                                     "/api/games//ws", "/api/health", "/"});
    auto ws = std::make_shared<WsConn>(ioc_);
    std::string error;
    if (!ws->Open(endpoint_, target, &error)) {
      if (target.find(g.id + "/ws") != std::string::npos && target.find('?') == std::string::npos)
        Fail("WebSocket: a valid upgrade failed", target + ": " + error);
      return;
    }
    ++ws_sessions_;
    std::string log;
    const uint32_t messages = 1 + R(12);
    for (uint32_t i = 0; i < messages && !ws->closed; ++i) {
      if (P(4)) {  // a flood: past the ws-message burst (50), as many refused again close it
        for (int k = 0; k < 200 && ws->Send("{\"type\":\"x\"}"); ++k) {
        }
        log += "| a flood of 200 ";
        RunUntil(ioc_, [&] { return ws->closed; }, seconds(5));
        if (!ws->closed) Fail("WebSocket: a flood did not close the connection", log);
        break;
      }
      if (P(4)) {
        ws->Ping();
        continue;
      }
      bool binary = false;
      std::string text = RandomWsMessage(g, token, &binary);
      if (Known({"WS", g.game, text})) continue;
      log += "| " + Printable(text, 120) + (binary ? " (binary) " : " ");
      const bool hint = text.find("\"hint\"") != std::string::npos;
      // Over 4 KiB, or a text frame that is not UTF-8: the server closes the connection.
      const bool closes = text.size() > 4096 || (!binary && !Utf8Valid(text));
      const int64_t before = ws->received;
      ++ws_sent_;
      if (!ws->Send(text, binary)) {
        if (!closes) Fail("WebSocket: the connection closed after an ordinary message (" + ws->close_reason + ")", log);
        break;
      }
      if (closes) {
        RunUntil(ioc_, [&] { return ws->closed; }, seconds(10));
        if (!ws->closed) Fail("WebSocket: a message over 4 KiB or not UTF-8 left the connection open", log);
        break;
      }
      ws->Await(seconds(hint ? 5 : 10));  // a hint's refusal comes at once, a hint after its search
      if (ws->received == before && !ws->closed && !hint) Fail("WebSocket: a message left without an answer for 10 s", log);
      if (ws->closed) Fail("WebSocket: the connection closed after an ordinary message (" + ws->close_reason + ")", log);
      ws->Poll();
      while (!ws->inbox.empty()) {
        CheckWsMessage(ws->inbox.front(), log);
        ws->inbox.pop_front();
      }
    }
    while (!ws->inbox.empty()) {
      CheckWsMessage(ws->inbox.front(), log);
      ws->inbox.pop_front();
    }
    ws->Abort();
  }

  // Listeners that stay subscribed all along (and read everything they are sent).
  void KeepSubscribers() {
    while (subscribers_.size() < 3 && subscriber_opens_ < 40) {
      ++subscriber_opens_;
      GameInfo& g = pool_[subscribers_.size() % pool_.size()];
      auto ws = std::make_shared<WsConn>(ioc_);
      std::string error;
      if (!ws->Open(endpoint_, "/api/games/" + g.id + "/ws", &error)) {
        Fail("WebSocket: a valid upgrade failed", error);
        return;
      }
      ws->Send(subscribers_.size() == 1 && !g.seats[0].token.empty() ? DumpJson(Json{{"type", "hello"}, {"token", g.seats[0].token}})
                                                                      : "{\"type\":\"hello\"}");
      subscribers_.push_back(ws);
    }
    for (auto& s : subscribers_) {
      while (!s->inbox.empty()) {
        CheckWsMessage(s->inbox.front(), "(a subscriber)");
        s->inbox.pop_front();
      }
    }
    std::erase_if(subscribers_, [](const std::shared_ptr<WsConn>& s) { return s->closed; });
  }

  fs::path base_;
  std::string db_;
  std::unique_ptr<Store> store_;
  std::unique_ptr<GameService> games_;
  std::unique_ptr<accounts::Accounts> accounts_;
  std::unique_ptr<lobby::LobbyStore> lobby_store_;
  std::unique_ptr<lobby::Lobby> lobby_;
  std::vector<std::string> tables_, seeks_, lobby_tokens_;  // NoteLobby's
  std::unique_ptr<HttpServer> server_;
  std::string cookie_;  // "souk_session=..." of the account signed in at the start
  tcp::endpoint endpoint_;
  net::io_context ioc_;
  Prng prng_;
  bool send_known_ = false;

  std::deque<GameInfo> pool_;  // a deque: references stay valid as games are added
  std::vector<std::shared_ptr<WsConn>> subscribers_;
  int subscriber_opens_ = 0;
  std::map<std::string, Finding> findings_;
  std::map<std::string, int64_t> known_hits_;
  std::map<int, int64_t> statuses_;
  int64_t connections_ = 0, requests_ = 0, silent_closes_ = 0;
  int64_t moves_ok_ = 0, previews_ok_ = 0, joins_ok_ = 0, created_ = 0, fuzzed_creates_ok_ = 0, finished_seen_ = 0;
  int64_t ws_sessions_ = 0, ws_sent_ = 0, ws_messages_ = 0, ws_states_ = 0, ws_moves_ok_ = 0, hints_ok_ = 0;
};

TEST_F(RouteFuzzTest, EveryRouteAndMessageSurvivesRandomAndMutatedInput) {
  const uint64_t seed = EnvNumber("SOUK_FUZZ_SEED", 20261124);
  const uint64_t fuzz_seconds = EnvNumber("SOUK_FUZZ_SECONDS", 10);
  send_known_ = EnvNumber("SOUK_FUZZ_KNOWN", 0) != 0;
  prng_ = Prng(seed);
  std::printf("route fuzz: seed %llu, %llu s%s (replay: SOUK_FUZZ_SEED=%llu SOUK_FUZZ_SECONDS=%llu)\n",
              static_cast<unsigned long long>(seed), static_cast<unsigned long long>(fuzz_seconds),
              send_known_ ? ", known defects sent too" : "", static_cast<unsigned long long>(seed),
              static_cast<unsigned long long>(fuzz_seconds));

  // Real games, so that valid tokens, invites and legal moves exist.
  const std::vector<Json> base_games = {
      Json::parse(R"({"game":"jaipur","seats":[{"player":"human","name":"Ann"},{"player":"greedy"}]})"),
      Json::parse(R"({"game":"jaipur","seats":[{"player":"human"},{"player":"human"}]})"),
      Json::parse(R"({"game":"marrakech","players":2,"seats":[{"player":"human"},{"player":"human"}]})"),
      Json::parse(R"({"game":"marrakech","players":3,"seats":[{"player":"human"},{"player":"random"},{"player":"easy"}]})"),
      Json::parse(R"({"game":"marrakech","players":4,"seats":[{"player":"human"},{"player":"human"},{"player":"greedy"},{"player":"human"}]})"),
      Json::parse(R"({"game":"marrakech","players":2,"variant":"single-colour","seats":[{"player":"human"},{"player":"greedy"}]})"),
  };
  for (const Json& request : base_games) ASSERT_NE(Create(request, true), nullptr);
  for (size_t seat = 1; seat < pool_[1].seats.size(); ++seat) ASSERT_TRUE(Join(pool_[1], seat));
  for (size_t seat = 1; seat < pool_[2].seats.size(); ++seat) ASSERT_TRUE(Join(pool_[2], seat));
  // A finished game, for the record and the replay: played to the end through the service.
  {
    GameInfo* done = Create(base_games[2], true);
    ASSERT_NE(done, nullptr);
    for (size_t seat = 1; seat < done->seats.size(); ++seat) ASSERT_TRUE(Join(*done, seat));
    const std::string id = done->id;
    Prng moves(seed);
    for (int i = 0; i < 2000; ++i) {
      auto view = games_->View(id, -1);
      ASSERT_TRUE(view.ok());
      if (view->json["over"].get<bool>()) break;
      const int seat = view->json["to_move"].get<int>();
      const Json legal = games_->View(id, seat)->json["legal"];
      ASSERT_TRUE(games_->Move(id, seat, legal[moves.Below(static_cast<uint32_t>(legal.size()))]).ok());
    }
  }
  games_->WaitForBots();
  for (GameInfo& g : pool_) Refresh(g);
  ASSERT_TRUE(pool_.back().over);

  // The time asked for, and at least 100 rounds on a slow or busy machine (within
  // three times that time).
  const auto deadline = Clock::now() + seconds(fuzz_seconds);
  const auto hard_deadline = Clock::now() + seconds(3 * fuzz_seconds);
  int64_t rounds = 0;
  for (; (Clock::now() < deadline || rounds < 100) && Clock::now() < hard_deadline && rounds < 1000000; ++rounds) {
    KeepSubscribers();
    const uint32_t what = R(100);
    try {
      if (what < 25) PlayValid();
      else if (what < 68) FuzzHttp();
      else if (what < 75) FuzzRaw();
      else FuzzWs();
    } catch (const std::exception& e) {
      Fail(std::string("the fuzzer itself threw: ") + e.what(), "round " + std::to_string(rounds));
    }
    // Games played out or stuck are replaced (within the pool's bound).
    if (rounds % 50 == 49) {
      int live = 0;  // games that can go on: not over, and whoever is to move can move
      for (const GameInfo& g : pool_)
        live += !g.over && g.to_move >= 0 && static_cast<size_t>(g.to_move) < g.seats.size() &&
                (g.seats[static_cast<size_t>(g.to_move)].player != "human" || !g.seats[static_cast<size_t>(g.to_move)].token.empty() ||
                 !g.seats[static_cast<size_t>(g.to_move)].invite.empty());
      if (live < 5) Create(base_games[R(static_cast<uint32_t>(base_games.size()))], false);
    }
  }

  // After it all: the server answers, and every game loads, here and from the store.
  KeepSubscribers();
  std::optional<Answer> health = Do(Api("GET", "/api/health", "GET /api/health"));
  ASSERT_TRUE(health.has_value()) << "the server no longer answers";
  EXPECT_EQ(health->status, 200);
  EXPECT_EQ(BodyOf(health), Json::parse(R"({"ok":true})"));
  for (GameInfo& g : pool_) {
    std::optional<Answer> view = Do(Api("GET", "/api/games/" + g.id, "GET /api/games/{id}"));
    if (!view || view->status != 200) Fail("a game's view no longer loads", g.id + ": " + (view ? view->body : "no answer"));
    for (size_t seat = 0; seat < g.seats.size(); ++seat) {
      if (g.seats[seat].token.empty()) continue;
      Json mine = BodyOf(Do(Api("GET", "/api/games/" + g.id, "GET /api/games/{id}", "", g.seats[seat].token)));
      if (!mine.is_object() || mine["seat"] != seat) Fail("a seat's view no longer loads", g.id + " seat " + std::to_string(seat));
    }
  }
  games_->StopBots();
  std::map<std::string, int64_t> counts;
  for (const GameInfo& g : pool_) {
    auto view = games_->View(g.id, -1);
    ASSERT_TRUE(view.ok()) << g.id << ": " << view.message();
    counts[g.id] = view->json["move_count"].get<int64_t>();
    auto stored = store_->LoadGame(g.id);
    ASSERT_TRUE(stored.ok()) << g.id << ": " << stored.message();
    EXPECT_EQ(static_cast<int64_t>(stored->moves.size()), counts[g.id]) << g.id << ": the store and the game differ";
  }
  for (auto& s : subscribers_) s->Abort();
  RunUntil(ioc_, [] { return false; }, milliseconds(50));
  subscribers_.clear();
  server_.reset();
  {
    GameService again(*store_, 1);
    ASSERT_TRUE(again.Restore().ok());
    for (const GameInfo& g : pool_) {
      auto view = again.View(g.id, -1);
      ASSERT_TRUE(view.ok()) << g.id << " does not load from the store: " << view.message();
      EXPECT_GE(view->json["move_count"].get<int64_t>(), counts[g.id]) << g.id;
    }
    again.StopBots();
  }

  std::printf("route fuzz: %lld rounds; %lld HTTP requests on %lld connections (%lld closed without an answer)\n",
              static_cast<long long>(rounds), static_cast<long long>(requests_), static_cast<long long>(connections_),
              static_cast<long long>(silent_closes_));
  std::string statuses;
  for (const auto& [status, n] : statuses_) statuses += " " + std::to_string(status) + ":" + std::to_string(n);
  std::printf("route fuzz: answers by status:%s\n", statuses.c_str());
  std::printf("route fuzz: valid play: %lld moves over HTTP, %lld over WebSocket, %lld previews, %lld joins, %lld games "
              "created (%lld by fuzzed requests), %lld finished seen\n",
              static_cast<long long>(moves_ok_), static_cast<long long>(ws_moves_ok_), static_cast<long long>(previews_ok_),
              static_cast<long long>(joins_ok_), static_cast<long long>(created_), static_cast<long long>(fuzzed_creates_ok_),
              static_cast<long long>(finished_seen_));
  std::printf("route fuzz: WebSocket: %lld sessions, %lld messages sent, %lld received (%lld states, %lld hints)\n",
              static_cast<long long>(ws_sessions_), static_cast<long long>(ws_sent_), static_cast<long long>(ws_messages_),
              static_cast<long long>(ws_states_), static_cast<long long>(hints_ok_));
  for (const KnownDefect& d : kKnownDefects)
    std::printf("route fuzz: known defect %s: %lld inputs %s\n", d.name, static_cast<long long>(known_hits_[d.name]),
                send_known_ ? "sent" : "held back (SOUK_FUZZ_KNOWN=1 sends them)");
  for (const auto& [kind, f] : findings_) {
    std::printf("FINDING (%d x) %s\n", f.count, kind.c_str());
    for (const std::string& e : f.examples) std::printf("    e.g. %s\n", e.c_str());
  }
  std::fflush(stdout);
  EXPECT_TRUE(findings_.empty()) << findings_.size() << " kinds of failure (FINDING lines above); seed " << seed;
  // Not just bouncing off the parser: valid requests went through all along.
  EXPECT_GE(moves_ok_ + ws_moves_ok_, 5);
  EXPECT_GE(previews_ok_, 2);
  EXPECT_GE(joins_ok_, 2);
  EXPECT_GE(statuses_[200] + statuses_[201], requests_ / 10);
  EXPECT_GE(ws_states_, 5);
}

}  // namespace
}  // namespace souk::server
