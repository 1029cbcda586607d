// souk._testing: the C++ side of the Python tests. A game played through the Python
// API is replayed here through the CLI's path (format/game.h's GameState: moves as
// text, the legal moves as `souk legal` lists them), which shares nothing with the
// module's id-based path but the rules.
#include "format/game.h"
#include "python/bindings.h"

namespace souk::python {
namespace {

// Replays `actions` from `souk new` with those options; at each step the player to
// move and the legal moves must be those the Python side saw (`players`, `legal`).
// Returns the final state's JSON, or raises AssertionError at the first difference.
std::string Replay(const Game& game, uint64_t seed, const std::vector<int>& actions, const std::vector<int>& players,
                   const std::vector<std::vector<int>>& legal) {
  if (players.size() != actions.size() || legal.size() != actions.size())
    throw py::value_error("one player and one legal list per action");
  std::string failure;
  std::string final_json;
  {
    py::gil_scoped_release release;
    auto created = NewGame({std::string(game.type->name), seed, game.players, game.variant});
    if (!created.ok()) {
      failure = created.message();
    } else {
      GameState& state = **created;
      // Any state of the game serves to turn ids into text: the text of an id is the
      // same in every state.
      const AnyState texts = NewState(game, 0);
      for (size_t i = 0; i < actions.size() && failure.empty(); ++i) {
        const std::string at = "move " + std::to_string(i) + ": ";
        const int mover = state.is_over() ? kTerminal : state.current_player();
        if (mover != players[i]) {
          failure = at + "the CLI's path has player " + std::to_string(mover) + " to move, Python " +
                    std::to_string(players[i]);
          break;
        }
        std::vector<std::string> expected;
        for (int id : legal[i]) {
          if (id < 0 || id >= game.NumDistinctActions()) {
            failure = at + "id " + std::to_string(id) + " out of range";
            break;
          }
          expected.push_back(ActionText(texts, id));
        }
        std::sort(expected.begin(), expected.end());
        if (failure.empty() && expected != state.LegalMoves()) {
          failure = at + "the legal moves differ";
          break;
        }
        if (actions[i] < 0 || actions[i] >= game.NumDistinctActions()) {
          failure = at + "action out of range";
          break;
        }
        const Status applied = state.Apply(ActionText(texts, actions[i]));
        if (!applied.ok()) failure = at + applied.message();
      }
      if (failure.empty()) final_json = DumpJson(state.ToJson());
    }
  }
  if (!failure.empty()) {
    PyErr_SetString(PyExc_AssertionError, failure.c_str());
    throw py::error_already_set();
  }
  return final_json;
}

}  // namespace

void BindTesting(py::module_& m) {
  py::module_ t = m.def_submodule("_testing", "The C++ side of the module's tests (src/python/tests).");
  t.def("replay", &Replay, py::arg("game"), py::arg("seed"), py::arg("actions"), py::arg("players"),
        py::arg("legal"));
  // How a game's broken promise (registered_state.h's EngineBug) reaches Python.
  t.def("raise_engine_bug", [](const std::string& message) { throw EngineBug(message); }, py::arg("message"));
}

}  // namespace souk::python
