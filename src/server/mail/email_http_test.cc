// The email notifications end to end on a real server, on SQLite and on PostgreSQL,
// with a real SMTP server (aiosmtpd) started by the test, never a mock: an address
// added and verified through the emailed link; a turn-based game between two
// accounts mailing the verified address once when the other side moves, not again
// within the interval; the one-click unsubscribe link, and a tampered one refused;
// and no address or token in what the opponent sees or in the logs.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <random>
#include <regex>
#include <tuple>

#include "server/account_test_server.h"
#include "server/email_routes.h"
#include "metrics/metrics.h"
#include "server/lobby/lobby.h"
#include "server/mail/notifications.h"
#include "server/mail/smtp_sink.h"
#include "server/server_log.h"
#include "testing/metric_value.h"

namespace souk::server {
namespace {

using mail::testing::ReceivedMail;
using mail::testing::SmtpSink;
using testing::Backend;
using testing::CookieValue;
using testing::FromSite;
using testing::Headers;
using V = http::verb;

constexpr const char* kSite = "https://souk.example";

// A server as `souk serve --smtp URL --mail-from souk@example.org --public-url
// https://souk.example` runs it, with the notifications' clock moved by hand.
class MailServer {
 public:
  MailServer(Backend backend, const std::string& smtp_url) {
    EXPECT_TRUE(db_.Make(backend, "email_http_test").ok());
    auto store = db_.Open();
    EXPECT_TRUE(store.ok()) << store.message();
    store_ = std::move(*store);
    auto account_store = accounts::OpenAccountStore(db_.db());
    EXPECT_TRUE(account_store.ok()) << account_store.message();
    accounts_ = std::make_unique<accounts::Accounts>(std::move(*account_store), testing::CheapAccounts());
    auto ratings = ratings::OpenRatingStore(db_.db());
    EXPECT_TRUE(ratings.ok()) << ratings.message();
    ratings_ = std::move(*ratings);
    if (!smtp_url.empty()) {
      auto notification_store = mail::OpenNotificationStore(db_.db());
      EXPECT_TRUE(notification_store.ok()) << notification_store.message();
      mail::NotificationsOptions options;
      options.smtp_url = smtp_url;
      options.mail_from = "souk@example.org";
      options.public_url = std::string(kSite) + "/";
      options.wall_ms = [this] { return wall_ms_.load(); };
      auto notifications = mail::Notifications::Open(std::move(*notification_store), options);
      EXPECT_TRUE(notifications.ok()) << notifications.message();
      notifications_ = std::move(*notifications);
    }
    ServiceOptions service;
    service.bot_threads = 1;
    service.ratings = ratings_.get();
    service.account_name = [this](int64_t id) -> Result<std::string> {
      auto account = accounts_->store().AccountById(id);
      if (!account.ok()) return account.status();
      return account->name;
    };
    if (notifications_)
      service.on_turn = [this](const std::string& game_id, int64_t account_id, int seat) {
        notifications_->OnTurn(game_id, account_id, seat);
      };
    games_ = std::make_unique<GameService>(*store_, service);
    if (notifications_) notifications_->SetDescribeGame(DescribeGamesOf(*games_));
    auto lobby_store = lobby::OpenLobbyStore(db_.db());
    EXPECT_TRUE(lobby_store.ok()) << lobby_store.message();
    lobby_store_ = std::move(*lobby_store);
    lobby::LobbyOptions lobby_options;
    lobby_options.now_ms = [this] { return wall_ms_.load(); };
    if (notifications_)  // as `souk serve` wires it
      lobby_options.on_rematch_offered = [this](const lobby::RematchOffered& offer) {
        for (int64_t account_id : offer.invited)
          notifications_->OnInvitation(
              {offer.table_id, offer.last_game_id, offer.game, offer.offered_by, account_id, offer.expires_ms});
      };
    lobby_ = std::make_unique<lobby::Lobby>(*lobby_store_, *games_, ratings_.get(), lobby_options);
    ServerOptions server;
    server.port = 0;
    server.rates = RateLimits::Off();
    server.accounts = accounts_.get();
    server.ratings = ratings_.get();
    server.notifications = notifications_.get();
    server.lobby = lobby_.get();
    http_ = std::make_unique<HttpServer>(*games_, server);
    Status started = http_->Start();
    EXPECT_TRUE(started.ok()) << started.message();
  }
  ~MailServer() {
    http_.reset();
    lobby_.reset();
    games_->StopBots();
    notifications_.reset();
    games_.reset();
    accounts_.reset();
    ratings_.reset();
    store_.reset();
  }

  FullReply Call(V verb, const std::string& target, const Json& body = nullptr, Headers headers = {}) const {
    return CallServerWith(http_->port(), verb, target, body.is_null() ? "" : DumpJson(body, false), headers);
  }
  // A link an email holds, followed: the site's address is this server.
  FullReply Follow(V verb, const std::string& link, const std::string& body = "", Headers headers = {}) const {
    EXPECT_EQ(link.rfind(kSite, 0), 0u) << link;
    return CallServerWith(http_->port(), verb, link.substr(std::string(kSite).size()), body, headers);
  }
  void Advance(std::chrono::milliseconds by) { wall_ms_ += by.count(); }
  void WaitForMail() { notifications_->WaitIdle(); }
  GameService& games() { return *games_; }

 private:
  testing::TestDatabase db_;
  std::atomic<int64_t> wall_ms_{1'800'000'000'000};
  std::unique_ptr<Store> store_;
  std::unique_ptr<accounts::Accounts> accounts_;
  std::unique_ptr<ratings::RatingStore> ratings_;
  std::unique_ptr<mail::Notifications> notifications_;
  std::unique_ptr<GameService> games_;
  std::unique_ptr<lobby::LobbyStore> lobby_store_;
  std::unique_ptr<lobby::Lobby> lobby_;
  std::unique_ptr<HttpServer> http_;
};

// souk_emails_total's count so far.
double EmailsCounted(const std::string& kind, const std::string& outcome) {
  return souk::testing::MetricValue("souk_emails_total{kind=\"" + kind + "\",outcome=\"" + outcome + "\"}");
}

std::vector<std::string> Links(const std::string& text) {
  std::vector<std::string> out;
  static const std::regex kLink(R"(https://souk\.example[^\s<>"]*)");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), kLink); it != std::sregex_iterator(); ++it)
    out.push_back(it->str());
  return out;
}

class EmailHttpTest : public ::testing::TestWithParam<Backend> {
 protected:
  void SetUp() override {
    server_log::SetSinkForTesting([this](const std::string& line) {
      std::lock_guard lock(log_mutex_);
      log_ += line + "\n";
    });
    server_log::Configure(server_log::Format::kJson, "test");
  }
  void TearDown() override { server_log::SetSinkForTesting({}); }

  std::string SignUp(const std::string& name) {
    FullReply r = server_.Call(V::post, "/api/accounts", {{"name", name}, {"password", "correct horse"}});
    EXPECT_EQ(r.status, 201) << r.text;
    return CookieValue(r);
  }
  std::string Log() {
    std::lock_guard lock(log_mutex_);
    return log_;
  }
  // One move by `token`'s seat: the first legal one.
  void Move(const std::string& id, const std::string& token) {
    FullReply state = server_.Call(V::get, "/api/games/" + id, nullptr, {{"Authorization", "Bearer " + token}});
    ASSERT_EQ(state.status, 200) << state.text;
    ASSERT_EQ(state.body["to_move"], state.body["seat"]) << "not this seat's turn";
    const std::string move = state.body["legal"][0];
    FullReply moved = server_.Call(V::post, "/api/games/" + id + "/moves", {{"move", move}},
                                   {{"Authorization", "Bearer " + token}});
    ASSERT_EQ(moved.status, 200) << moved.text;
  }

  // `cookie`'s account adds `address` and follows the emailed link.
  void AddVerified(const std::string& cookie, const std::string& address) {
    ASSERT_EQ(server_.Call(V::post, "/api/me/email", {{"email", address}}, FromSite(cookie)).status, 202);
    server_.WaitForMail();
    const std::vector<std::string> links = Links(sink_.Messages().back().body);
    ASSERT_EQ(links.size(), 1u);
    ASSERT_EQ(server_.Follow(V::get, links[0]).status, 200);
  }
  // A game between two accounts, played to its end by random moves: its id and the
  // two seats' tokens.
  std::tuple<std::string, std::string, std::string> FinishedGame(const std::string& first, const std::string& second) {
    FullReply made = server_.Call(V::post, "/api/games",
                                  {{"game", "jaipur"}, {"seats", Json::array({{{"player", "human"}}, {{"player", "human"}}})}},
                                  FromSite(first));
    EXPECT_EQ(made.status, 201) << made.text;
    const std::string id = made.body["game_id"];
    FullReply joined = server_.Call(V::post, "/api/games/" + id + "/join",
                                    {{"invite", made.body["invites"][0]["invite"]}}, FromSite(second));
    EXPECT_EQ(joined.status, 200) << joined.text;
    std::mt19937 pick(5);
    for (int moves = 0; moves < 5000; ++moves) {
      const Json any = server_.games().View(id, -1)->json;
      if (any.at("over").get<bool>()) break;
      const int seat = any.at("to_move").get<int>();
      const Json legal = server_.games().View(id, seat)->json.at("legal");
      EXPECT_TRUE(server_.games().Move(id, seat, legal[pick() % legal.size()].get<std::string>()).ok());
    }
    EXPECT_TRUE(server_.games().View(id, -1)->json.at("over").get<bool>());
    return {id, made.body["token"], joined.body["token"]};
  }

  // A new game of `first` and `second` to its end, and `first` offers a rematch; the
  // mail it makes, if any, sent.
  void OfferARematch(const std::string& first, const std::string& second) {
    auto [id, first_token, second_token] = FinishedGame(first, second);
    Headers asking = FromSite(first);
    asking.emplace_back("Authorization", "Bearer " + first_token);
    ASSERT_EQ(server_.Call(V::post, "/api/games/" + id + "/rematch", nullptr, asking).status, 200);
    server_.WaitForMail();
  }

  SmtpSink sink_;
  MailServer server_{GetParam(), sink_.url()};
  std::mutex log_mutex_;
  std::string log_;
};

TEST_P(EmailHttpTest, AVerifiedAddressGetsOneEmailPerIntervalWhenTheOtherSideMovesUntilUnsubscribed) {
  const std::string ann = SignUp("Ann"), bob = SignUp("Bob");

  // Bob adds his address: unverified, and a verification email on its way.
  FullReply added = server_.Call(V::post, "/api/me/email", {{"email", "Bob.Lee@Example.COM"}}, FromSite(bob));
  ASSERT_EQ(added.status, 202) << added.text;
  EXPECT_EQ(added.body["email"]["address"], "Bob.Lee@example.com") << "the domain lower-cased";
  EXPECT_EQ(added.body["email"]["verified"], false);
  server_.WaitForMail();
  std::vector<ReceivedMail> mails = sink_.Messages();
  ASSERT_EQ(mails.size(), 1u);
  const ReceivedMail verification = mails[0];  // a copy: `mails` is read again below
  EXPECT_EQ(verification.Header("x-envelope-to"), "Bob.Lee@example.com");
  EXPECT_EQ(verification.Header("x-envelope-from"), "souk@example.org");
  EXPECT_EQ(verification.Header("to"), "<Bob.Lee@example.com>");
  EXPECT_EQ(verification.Header("from"), "Souk <souk@example.org>");
  EXPECT_EQ(verification.Header("subject"), "Confirm your email address for Souk");
  EXPECT_EQ(verification.Header("list-unsubscribe"), "") << "a verification is no list";
  const std::vector<std::string> verify_links = Links(verification.body);
  ASSERT_EQ(verify_links.size(), 1u) << verification.body;
  EXPECT_EQ(verify_links[0].find(std::string(kSite) + "/api/email/verify?token="), 0u) << verify_links[0];
  const std::string token = verify_links[0].substr(verify_links[0].find("token=") + 6);
  EXPECT_EQ(token.size(), 32u);

  FullReply me = server_.Call(V::get, "/api/me", nullptr, FromSite(bob));
  EXPECT_EQ(me.body["email"]["verified"], false) << me.text;
  FullReply opened = server_.Follow(V::get, verify_links[0]);
  EXPECT_EQ(opened.status, 200) << opened.text;
  EXPECT_NE(opened.text.find("Address verified"), std::string::npos) << opened.text;
  EXPECT_EQ(opened.Header("content-type"), "text/html; charset=utf-8");
  FullReply again = server_.Follow(V::get, verify_links[0]);
  EXPECT_EQ(again.status, 404) << "single use";
  EXPECT_EQ(server_.Call(V::post, "/api/email/verify", {{"token", token}}).body["code"], "bad_token");
  me = server_.Call(V::get, "/api/me", nullptr, FromSite(bob));
  EXPECT_EQ(me.body["email"], Json({{"address", "Bob.Lee@example.com"}, {"verified", true}})) << me.text;

  // A turn-based game: Ann creates it, Bob joins; both signed in.
  FullReply made = server_.Call(V::post, "/api/games",
                                {{"game", "jaipur"},
                                 {"seats", Json::array({{{"player", "human"}}, {{"player", "human"}}})},
                                 {"clock", {{"days_per_move", 1}}}},
                                FromSite(ann));
  ASSERT_EQ(made.status, 201) << made.text;
  const std::string id = made.body["game_id"], ann_token = made.body["token"];
  FullReply joined = server_.Call(V::post, "/api/games/" + id + "/join", {{"invite", made.body["invites"][0]["invite"]}},
                                  FromSite(bob));
  ASSERT_EQ(joined.status, 200) << joined.text;
  const std::string bob_token = joined.body["token"];
  FullReply state = server_.Call(V::get, "/api/games/" + id, nullptr, {{"Authorization", "Bearer " + ann_token}});
  ASSERT_EQ(state.status, 200);
  if (state.body["to_move"] == 1) Move(id, bob_token);  // Ann has no address: nothing sent
  server_.WaitForMail();
  ASSERT_EQ(sink_.Messages().size(), 1u);

  // Ann moves: Bob's turn, one email.
  Move(id, ann_token);
  server_.WaitForMail();
  mails = sink_.Messages();
  ASSERT_EQ(mails.size(), 2u);
  const ReceivedMail turn = mails[1];
  EXPECT_EQ(turn.Header("x-envelope-to"), "Bob.Lee@example.com");
  EXPECT_EQ(turn.Header("from"), "Souk <souk@example.org>");
  EXPECT_EQ(turn.Header("to"), "<Bob.Lee@example.com>");
  EXPECT_EQ(turn.Header("subject"), "Your turn in Jaipur against Ann");
  EXPECT_TRUE(std::regex_match(turn.Header("message-id"), std::regex(R"(<[0-9a-f]{32}@example\.org>)")))
      << turn.Header("message-id");
  EXPECT_NE(turn.Header("message-id"), verification.Header("message-id"));
  EXPECT_TRUE(std::regex_match(turn.Header("date"),
                               std::regex(R"((Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d\d (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d\d:\d\d:\d\d \+0000)")))
      << turn.Header("date");
  EXPECT_EQ(turn.Header("mime-version"), "1.0");
  EXPECT_EQ(turn.Header("content-type"), "text/plain; charset=utf-8");
  EXPECT_EQ(turn.Header("list-unsubscribe-post"), "List-Unsubscribe=One-Click");
  const std::string list_unsubscribe = turn.Header("list-unsubscribe");
  ASSERT_TRUE(list_unsubscribe.size() > 2 && list_unsubscribe.front() == '<' && list_unsubscribe.back() == '>')
      << list_unsubscribe;
  const std::string unsubscribe = list_unsubscribe.substr(1, list_unsubscribe.size() - 2);
  EXPECT_EQ(unsubscribe.find(std::string(kSite) + "/api/email/unsubscribe?"), 0u) << unsubscribe;
  const std::vector<std::string> links = Links(turn.body);
  ASSERT_GE(links.size(), 2u) << turn.body;
  EXPECT_EQ(links[0], std::string(kSite) + "/#/game/" + id);
  EXPECT_NE(std::find(links.begin(), links.end(), unsubscribe), links.end()) << "the body's unsubscribe link";
  // The game link opens the game, as Bob's seat for Bob's session.
  FullReply game = server_.Call(V::get, "/api/games/" + id, nullptr, FromSite(bob));
  ASSERT_EQ(game.status, 200) << game.text;
  EXPECT_EQ(game.body["seat"], 1);
  EXPECT_EQ(game.body["to_move"], 1);

  // Bob moves, Ann moves, within the interval: none.
  Move(id, bob_token);
  Move(id, ann_token);
  server_.WaitForMail();
  EXPECT_EQ(sink_.Messages().size(), 2u) << "one email per game per interval";

  // Past the interval: one more.
  server_.Advance(std::chrono::minutes(31));
  Move(id, bob_token);
  Move(id, ann_token);
  server_.WaitForMail();
  ASSERT_EQ(sink_.Messages().size(), 3u);

  // A tampered link is refused, whatever was changed, and changes nothing.
  std::string forged = unsubscribe;
  char& last = forged.back();
  last = last == '0' ? '1' : '0';
  FullReply refused = server_.Follow(V::post, forged, "List-Unsubscribe=One-Click");
  EXPECT_EQ(refused.status, 403) << refused.text;
  EXPECT_EQ(refused.body["code"], "bad_signature");
  std::string other_account = unsubscribe;
  const size_t account_at = other_account.find("account=") + 8;
  other_account.insert(account_at, "1");
  EXPECT_EQ(server_.Follow(V::post, other_account, "List-Unsubscribe=One-Click").body["code"], "bad_signature");
  std::string unsigned_link = unsubscribe.substr(0, unsubscribe.find("&sig="));
  EXPECT_EQ(server_.Follow(V::post, unsigned_link, "List-Unsubscribe=One-Click").body["code"], "bad_signature");
  EXPECT_EQ(server_.Follow(V::get, forged).status, 403);
  // Opened in a browser, the link asks for the click and changes nothing yet.
  FullReply page = server_.Follow(V::get, unsubscribe);
  EXPECT_EQ(page.status, 200);
  EXPECT_NE(page.text.find("<form method=\"post\">"), std::string::npos) << page.text;
  EXPECT_EQ(server_.Call(V::get, "/api/me/notifications", nullptr, FromSite(bob)).body["email_your_turn"], true);

  // RFC 8058's one click: a POST without any cookie, from the mail provider.
  FullReply unsubscribed = server_.Follow(V::post, unsubscribe, "List-Unsubscribe=One-Click");
  ASSERT_EQ(unsubscribed.status, 200) << unsubscribed.text;
  FullReply settings = server_.Call(V::get, "/api/me/notifications", nullptr, FromSite(bob));
  EXPECT_EQ(settings.body["email_available"], true) << settings.text;
  EXPECT_EQ(settings.body["email_your_turn"], false) << settings.text;
  EXPECT_EQ(settings.body["email"]["verified"], true) << "the address stays";
  server_.Advance(std::chrono::minutes(31));
  Move(id, bob_token);
  Move(id, ann_token);
  server_.WaitForMail();
  EXPECT_EQ(sink_.Messages().size(), 3u) << "unsubscribed: nothing more";

  // Turned on again in the settings: mailed again past the interval.
  FullReply on = server_.Call(V::put, "/api/me/notifications", {{"email_your_turn", true}}, FromSite(bob));
  ASSERT_EQ(on.status, 200) << on.text;
  EXPECT_EQ(on.body["email_your_turn"], true);
  server_.Advance(std::chrono::minutes(31));
  Move(id, bob_token);
  Move(id, ann_token);
  server_.WaitForMail();
  EXPECT_EQ(sink_.Messages().size(), 4u);

  // What Ann, the other side, and anyone else can read holds no address.
  for (const auto& [target, headers] : std::vector<std::pair<std::string, Headers>>{
           {"/api/games/" + id, {{"Authorization", "Bearer " + ann_token}}},
           {"/api/games/" + id, {}},
           {"/api/games/" + id + "/history", {{"Authorization", "Bearer " + ann_token}}},
           {"/api/players/Bob", {}},
           {"/api/players/Bob", FromSite(ann)},
           {"/api/me/games", FromSite(ann)},
           {"/api/me", FromSite(ann)}}) {
    FullReply seen = server_.Call(V::get, target, nullptr, headers);
    EXPECT_EQ(seen.status, 200) << target << ": " << seen.text;
    EXPECT_EQ(seen.text.find("example.com"), std::string::npos) << target << ": " << seen.text;
    EXPECT_EQ(seen.text.find("Bob.Lee"), std::string::npos) << target;
  }
  FullReply ann_settings = server_.Call(V::get, "/api/me/notifications", nullptr, FromSite(ann));
  EXPECT_TRUE(ann_settings.body["email"].is_null()) << ann_settings.text;

  // Nor do the logs hold the address, the token or a signature.
  const std::string log = Log();
  EXPECT_NE(log.find("email_sent"), std::string::npos) << log;
  EXPECT_EQ(log.find("Bob.Lee"), std::string::npos) << log;
  EXPECT_EQ(log.find("example.com"), std::string::npos) << log;
  EXPECT_EQ(log.find(token), std::string::npos) << log;
  EXPECT_EQ(log.find(unsubscribe.substr(unsubscribe.find("sig=") + 4)), std::string::npos) << log;

  // Removed: the address is gone, and nothing is sent to it.
  EXPECT_EQ(server_.Call(V::delete_, "/api/me/email", nullptr, FromSite(bob)).status, 200);
  EXPECT_TRUE(server_.Call(V::get, "/api/me", nullptr, FromSite(bob)).body["email"].is_null());
  server_.Advance(std::chrono::minutes(31));
  Move(id, bob_token);
  Move(id, ann_token);
  server_.WaitForMail();
  EXPECT_EQ(sink_.Messages().size(), 4u);
}

TEST_P(EmailHttpTest, AnAddressIsCheckedNeedsTheSiteAndIsRateLimited) {
  const std::string bob = SignUp("Bob");
  for (const char* bad : {"", "bob", "bob@", "@example.com", "bob@localhost", "bob smith@example.com",
                          "bob@example.com\r\nBcc: eve@example.net", "bob@exa mple.com", "<bob@example.com>"}) {
    FullReply r = server_.Call(V::post, "/api/me/email", {{"email", bad}}, FromSite(bob));
    EXPECT_EQ(r.status, 400) << bad << ": " << r.text;
    EXPECT_EQ(r.body["code"], "bad_email") << bad;
  }
  EXPECT_EQ(server_.Call(V::post, "/api/me/email", {{"email", 7}}, FromSite(bob)).body["code"], "bad_email");
  EXPECT_EQ(server_.Call(V::post, "/api/me/email", {{"email", "bob@example.com"}}).body["code"], "not_signed_in");
  FullReply elsewhere = server_.Call(V::post, "/api/me/email", {{"email", "bob@example.com"}},
                                     {{"Origin", "https://evil.example"}, {"Cookie", "souk_session=" + bob}});
  EXPECT_EQ(elsewhere.body["code"], "bad_origin");
  // Three at once, then one every twelve minutes.
  for (int i = 0; i < 3; ++i)
    EXPECT_EQ(server_.Call(V::post, "/api/me/email", {{"email", "bob" + std::to_string(i) + "@example.com"}},
                           FromSite(bob)).status, 202);
  FullReply limited = server_.Call(V::post, "/api/me/email", {{"email", "bob9@example.com"}}, FromSite(bob));
  EXPECT_EQ(limited.status, 429) << limited.text;
  EXPECT_EQ(limited.body["code"], "rate_limited");
  EXPECT_GT(limited.body["retry_after_ms"].get<int64_t>(), 0);
  // Another account from the same client address: 5 at once from one address, then
  // one every six minutes, whatever the accounts.
  const std::string cid = SignUp("Cid");
  for (int i = 0; i < 2; ++i)
    EXPECT_EQ(server_.Call(V::post, "/api/me/email", {{"email", "cid" + std::to_string(i) + "@example.com"}},
                           FromSite(cid)).status, 202);
  FullReply crowded = server_.Call(V::post, "/api/me/email", {{"email", "cid9@example.com"}}, FromSite(cid));
  EXPECT_EQ(crowded.status, 429) << crowded.text;
  EXPECT_NE(crowded.body["error"].get<std::string>().find("from your address"), std::string::npos) << crowded.text;
  server_.WaitForMail();
  std::vector<ReceivedMail> mails = sink_.Messages();
  ASSERT_EQ(mails.size(), 5u);
  mails.resize(3);  // Bob's
  // Only the last address's link verifies: a new address replaces the one before.
  const std::string first = Links(mails[0].body).at(0), last = Links(mails[2].body).at(0);
  EXPECT_EQ(server_.Follow(V::get, first).status, 404);
  EXPECT_EQ(server_.Follow(V::get, last).status, 200);
  EXPECT_EQ(server_.Call(V::get, "/api/me/email", nullptr, FromSite(bob)).body["email"]["address"], "bob2@example.com");

  EXPECT_EQ(server_.Call(V::put, "/api/me/notifications", {{"email_your_turn", "no"}}, FromSite(bob)).status, 400);
  EXPECT_EQ(server_.Call(V::put, "/api/me/notifications", {{"sms", true}}, FromSite(bob)).status, 400);
  EXPECT_EQ(server_.Call(V::post, "/api/email/verify", {{"token", "00000000000000000000000000000000"}}).body["code"],
            "bad_token");
}

// Invitations: a rematch offered mails the other player once, with a link to the
// finished game (whose end answers it) and an unsubscribe link of its own kind.
TEST_P(EmailHttpTest, ARematchOfferedMailsTheOtherAccountUntilInvitationsAreTurnedOff) {
  const std::string ann = SignUp("Ann"), bob = SignUp("Bob");
  ASSERT_NO_FATAL_FAILURE(AddVerified(bob, "bob@example.com"));
  const size_t before = sink_.Messages().size();
  const double counted = EmailsCounted("invitation", "sent");
  auto [id, ann_token, bob_token] = FinishedGame(ann, bob);
  Headers as_ann = FromSite(ann);
  as_ann.emplace_back("Authorization", "Bearer " + ann_token);
  FullReply offered = server_.Call(V::post, "/api/games/" + id + "/rematch", nullptr, as_ann);
  ASSERT_EQ(offered.status, 200) << offered.text;
  EXPECT_EQ(server_.Call(V::post, "/api/games/" + id + "/rematch", nullptr, as_ann).body["code"], "already_seated");
  server_.WaitForMail();
  std::vector<ReceivedMail> mails = sink_.Messages();
  ASSERT_EQ(mails.size(), before + 1) << "one invitation, and none for asking twice";
  EXPECT_EQ(EmailsCounted("invitation", "sent"), counted + 1) << metrics::Default().Render();
  const ReceivedMail invitation = mails.back();
  EXPECT_EQ(invitation.Header("x-envelope-to"), "bob@example.com");
  EXPECT_EQ(invitation.Header("subject"), "Ann offers you a rematch of Jaipur");
  EXPECT_NE(invitation.body.find("stands for 30 minutes"), std::string::npos) << invitation.body;
  const std::vector<std::string> links = Links(invitation.body);
  ASSERT_GE(links.size(), 2u) << invitation.body;
  EXPECT_EQ(links[0], std::string(kSite) + "/#/game/" + id);
  const std::string list_unsubscribe = invitation.Header("list-unsubscribe");
  ASSERT_GT(list_unsubscribe.size(), 2u);
  const std::string unsubscribe = list_unsubscribe.substr(1, list_unsubscribe.size() - 2);
  EXPECT_NE(unsubscribe.find("kind=invitation"), std::string::npos) << unsubscribe;
  EXPECT_NE(std::find(links.begin(), links.end(), unsubscribe), links.end());
  // The link's game shows Bob the offer.
  FullReply status = server_.Call(V::get, "/api/games/" + id + "/rematch", nullptr, FromSite(bob));
  ASSERT_EQ(status.status, 200) << status.text;
  EXPECT_EQ(status.body["table"]["state"], "open") << status.text;

  // A link of one kind turned into the other's is refused.
  std::string other_kind = unsubscribe;
  other_kind.replace(other_kind.find("kind=invitation"), 15, "kind=your_turn");
  EXPECT_EQ(server_.Follow(V::post, other_kind, "List-Unsubscribe=One-Click").body["code"], "bad_signature");
  FullReply page = server_.Follow(V::get, unsubscribe);
  EXPECT_NE(page.text.find("Stop the invitation emails?"), std::string::npos) << page.text;
  FullReply unsubscribed = server_.Follow(V::post, unsubscribe, "List-Unsubscribe=One-Click");
  ASSERT_EQ(unsubscribed.status, 200) << unsubscribed.text;
  EXPECT_EQ(unsubscribed.body["email_invitations"], false);
  FullReply settings = server_.Call(V::get, "/api/me/notifications", nullptr, FromSite(bob));
  EXPECT_EQ(settings.body["email_invitations"], false) << settings.text;
  EXPECT_EQ(settings.body["email_your_turn"], true) << "the other kind stays on";

  // Turned off: the next offer mails nobody; turned on in the settings, mailed again.
  ASSERT_NO_FATAL_FAILURE(OfferARematch(ann, bob));
  EXPECT_EQ(sink_.Messages().size(), before + 1);
  FullReply on = server_.Call(V::put, "/api/me/notifications", {{"email_invitations", true}}, FromSite(bob));
  ASSERT_EQ(on.status, 200) << on.text;
  EXPECT_EQ(on.body["email_invitations"], true);
  ASSERT_NO_FATAL_FAILURE(OfferARematch(ann, bob));
  EXPECT_EQ(sink_.Messages().size(), before + 2);
  EXPECT_EQ(Log().find("bob@example.com"), std::string::npos) << "no address in the logs";
}

INSTANTIATE_TEST_SUITE_P(Stores, EmailHttpTest, ::testing::Values(Backend::kSqlite, Backend::kPostgres),
                         testing::BackendName);

// Without --smtp, the routes say so; the rest of the accounts work as before.
TEST(EmailHttpWithoutSmtpTest, TheEmailRoutesSaySoAndAnAccountShowsNoAddress) {
  MailServer server(Backend::kSqlite, "");
  FullReply made = server.Call(V::post, "/api/accounts", {{"name", "Ann"}, {"password", "correct horse"}});
  ASSERT_EQ(made.status, 201);
  const std::string ann = CookieValue(made);
  FullReply refused = server.Call(V::post, "/api/me/email", {{"email", "ann@example.com"}}, FromSite(ann));
  EXPECT_EQ(refused.status, 404) << refused.text;
  EXPECT_EQ(refused.body["code"], "no_email");
  EXPECT_NE(refused.body["error"].get<std::string>().find("--smtp"), std::string::npos);
  EXPECT_EQ(server.Call(V::get, "/api/email/unsubscribe?account=1&kind=your_turn&sig=00").body["code"], "no_email");
  // The account page reads the settings on any server: a state, not an error.
  FullReply settings = server.Call(V::get, "/api/me/notifications", nullptr, FromSite(ann));
  EXPECT_EQ(settings.status, 200) << settings.text;
  EXPECT_EQ(settings.body["email_available"], false);
  EXPECT_EQ(server.Call(V::get, "/api/me/notifications").body["code"], "not_signed_in");
  EXPECT_EQ(server.Call(V::put, "/api/me/notifications", {{"email_your_turn", true}}, FromSite(ann)).body["code"],
            "no_email");
  FullReply me = server.Call(V::get, "/api/me", nullptr, FromSite(ann));
  EXPECT_EQ(me.status, 200);
  EXPECT_TRUE(me.body["email"].is_null());
}

}  // namespace
}  // namespace souk::server
