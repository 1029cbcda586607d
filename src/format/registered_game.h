// The format layer's side of a game registered at run time (core/registered_game.h):
// its views and events made from its GameState, and what the generic layers ask of
// such a view (FactsOf, ViewJson and LegalMoveTexts in game.h reach these by visit).
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "core/registered_game.h"
#include "format/game.h"

namespace souk {

ViewFacts FactsOfView(const RegisteredView& view);
Json ViewToJson(const RegisteredView& view);
std::vector<std::string> LegalMovesOfView(const RegisteredView& view);

// What `player` may know of `state`, as a registered game's GameState::PlayerView
// returns it; `variant` is the state's ("" for the default).
RegisteredView MakeRegisteredView(const GameState& state, int player, std::string_view variant);
// The event of the last move `state` applied, for a spectator and each seat
// (GameState::LastEventJson); monostate before any move.
AnyEvent MakeRegisteredEvent(const GameState& state);

}  // namespace souk
