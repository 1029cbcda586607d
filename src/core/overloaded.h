// One lambda per alternative of a variant, for std::visit: a visit with no generic
// lambda has no default branch, so a game added to AnyView or AnyEvent and not
// handled there fails to compile instead of taking another game's branch.
#pragma once

namespace souk {

template <typename... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};
template <typename... Fs>
Overloaded(Fs...) -> Overloaded<Fs...>;

}  // namespace souk
