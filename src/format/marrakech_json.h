// Marrakech states and views as JSON (format documented in docs/rules/marrakech.md).
#pragma once

#include "core/marrakech/marrakech.h"
#include "format/json.h"

namespace souk::marrakech {

Json StateToJson(const State& state);
Json ViewToJson(const View& view);
// Loads and validates; the message names the path of the first problem.
Result<State> StateFromJson(const Json& json);

}  // namespace souk::marrakech
