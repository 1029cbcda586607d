#include "server/ratings/rating_store.h"

#include <exception>

namespace souk::server::ratings {

Result<std::vector<StoredRating>> RateInTransaction(const RateFn& rate, const std::vector<StoredRating>& before,
                                                    const std::string& game_id) {
  std::vector<StoredRating> after;
  try {
    after = rate(before);
  } catch (const std::exception& e) {
    return Status::Internal("rate game " + game_id + ": " + e.what());
  }
  if (after.size() != before.size()) return Status::Internal("rate game " + game_id + ": wrong count");
  return after;
}

}  // namespace souk::server::ratings
