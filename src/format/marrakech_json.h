// Marrakech states and views as JSON (format documented in docs/rules/marrakech.md).
#pragma once

#include "core/marrakech/marrakech.h"
#include "core/marrakech/marrakech_event.h"
#include "format/game.h"
#include "format/json.h"

namespace souk::marrakech {

Json StateToJson(const State& state);
Json ViewToJson(const View& view);
// A move's event (docs/protocol.md); nothing in it is hidden from anyone.
Json EventToJson(const MoveEvent& event);
// Loads and validates; the message names the path of the first problem.
Result<State> StateFromJson(const Json& json);
// Reads a seat's view as ViewToJson writes it; the message names the path of the
// first problem. Reads only: whether the view is one a game can reach is the caller's.
Result<View> ViewFromJson(const Json& json);

// The generic layers' questions about a view (format/game.h).
ViewFacts FactsOfView(const View& view);
std::vector<std::string> LegalMovesOfView(const View& view);

}  // namespace souk::marrakech
