// What the GameState adapters of every game share: each game's format file wraps
// its engine's State (fixed-size, typed moves) in a GameState (moves as text,
// states as JSON) with these helpers.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/any_view.h"
#include "core/prng.h"
#include "core/status.h"
#include "format/json.h"

namespace souk {

// The legal moves as canonical text, sorted by byte value, each once.
template <typename MoveList, typename State>
std::vector<std::string> SortedMoveTexts(const State& state) {
  MoveList moves;
  state.LegalMoves(&moves);
  std::vector<std::string> texts;
  texts.reserve(static_cast<size_t>(moves.size()));
  for (const auto& m : moves) texts.push_back(ToString(m));
  std::sort(texts.begin(), texts.end());
  texts.erase(std::unique(texts.begin(), texts.end()), texts.end());
  return texts;
}

// Parses, checks and plays `text` with the game's PlayMove, keeping what the move
// did in `event`; on error `state` and `event` are unchanged.
template <typename State, typename Event, typename Parse>
Status ParseCheckPlay(State& state, std::string_view text, Parse parse, std::optional<Event>* event) {
  auto move = parse(text);
  if (!move.ok()) return move.status();
  Status legal = state.CheckMove(*move);
  if (!legal.ok()) return legal;
  *event = PlayMove(state, *move);
  return Status::Ok();
}

// Runs a loader that throws json_in::JsonError, then the state's Validate(); every
// message starts with "state: " and names the path of the problem.
template <typename State, typename Load>
Result<State> LoadValidated(const Json& json, Load load) {
  State state;
  try {
    state = load(json);
  } catch (const json_in::JsonError& e) {
    return Status::Error(std::string("state: ") + e.what());
  }
  Status valid = state.Validate();
  if (!valid.ok()) return Status::Error("state: " + valid.message());
  return state;
}

// Where `given` disagrees with `printed`, what `souk view` prints for the view read
// from it, as "PATH: what"; "" when it agrees (game.cc).
std::string ViewDisagreement(const Json& printed, const Json& given, const std::string& path);

// Reads a view with the game's reader, checks it against what `souk view` prints for
// it (the keys it derives included), then that a game reaches it: the unseen dealt
// at random must make a valid state that shows that very view. Every message
// starts with "view: ".
template <typename State, typename View>
Result<AnyView> LoadReachableView(const Json& json, Result<View> (*read)(const Json&), Json (*write)(const View&)) {
  Result<View> view = read(json);
  if (!view.ok()) return view.status();
  if (std::string disagreement = ViewDisagreement(write(*view), json, ""); !disagreement.empty())
    return Status::Error("view: " + disagreement);
  Prng prng(0x5eed);
  State state = State::FromView(*view, prng);
  if (Status valid = state.Validate(); !valid.ok()) return Status::Error("view: no game reaches it: " + valid.message());
  if (!(state.ViewFor(view->viewer) == *view)) return Status::Error("view: no game reaches it");
  return AnyView(*view);
}

}  // namespace souk
