#include "server/mail/mail_message.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <ctime>

#include "server/tokens.h"

namespace souk::server::mail {
namespace {

bool HasLineBreak(std::string_view value) { return value.find_first_of("\r\n") != std::string_view::npos; }

bool Ascii(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

std::string Base64(std::string_view in) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  size_t i = 0;
  for (; i + 2 < in.size(); i += 3) {
    const unsigned v = static_cast<unsigned char>(in[i]) << 16 | static_cast<unsigned char>(in[i + 1]) << 8 |
                       static_cast<unsigned char>(in[i + 2]);
    out += {kDigits[v >> 18], kDigits[(v >> 12) & 63], kDigits[(v >> 6) & 63], kDigits[v & 63]};
  }
  if (i + 1 == in.size()) {
    const unsigned v = static_cast<unsigned char>(in[i]) << 16;
    out += {kDigits[v >> 18], kDigits[(v >> 12) & 63], '=', '='};
  } else if (i + 2 == in.size()) {
    const unsigned v = static_cast<unsigned char>(in[i]) << 16 | static_cast<unsigned char>(in[i + 1]) << 8;
    out += {kDigits[v >> 18], kDigits[(v >> 12) & 63], kDigits[(v >> 6) & 63], '='};
  }
  return out;
}

// A subject as it may stand in a header: as is when ASCII, else RFC 2047 encoded
// words of whole UTF-8 characters, each line of the folded header under 78 bytes.
std::string EncodedSubject(std::string_view subject) {
  if (Ascii(subject)) return std::string(subject);
  std::string out;
  size_t start = 0;
  while (start < subject.size()) {
    size_t end = std::min(subject.size(), start + 36);  // 36 bytes: 48 in base 64, with the wrapper 60
    while (end < subject.size() && (static_cast<unsigned char>(subject[end]) & 0xC0) == 0x80) --end;
    if (!out.empty()) out += "\r\n ";
    out += "=?UTF-8?B?" + Base64(subject.substr(start, end - start)) + "?=";
    start = end;
  }
  return out;
}

bool LocalChar(char c) {
  if (c <= 0x20 || c >= 0x7f) return false;
  return std::string_view("\"(),:;<>@[\\]").find(c) == std::string_view::npos;
}

}  // namespace

Status ValidAddress(std::string_view address) {
  auto bad = [](const std::string& why) { return Status::Coded(ErrorCode::kBadEmail, "email: " + why); };
  if (address.empty()) return bad("empty");
  if (address.size() > 254) return bad("longer than 254 bytes");
  const size_t at = address.rfind('@');
  if (at == std::string_view::npos) return bad("expected NAME@DOMAIN");
  const std::string_view local = address.substr(0, at), domain = address.substr(at + 1);
  if (local.empty() || local.size() > 64) return bad("the part before @ is empty or longer than 64 bytes");
  if (!std::all_of(local.begin(), local.end(), LocalChar) || local.front() == '.' || local.back() == '.' ||
      local.find("..") != std::string_view::npos)
    return bad("the part before @ holds a character not accepted (spaces, quotes, brackets, commas...)");
  int labels = 0;
  for (size_t start = 0; start <= domain.size();) {
    size_t dot = domain.find('.', start);
    if (dot == std::string_view::npos) dot = domain.size();
    const std::string_view label = domain.substr(start, dot - start);
    if (label.empty() || label.size() > 63 || label.front() == '-' || label.back() == '-' ||
        !std::all_of(label.begin(), label.end(), [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-'; }))
      return bad("the domain is not of the form example.com");
    ++labels;
    start = dot + 1;
  }
  if (labels < 2) return bad("the domain is not of the form example.com");
  return Status::Ok();
}

std::string NormalAddress(std::string_view address) {
  std::string out(address);
  for (size_t i = out.rfind('@') == std::string::npos ? out.size() : out.rfind('@'); i < out.size(); ++i)
    out[i] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[i])));
  return out;
}

std::string MailDate(int64_t unix_ms) {
  const time_t seconds = static_cast<time_t>(unix_ms / 1000);
  tm utc{};
  gmtime_r(&seconds, &utc);
  static constexpr const char* kDays[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static constexpr const char* kMonths[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                            "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  char text[64];
  std::snprintf(text, sizeof text, "%s, %02d %s %04d %02d:%02d:%02d +0000", kDays[utc.tm_wday], utc.tm_mday,
                kMonths[utc.tm_mon], utc.tm_year + 1900, utc.tm_hour, utc.tm_min, utc.tm_sec);
  return text;
}

Result<std::string> Compose(const MailMessage& m) {
  for (std::string_view value : {std::string_view(m.from), std::string_view(m.to), std::string_view(m.subject),
                                 std::string_view(m.unsubscribe_url)})
    if (HasLineBreak(value)) return Status::Error("email: a header value holds a line break");
  if (Status s = ValidAddress(m.from); !s.ok()) return s.Prefixed("from: ");
  if (Status s = ValidAddress(m.to); !s.ok()) return s.Prefixed("to: ");
  if (m.unsubscribe_url.find_first_of("<> ") != std::string::npos)
    return Status::Error("email: the unsubscribe link holds a character a header cannot");
  const std::string domain = m.from.substr(m.from.rfind('@') + 1);
  std::string text;
  text += "From: Souk <" + m.from + ">\r\n";
  text += "To: <" + m.to + ">\r\n";
  text += "Subject: " + EncodedSubject(m.subject) + "\r\n";
  text += "Date: " + MailDate(m.date_ms) + "\r\n";
  text += "Message-ID: <" + NewSecret() + "@" + domain + ">\r\n";
  text += "MIME-Version: 1.0\r\n";
  text += "Content-Type: text/plain; charset=utf-8\r\n";
  text += "Content-Transfer-Encoding: 8bit\r\n";
  text += "Auto-Submitted: auto-generated\r\n";  // RFC 3834: no vacation replies
  if (!m.unsubscribe_url.empty()) {
    text += "List-Unsubscribe: <" + m.unsubscribe_url + ">\r\n";
    text += "List-Unsubscribe-Post: List-Unsubscribe=One-Click\r\n";
  }
  text += "\r\n";
  for (char c : m.body) {
    if (c == '\r') continue;
    if (c == '\n') text += "\r\n";
    else text += c;
  }
  if (text.size() < 2 || text.compare(text.size() - 2, 2, "\r\n") != 0) text += "\r\n";
  return text;
}

}  // namespace souk::server::mail
