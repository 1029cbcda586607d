// What the binding files share: the C++ object behind souk.State, how a Status
// becomes a Python exception, and each file's Bind function (module.cc calls them).
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "python/engine.h"

namespace souk::python {

namespace py = pybind11;

// souk.State: a core state, its game, and the actions applied to it since
// new_initial_state (empty for a state loaded from JSON or resampled).
struct PyState {
  Game game;
  AnyState state;
  std::vector<int> history;
};

// Raises the failure as ValueError with the engine's message (every Status the module
// meets is about what the caller passed: a refused move, bad JSON, a bad option).
[[noreturn]] void Throw(const Status& status);

template <typename T>
T Value(Result<T> result) {
  if (!result.ok()) Throw(result.status());
  return std::move(result).value();
}

// A seed from Python: an int from 0 to 2**64 - 1 (TypeError for another type,
// ValueError out of range); None draws one at random.
uint64_t SeedOf(const py::handle& seed);

// A seat of the state's game, or ValueError naming the range.
int CheckSeat(const AnyState& state, int player);

void BindGame(py::module_& m);       // module.cc: load_game, souk.Game, constants
void BindState(py::module_& m);      // state.cc: souk.State, state_from_json
void BindVectorEnv(py::module_& m);  // vector_env.cc: souk.VectorEnv
void BindBot(py::module_& m);        // bot.cc: souk.Bot
void BindArena(py::module_& m);      // arena.cc: arena games by index range, their report
void BindRecords(py::module_& m);    // records.cc: self-play games with their records and data
void BindTesting(py::module_& m);    // testing.cc: the C++ side of the Python tests

}  // namespace souk::python
