#include "server/mail/smtp_sender.h"

#include <curl/curl.h>

#include <algorithm>
#include <cstring>
#include <mutex>

namespace souk::server::mail {
namespace {

// libcurl's global state, made once before the first handle (it is not thread-safe).
void InitCurl() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

struct Upload {
  const std::string* text;
  size_t sent = 0;
};

size_t ReadMessage(char* buffer, size_t size, size_t count, void* data) {
  auto* upload = static_cast<Upload*>(data);
  const size_t n = std::min(size * count, upload->text->size() - upload->sent);
  std::memcpy(buffer, upload->text->data() + upload->sent, n);
  upload->sent += n;
  return n;
}

}  // namespace

SmtpSender::SmtpSender(std::string url, std::string from, std::string ca_file)
    : url_(std::move(url)), from_(std::move(from)), ca_file_(std::move(ca_file)) {
  InitCurl();
}

Status SmtpSender::Send(const std::string& to, const std::string& message) const {
  CURL* curl = curl_easy_init();
  if (!curl) return Status::Unavailable("smtp: curl_easy_init failed");
  const std::string from = "<" + from_ + ">";
  curl_slist* recipients = curl_slist_append(nullptr, ("<" + to + ">").c_str());
  Upload upload{&message};
  curl_easy_setopt(curl, CURLOPT_URL, url_.c_str());
  curl_easy_setopt(curl, CURLOPT_MAIL_FROM, from.c_str());
  curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, recipients);
  curl_easy_setopt(curl, CURLOPT_READFUNCTION, ReadMessage);
  curl_easy_setopt(curl, CURLOPT_READDATA, &upload);
  curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
  // STARTTLS when the relay offers it; a relay on loopback or a private network may not.
  curl_easy_setopt(curl, CURLOPT_USE_SSL, static_cast<long>(CURLUSESSL_TRY));
  if (!ca_file_.empty()) curl_easy_setopt(curl, CURLOPT_CAINFO, ca_file_.c_str());
  curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, 10L);
  curl_easy_setopt(curl, CURLOPT_TIMEOUT, 60L);
  curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);  // no SIGALRM in a threaded server
  const CURLcode rc = curl_easy_perform(curl);
  long response = 0;
  curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response);
  curl_slist_free_all(recipients);
  curl_easy_cleanup(curl);
  if (rc == CURLE_OK) return Status::Ok();
  // curl's own words name the host and the reply code, not the recipient.
  std::string what = curl_easy_strerror(rc);
  if (response != 0) what += " (the relay answered " + std::to_string(response) + ")";
  return Status::Unavailable("smtp " + RedactedSmtpUrl(url_) + ": " + what);
}

std::string RedactedSmtpUrl(const std::string& url) {
  const size_t scheme = url.find("://");
  const size_t start = scheme == std::string::npos ? 0 : scheme + 3;
  const size_t at = url.find('@', start);
  const size_t slash = url.find('/', start);
  if (at == std::string::npos || (slash != std::string::npos && at > slash)) return url;
  return url.substr(0, start) + "***@" + url.substr(at + 1);
}

}  // namespace souk::server::mail
