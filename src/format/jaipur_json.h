// Jaipur states and views as JSON (format documented in docs/formats.md).
#pragma once

#include "core/jaipur/jaipur.h"
#include "core/jaipur/jaipur_event.h"
#include "format/game.h"
#include "format/json.h"

namespace souk::jaipur {

Json StateToJson(const State& state);
Json ViewToJson(const View& view);
// What anyone may know from the two seats' views: each seat as the other sees it (no
// hand, no bonus value), "viewer" null.
Json SpectatorViewJson(const std::array<View, kNumPlayers>& seats);
// A move's event as `viewer` (-1: a spectator) may know it (docs/protocol.md).
Json EventToJson(const MoveEvent& event, int viewer);
// Loads and validates; the message names the path of the first problem.
Result<State> StateFromJson(const Json& json);
// Reads a seat's view as ViewToJson writes it; the message names the path of the
// first problem. Reads only: whether the view is one a game can reach is the caller's.
Result<View> ViewFromJson(const Json& json);

// The generic layers' questions about a view (format/game.h).
ViewFacts FactsOfView(const View& view);
std::vector<std::string> LegalMovesOfView(const View& view);

}  // namespace souk::jaipur
