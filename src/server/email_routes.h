// The email notifications' HTTP routes (docs/protocol.md, "Email notifications";
// docs/notifications.md): the signed-in account's address and settings under
// /api/me/, and the links an email holds under /api/email/ (verify, unsubscribe),
// which need no session. Run on the accounts' workers, as the account routes are
// (account_routes.cc hands them over). Internal to src/server.
#pragma once

#include <string_view>

#include "format/json.h"
#include "server/game_service.h"
#include "server/mail/notifications.h"
#include "server/server_shared.h"
#include "server/session_cookie.h"

namespace souk::server {

// /api/me/email, /api/me/notifications, and /api/email/ and below.
bool IsEmailRoute(std::string_view path);

// The answer, errors included (JSON with their code; the pages a link opens in HTML).
Response AnswerEmailRoute(Shared& shared, const Request& req, const Caller& caller);

// GET /api/me's "email": {"address", "verified"} for the account itself, null without
// one (or on a server without email).
Json OwnEmailJson(Shared& shared, int64_t account_id);

// What a "your turn" email says of a game, read from the game service (its summary
// for the account: the game, the other seats' names, whether it is still its turn).
mail::DescribeGame DescribeGamesOf(GameService& games);

}  // namespace souk::server
