// What a player's name may hold (docs/protocol.md, "Names"): names are shown to
// strangers, so no markup, no control or formatting character (a right-to-left
// override would turn the text around it), nothing invisible.
#pragma once

#include <string>

#include "core/status.h"

namespace souk::server {

inline constexpr int kMaxNameLength = 24;  // characters (code points)

// The name with its leading and trailing spaces removed, if it is valid UTF-8 of at
// most kMaxNameLength letters (any script), decimal digits, combining marks after a
// letter or digit (three in a row at most), single spaces between words, and - _ . '
// and ’; empty is no name. Otherwise an invalid-argument error naming what is wrong,
// prefixed with `field` ("name: ...").
Result<std::string> CheckName(const std::string& name, const std::string& field);

}  // namespace souk::server
