// souk.Bot: a bot of src/ai by its spec ("greedy", "mcts:iterations=200", "hard"),
// choosing from the mover's view only, with the GIL released while it thinks.
#include <memory>
#include <mutex>

#include "ai/bot.h"
#include "python/bindings.h"

namespace souk::python {
namespace {

class PyBot {
 public:
  PyBot(const Game& game, const std::string& spec, uint64_t seed)
      : game_(game), spec_(spec), bot_(Value(ai::MakeBot(game.type->name, spec, seed))) {}

  // The view of the player to move: all the bot is given.
  static AnyView MoverView(const PyState& s) {
    const int mover = CurrentPlayer(s.state);
    if (mover == kTerminal) throw py::value_error("the game is over: no move to choose");
    if (mover == kChance) throw py::value_error("the next move is the die's, not a player's");
    return std::visit([&](const auto& state) { return AnyView(state.ViewFor(mover)); }, s.state);
  }

  // The state must be one of the bot's game, its player count and variant too: a bot
  // of 3-player Marrakech would otherwise choose for a 4-player table.
  void CheckGame(const PyState& s) const {
    if (s.game.type != game_.type)
      throw py::value_error("a " + std::string(game_.type->name) + " bot cannot play " + std::string(s.game.type->name));
    if (!StateIsOf(s.state, game_)) {
      const std::string of_state = std::visit([](const auto& x) { return Ops<std::decay_t<decltype(x)>>::Describe(x); }, s.state);
      const std::string of_bot = WithStateOf(game_.type, [&](auto t) { return Ops<typename decltype(t)::type>::Describe(game_); });
      throw py::value_error("a bot for " + of_bot + " cannot play " + of_state);
    }
  }

  int Step(const PyState& s) {
    CheckGame(s);
    const AnyView view = MoverView(s);
    std::string move;
    {
      py::gil_scoped_release release;
      std::lock_guard<std::mutex> lock(mutex_);  // one search at a time per bot
      move = bot_->ChooseMove(view);
    }
    return Value(ParseAction(s.state, move));
  }

  // Every legal action ranked best first: (action, visits, win_rate, score).
  py::list Analyse(const PyState& s) {
    CheckGame(s);
    const AnyView view = MoverView(s);
    ai::TextAnalysis analysis;
    {
      py::gil_scoped_release release;
      std::lock_guard<std::mutex> lock(mutex_);
      analysis = bot_->Analyse(view);
    }
    py::list ranked;
    for (const auto& m : analysis.moves)
      ranked.append(py::make_tuple(Value(ParseAction(s.state, m.move)), m.visits, m.win_rate, m.score));
    return ranked;
  }

  const std::string& spec() const { return spec_; }
  const Game& game() const { return game_; }

 private:
  Game game_;
  std::string spec_;
  std::unique_ptr<ai::Bot> bot_;
  std::mutex mutex_;
};

}  // namespace
}  // namespace souk::python

SOUK_CONSTRUCTED_ONLY(souk::python::PyBot)

namespace souk::python {

void BindBot(py::module_& m) {
  py::class_<PyBot>(m, "Bot", "A bot of Souk's AI, by its spec (docs/ai.md): random, greedy, mcts[:options], easy, medium, hard.")
      .def(py::init([](const Game& game, const std::string& spec, const py::object& seed) {
             return std::make_unique<PyBot>(game, spec, SeedOf(seed));
           }),
           py::arg("game"), py::arg("spec"), py::arg("seed") = 1)
      .def("step", &PyBot::Step, py::arg("state"),
           "The action the bot chooses for the player to move, from that player's view only.")
      .def("analyse", &PyBot::Analyse, py::arg("state"),
           "The mover's legal actions best first, as (action, visits, win_rate, score) (random and greedy bots: "
           "visits 0 and their own value as score).")
      .def("spec", &PyBot::spec)
      .def("__reduce__", [](const PyBot&) -> py::object {
        throw py::type_error("a souk.Bot is not pickled: make a new one from its game, spec and seed");
      })
      .def("__repr__", [](const PyBot& b) {
        return "souk.Bot(" + std::string(b.game().type->name) + ", '" + b.spec() + "')";
      });
}

}  // namespace souk::python
