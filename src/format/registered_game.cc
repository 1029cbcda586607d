#include "format/registered_game.h"

namespace souk {

ViewFacts FactsOfView(const RegisteredView& view) {
  ViewFacts facts;
  facts.game.game = view.game;
  facts.game.players = view.players;
  facts.game.variant = view.variant;
  facts.viewer = view.viewer;
  facts.to_move = view.to_move;
  facts.chance = view.chance;
  facts.over = view.over;
  return facts;
}

Json ViewToJson(const RegisteredView& view) {
  // Made by the game's own ViewJson: it parses.
  return Json::parse(view.json);
}

std::vector<std::string> LegalMovesOfView(const RegisteredView& view) { return view.legal_moves; }

RegisteredView MakeRegisteredView(const GameState& state, int player, std::string_view variant) {
  RegisteredView view;
  view.game = std::string(state.game());
  view.players = state.num_players();
  view.variant = std::string(variant);
  view.viewer = player;
  view.over = state.is_over();
  view.chance = !view.over && state.current_player() == GameState::kChance;
  view.to_move = view.chance ? -1 : state.current_player();
  if (!view.over && view.to_move == player) view.legal_moves = state.LegalMoves();
  view.json = state.ViewJson(player).dump();
  return view;
}

AnyEvent MakeRegisteredEvent(const GameState& state) {
  Json spectator = state.LastEventJson(GameState::kSpectator);
  if (spectator.is_null()) return std::monostate{};
  RegisteredEvent event;
  event.json_for_viewer.push_back(spectator.dump());
  for (int seat = 0; seat < state.num_players(); ++seat) event.json_for_viewer.push_back(state.LastEventJson(seat).dump());
  return event;
}

}  // namespace souk
