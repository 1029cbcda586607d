// What the module derives from a state's seed and history: a replay (undo_action,
// deserialize_state), a seat's perfect-recall information state, and the text
// serialize() writes (docs/python.md, "OpenSpiel's API").
#include <algorithm>
#include <array>
#include <cstdio>
#include <sstream>

#include "python/bindings.h"

namespace souk::python {
namespace {

// A seat's observation as numbers (the game's tensor), or, for a game without a
// tensor, its view's JSON as one entry.
struct Seen {
  std::vector<float> numbers;
  std::string view;
};

Seen SeenBy(const Game& game, const AnyState& state, int player) {
  Seen seen;
  if (game.ObservationSize() > 0) {
    seen.numbers.resize(static_cast<size_t>(game.ObservationSize()));
    Observe(state, player, seen.numbers);
  } else {
    seen.view = ViewJson(state, player);
  }
  return seen;
}

std::string Number(float value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", static_cast<double>(value));
  return text;
}

// What changed from `before` to `after`: " index=value" for each changed number, or
// the whole new view.
std::string Changes(const Seen& before, const Seen& after) {
  std::string text;
  for (size_t i = 0; i < after.numbers.size(); ++i)
    if (after.numbers[i] != before.numbers[i]) text.append(" ").append(std::to_string(i)).append("=").append(Number(after.numbers[i]));
  if (after.view != before.view) text.append(" ").append(after.view);
  return text;
}

[[noreturn]] void ThrowNoHistory(const char* what) {
  ThrowInvalid(std::string(what) +
               " needs the state's history from its start, and this state has none (it was loaded from JSON or "
               "resampled): use a state made by new_initial_state, or deserialize_state of one");
}

}  // namespace

PyState Replayed(const Game& game, uint64_t seed, std::span<const int> history) {
  PyState s{game, NewState(game, seed), {}, seed};
  for (size_t i = 0; i < history.size(); ++i) {
    const Status legal = Check(s.state, history[i]);
    if (!legal.ok()) Throw(legal.Prefixed("history action " + std::to_string(i + 1) + ": "));
    Apply(s.state, history[i]);
    s.history.push_back(history[i]);
  }
  return s;
}

namespace {

// A seat's information state so far, for one game from one seed: the replay's state,
// the seat's last observation and the text. Searches ask for the strings of a history's
// successive states (MCCFR, MCTS), so the last few are kept and a longer history is
// written on from the longest kept prefix: a trajectory costs its length, not its square.
struct InformationState {
  Game game;
  uint64_t seed = 0;
  int player = -1;
  std::vector<int> history;
  AnyState state;
  Seen seen;
  std::string text;
};

bool Extends(const InformationState& kept, const PyState& s, int player) {
  return kept.player == player && kept.seed == *s.seed && kept.game == s.game &&
         kept.history.size() <= s.history.size() &&
         std::equal(kept.history.begin(), kept.history.end(), s.history.begin());
}

}  // namespace

std::string InformationStateString(const PyState& s, int player) {
  if (!s.seed) ThrowNoHistory("information_state_string");
  // Every move of a player is public in the games of this module; Marrakech's die is
  // public too. Another game's chance outcome may be a private deal: it is written as
  // "chance", and what the seat saw of it is in its observation's changes.
  const bool public_chance = s.game.ChanceIsPublic();
  static thread_local std::array<InformationState, 8> kept;
  static thread_local size_t next_slot = 0;
  InformationState* from = nullptr;
  for (InformationState& candidate : kept)
    if (Extends(candidate, s, player) && (!from || candidate.history.size() > from->history.size())) from = &candidate;
  if (!from) {
    from = &kept[next_slot];
    next_slot = (next_slot + 1) % kept.size();
    *from = InformationState{s.game, *s.seed, player, {}, NewState(s.game, *s.seed), {}, {}};
    from->seen = SeenBy(s.game, from->state, player);
    from->text = "player " + std::to_string(player) + " start:";
    if (from->seen.numbers.empty()) from->text.append(" ").append(from->seen.view);
    for (float value : from->seen.numbers) from->text.append(" ").append(Number(value));
  }
  for (size_t i = from->history.size(); i < s.history.size(); ++i) {
    const int action = s.history[i];
    // A pickle's history is checked only as ids: one that does not replay is refused.
    if (const Status legal = Check(from->state, action); !legal.ok()) {
      from->player = -1;
      Throw(legal.Prefixed("the state's history does not replay from its seed: action " + std::to_string(i + 1) + ": "));
    }
    if (CurrentPlayer(from->state) == kChance && !public_chance) from->text.append("\nchance:");
    else from->text.append("\n").append(std::to_string(action)).append(":");
    Apply(from->state, action);
    Seen next = SeenBy(s.game, from->state, player);
    from->text += Changes(from->seen, next);
    from->seen = std::move(next);
    from->history.push_back(action);
  }
  return from->text;
}

std::vector<PlayerAction> FullHistory(const PyState& s) {
  if (!s.seed) ThrowNoHistory("full_history");
  AnyState state = NewState(s.game, *s.seed);
  std::vector<PlayerAction> actions;
  for (size_t i = 0; i < s.history.size(); ++i) {
    if (const Status legal = Check(state, s.history[i]); !legal.ok())
      Throw(legal.Prefixed("the state's history does not replay from its seed: action " + std::to_string(i + 1) + ": "));
    PlayerAction taken;
    taken.player = CurrentPlayer(state);
    taken.action = s.history[i];
    actions.push_back(taken);
    Apply(state, s.history[i]);
  }
  return actions;
}

std::string Serialize(const PyState& s) {
  std::string text = "souk-state 1\ngame " + GameString(s.game) + "\n";
  if (!s.seed) return text + "json " + StateJson(s.state) + "\n";
  text += "seed " + std::to_string(*s.seed) + "\nhistory";
  for (size_t i = 0; i < s.history.size(); ++i) text.append(i ? "," : " ").append(std::to_string(s.history[i]));
  return text + "\n";
}

PyState Deserialize(const Game& game, std::string_view text) {
  std::istringstream lines{std::string(text)};
  std::string header, game_line, body;
  std::getline(lines, header);
  std::getline(lines, game_line);
  std::getline(lines, body);
  if (header != "souk-state 1" || game_line.rfind("game ", 0) != 0)
    ThrowInvalid("not a serialized souk state (it begins 'souk-state 1', then 'game ...'), got '" + header.substr(0, 40) + "'");
  if (game_line.substr(5) != GameString(game))
    ThrowInvalid("a serialized state of " + game_line.substr(5) + ", not of " + GameString(game));
  if (body.rfind("json ", 0) == 0) return PyState{game, Value(LoadState(game, body.substr(5))), {}, std::nullopt};
  if (body.rfind("seed ", 0) != 0) ThrowInvalid("a serialized state: 'seed N' or 'json {...}' on its third line");
  std::string history_line;
  std::getline(lines, history_line);
  if (history_line.rfind("history", 0) != 0) ThrowInvalid("a serialized state: 'history a,b,...' on its fourth line");
  const std::string seed_text = body.substr(5);
  uint64_t seed = 0;
  try {
    size_t used = 0;
    seed = std::stoull(seed_text, &used);
    if (used != seed_text.size() || seed_text.empty() || seed_text[0] == '-') throw std::invalid_argument(seed_text);
  } catch (const std::exception&) {
    ThrowInvalid("a serialized state's seed must be from 0 to 2**64 - 1, got '" + seed_text.substr(0, 40) + "'");
  }
  std::vector<int> history;
  std::istringstream ids(history_line.substr(7));
  for (std::string id; std::getline(ids, id, ',');) {
    const size_t start = id.find_first_not_of(' ');
    if (start == std::string::npos) continue;
    const std::string trimmed = id.substr(start);
    if (trimmed.size() > 9 || trimmed.find_first_not_of("0123456789") != std::string::npos)
      ThrowInvalid("a serialized state's history holds '" + trimmed.substr(0, 40) + "', not an action id");
    history.push_back(std::stoi(trimmed));
  }
  return Replayed(game, seed, history);
}

}  // namespace souk::python
