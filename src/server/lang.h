// The language a client reads: the engine's refusals reach it in that language.
// One place for the server's choice, applied by http_routes.cc and ws_session.cc
// where an error is written for a client (docs/protocol.md, "Languages").
#pragma once

#include <string_view>

#include "core/messages.h"
#include "core/status.h"
#include "format/json.h"

namespace souk::server {

// From an HTTP Accept-Language header: French or English, whichever the client
// prefers (the higher q, the first listed on a tie; "fr-CA" is French); English
// when it names neither.
Lang LangOfAcceptLanguage(std::string_view header);

// From a WebSocket hello: its optional "lang", "en" or "fr"; English without one.
Result<Lang> LangOfHello(const Json& hello);

// `body` with its "error" text, when it has one, in `lang` (an engine message is
// translated; any other text is left as it is).
Json WithErrorIn(Json body, Lang lang);

}  // namespace souk::server
