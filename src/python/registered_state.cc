#include "python/registered_state.h"

#include <algorithm>
#include <mutex>

#include "core/text.h"

namespace souk::python {

std::string Joined(std::initializer_list<std::string_view> parts) {
  std::string text;
  for (std::string_view part : parts) text.append(part);
  return text;
}

Result<const ActionIds*> ActionIds::Of(const GameType* type) {
  // Made with the GIL held or not (a record replayed, a pickle read): one lock.
  static std::mutex mutex;
  static std::map<const GameType*, std::unique_ptr<ActionIds>> made;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto found = made.find(type); found != made.end()) return found->second.get();
  const ActionCodec* codec = ActionCodecOf(type);
  const std::string name(type->name);
  if (!codec || codec->moves.empty())
    return Status::Error(Joined({"game '", name, "' has no action ids (its module declares no ActionCodec): ",
                                 "the Python module cannot play it"}));
  std::unique_ptr<ActionIds> ids(new ActionIds(type, codec));
  for (size_t i = 0; i < codec->moves.size(); ++i) {
    const std::string text(codec->moves[i]);
    if (text.empty() || !ids->ids_.emplace(text, static_cast<int>(i)).second)
      return Status::Internal(Joined({"game '", name, "': its ActionCodec repeats the move '", text, "' or has an empty one"}));
  }
  return made.emplace(type, std::move(ids)).first->second.get();
}

Status RegisteredState::CheckMove(std::string_view text) const {
  const std::vector<std::string> legal = game_->LegalMoves();
  if (std::find(legal.begin(), legal.end(), text) != legal.end()) return Status::Ok();
  // The game's own reason, from a copy.
  const Status applied = game_->Clone()->Apply(text);
  if (!applied.ok()) return applied;
  return Status::Illegal(Joined({"illegal move ", Quoted(text), ": not one of the legal moves now"}));
}

void RegisteredState::ApplyMove(std::string_view text) {
  const Status applied = game_->Apply(text);
  if (!applied.ok()) throw EngineBug(Joined({"game '", type()->name, "' refused a checked move: ", applied.message()}));
}

int RegisteredState::LegalIds(int32_t* out, int capacity) const {
  const std::vector<std::string> legal = game_->LegalMoves();
  const std::string name(type()->name);
  if (static_cast<int>(legal.size()) > capacity)
    throw EngineBug(Joined({"game '", name, "' has ", std::to_string(legal.size()), " legal moves, more than the ",
                            std::to_string(capacity), " the module takes"}));
  int n = 0;
  for (const std::string& text : legal) {
    const int id = ids_->IdOf(text);
    if (id < 0) throw EngineBug(Joined({"game '", name, "': the legal move '", text, "' has no action id"}));
    out[n++] = id;
  }
  return n;
}

Result<int> RegisteredState::IdOf(std::string_view text) const {
  if (const int id = ids_->IdOf(text); id >= 0) return id;
  // Not canonical: what the game's parser makes of it, played on a copy and matched
  // with the legal move that leads to the same state.
  std::unique_ptr<GameState> played = game_->Clone();
  if (Status applied = played->Apply(text); !applied.ok()) return applied;
  const Json after = played->ToJson();
  for (const std::string& legal : game_->LegalMoves()) {
    std::unique_ptr<GameState> other = game_->Clone();
    if (other->Apply(legal).ok() && other->ToJson() == after) {
      const int id = ids_->IdOf(legal);
      if (id < 0) throw EngineBug(Joined({"game '", type()->name, "': the legal move '", legal, "' has no action id"}));
      return id;
    }
  }
  return Status::Error(Joined({"'", text, "' is read by game '", type()->name, "' as no legal move's canonical text"}));
}

int RegisteredState::SampleChance() const {
  if (game_->is_over() || game_->current_player() != GameState::kChance) return -1;
  const std::string drawn = game_->SampleChance();
  if (drawn.empty()) return -1;
  const int id = ids_->IdOf(drawn);
  if (id < 0) throw EngineBug(Joined({"game '", type()->name, "': the chance outcome '", drawn, "' has no action id"}));
  return id;
}

bool RegisteredState::operator==(const RegisteredState& other) const {
  if (!game_ || !other.game_) return game_ == other.game_;
  return type() == other.type() && variant_ == other.variant_ && game_->ToJson() == other.game_->ToJson();
}

Result<RegisteredState> RegisteredStateFromJson(const Json& json) {
  auto game = LoadState(json);
  if (!game.ok()) return game.status();
  const GameType* type = FindGameType((*game)->game());
  if (!type) return Status::Internal("a loaded state of an unknown game");
  auto ids = ActionIds::Of(type);
  if (!ids.ok()) return ids.status();
  std::string variant = FactsOf((*game)->PlayerView(0)).game.variant;
  return RegisteredState(*ids, std::move(*game), std::move(variant));
}

}  // namespace souk::python
