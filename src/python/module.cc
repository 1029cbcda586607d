// The `souk._souk` extension: the module, its constants, load_game and souk.Game.
// The other classes are bound in their own files (bindings.h lists them).
#include <random>

#include "python/bindings.h"

namespace souk::python {

void Throw(const Status& status) { throw py::value_error(status.message()); }

int CheckSeat(const AnyState& state, int player) {
  const int n = NumPlayers(state);
  if (player < 0 || player >= n)
    throw py::value_error("player must be a seat from 0 to " + std::to_string(n - 1) + ", got " +
                          std::to_string(player));
  return player;
}

int PlayerOf(const py::handle& player) {
  if (PyFloat_Check(player.ptr()) || !PyIndex_Check(player.ptr()))
    throw py::type_error("player must be an int, got " + std::string(py::str(py::type::of(player).attr("__name__"))));
  py::int_ value = py::reinterpret_steal<py::int_>(PyNumber_Index(player.ptr()));
  if (!value) throw py::error_already_set();
  int overflow = 0;
  const long seat = PyLong_AsLongAndOverflow(value.ptr(), &overflow);
  if (overflow || seat < -1000 || seat > 1000)
    throw py::value_error("player must be a seat, got " + std::string(py::str(value)));
  return static_cast<int>(seat);
}

uint64_t SeedOf(const py::handle& seed) {
  if (seed.is_none()) {
    std::random_device device;
    return (static_cast<uint64_t>(device()) << 32) ^ device();
  }
  if (PyFloat_Check(seed.ptr()) || !PyIndex_Check(seed.ptr()))
    throw py::type_error("seed must be an int, got " + std::string(py::str(py::type::of(seed).attr("__name__"))));
  py::int_ value = py::reinterpret_steal<py::int_>(PyNumber_Index(seed.ptr()));
  if (!value) throw py::error_already_set();
  const unsigned long long seed_value = PyLong_AsUnsignedLongLong(value.ptr());
  if (PyErr_Occurred()) {
    PyErr_Clear();
    throw py::value_error("seed must be from 0 to 2**64 - 1, got " + std::string(py::str(value)));
  }
  return seed_value;
}

namespace {

std::string Repr(const Game& g) {
  std::string text = "souk.load_game('" + std::string(g.type->name) + "'";
  if (g.type->min_players != g.type->max_players) text += ", players=" + std::to_string(g.players);
  if (!g.variant.empty()) text += ", variant='" + g.variant + "'";
  return text + ")";
}

}  // namespace

void BindGame(py::module_& m) {
  m.attr("CHANCE") = kChance;
  m.attr("TERMINAL") = kTerminal;
  m.def("games", &GameTypeNames, "The names of the games load_game knows.");

  py::class_<Game>(m, "Game", "A game and its options; made by souk.load_game.")
      .def("name", [](const Game& g) { return std::string(g.type->name); })
      .def("variant", [](const Game& g) { return g.variant; },
           "The variant's name ('single-colour'), '' for the standard rules.")
      .def("num_players", [](const Game& g) { return g.players; })
      .def("num_distinct_actions", &Game::NumDistinctActions, "Action ids are 0 to num_distinct_actions() - 1.")
      .def("max_chance_outcomes", &Game::MaxChanceOutcomes, "Marrakech: the die's 4 outcomes; Jaipur: 0.")
      .def("observation_tensor_shape", [](const Game& g) { return std::vector<int>{g.ObservationSize()}; })
      .def("observation_tensor_size", &Game::ObservationSize)
      .def("max_game_length", &Game::MaxGameLength,
           "Decisions (chance outcomes not counted) in the longest game; Jaipur has no bound under the "
           "rules and this is the arena's cap, 5000.")
      .def("min_utility", [](const Game& g) { return -1.0 / (g.players - 1); })
      .def("max_utility", [](const Game&) { return 1.0; })
      .def(
          "new_initial_state",
          [](const Game& g, const py::object& seed) {
            const uint64_t value = SeedOf(seed);
            return PyState{g, NewState(g, value), {}, value};
          },
          py::arg("seed") = py::none(),
          "A new game: the same deal as `souk new <game> --seed <seed>` (seed None: a random one).")
      .def("__eq__", [](const Game& a, const py::object& b) { return py::isinstance<Game>(b) && a == b.cast<Game>(); })
      .def("__hash__", [](const Game& g) { return py::hash(py::make_tuple(std::string(g.type->name), g.players, g.variant)); })
      .def("__repr__", &Repr)
      .def(py::pickle(
          [](const Game& g) { return py::make_tuple(std::string(g.type->name), g.players, g.variant); },
          [](const py::tuple& t) {
            if (t.size() != 3) throw py::value_error("a pickled souk.Game is a tuple of 3");
            return Value(LoadGame(t[0].cast<std::string>(), t[1].cast<int>(), t[2].cast<std::string>()));
          }))
      // As souk.State's (state.cc): one reduction for every pickle protocol.
      .def("__reduce__", [](const py::object& self) {
        (void)self.cast<const Game&>();
        return py::make_tuple(py::module_::import("copyreg").attr("__newobj__"), py::make_tuple(py::type::of(self)),
                              self.attr("__getstate__")());
      });

  m.def(
      "load_game",
      [](const std::string& name, int players, const std::string& variant) {
        return Value(LoadGame(name, players, variant));
      },
      py::arg("name"), py::arg("players") = 0, py::arg("variant") = "",
      "The game 'jaipur' or 'marrakech'; players 0 for the game's default (Marrakech: 2, 3 "
      "or 4); variant 'single_colour' (or 'single-colour') for two-player Marrakech.");
}

}  // namespace souk::python

PYBIND11_MODULE(_souk, m) {
  m.doc() = "Souk's rules engines for Jaipur and Marrakech (the C++ core); see docs/python.md.";
  using namespace souk::python;
  // A Python value of the wrong type deep in a conversion (a pickle's tuple, an arena
  // outcome's list): TypeError, as for a function's arguments.
  py::register_exception_translator([](std::exception_ptr error) {
    try {
      if (error) std::rethrow_exception(error);
    } catch (const py::cast_error& e) {
      PyErr_SetString(PyExc_TypeError, e.what());
    }
  });
  BindGame(m);
  BindState(m);
  BindVectorEnv(m);
  BindBot(m);
  BindArena(m);
  BindRecords(m);
  BindTesting(m);
}
