// Sends an email through the operator's SMTP relay (`souk serve --smtp`) with
// libcurl: STARTTLS whenever the relay offers it (smtps:// for TLS from the start),
// the relay's user and password in the URL if it wants them. Blocks for as long as
// the relay takes (bounded): call it from the mail's own thread only (mail_outbox.h).
#pragma once

#include <string>

#include "core/status.h"

namespace souk::server::mail {

class SmtpSender {
 public:
  // `url`: smtp://HOST[:PORT] or smtps://..., with USER:PASSWORD@ before HOST if the
  // relay asks; `from`: the envelope's sender; `ca_file`: the certificates the relay's
  // is checked against (PEM), empty for the system's.
  SmtpSender(std::string url, std::string from, std::string ca_file = "");
  // Delivers `message` (Compose's text) to `to`. An error names what failed (curl's
  // words, the relay's refusal), never the address nor the URL's password.
  Status Send(const std::string& to, const std::string& message) const;

 private:
  std::string url_, from_, ca_file_;
};

// The URL as it may be logged: its user and password taken out.
std::string RedactedSmtpUrl(const std::string& url);

}  // namespace souk::server::mail
