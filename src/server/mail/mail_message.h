// An email as RFC 5322 text (headers, a blank line, a UTF-8 plain-text body), and the
// addresses this server accepts. A header value holding CR or LF is refused, so that
// no value (a player's name in a subject) can add a header or end the headers.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "core/status.h"

namespace souk::server::mail {

struct MailMessage {
  std::string from;      // an address (ValidAddress's form)
  std::string to;
  std::string subject;   // UTF-8; encoded (RFC 2047) when not plain ASCII
  std::string body;      // UTF-8 text, lines ended by \n (sent as CRLF)
  // RFC 2369 and RFC 8058: the one-click unsubscribe link; empty: none (a verification).
  std::string unsubscribe_url;
  int64_t date_ms = 0;   // Unix ms, for the Date header
};

// The message's text, CRLF line ends, with Date, Message-ID (random, at `from`'s
// domain) and MIME headers; an error if a value holds CR or LF or an address is bad.
Result<std::string> Compose(const MailMessage& message);

// Whether `address` is one this server mails: LOCAL@DOMAIN, 254 bytes at most, a
// local part of printable ASCII without spaces, quotes, brackets, commas or
// semicolons (64 at most), a domain of letters, digits and hyphens in dot-separated
// labels, at least two. bad_email otherwise, the message saying why without the address.
Status ValidAddress(std::string_view address);
// `address` with its domain lower-cased (the local part is the mailbox's own business).
std::string NormalAddress(std::string_view address);

// RFC 5322's date: "Sun, 29 Nov 2026 09:20:00 +0000".
std::string MailDate(int64_t unix_ms);

}  // namespace souk::server::mail
