#include "terminal/screens.h"

#include <variant>

#include "core/overloaded.h"
#include "terminal/jaipur_screen.h"
#include "terminal/marrakech_screen.h"
#include "terminal/registered_screen.h"

namespace souk::terminal {

std::string Render(const AnyView& view, const std::vector<std::string>& names, const Style& style) {
  return std::visit(Overloaded{[&](const jaipur::View& v) { return RenderJaipur(v, names, style); },
                               [&](const marrakech::View& v) { return RenderMarrakech(v, names, style); },
                               [&](const RegisteredView& v) { return RenderRegistered(v, names, style); }},
                    view);
}

std::vector<std::string> Tell(const AnyView& before, const AnyView& after, const AnyEvent& event, int you,
                              const std::vector<std::string>& names, const Style& style, bool brief) {
  return std::visit(
      Overloaded{[](std::monostate) { return std::vector<std::string>(); },
                 [&](const jaipur::MoveEvent& e) {
                   const auto& view = std::get<jaipur::View>(before);
                   return TellJaipurMove(view, std::get<jaipur::View>(after), jaipur::ForViewer(e, view.viewer), you,
                                         names, style);
                 },
                 [&](const marrakech::MoveEvent& e) {
                   return TellMarrakechMove(std::get<marrakech::View>(before), std::get<marrakech::View>(after), e, you,
                                            names, style, brief);
                 },
                 [&](const RegisteredEvent& e) { return TellRegisteredMove(e, you, names); }},
      event);
}

}  // namespace souk::terminal
