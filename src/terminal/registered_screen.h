// The screen of a game with no screen of its own (a game registered at run time,
// core/registered_game.h): its view and its events in plain words, from their JSON,
// a line per key. Nothing of the game's rules is known here.
#pragma once

#include <string>
#include <vector>

#include "core/registered_game.h"
#include "terminal/style.h"

namespace souk::terminal {

std::string RenderRegistered(const RegisteredView& view, const std::vector<std::string>& names, const Style& style);
// The event as `you` may know it (-1: a spectator), on one line: "Bob: bet".
std::vector<std::string> TellRegisteredMove(const RegisteredEvent& event, int you, const std::vector<std::string>& names);

}  // namespace souk::terminal
