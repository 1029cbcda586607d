#include "server/mail/notifications.h"

#include <sodium.h>

#include <cctype>
#include <tuple>

#include "server/mail/mail_message.h"
#include "server/server_log.h"
#include "server/server_metrics.h"
#include "server/tokens.h"

namespace souk::server::mail {
namespace {

std::string Hex(const unsigned char* bytes, size_t size) {
  std::string hex(size * 2 + 1, '\0');
  sodium_bin2hex(hex.data(), hex.size(), bytes, size);
  hex.pop_back();
  return hex;
}

std::string GameTitle(std::string game) {
  if (!game.empty()) game[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(game[0])));
  return game;
}

// "Bob", "Bob and Cid", "Bob, Cid and Dan".
std::string Names(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i > 0) out += i + 1 == names.size() ? " and " : ", ";
    out += names[i];
  }
  return out;
}

std::string Minutes(std::chrono::milliseconds interval) {
  const auto minutes = std::chrono::duration_cast<std::chrono::minutes>(interval).count();
  return std::to_string(minutes) + (minutes == 1 ? " minute" : " minutes");
}

}  // namespace

Result<std::unique_ptr<Notifications>> Notifications::Open(std::unique_ptr<NotificationStore> store,
                                                            NotificationsOptions options) {
  if (sodium_init() < 0) return Status::Internal("libsodium: initialisation failed");
  if (options.smtp_url.empty()) return Status::Error("--smtp: needed to send email");
  if (Status from = ValidAddress(options.mail_from); !from.ok()) return from.Prefixed("--mail-from: ");
  while (!options.public_url.empty() && options.public_url.back() == '/') options.public_url.pop_back();
  if (options.public_url.rfind("http://", 0) != 0 && options.public_url.rfind("https://", 0) != 0)
    return Status::Error("--public-url: expected http://HOST[:PORT] or https://HOST, the site as players reach it");
  if (options.public_url.find_first_of("<> \r\n\"") != std::string::npos)
    return Status::Error("--public-url: holds a character a link cannot");
  unsigned char fresh[crypto_auth_hmacsha256_KEYBYTES];
  crypto_auth_hmacsha256_keygen(fresh);
  auto key_hex = store->SigningKey(Hex(fresh, sizeof fresh));
  sodium_memzero(fresh, sizeof fresh);
  if (!key_hex.ok()) return key_hex.status();
  std::string key(crypto_auth_hmacsha256_KEYBYTES, '\0');
  size_t length = 0;
  if (sodium_hex2bin(reinterpret_cast<unsigned char*>(key.data()), key.size(), key_hex->data(), key_hex->size(),
                     nullptr, &length, nullptr) != 0 ||
      length != key.size())
    return Status::Error("database: the unsubscribe links' key is not 64 hex digits");
  return std::unique_ptr<Notifications>(new Notifications(std::move(store), std::move(options), std::move(key)));
}

Notifications::Notifications(std::unique_ptr<NotificationStore> store, NotificationsOptions options, std::string key)
    : store_(std::move(store)),
      options_(std::move(options)),
      key_(std::move(key)),
      sender_(options_.smtp_url, options_.mail_from, options_.smtp_ca_file),
      address_changes_(options_.address_changes, RateLimiter::kDefaultMaxKeys, options_.limit_clock),
      address_changes_per_client_(options_.address_changes_per_client, RateLimiter::kDefaultMaxKeys,
                                  options_.limit_clock),
      outbox_(options_.max_queued) {}

Notifications::~Notifications() { outbox_.WaitIdle(); }

void Notifications::SetDescribeGame(DescribeGame describe) {
  std::lock_guard lock(describe_mutex_);
  describe_ = std::move(describe);
}

int64_t Notifications::Now() const {
  if (options_.wall_ms) return options_.wall_ms();
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch())
      .count();
}

Status Notifications::AddAddress(int64_t account_id, const std::string& account_name, const std::string& address,
                                 const std::string& client, std::chrono::milliseconds* wait) {
  if (Status valid = ValidAddress(address); !valid.ok()) return valid;
  for (auto [limiter, key, whose] : {std::tuple{&address_changes_, std::to_string(account_id), "this account"},
                                     std::tuple{&address_changes_per_client_, client, "your address"}}) {
    if (const auto left = limiter->Take(key); left > left.zero()) {
      if (wait) *wait = std::chrono::ceil<std::chrono::milliseconds>(left);
      return Status::Coded(ErrorCode::kRateLimited,
                           std::string("email: too many addresses set lately from ") + whose + "; try again later");
    }
  }
  const std::string normal = NormalAddress(address);
  const std::string token = NewSecret();
  const int64_t now = Now();
  if (Status stored = store_->SetAddress(account_id, normal, HashSecret(token), now + options_.verify_lifetime.count(), now);
      !stored.ok())
    return stored;
  const std::string link = options_.public_url + "/api/email/verify?token=" + token;
  const auto hours = std::chrono::duration_cast<std::chrono::hours>(options_.verify_lifetime).count();
  const std::string body =
      "Hello " + account_name + ",\n\n"
      "Someone, we hope you, asked Souk to send the notifications of the account " + account_name +
      " to this address. To confirm it, open this link within " + std::to_string(hours) + " hours:\n\n" + link +
      "\n\nIf it was not you, ignore this email: nothing more will be sent to this address.\n";
  const bool queued = outbox_.Post([this, normal, body] { Deliver("verification", normal, "Confirm your email address for Souk", body, ""); });
  if (!queued) {
    server_metrics::Email("verification", "dropped");
    return Status::Unavailable("email: too many emails waiting to be sent; try again in a moment");
  }
  return Status::Ok();
}

Status Notifications::Verify(const std::string& token) {
  // A token is 32 hex digits: anything else is none, without a look in the store.
  if (token.size() != 32 || token.find_first_not_of("0123456789abcdef") != std::string::npos)
    return Status::Coded(ErrorCode::kBadToken, "verification link: unknown, already used, replaced or expired");
  auto verified = store_->Verify(HashSecret(token), Now());
  return verified.status();
}

Status Notifications::RemoveAddress(int64_t account_id) { return store_->RemoveAddress(account_id); }

Result<std::optional<StoredAddress>> Notifications::Address(int64_t account_id) { return store_->AddressOf(account_id); }

Result<NotificationSettings> Notifications::Settings(int64_t account_id) { return store_->SettingsOf(account_id); }

Status Notifications::SetSettings(int64_t account_id, const NotificationSettings& settings) {
  return store_->SetSettings(account_id, settings);
}

std::string Notifications::Sign(int64_t account_id, const std::string& kind) const {
  const std::string signed_text = "unsubscribe\n" + std::to_string(account_id) + "\n" + kind;
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  crypto_auth_hmacsha256(mac, reinterpret_cast<const unsigned char*>(signed_text.data()), signed_text.size(),
                         reinterpret_cast<const unsigned char*>(key_.data()));
  return Hex(mac, sizeof mac);
}

std::string Notifications::UnsubscribeUrl(int64_t account_id, const std::string& kind) const {
  return options_.public_url + "/api/email/unsubscribe?account=" + std::to_string(account_id) + "&kind=" + kind +
         "&sig=" + Sign(account_id, kind);
}

Status Notifications::CheckUnsubscribe(int64_t account_id, const std::string& kind, const std::string& signature) const {
  if (kind != kYourTurn && kind != kInvitation) return Status::Error("kind: expected your_turn or invitation");
  const Status forged = Status::Coded(ErrorCode::kBadSignature, "unsubscribe link: altered or not made by this server");
  unsigned char mac[crypto_auth_hmacsha256_BYTES];
  size_t length = 0;
  if (signature.size() != 2 * sizeof mac ||
      sodium_hex2bin(mac, sizeof mac, signature.data(), signature.size(), nullptr, &length, nullptr) != 0 ||
      length != sizeof mac)
    return forged;
  const std::string signed_text = "unsubscribe\n" + std::to_string(account_id) + "\n" + kind;
  if (crypto_auth_hmacsha256_verify(mac, reinterpret_cast<const unsigned char*>(signed_text.data()), signed_text.size(),
                                    reinterpret_cast<const unsigned char*>(key_.data())) != 0)
    return forged;
  return Status::Ok();
}

Status Notifications::Unsubscribe(int64_t account_id, const std::string& kind, const std::string& signature) {
  if (Status valid = CheckUnsubscribe(account_id, kind, signature); !valid.ok()) return valid;
  auto settings = store_->SettingsOf(account_id);
  if (!settings.ok()) return settings.status();
  (kind == kYourTurn ? settings->email_your_turn : settings->email_invitations) = false;
  return store_->SetSettings(account_id, *settings);
}

std::string Notifications::GameUrl(const std::string& game_id) const { return options_.public_url + "/#/game/" + game_id; }

void Notifications::OnTurn(const std::string& game_id, int64_t account_id, int /*seat*/) {
  if (!outbox_.Post([this, game_id, account_id] { SendTurn(game_id, account_id); })) {
    server_metrics::Email(kYourTurn, "dropped");
    server_log::WriteSampled(server_log::Level::kWarning, "email_dropped",
                             "a 'your turn' email was dropped: too many emails waiting", {{"game", game_id}});
  }
}

std::optional<std::string> Notifications::AddressFor(int64_t account_id, const std::string& kind,
                                                    const std::string& event, const std::string& about) {
  auto fail = [&](const Status& s) {
    server_log::Write(server_log::Level::kWarning, "email_failed", event + " email not sent: " + s.message(),
                      {{"about", about}, server_log::Number("account", static_cast<double>(account_id))});
    return std::nullopt;
  };
  auto settings = store_->SettingsOf(account_id);
  if (!settings.ok()) return fail(settings.status());
  if (!(kind == kYourTurn ? settings->email_your_turn : settings->email_invitations)) return std::nullopt;
  auto address = store_->AddressOf(account_id);
  if (!address.ok()) return fail(address.status());
  if (!address->has_value() || !(*address)->verified()) return std::nullopt;
  return (*address)->address;
}

Result<bool> Notifications::Claim(const std::string& key, int64_t account_id, int64_t now) {
  const int64_t interval = options_.turn_interval.count();
  auto claimed = store_->ClaimTurnEmail(key, account_id, now, interval);
  if (claimed.ok() && *claimed && ++claims_ % 256 == 0)
    if (auto forgotten = store_->ForgetEmailsBefore(now - interval); !forgotten.ok())
      server_log::Write(server_log::Level::kWarning, "email_ledger", "old email times not forgotten: " + forgotten.message());
  return claimed;
}

void Notifications::SendTurn(const std::string& game_id, int64_t account_id) {
  auto fail = [&](const Status& s) {
    server_log::Write(server_log::Level::kWarning, "email_failed", "'your turn' email not sent: " + s.message(),
                      {{"game", game_id}, server_log::Number("account", static_cast<double>(account_id))});
  };
  const std::optional<std::string> to = AddressFor(account_id, kYourTurn, "'your turn'", game_id);
  if (!to) return;
  DescribeGame describe;
  {
    std::lock_guard lock(describe_mutex_);
    describe = describe_;
  }
  if (!describe) return;
  auto game = describe(game_id, account_id);
  if (!game.ok()) return fail(game.status());
  if (!game->your_turn) return;  // moved already, or over
  auto claimed = Claim(game_id, account_id, Now());
  if (!claimed.ok()) return fail(claimed.status());
  if (!*claimed) return;  // one was sent within the interval, by this instance or another
  const std::string title = GameTitle(game->game);
  const std::string against = game->opponents.empty() ? "" : " against " + Names(game->opponents);
  const std::string body =
      "It is your turn in " + title + against + ".\n\n"
      "Open the game: " + GameUrl(game_id) + "\n\n"
      "You get at most one such email per game every " + Minutes(options_.turn_interval) +
      ", and only for turn-based games.\n\n"
      "Stop these emails with one click: " + UnsubscribeUrl(account_id, kYourTurn) + "\n"
      "or change them in your account's settings: " + AccountUrl() + "\n";
  Deliver("your_turn", *to, "Your turn in " + title + against, body, UnsubscribeUrl(account_id, kYourTurn));
}

void Notifications::OnInvitation(const Invitation& invitation) {
  if (!outbox_.Post([this, invitation] { SendInvitation(invitation); })) {
    server_metrics::Email(kInvitation, "dropped");
    server_log::WriteSampled(server_log::Level::kWarning, "email_dropped",
                             "an invitation email was dropped: too many emails waiting", {{"table", invitation.table_id}});
  }
}

void Notifications::SendInvitation(const Invitation& invitation) {
  const int64_t account_id = invitation.account_id;
  const std::optional<std::string> to = AddressFor(account_id, kInvitation, "invitation", invitation.table_id);
  if (!to) return;
  const int64_t now = Now();
  if (invitation.expires_ms <= now) return;  // lapsed while queued
  // Shares the games' ledger: a table's id is never a game's.
  auto claimed = Claim(invitation.table_id, account_id, now);
  if (!claimed.ok()) {
    server_log::Write(server_log::Level::kWarning, "email_failed", "invitation email not sent: " + claimed.message(),
                      {{"table", invitation.table_id}});
    return;
  }
  if (!*claimed) return;
  const std::string title = GameTitle(invitation.game);
  const std::string from = invitation.from.empty() ? "Your last opponent" : invitation.from;
  const auto minutes_left = std::chrono::milliseconds(invitation.expires_ms - now);
  const std::string body =
      from + " offers you a rematch of " + title + ".\n\n"
      "Accept or decline it at the end of your last game: " + GameUrl(invitation.last_game_id) + "\n\n"
      "The offer stands for " + Minutes(std::chrono::ceil<std::chrono::minutes>(minutes_left)) + ".\n\n"
      "Stop invitation emails with one click: " + UnsubscribeUrl(account_id, kInvitation) + "\n"
      "or change them in your account's settings: " + AccountUrl() + "\n";
  Deliver("invitation", *to, from + " offers you a rematch of " + title, body, UnsubscribeUrl(account_id, kInvitation));
}

void Notifications::Deliver(const std::string& event, const std::string& to, const std::string& subject,
                            const std::string& body, const std::string& unsubscribe_url) {
  MailMessage message{options_.mail_from, to, subject, body, unsubscribe_url, Now()};
  auto text = Compose(message);
  Status sent = text.ok() ? sender_.Send(to, *text) : text.status();
  server_metrics::Email(event, sent.ok() ? "sent" : "failed");
  if (!sent.ok()) {
    server_log::Write(server_log::Level::kWarning, "email_failed", event + " email not sent: " + sent.message(),
                      {{"kind", event}});
    return;
  }
  server_log::Write(server_log::Level::kInfo, "email_sent", event + " email sent", {{"kind", event}});
}

}  // namespace souk::server::mail
