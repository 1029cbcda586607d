// The terminal's side of the engine's messages (core/messages.h): a refusal told
// to the player who typed the move, in their language, with what would be legal,
// and the options' errors told to the person at the command line.
#pragma once

#include <string>
#include <string_view>

#include "core/any_view.h"
#include "core/status.h"
#include "format/game.h"
#include "terminal/style.h"

namespace souk::terminal {

// The engine's `refusal` of a move typed at the prompt, for the player
// whose view is `view`: seats numbered from 1 as on the screens, a near-miss
// action answered with "did you mean ...?", a Jaipur sale too small with what the
// player holds, the rest translated through the engine's catalogue.
std::string ExplainRefusal(std::string_view game, const AnyView& view, const Status& refusal, const Style& style);

// A verb of `game` close to `word` (one letter off, or its first letters), in the
// player's language; empty when none is.
// Whether `a` and `b` are one edit apart (a letter more, less, changed or two swapped).
bool OneEditApart(std::string_view a, std::string_view b);

std::string NearVerb(std::string_view game, std::string_view word, const Style& style);

// An error about the game's options (`message`, from the record or setup) told
// without the layers' words: "Marrakech is for 2 to 4 players".
std::string GameOptionsError(const GameOptions& options, const std::string& message, const Style& style);

}  // namespace souk::terminal
