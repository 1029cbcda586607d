#include "server/lang.h"

#include <cassert>
#include <optional>

#include "core/text.h"

namespace souk::server {
namespace {

// An RFC 9110 qvalue in thousandths ("1", "0.8", "0.125"); nothing when malformed.
std::optional<int> QValue(std::string_view text) {
  if (text.empty() || (text[0] != '0' && text[0] != '1')) return std::nullopt;
  int q = (text[0] - '0') * 1000;
  if (text.size() == 1) return q;
  if (text[1] != '.' || text.size() > 5) return std::nullopt;
  int scale = 100;
  for (char c : text.substr(2)) {
    if (c < '0' || c > '9') return std::nullopt;
    q += (c - '0') * scale;
    scale /= 10;
  }
  return q <= 1000 ? std::optional<int>(q) : std::nullopt;
}

}  // namespace

Lang LangOfAcceptLanguage(std::string_view header) {
  Lang best = Lang::kEn;
  int best_q = 0;
  while (!header.empty()) {
    size_t comma = header.find(',');
    std::string_view item = header.substr(0, comma);
    header.remove_prefix(comma == std::string_view::npos ? header.size() : comma + 1);
    size_t semicolon = item.find(';');
    std::string_view range = Trim(item.substr(0, semicolon));
    int q = 1000;
    if (semicolon != std::string_view::npos) {
      std::string_view param = Trim(item.substr(semicolon + 1));
      if (param.size() < 2 || (param[0] | 0x20) != 'q' || param[1] != '=') continue;
      auto parsed = QValue(Trim(param.substr(2)));
      if (!parsed) continue;
      q = *parsed;
    }
    auto lang = ParseLang(range.substr(0, range.find('-')));
    if (lang && q > best_q) {
      best = *lang;
      best_q = q;
    }
  }
  return best;
}

Result<Lang> LangOfHello(const Json& hello) {
  auto it = hello.find("lang");
  if (it == hello.end() || it->is_null()) return Lang::kEn;
  std::optional<Lang> lang = it->is_string() ? ParseLang(it->get<std::string>()) : std::nullopt;
  if (!lang) return Status::Error("hello: lang: expected \"en\" or \"fr\"");
  return *lang;
}

Json ErrorBody(const Status& error, Lang lang) {
  assert(!error.ok());
  return Json{{"error", StatusText(error, lang)}, {"code", std::string(ErrorCodeName(error.error_code()))}};
}

}  // namespace souk::server
