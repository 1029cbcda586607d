#include "server/review_routes.h"

#include "server/http_routes.h"
#include "server/reviews/review_service.h"
#include "server/route_helpers.h"

namespace souk::server {

Response ReviewRoute(Shared& shared, const Request& req, const Caller& caller, const std::string& game_id) {
  if (shared.options.reviews == nullptr) Throw(Status::NotFound("no reviews on this server"));
  if (auto refused = shared.limiters.Take(Rate::kRead, caller.client))
    throw ApiError{Status::Coded(ErrorCode::kRateLimited, refused->message), refused->retry_after};
  std::chrono::milliseconds wait{0};
  auto answer = shared.options.reviews->Review(game_id, caller.client, &wait);
  if (!answer.ok()) throw ApiError{answer.status().Prefixed("review: "), wait};
  const bool ready = (*answer)["state"] == "ready";
  return JsonResponse(req, ready ? http::status::ok : http::status::accepted, *answer);
}

}  // namespace souk::server
