// For the bots' ratings tests: a list of ratings by bot name.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "rating/bot_ratings.h"

namespace souk::rating::testing {

inline std::map<std::string, BotRating> ByName(const std::vector<BotRating>& ratings) {
  std::map<std::string, BotRating> out;
  for (const BotRating& r : ratings) out[r.bot] = r;
  return out;
}

}  // namespace souk::rating::testing
