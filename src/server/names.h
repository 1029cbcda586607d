// What a player's name may hold (docs/protocol.md, "Names"): names are shown to
// strangers, so no markup, no control or formatting character (a right-to-left
// override would turn the text around it), nothing invisible.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/status.h"

namespace souk::server {

inline constexpr int kMaxNameLength = 24;  // characters (code points)

// The name with its leading and trailing spaces removed, if it is valid UTF-8 of at
// most kMaxNameLength letters (any script), decimal digits, combining marks after a
// letter or digit (three in a row at most), single spaces between words, and - _ . '
// and ’; empty is no name. Otherwise an invalid-argument error naming what is wrong,
// prefixed with `field` ("name: ...").
Result<std::string> CheckName(const std::string& name, const std::string& field);

// A short name for a bot seat that was given none, so that the log reads "You pay 2
// dirhams to Karim", not "to Medium bot 3": a merchant's name, the same in every
// language, none of `taken` (compared without case). `pick` (a random number drawn
// per game) chooses where in the list to start, so that games differ.
std::string BotName(const std::vector<std::string>& taken, uint64_t pick);

}  // namespace souk::server
