// What the binding files share: the C++ object behind souk.State, how a Status
// becomes a Python exception, and each file's Bind function (module.cc calls them).
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "python/engine.h"

namespace souk::python {

namespace py = pybind11;

// souk.State: a core state, its game, and, for a state made by new_initial_state (or
// from a record), its seed and the actions applied since: what its game record holds.
// A state loaded from JSON or resampled has neither.
struct PyState {
  Game game;
  AnyState state;
  std::vector<int> history;
  std::optional<uint64_t> seed;
};

// Python can make an instance of a bound class without its constructor (Cls.__new__(Cls),
// as pickle does before __setstate__); pybind11 would then hand the methods raw memory.
// Every class of the module is cast through this caster, which refuses such an
// instance with TypeError (SOUK_CONSTRUCTED_ONLY names the classes).
template <typename T>
class ConstructedCaster : public py::detail::type_caster_base<T> {
 public:
  bool load(py::handle src, bool convert) {
    if (!py::detail::type_caster_base<T>::load(src, convert)) return false;
    const py::detail::type_info* type = py::detail::get_type_info(typeid(T));
    if (type && PyObject_TypeCheck(src.ptr(), type->type)) {
      auto* instance = reinterpret_cast<py::detail::instance*>(src.ptr());
      py::detail::value_and_holder v_h = instance->get_value_and_holder(type, false);
      if (!v_h || !v_h.holder_constructed())
        throw py::type_error(std::string("a ") + type->type->tp_name +
                             " made without its constructor (Cls.__new__) cannot be used");
    }
    return true;
  }
};

#define SOUK_CONSTRUCTED_ONLY(T)                                                \
  namespace pybind11::detail {                                                  \
  template <>                                                                   \
  class type_caster<T> : public souk::python::ConstructedCaster<T> {};          \
  }

// Raises the failure as the exception of its code (docs/python.md, "Errors"): bad input
// (a refused move, bad JSON, a bad option) a souk.Error that is a ValueError, a failure
// of the engine a souk.Error that is a RuntimeError; `code` says which.
[[noreturn]] void Throw(const Status& status);
// Raises the failure as souk.EngineError (a RuntimeError), whatever its code: what a
// call failed to do, not what it was given.
[[noreturn]] void ThrowEngineFailure(const Status& status);
// Raises souk.InvalidArgumentError (a ValueError) with `message`.
[[noreturn]] void ThrowInvalid(const std::string& message);

// An int argument from Python: TypeError for another type (a float too); nothing when
// it does not fit 64 bits (the caller says which range it wanted).
std::optional<int64_t> Int64Of(const py::handle& value, const char* name);
// An int argument in [low, high]: TypeError for another type, InvalidArgumentError
// naming the argument, its value and the range otherwise.
int64_t IntIn(const py::handle& value, const char* name, int64_t low, int64_t high);

template <typename T>
T Value(Result<T> result) {
  if (!result.ok()) Throw(result.status());
  return std::move(result).value();
}

// A seed from Python: an int from 0 to 2**64 - 1 (TypeError for another type,
// ValueError out of range); None draws one at random.
uint64_t SeedOf(const py::handle& seed);

// A player argument as an int: TypeError for another type, ValueError far out of range.
int PlayerOf(const py::handle& player);

// A seat of the state's game, or ValueError naming the range.
int CheckSeat(const AnyState& state, int player);

// game_string.cc: OpenSpiel's game strings ("marrakech(players=3)") and parameter
// dicts ({"players": 3}); unknown parameters and bad values raise InvalidArgumentError.
Game GameOfString(std::string_view text);
Game GameOfParams(std::string_view name, const py::dict& params);
py::dict GameParameters(const Game& game);           // every parameter, with its value
py::dict ParameterSpecification(const GameType& type);  // every parameter, with its default
std::string GameString(const Game& game);            // "marrakech(players=3)"

// history.cc: what a state's seed and history give.
// The game from `seed` with `history` applied, each action checked (InvalidArgumentError
// or IllegalMoveError naming the action's place).
PyState Replayed(const Game& game, uint64_t seed, std::span<const int> history);
// The seat's perfect-recall information state (docs/python.md, "OpenSpiel's API");
// InvalidArgumentError for a state without a seed.
std::string InformationStateString(const PyState& s, int player);
// serialize() / Game.deserialize_state(): the game string with the seed and history, or
// with the state's JSON for a state without a seed.
// full_history(): each action of the history with the player who took it (souk.CHANCE
// for a chance outcome), by replaying it from the seed.
struct PlayerAction {
  int player = 0;
  int action = 0;
};
std::vector<PlayerAction> FullHistory(const PyState& s);
std::string Serialize(const PyState& s);
PyState Deserialize(const Game& game, std::string_view text);

// openspiel.cc: souk.GameType and Game.get_type and OpenSpiel's other Game methods.
void BindOpenSpielGame(py::module_& m, py::class_<Game>& game_class);
// observer.cc: souk.make_observer, IIGObservationType, PrivateInfoType.
void BindObserver(py::module_& m);

void BindGame(py::module_& m);       // module.cc: load_game, souk.Game, constants
void BindState(py::module_& m);      // state.cc: souk.State, state_from_json
void BindVectorEnv(py::module_& m);  // vector_env.cc: souk.VectorEnv
void BindBot(py::module_& m);        // bot.cc: souk.Bot
void BindArena(py::module_& m);      // arena.cc: arena games by index range, their report
void BindRecords(py::module_& m);    // records.cc: self-play games with their records and data
void BindTesting(py::module_& m);    // testing.cc: the C++ side of the Python tests
void BindReview(py::module_& m);     // review.cc: souk.review, a finished game's review as arrays

}  // namespace souk::python

SOUK_CONSTRUCTED_ONLY(souk::python::Game)
SOUK_CONSTRUCTED_ONLY(souk::python::PyState)
SOUK_CONSTRUCTED_ONLY(souk::python::PlayerAction)
