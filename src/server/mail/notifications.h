// The email notifications (docs/notifications.md): an account's address, verified
// by a link; its settings; "your turn" emails for turn-based games, at most one per
// game and account per interval; one-click unsubscribe links, signed. Knows games
// by their ids and accounts by theirs: the game service calls OnTurn (its on_turn
// hook), and what a game is (its name, the opponents) is asked of DescribeGame.
//
// The account routes call the rest on the accounts' workers (they block on the
// store). Every email is composed and sent on the mail's own thread (MailOutbox).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "core/status.h"
#include "server/mail/mail_outbox.h"
#include "server/mail/notification_store.h"
#include "server/mail/smtp_sender.h"
#include "server/rate_limit.h"

namespace souk::server::mail {

struct NotificationsOptions {
  std::string smtp_url;    // --smtp: smtp://HOST:PORT (required)
  std::string mail_from;   // --mail-from: the From address
  std::string public_url;  // --public-url: the site as players reach it, for links (no trailing slash)
  std::string smtp_ca_file;  // --smtp-ca-file: the relay's certificate is checked against these; empty: the system's
  // At most one "your turn" email per game and account in this interval.
  std::chrono::milliseconds turn_interval = std::chrono::minutes(30);
  // A verification link works this long.
  std::chrono::milliseconds verify_lifetime = std::chrono::hours(24);
  // Addresses set (so verification emails sent) per account: 5 an hour, 3 at once; and
  // per client address, so that accounts made by the dozen mail strangers no faster.
  RateLimit address_changes{5.0 / 3600, 3};
  RateLimit address_changes_per_client{10.0 / 3600, 5};
  RateLimiter::Now limit_clock = LimitClock::now;
  std::function<int64_t()> wall_ms;  // Unix ms; empty: the system clock (tests move one by hand)
  size_t max_queued = 1000;          // emails waiting for the mail's thread; more are dropped
};

// What a "your turn" email says of a game, as the account's seat sees it.
struct TurnGame {
  std::string game;                    // "jaipur"
  std::vector<std::string> opponents;  // their names
  bool your_turn = false;              // still: the game may have moved on meanwhile
};
using DescribeGame = std::function<Result<TurnGame>(const std::string& game_id, int64_t account_id)>;

// An invitation to mail: a rematch offered to one account (the lobby's offer, told
// through `souk serve`).
struct Invitation {
  std::string table_id;      // one email per table and account per interval
  std::string last_game_id;  // the page that answers it
  std::string game;          // "jaipur"
  std::string from;          // the inviter's name, as the last game showed it
  int64_t account_id = 0;    // the invited
  int64_t expires_ms = 0;    // when it lapses unanswered
};

// The kinds of email an unsubscribe link turns off.
inline constexpr const char* kYourTurn = "your_turn";
inline constexpr const char* kInvitation = "invitation";

class Notifications {
 public:
  // Reads (or makes, once for every instance) the key that signs unsubscribe links.
  static Result<std::unique_ptr<Notifications>> Open(std::unique_ptr<NotificationStore> store,
                                                      NotificationsOptions options);
  ~Notifications();

  // Set once, before the first OnTurn (the game service is made after this).
  void SetDescribeGame(DescribeGame describe);

  // Sets the account's address, unverified, and mails it a verification link.
  // bad_email, or rate_limited with `wait` set. `client`: the caller's AddressKey.
  Status AddAddress(int64_t account_id, const std::string& account_name, const std::string& address,
                    const std::string& client, std::chrono::milliseconds* wait);
  // The verification link's token: bad_token if it is unknown, used, replaced or expired.
  Status Verify(const std::string& token);
  Status RemoveAddress(int64_t account_id);
  Result<std::optional<StoredAddress>> Address(int64_t account_id);
  Result<NotificationSettings> Settings(int64_t account_id);
  Status SetSettings(int64_t account_id, const NotificationSettings& settings);

  // The one-click link that turns `kind` off for the account, and its checking:
  // bad_signature for a link altered or made up, invalid_argument for an unknown kind.
  std::string UnsubscribeUrl(int64_t account_id, const std::string& kind) const;
  Status CheckUnsubscribe(int64_t account_id, const std::string& kind, const std::string& signature) const;
  Status Unsubscribe(int64_t account_id, const std::string& kind, const std::string& signature);

  // The game service's hook: the seat to move in a turn-based game is the account's.
  // Only queues (it is called under the game's lock).
  void OnTurn(const std::string& game_id, int64_t account_id, int seat);

  // The lobby's hook, through `souk serve`: mails the invitation to the account's
  // verified address unless it turned invitations off. Only queues.
  void OnInvitation(const Invitation& invitation);

  std::string GameUrl(const std::string& game_id) const;
  std::string AccountUrl() const { return options_.public_url + "/#/account"; }
  std::chrono::milliseconds turn_interval() const { return options_.turn_interval; }
  // Returns once every queued email is sent or given up (tests).
  void WaitIdle() { outbox_.WaitIdle(); }

 private:
  Notifications(std::unique_ptr<NotificationStore> store, NotificationsOptions options, std::string key);
  int64_t Now() const;
  std::string Sign(int64_t account_id, const std::string& kind) const;
  void SendTurn(const std::string& game_id, int64_t account_id);
  void SendInvitation(const Invitation& invitation);
  // The account's verified address if it wants `kind`'s emails; nullopt if not, or on
  // an error (logged for `event`).
  // Claims the interval of `key` (a game's or a rematch table's id) for the account;
  // now and then forgets the claims whose interval is past.
  Result<bool> Claim(const std::string& key, int64_t account_id, int64_t now);
  std::optional<std::string> AddressFor(int64_t account_id, const std::string& kind, const std::string& event,
                                        const std::string& about);
  void Deliver(const std::string& event, const std::string& to, const std::string& subject, const std::string& body,
               const std::string& unsubscribe_url);

  std::unique_ptr<NotificationStore> store_;
  NotificationsOptions options_;
  std::string key_;  // 32 bytes
  SmtpSender sender_;
  RateLimiter address_changes_, address_changes_per_client_;
  std::mutex describe_mutex_;
  DescribeGame describe_;
  uint64_t claims_ = 0;  // on the mail's thread only
  MailOutbox outbox_;  // last: its thread stops first
};

}  // namespace souk::server::mail
