#include "server/accounts/credentials.h"

#include <sodium.h>

#include <array>
#include <mutex>

namespace souk::server::accounts {

PasswordCost PasswordCost::Interactive() {
  return {crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE};
}

PasswordCost PasswordCost::Minimum() { return {crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN}; }

Status InitSodium() {
  static std::once_flag once;
  static bool ok = false;
  std::call_once(once, [] { ok = sodium_init() >= 0; });
  return ok ? Status::Ok() : Status::Internal("libsodium cannot start");
}

Result<std::string> HashPassword(std::string_view password, const PasswordCost& cost) {
  if (Status s = InitSodium(); !s.ok()) return s;
  std::array<char, crypto_pwhash_STRBYTES> out{};
  if (crypto_pwhash_str(out.data(), password.data(), password.size(), cost.ops, cost.mem) != 0)
    return Status::Unavailable("the password could not be hashed (out of memory)");
  return std::string(out.data());
}

bool VerifyPassword(const std::string& hash, std::string_view password) {
  if (!InitSodium().ok() || hash.empty()) return false;
  return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

bool NeedsRehash(const std::string& hash, const PasswordCost& cost) {
  return crypto_pwhash_str_needs_rehash(hash.c_str(), cost.ops, cost.mem) != 0;
}

std::string NewSessionId() {
  (void)InitSodium();
  std::array<unsigned char, 32> bytes{};
  randombytes_buf(bytes.data(), bytes.size());
  static constexpr char kHex[] = "0123456789abcdef";
  std::string id;
  id.reserve(64);
  for (unsigned char b : bytes) {
    id += kHex[b >> 4];
    id += kHex[b & 15];
  }
  sodium_memzero(bytes.data(), bytes.size());
  return id;
}

namespace {

// The server's words and its bots' names and levels (src/ai/bot_spec.cc), which a
// player must not pass for.
constexpr std::string_view kReserved[] = {
    "admin",  "administrator", "root",   "system", "souk", "deleted", "guest", "anonymous", "moderator",
    "support", "server",       "human",  "bot",    "engine", "random", "greedy", "mcts",    "easy",
    "medium",  "hard",         "me",     "null",   "undefined"};

bool Letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

}  // namespace

std::string NameKey(std::string_view name) {
  std::string key(name);
  for (char& c : key)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return key;
}

Status CheckAccountName(std::string_view name) {
  // The name is never quoted back: it may be anything a client sent.
  const Status bad = Status::Coded(ErrorCode::kBadName,
                                   "name: 3 to 24 ASCII letters, digits, '_' and '-', starting with a letter");
  if (name.size() < kMinNameLength || name.size() > kMaxNameLength || !Letter(name[0])) return bad;
  for (char c : name)
    if (!Letter(c) && !(c >= '0' && c <= '9') && c != '_' && c != '-') return bad;
  const std::string key = NameKey(name);
  for (std::string_view reserved : kReserved)
    if (key == reserved) return Status::Coded(ErrorCode::kNameReserved, "name: reserved; choose another");
  return Status::Ok();
}

Status CheckPassword(std::string_view password) {
  if (password.size() < kMinPasswordBytes || password.size() > kMaxPasswordBytes)
    return Status::Coded(ErrorCode::kBadPassword, "password: 8 to 1024 bytes");
  return Status::Ok();
}

}  // namespace souk::server::accounts
