// Where finished games' reviews are kept (docs/review.md): computed once, read by
// everyone after. In the games' database (the table `reviews` the game store's schema
// migration adds), on SQLite or PostgreSQL, so that every instance sharing a database
// serves the review any of them computed.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/status.h"

namespace souk::server::reviews {

class ReviewStore {
 public:
  virtual ~ReviewStore() = default;
  // The review of the game computed with the options `key` names, as JSON text.
  virtual Result<std::optional<std::string>> Get(const std::string& game_id, const std::string& key) = 0;
  // Keeps it; a review already there (another instance's, identical) stays.
  virtual Status Put(const std::string& game_id, const std::string& key, const std::string& review, int64_t now_ms) = 0;
};

// The store of `db` (a SQLite file or a PostgreSQL URI, as OpenStore takes it), whose
// schema OpenStore has brought up to date: open the game store first.
Result<std::unique_ptr<ReviewStore>> OpenReviewStore(const std::string& db);

}  // namespace souk::server::reviews
