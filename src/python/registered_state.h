// A game of the registry with no Ops of its own in engine.h (the tests' Kuhn poker, or
// any game linked in beside Souk's two): played through its GameState (format/game.h),
// moves as text, each move's id from the ActionCodec of its module
// (format/game_modules.h). Slower than a game's own Ops (every move is a string and a
// virtual call), but it needs nothing of the game in src/python.
#pragma once

#include <initializer_list>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

#include "core/any_view.h"
#include "core/game_type.h"
#include "core/status.h"
#include "format/game.h"
#include "format/game_modules.h"

namespace souk::python {

// The parts one after the other (appended: g++ 12 warns, falsely, with -Wrestrict on a
// chain of + that starts with a literal).
std::string Joined(std::initializer_list<std::string_view> parts);

// A failure no input can cause: a game whose module breaks its own promises (a legal
// move without an id). The module raises it as souk.InternalError.
struct EngineBug : std::logic_error {
  using std::logic_error::logic_error;
};

// A registered game's move ids both ways, made once per game from its ActionCodec.
class ActionIds {
 public:
  // The game's ids, or why it has none (no codec, or one with a repeated or empty text).
  static Result<const ActionIds*> Of(const GameType* type);

  const GameType* type() const { return type_; }
  int size() const { return static_cast<int>(codec_->moves.size()); }
  std::string_view TextOf(int id) const { return codec_->moves[static_cast<size_t>(id)]; }
  // The id of a move's canonical text, -1 when it has none.
  int IdOf(std::string_view text) const {
    auto found = ids_.find(text);
    return found == ids_.end() ? -1 : found->second;
  }
  // Decisions in the longest game, 0 when the game does not bound it.
  int max_game_length() const { return codec_->max_game_length; }

 private:
  ActionIds(const GameType* type, const ActionCodec* codec) : type_(type), codec_(codec) {}
  const GameType* type_;
  const ActionCodec* codec_;
  std::map<std::string, int, std::less<>> ids_;
};

class RegisteredState {
 public:
  RegisteredState() = default;
  RegisteredState(const ActionIds* ids, std::unique_ptr<GameState> game, std::string variant)
      : ids_(ids), game_(std::move(game)), variant_(std::move(variant)) {}
  RegisteredState(const RegisteredState& other)
      : ids_(other.ids_), game_(other.game_ ? other.game_->Clone() : nullptr), variant_(other.variant_) {}
  RegisteredState& operator=(const RegisteredState& other) {
    if (this != &other) *this = RegisteredState(other);
    return *this;
  }
  RegisteredState(RegisteredState&&) = default;
  RegisteredState& operator=(RegisteredState&&) = default;

  const ActionIds& ids() const { return *ids_; }
  const GameType* type() const { return ids_->type(); }
  const GameState& game() const { return *game_; }
  GameState& game() { return *game_; }
  const std::string& variant() const { return variant_; }

  // What the templates of engine.h and vector_env_engine.cc ask of every game's State.
  AnyView ViewFor(int player) const { return game_->PlayerView(player); }
  int Score(int player) const { return game_->Scores().at(static_cast<size_t>(player)); }
  // Ok for a legal move's canonical text, else the game's reason.
  Status CheckMove(std::string_view text) const;
  void ApplyMove(std::string_view text);  // a checked move

  // The legal ids, unsorted, into `out` (`capacity` at least); their count. A legal
  // move without an id, or more than `capacity`, is an EngineBug.
  int LegalIds(int32_t* out, int capacity) const;
  // The id of a move as a person may write it: its canonical text, or any text the
  // game's parser reads as one of the legal moves; else the game's reason.
  Result<int> IdOf(std::string_view text) const;
  // At a chance node, the id of the outcome the game's own PRNG draws; -1 elsewhere.
  int SampleChance() const;

  bool operator==(const RegisteredState& other) const;

 private:
  const ActionIds* ids_ = nullptr;
  std::unique_ptr<GameState> game_;
  std::string variant_;
};

// The state read from its JSON (the game's own loader), or the loader's error.
Result<RegisteredState> RegisteredStateFromJson(const Json& json);

}  // namespace souk::python
