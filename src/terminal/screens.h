// Any game's table and moves told in the terminal, whatever the game: each game's
// screen reached by visiting its view and event (jaipur_screen.h, marrakech_screen.h,
// registered_screen.h). `souk play`, `souk watch` and `souk learn` draw with these.
#pragma once

#include <string>
#include <vector>

#include "core/any_event.h"
#include "core/any_view.h"
#include "terminal/style.h"

namespace souk::terminal {

// The table as `view`'s viewer sees it; `names` one per seat.
std::string Render(const AnyView& view, const std::vector<std::string>& names, const Style& style);

// The engine's event told from the side of the viewer of `before` and `after` (views
// of the event's game: the event says which).
// `brief`: in short where the game has a short form (a whole turn on one line).
std::vector<std::string> Tell(const AnyView& before, const AnyView& after, const AnyEvent& event, int you,
                              const std::vector<std::string>& names, const Style& style, bool brief);

}  // namespace souk::terminal
