// What happened in one move, for clients to tell in words: who did what, the
// tokens a sale took, a round's scoring, the die, Assam's walk, tribute, ruin.
#pragma once

#include <string>

#include "format/json.h"

namespace souk::server {

// From the full states just before and after `move` by `seat` (-1: chance). The
// event is public; `*private_part` gets what only `seat` may know (a Jaipur bonus
// token's value), or null.
Json DescribeMove(const Json& before, const Json& after, const std::string& move, int seat, Json* private_part);

}  // namespace souk::server
