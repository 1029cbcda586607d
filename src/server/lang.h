// The language a client reads: the engine's refusals reach it in that language.
// One place for the server's choice and for the body of an error, applied by
// http_routes.cc and ws_session.cc where an error is written for a client (docs/protocol.md, "Languages").
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

// The body of an error for a client: {"error": the message in `lang` (an engine
// message translated from its id and arguments; any other text as it is), "code":
// its stable code (docs/protocol.md, "Error codes")}.
Json ErrorBody(const Status& error, Lang lang);

}  // namespace souk::server
