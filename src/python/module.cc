// The `souk._souk` extension: the module, its constants, load_game and souk.Game.
// The other classes are bound in their own files (bindings.h lists them).
#include <initializer_list>
#include <random>

#include "python/bindings.h"

namespace souk::python {

namespace {

// The exception classes, made once with the module (MakeErrorClasses) and kept for
// its lifetime.
struct ErrorClasses {
  PyObject* base = nullptr;              // souk.Error
  PyObject* invalid_argument = nullptr;  // souk.InvalidArgumentError(Error, ValueError)
  PyObject* bad_move = nullptr;          // souk.BadMoveError(InvalidArgumentError)
  PyObject* illegal_move = nullptr;      // souk.IllegalMoveError(Error, ValueError)
  PyObject* engine = nullptr;            // souk.EngineError(Error, RuntimeError)
  PyObject* internal = nullptr;          // souk.InternalError(Error, RuntimeError)
};
ErrorClasses error_classes;

PyObject* ClassOf(ErrorCode code) {
  switch (code) {
    case ErrorCode::kBadMove: return error_classes.bad_move;
    case ErrorCode::kIllegalMove:
    case ErrorCode::kNotCanonical: return error_classes.illegal_move;
    case ErrorCode::kUnavailable:
    case ErrorCode::kAborted: return error_classes.engine;
    case ErrorCode::kInternal: return error_classes.internal;
    default: return error_classes.invalid_argument;
  }
}

[[noreturn]] void Raise(PyObject* type, const std::string& message, ErrorCode code) {
  py::object error = py::reinterpret_borrow<py::object>(type)(message);
  error.attr("code") = std::string(ErrorCodeName(code));
  PyErr_SetObject(type, error.ptr());
  throw py::error_already_set();
}

std::string NameOf(const py::handle& value) { return py::str(py::type::of(value).attr("__name__")); }

// A new exception class souk.NAME of those bases, in the module as NAME.
PyObject* MakeErrorClass(py::module_& m, const char* name, const char* doc, std::initializer_list<PyObject*> bases) {
  py::tuple base_tuple(bases.size());
  size_t i = 0;
  for (PyObject* base : bases) base_tuple[i++] = py::handle(base);
  PyObject* type = PyErr_NewExceptionWithDoc((std::string("souk.") + name).c_str(), doc, base_tuple.ptr(), nullptr);
  if (!type) throw py::error_already_set();
  m.add_object(name, py::handle(type));  // the module's reference; error_classes keeps the new one
  return type;
}

void MakeErrorClasses(py::module_& m) {
  ErrorClasses& c = error_classes;
  c.base = MakeErrorClass(m, "Error", "Any error of souk's; `code` is its stable code ('illegal_move').",
                          {PyExc_Exception});
  c.invalid_argument = MakeErrorClass(
      m, "InvalidArgumentError", "What the caller passed is refused (bad JSON, an option, an id or int out of range).",
      {c.base, PyExc_ValueError});
  c.bad_move = MakeErrorClass(m, "BadMoveError", "A move's text that does not parse ('bad move ...').",
                              {c.invalid_argument});
  c.illegal_move = MakeErrorClass(m, "IllegalMoveError", "A move the rules refuse ('illegal move ...').",
                                  {c.base, PyExc_ValueError});
  c.engine = MakeErrorClass(m, "EngineError", "A call failed through no fault of its arguments (an opponent, a store).",
                            {c.base, PyExc_RuntimeError});
  c.internal = MakeErrorClass(m, "InternalError", "A bug in souk: please report it.", {c.base, PyExc_RuntimeError});
}

}  // namespace

void Throw(const Status& status) { Raise(ClassOf(status.error_code()), status.message(), status.error_code()); }

void ThrowEngineFailure(const Status& status) { Raise(error_classes.engine, status.message(), status.error_code()); }

void ThrowInvalid(const std::string& message) { Throw(Status::Error(message)); }

std::optional<int64_t> Int64Of(const py::handle& value, const char* name) {
  if (PyFloat_Check(value.ptr()) || !PyIndex_Check(value.ptr()))
    throw py::type_error(std::string(name) + " must be an int, got " + NameOf(value));
  py::int_ number = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
  if (!number) throw py::error_already_set();
  int overflow = 0;
  const long long result = PyLong_AsLongLongAndOverflow(number.ptr(), &overflow);
  if (overflow) return std::nullopt;
  return static_cast<int64_t>(result);
}

int64_t IntIn(const py::handle& value, const char* name, int64_t low, int64_t high) {
  const std::optional<int64_t> number = Int64Of(value, name);
  if (!number || *number < low || *number > high)
    ThrowInvalid(std::string(name) + " must be from " + std::to_string(low) + " to " + std::to_string(high) + ", got " +
                 std::string(py::str(value)));
  return *number;
}

int CheckSeat(const AnyState& state, int player) {
  const int n = NumPlayers(state);
  if (player < 0 || player >= n)
    ThrowInvalid("player must be a seat from 0 to " + std::to_string(n - 1) + ", got " + std::to_string(player));
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
    ThrowInvalid("player must be a seat, got " + std::string(py::str(value)));
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
    ThrowInvalid("seed must be from 0 to 2**64 - 1, got " + std::string(py::str(value)));
  }
  return seed_value;
}

namespace {

std::string Repr(const Game& g) {
  std::string text = "souk.load_game('" + std::string(g.type->name) + "'";
  if (g.type->min_players != g.type->max_players) text += ", players=" + std::to_string(g.players);
  if (!g.variant.empty()) text += ", variant='" + g.variant + "'";
  // The game string form: load_game(name, players, variant) has no explicit_chance.
  if (g.explicit_chance) return "souk.load_game('" + GameString(g) + "')";
  return text + ")";
}

}  // namespace

void BindGame(py::module_& m) {
  m.attr("CHANCE") = kChance;
  m.attr("TERMINAL") = kTerminal;
  m.def("games", &GameTypeNames, "The names of the games load_game knows.");

  py::class_<Game> game_class(m, "Game", "A game and its options; made by souk.load_game.");
  game_class
      .def("name", [](const Game& g) { return std::string(g.type->name); })
      .def("variant", [](const Game& g) { return g.variant; },
           "The variant's name ('single-colour'), '' for the standard rules.")
      .def("num_players", [](const Game& g) { return g.players; })
      .def("num_distinct_actions", &Game::NumDistinctActions, "Action ids are 0 to num_distinct_actions() - 1.")
      .def("max_chance_outcomes", &Game::MaxChanceOutcomes,
           "Marrakech: the die's 4 outcomes; Jaipur: 0; a game played through its GameState: 0 (not told).")
      .def("observation_tensor_shape", [](const Game& g) { return std::vector<int>{g.ObservationSize()}; })
      .def("observation_tensor_size", &Game::ObservationSize)
      .def("max_game_length", &Game::MaxGameLength,
           "Decisions (chance outcomes not counted) in the longest game; Jaipur has no bound under the "
           "rules and this is the arena's cap, 5000, as for a game played through its GameState whose module "
           "does not bound it.")
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
      .def("__hash__", [](const Game& g) {
        return py::hash(py::make_tuple(std::string(g.type->name), g.players, g.variant, g.explicit_chance));
      })
      .def("__repr__", &Repr)
      .def(py::pickle(
          [](const Game& g) { return py::make_tuple(std::string(g.type->name), g.players, g.variant, g.explicit_chance); },
          [](const py::tuple& t) {
            // Three before Jaipur's explicit_chance option: pickles made then still load.
            if (t.size() != 3 && t.size() != 4) throw py::value_error("a pickled souk.Game is a tuple of 4");
            return Value(LoadGame(t[0].cast<std::string>(), t[1].cast<int>(), t[2].cast<std::string>(),
                                  t.size() == 4 && t[3].cast<bool>()));
          }))
      // As souk.State's (state.cc): one reduction for every pickle protocol.
      .def("__reduce__", [](const py::object& self) {
        (void)self.cast<const Game&>();
        return py::make_tuple(py::module_::import("copyreg").attr("__newobj__"), py::make_tuple(py::type::of(self)),
                              self.attr("__getstate__")());
      });
  BindOpenSpielGame(m, game_class);

  m.def(
      "load_game",
      [](const std::string& name, const py::object& players, const std::string& variant) {
        // OpenSpiel's forms: load_game("name(key=value,...)") and load_game(name, {params}).
        if (py::isinstance<py::dict>(players)) {
          if (!variant.empty()) ThrowInvalid("give variant in the parameter dict, not beside it");
          return GameOfParams(name, players.cast<py::dict>());
        }
        if (name.find('(') != std::string::npos) {
          if (!(py::isinstance<py::int_>(players) && players.cast<int64_t>() == 0) || !variant.empty())
            ThrowInvalid("a game string names its parameters itself: give players and variant inside it");
          return GameOfString(name);
        }
        // Far out of range, a count the registry refuses as it refuses 9.
        const std::optional<int64_t> count = Int64Of(players, "players");
        const bool fits = count && *count >= -1000 && *count <= 1000;
        return Value(LoadGame(name, fits ? static_cast<int>(*count) : 1000, variant));
      },
      py::arg("name"), py::arg("players") = 0, py::arg("variant") = "",
      "The game 'jaipur' or 'marrakech', or another of souk.games() whose module gives its moves ids "
      "(docs/python.md); players 0 for the game's default (Marrakech: 2, 3 or 4); variant 'single_colour' "
      "(or 'single-colour') for two-player Marrakech. OpenSpiel's forms too: load_game('marrakech(players=3)') "
      "and load_game('marrakech', {'players': 3}).");
}

}  // namespace souk::python

PYBIND11_MODULE(_souk, m) {
  m.doc() = "Souk's rules engines for Jaipur and Marrakech (the C++ core); see docs/python.md.";
  using namespace souk::python;
  MakeErrorClasses(m);
  // A Python value of the wrong type deep in a conversion (a pickle's tuple, an arena
  // outcome's list): TypeError, as for a function's arguments.
  py::register_exception_translator([](std::exception_ptr error) {
    try {
      if (error) std::rethrow_exception(error);
    } catch (const py::cast_error& e) {
      PyErr_SetString(PyExc_TypeError, e.what());
    } catch (const EngineBug& e) {
      // A game's module broke its promises (registered_state.h): a bug, not the input.
      try {
        Throw(souk::Status::Internal(e.what()));
      } catch (py::error_already_set& raised) {
        raised.restore();
      }
    }
  });
  BindGame(m);
  BindState(m);
  BindVectorEnv(m);
  BindBot(m);
  BindArena(m);
  BindRecords(m);
  BindTesting(m);
  BindReview(m);
  BindObserver(m);
}
