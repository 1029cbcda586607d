// The secrets of accounts: passwords hashed with Argon2id (libsodium's
// crypto_pwhash_str), session ids from libsodium's random source, and the rules of
// names and passwords (docs/accounts.md). No secret here is ever logged or put in
// an error message.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "core/status.h"

namespace souk::server::accounts {

// libsodium's Argon2id cost: passes over memory and the memory itself.
struct PasswordCost {
  unsigned long long ops = 0;
  size_t mem = 0;
  // What the server uses: crypto_pwhash_OPSLIMIT/MEMLIMIT_INTERACTIVE, 64 MiB
  // (docs/performance.md, "Log-in: the password hash's cost").
  static PasswordCost Interactive();
  // The least libsodium allows: for tests only, where a hash must cost nothing.
  static PasswordCost Minimum();
};

// Initialises libsodium once per process (thread-safe); an error if it cannot.
Status InitSodium();

// The Argon2id string of `password` ($argon2id$v=19$m=...), salted at random.
Result<std::string> HashPassword(std::string_view password, const PasswordCost& cost);
// Whether `password` matches `hash`, in time that does not depend on where they differ.
bool VerifyPassword(const std::string& hash, std::string_view password);
// Whether `hash` was made with another cost than `cost` (then rehashed on log-in).
bool NeedsRehash(const std::string& hash, const PasswordCost& cost);

// A new session id: 32 random bytes as 64 lower-case hex digits (the cookie's value).
std::string NewSessionId();

inline constexpr size_t kMinNameLength = 3;
inline constexpr size_t kMaxNameLength = 24;
inline constexpr size_t kMinPasswordBytes = 8;
inline constexpr size_t kMaxPasswordBytes = 1024;

// An account name: 3 to 24 ASCII letters, digits, '_' and '-', starting with a
// letter (bad_name), and none of the reserved names, case ignored (name_reserved).
Status CheckAccountName(std::string_view name);
// The key that makes names unique ignoring case: the name lower-cased.
std::string NameKey(std::string_view name);
// 8 to 1024 bytes, anything in them (bad_password).
Status CheckPassword(std::string_view password);

}  // namespace souk::server::accounts
