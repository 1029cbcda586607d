// Where the email notifications keep what they need (docs/notifications.md): an
// account's address and its pending verification, its settings, when each game last
// mailed it, and the key that signs unsubscribe links. In the games' database (the
// tables the game store's schema migration adds), on SQLite or PostgreSQL, so that
// every instance sharing a database agrees on all of it.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/status.h"

namespace souk::server::mail {

struct StoredAddress {
  std::string address;
  int64_t added_ms = 0;
  int64_t verified_ms = 0;  // 0: not verified yet
  bool verified() const { return verified_ms != 0; }
};

struct NotificationSettings {
  bool email_your_turn = true;  // a turn-based game's "your turn", to a verified address
  bool email_invitations = true;  // an invitation: a rematch offered by the last game's players
};

class NotificationStore {
 public:
  virtual ~NotificationStore() = default;
  // The account's address, unverified, replacing any: `token_hash` (hex SHA-256 of the
  // link's token) verifies it until `expires_ms`.
  virtual Status SetAddress(int64_t account_id, const std::string& address, const std::string& token_hash,
                            int64_t expires_ms, int64_t now_ms) = 0;
  // The account's address, if it has one.
  virtual Result<std::optional<StoredAddress>> AddressOf(int64_t account_id) = 0;
  // Verifies the address whose unexpired token hash this is, and uses the token up:
  // the account's id; kNotFound (bad_token) if no address waits on it.
  virtual Result<int64_t> Verify(const std::string& token_hash, int64_t now_ms) = 0;
  virtual Status RemoveAddress(int64_t account_id) = 0;
  virtual Result<NotificationSettings> SettingsOf(int64_t account_id) = 0;
  virtual Status SetSettings(int64_t account_id, const NotificationSettings& settings) = 0;
  // Whether this call may mail the account about the game: true, and noted at
  // `now_ms`, unless one did within `interval_ms` before. Atomic over instances.
  virtual Result<bool> ClaimTurnEmail(const std::string& game_id, int64_t account_id, int64_t now_ms,
                                      int64_t interval_ms) = 0;
  // Forgets the emails sent before `before_ms`, which no claim compares with any more
  // (their interval is past): how many. Keeps the ledger from growing with every game.
  virtual Result<int> ForgetEmailsBefore(int64_t before_ms) = 0;
  // The key that signs unsubscribe links: `fresh` stored if none was, else the one
  // stored (by this instance before, or another).
  virtual Result<std::string> SigningKey(const std::string& fresh) = 0;
};

// The store of `db` (a SQLite file or a PostgreSQL URI, as OpenStore takes it), whose
// schema OpenStore has brought up to date: open the game store first.
Result<std::unique_ptr<NotificationStore>> OpenNotificationStore(const std::string& db);
Result<std::unique_ptr<NotificationStore>> OpenSqliteNotificationStore(const std::string& path);
Result<std::unique_ptr<NotificationStore>> OpenPostgresNotificationStore(const std::string& uri);

}  // namespace souk::server::mail
