// What the GameState adapters of every game share: each game's format file wraps
// its engine's State (fixed-size, typed moves) in a GameState (moves as text,
// states as JSON) with these helpers.
#pragma once

#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

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

}  // namespace souk
