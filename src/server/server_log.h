// What `souk serve` writes to its operator, one line per event (docs/operations.md,
// "Logs"): each event has a stable name (`engine_failed`, `request_refused`...), a
// level and fields. `--log-format text` (the default) writes warnings and errors as
// "souk serve: MESSAGE" lines; `--log-format json` writes every event, info included,
// as one JSON object a line: time, level, instance, event, message, then the event's
// fields (game, client, route, status, latency_ms...).
//
// Never a secret in a field or a message: no seat token, invite code, password,
// session id or e-mail address (tests/log_secrets_test.py greps a whole session's
// logs for the secrets it used). Thread-safe: a line is written whole.
#pragma once

#include <chrono>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>

namespace souk::server::server_log {

enum class Level { kInfo, kWarning, kError };
enum class Format { kText, kJson };

struct Field {
  std::string_view key;
  std::string value;
  bool number = false;  // written without quotes in JSON (a count, a latency)
};
Field Number(std::string_view key, double value);

// Once, before the server starts: the format and the instance's name (host:pid).
void Configure(Format format, std::string instance);
// The format's name, or an error message for another ("text" or "json").
bool ParseFormat(std::string_view text, Format* format);

void Write(Level level, std::string_view event, std::string_view message, std::initializer_list<Field> fields = {});
// As Write, for events a client can cause at will (a refused request): at most 20 a
// second on average (bursts of 100); the lines left out are counted in the next
// line written, as its field "suppressed", so that a flood cannot fill the disk.
void WriteSampled(Level level, std::string_view event, std::string_view message,
                  std::initializer_list<Field> fields = {});

// Tests: every line goes to `sink` instead of stderr (empty: stderr again); the
// sampling's clock is `now` (empty: the steady clock again).
void SetSinkForTesting(std::function<void(const std::string& line)> sink);
void SetClockForTesting(std::function<std::chrono::steady_clock::time_point()> now);

}  // namespace souk::server::server_log
