// souk.VectorEnv: the bindings of the vectorised environments' engine
// (vector_env.h). Arrays are allocated with the GIL held, filled with it released.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <limits>
#include <mutex>
#include <optional>

#include "python/bindings.h"
#include "python/vector_env.h"

namespace souk::python {
namespace {

// numpy's object dtype, made once when the module is imported (never freed: numpy
// lives as long as the interpreter).
const py::dtype* object_dtype = nullptr;

RewardMode RewardModeOf(const std::string& name) {
  if (name == "win") return RewardMode::kWin;
  if (name == "score") return RewardMode::kScore;
  if (name == "score+win") return RewardMode::kScoreAndWin;
  ThrowInvalid("reward must be 'win', 'score' or 'score+win', got '" + name + "'");
}

class PyVectorEnv {
 public:
  PyVectorEnv(const VectorEnvOptions& options, std::string reward)
      : engine_(Value(VectorEnvEngine::Make(options))), seed_(options.seed), reward_(std::move(reward)) {}

  py::tuple Reset(const py::object& seed) {
    std::optional<uint64_t> reseed;
    if (!seed.is_none()) reseed = SeedOf(seed);
    else if (!started_) reseed = seed_;  // the first reset starts the constructor's sequence
    Outputs out = Allocate(false);
    Status reset;
    Legal legal;
    {
      py::gil_scoped_release release;
      std::lock_guard<std::mutex> lock(mutex_);
      reset = engine_->Reset(reseed, out.pointers);
      legal = CopyLegal();
    }
    started_ = true;
    if (!reset.ok()) ThrowEngineFailure(reset);
    return py::make_tuple(out.observations, legal.Arrays());
  }

  py::tuple Step(const py::handle& actions_object) {
    RequireStarted();
    const std::vector<int64_t> actions = Actions(actions_object);
    Outputs out = Allocate(true);
    Status valid, stepped;
    Legal legal;
    Ended ended;
    {
      py::gil_scoped_release release;
      std::lock_guard<std::mutex> lock(mutex_);
      valid = engine_->Validate(actions);
      if (valid.ok()) stepped = engine_->Step(actions, out.pointers);
      legal = CopyLegal();
      ended = Ended{engine_->ended(), engine_->ended_observations()};
    }
    if (!valid.ok()) Throw(valid);
    if (!stepped.ok()) ThrowEngineFailure(stepped);
    py::dict info;
    info["current_player"] = out.current_player;
    info["truncated"] = out.truncated;
    if (!ended.games.empty()) AddFinalInfo(ended, info);
    return py::make_tuple(out.observations, legal.Arrays(), out.rewards, out.terminated, info);
  }

  py::array_t<int64_t> SampleLegalActions() {
    RequireStarted();
    py::array_t<int64_t> actions(engine_->num_envs());
    {
      py::gil_scoped_release release;
      std::lock_guard<std::mutex> lock(mutex_);
      engine_->SampleLegal(std::span<int64_t>(actions.mutable_data(), static_cast<size_t>(engine_->num_envs())));
    }
    return actions;
  }

  py::tuple LegalActions() {
    RequireStarted();
    return LockedLegal().Arrays();
  }

  py::array_t<bool> LegalMask() {
    RequireStarted();
    const Legal legal = LockedLegal();
    const py::ssize_t n = engine_->num_envs(), a = engine_->options().game.NumDistinctActions();
    py::array_t<bool> mask({n, a});
    bool* out = mask.mutable_data();
    std::fill(out, out + n * a, false);
    for (py::ssize_t i = 0; i < n; ++i)
      for (int64_t k = legal.offsets[static_cast<size_t>(i)]; k < legal.offsets[static_cast<size_t>(i) + 1]; ++k)
        out[i * a + legal.ids[static_cast<size_t>(k)]] = true;
    return mask;
  }

  // Every environment's legal ids in rows of `width` (max_len, or the most the game
  // may have), padded with -1, and which entries are ids.
  py::tuple LegalPadded(const py::object& max_len) {
    RequireStarted();
    const int most = engine_->max_legal();
    const py::ssize_t width = max_len.is_none() ? most : IntIn(max_len, "max_len", 1, most);
    const Legal legal = LockedLegal();
    const py::ssize_t n = engine_->num_envs();
    py::array_t<int32_t> ids({n, width});
    py::array_t<bool> valid({n, width});
    int32_t* id = ids.mutable_data();
    bool* is_id = valid.mutable_data();
    for (py::ssize_t i = 0; i < n; ++i) {
      const int64_t first = legal.offsets[static_cast<size_t>(i)], count = legal.offsets[static_cast<size_t>(i) + 1] - first;
      if (count > width)
        ThrowInvalid("max_len=" + std::to_string(width) + " is too short: environment " + std::to_string(i) + " has " +
                     std::to_string(count) + " legal actions (the game may have up to " + std::to_string(most) + ")");
      std::copy(legal.ids.begin() + first, legal.ids.begin() + first + count, id + i * width);
      std::fill(id + i * width + count, id + (i + 1) * width, -1);
      std::fill(is_id + i * width, is_id + i * width + count, true);
      std::fill(is_id + i * width + count, is_id + (i + 1) * width, false);
    }
    return py::make_tuple(ids, valid);
  }

  // `steps` steps of uniformly random legal actions played without leaving C++ (the
  // arrays written to scratch buffers): what a step costs with no Python around it,
  // for the benchmark. Returns the seconds taken.
  double PlayRandom(const py::object& steps_object) {
    const int64_t steps = IntIn(steps_object, "steps", 0, std::numeric_limits<int>::max());
    RequireStarted();
    const size_t n = static_cast<size_t>(engine_->num_envs());
    std::vector<float> observations(n * static_cast<size_t>(engine_->observation_size()));
    std::vector<float> rewards(n * static_cast<size_t>(engine_->reward_width()));
    std::unique_ptr<bool[]> terminated(new bool[n]), truncated(new bool[n]);
    std::vector<int32_t> players(n);
    std::vector<int64_t> actions(n);
    const StepOutputs out{observations.data(), rewards.data(), terminated.get(), truncated.get(), players.data()};
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> lock(mutex_);
    const auto start = std::chrono::steady_clock::now();
    for (int k = 0; k < steps; ++k) {
      engine_->SampleLegal(actions);
      if (!engine_->Validate(actions).ok() || !engine_->Step(actions, out).ok()) break;
    }
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }

  PyState StateOf(const py::object& env_object) {
    RequireStarted();
    const std::optional<int64_t> env = Int64Of(env_object, "env");
    if (!env || *env < 0 || *env >= engine_->num_envs())
      throw py::index_error("environment " + std::string(py::str(env_object)) + " of " + std::to_string(engine_->num_envs()));
    std::lock_guard<std::mutex> lock(mutex_);
    return PyState{engine_->options().game, engine_->StateOf(static_cast<int>(*env)), {}, std::nullopt};
  }

  const VectorEnvEngine& engine() const { return *engine_; }
  const std::string& reward() const { return reward_; }

 private:
  // The legal ids, copied while the engine is locked: another thread may step it
  // as soon as the lock is released, before the arrays are made (with the GIL).
  struct Legal {
    std::vector<int32_t> ids;
    std::vector<int64_t> offsets;
    py::tuple Arrays() const {
      py::array_t<int32_t> ids_array(static_cast<py::ssize_t>(ids.size()));
      py::array_t<int64_t> offsets_array(static_cast<py::ssize_t>(offsets.size()));
      std::copy(ids.begin(), ids.end(), ids_array.mutable_data());
      std::copy(offsets.begin(), offsets.end(), offsets_array.mutable_data());
      return py::make_tuple(ids_array, offsets_array);
    }
  };

  // The games that ended in a step, copied while the engine is locked.
  struct Ended {
    std::vector<EndedGame> games;
    std::vector<float> observations;
  };

  // Gymnasium 0.29's final observation and final info (same-step autoreset), and the
  // same facts as arrays: only in a step where some game ended (docs/python.md). Built
  // through raw pointers: at 64 environments a game ends every few steps, and pybind's
  // per-call checks, numpy.full and .copy() cost a tenth of such a step. The final
  // observations are Gymnasium's object array, an array per ended game: a dense
  // [num_envs, observation_size] one was zeroed whole in every such step (1.6 MB for
  // 1024 Marrakech games, a fifth of the step).
  void AddFinalInfo(const Ended& ended, py::dict& info) const {
    const py::ssize_t n = engine_->num_envs(), size = engine_->observation_size();
    const py::ssize_t players = engine_->options().game.players;
    py::array final_observation(*object_dtype, std::vector<py::ssize_t>{n});  // None, or the observation
    py::array_t<bool> has_final(n), has_final_info(n), winners({n, players});
    py::array_t<int32_t> scores({n, players}), length(n), steps(n), seat(n);
    py::array_t<float> returns({n, players});
    py::array final_info(*object_dtype, std::vector<py::ssize_t>{n});  // None, or a dict
    PyObject** observations = static_cast<PyObject**>(final_observation.mutable_data());
    bool* has = has_final.mutable_data();
    bool* won = winners.mutable_data();
    int32_t* score = scores.mutable_data();
    int32_t* decisions = length.mutable_data();
    int32_t* step_calls = steps.mutable_data();
    int32_t* whose = seat.mutable_data();
    float* seat_return = returns.mutable_data();
    PyObject** infos = static_cast<PyObject**>(final_info.mutable_data());
    std::fill_n(has, n, false);
    std::fill_n(won, n * players, false);
    std::fill_n(score, n * players, 0);
    std::fill_n(seat_return, n * players, 0.0f);
    std::fill_n(decisions, n, 0);
    std::fill_n(step_calls, n, 0);
    std::fill_n(whose, n, -1);
    for (py::ssize_t i = 0; i < n; ++i) {
      Py_XDECREF(infos[i]);
      infos[i] = py::none().release().ptr();
      Py_XDECREF(observations[i]);
      observations[i] = py::none().release().ptr();
    }
    for (size_t k = 0; k < ended.games.size(); ++k) {
      const EndedGame& game = ended.games[k];
      const py::ssize_t i = game.env;
      py::array_t<float> observation(size);
      std::copy_n(ended.observations.data() + static_cast<py::ssize_t>(k) * size, size, observation.mutable_data());
      Py_XDECREF(observations[i]);
      observations[i] = observation.release().ptr();
      has[i] = true;
      py::list seat_scores(players), seat_returns(players), winner_seats;
      for (py::ssize_t p = 0; p < players; ++p) {
        const size_t q = static_cast<size_t>(p);
        score[i * players + p] = game.scores[q];
        seat_return[i * players + p] = static_cast<float>(game.returns[q]);
        won[i * players + p] = (game.winner_bits >> p) & 1u;
        seat_scores[static_cast<size_t>(p)] = game.scores[q];
        seat_returns[static_cast<size_t>(p)] = game.returns[q];
        if (won[i * players + p]) winner_seats.append(p);
      }
      decisions[i] = game.length;
      step_calls[i] = game.steps;
      whose[i] = game.seat;
      py::dict one;
      one["scores"] = seat_scores;
      one["returns"] = seat_returns;
      one["winners"] = winner_seats;
      one["length"] = game.length;
      one["steps"] = game.steps;
      one["seat"] = game.seat;
      one["truncated"] = game.truncated;
      Py_XDECREF(infos[i]);
      infos[i] = one.release().ptr();
    }
    std::copy_n(has, n, has_final_info.mutable_data());
    info["final_observation"] = final_observation;
    info["_final_observation"] = has_final;
    info["final_info"] = final_info;
    info["_final_info"] = has_final_info;
    info["final_seat"] = seat;
    info["final_scores"] = scores;
    info["final_returns"] = returns;
    info["final_winners"] = winners;
    info["episode_length"] = length;
    info["episode_steps"] = steps;
  }

  Legal CopyLegal() const { return Legal{engine_->legal_ids(), engine_->legal_offsets()}; }

  Legal LockedLegal() {
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> lock(mutex_);
    return CopyLegal();
  }

  struct Outputs {
    py::array_t<float> observations, rewards;
    py::array_t<bool> terminated, truncated;
    py::array_t<int32_t> current_player;
    StepOutputs pointers;
  };

  Outputs Allocate(bool step) {
    const py::ssize_t n = engine_->num_envs();
    Outputs o;
    o.observations = py::array_t<float>({n, static_cast<py::ssize_t>(engine_->observation_size())});
    o.current_player = py::array_t<int32_t>(n);
    o.pointers.observations = o.observations.mutable_data();
    o.pointers.current_player = o.current_player.mutable_data();
    if (step) {
      const py::ssize_t width = engine_->reward_width();
      o.rewards = engine_->options().opponent ? py::array_t<float>(n) : py::array_t<float>({n, width});
      o.terminated = py::array_t<bool>(n);
      o.truncated = py::array_t<bool>(n);
      o.pointers.rewards = o.rewards.mutable_data();
      o.pointers.terminated = o.terminated.mutable_data();
      o.pointers.truncated = o.truncated.mutable_data();
    }
    return o;
  }

  void RequireStarted() const {
    if (!started_) ThrowInvalid("call reset() before stepping the environments");
  }

  // One int per environment, from any 1-d integer array or sequence.
  std::vector<int64_t> Actions(const py::handle& object) const {
    // Python ints beyond 64 bits (which numpy would hold as objects, or as floats beside
    // small ones): refused as ids out of range.
    if (py::isinstance<py::list>(object) || py::isinstance<py::tuple>(object)) RefuseHugeInts(object);
    py::array array = py::array::ensure(object);
    if (!array) throw py::type_error("actions must be a sequence of ints, one per environment");
    const char kind = array.dtype().kind();
    if (kind == 'O' && array.ndim() == 1) RefuseHugeInts(array);
    if (kind != 'i' && kind != 'u')
      throw py::type_error("actions must be ints, got an array of " + std::string(py::str(array.dtype())));
    const py::ssize_t n = engine_->num_envs();
    if (array.ndim() != 1 || array.shape(0) != n)
      ThrowInvalid("actions must be one action per environment: shape (" + std::to_string(n) + ",), got " +
                            std::string(py::str(py::cast(std::vector<py::ssize_t>(array.shape(), array.shape() + array.ndim())))));
    if (kind == 'u' && array.itemsize() == 8) {  // uint64 beyond int64 would wrap round to a negative id
      auto wide = py::array_t<uint64_t, py::array::c_style | py::array::forcecast>::ensure(array);
      for (py::ssize_t i = 0; wide && i < n; ++i)
        if (wide.data()[i] > static_cast<uint64_t>(INT64_MAX))
          ThrowInvalid("actions: environment " + std::to_string(i) + ": " + std::to_string(wide.data()[i]) +
                       " is not an id of this game");
    }
    auto ints = py::array_t<int64_t, py::array::c_style | py::array::forcecast>::ensure(array);
    if (!ints) throw py::type_error("actions must be ints");
    return std::vector<int64_t>(ints.data(), ints.data() + n);
  }

  // Ints, one beyond 64 bits: refused as an id out of range is (ValueError), not as a
  // wrong type. Anything else is left to the checks of Actions.
  static void RefuseHugeInts(const py::handle& items) {
    size_t i = 0;
    for (py::handle item : items) {
      if (PyFloat_Check(item.ptr()) || !PyIndex_Check(item.ptr())) return;  // not ints: a TypeError below
      if (!Int64Of(item, "action"))
        ThrowInvalid("actions: environment " + std::to_string(i) + ": " + std::string(py::str(item)) +
                     " is not an id of this game");
      ++i;
    }
  }

  std::unique_ptr<VectorEnvEngine> engine_;
  uint64_t seed_;
  std::string reward_;
  bool started_ = false;
  std::mutex mutex_;
};

}  // namespace
}  // namespace souk::python

SOUK_CONSTRUCTED_ONLY(souk::python::PyVectorEnv)

namespace souk::python {

void BindVectorEnv(py::module_& m) {
  object_dtype = new py::dtype("O");
  py::class_<PyVectorEnv>(m, "VectorEnv",
                          "num_envs games stepped together in C++ (docs/python.md): reset() -> (obs, legal); "
                          "step(actions) -> (obs, legal, rewards, terminated, info); legal = (ids, offsets).")
      .def(py::init([](const Game& game, const py::object& num_envs, const py::object& seed,
                       std::optional<std::string> opponent, const py::object& seat, const std::string& reward) {
             VectorEnvOptions options;
             options.game = game;
             options.num_envs = static_cast<int>(IntIn(num_envs, "num_envs", 1, VectorEnvOptions::kMaxEnvs));
             options.seed = SeedOf(seed);
             options.opponent = std::move(opponent);
             if (!seat.is_none()) {
               // Negative or far out of range: a seat the engine refuses as it refuses 9
               // (its message names the range; -1 is its own "rotate", not the caller's).
               const std::optional<int64_t> s = Int64Of(seat, "seat");
               options.seat = s && *s >= 0 && *s <= 1000 ? static_cast<int>(*s) : 1000;
             }
             options.reward = RewardModeOf(reward);
             return std::make_unique<PyVectorEnv>(options, reward);
           }),
           py::arg("game"), py::arg("num_envs"), py::arg("seed") = 0, py::arg("opponent") = py::none(),
           py::arg("seat") = py::none(), py::arg("reward") = "win")
      .def("reset", &PyVectorEnv::Reset, py::arg("seed") = py::none(),
           "New games everywhere; returns (obs, legal). With a seed, restarts every sequence as a new "
           "VectorEnv of that seed would; without, each environment's sequence of games goes on.")
      .def("step", &PyVectorEnv::Step, py::arg("actions"),
           "Plays one action per environment (all checked first: a refused one raises ValueError and none is "
           "played); returns (obs, legal, rewards, terminated, info).")
      .def("sample_legal_actions", &PyVectorEnv::SampleLegalActions,
           "One uniformly random legal action per environment (int64), from the VectorEnv's own PRNG.")
      .def("legal_actions", &PyVectorEnv::LegalActions, "The current (ids, offsets).")
      .def("legal_actions_mask", &PyVectorEnv::LegalMask, "Dense bool [num_envs, num_distinct_actions].")
      .def("legal_actions_padded", &PyVectorEnv::LegalPadded, py::arg("max_len") = py::none(),
           "(ids, valid): int32 [num_envs, K] legal ids padded with -1, bool [num_envs, K] which are ids; K = max_len, "
           "or max_legal_actions.")
      .def("_play_random", &PyVectorEnv::PlayRandom, py::arg("steps"),
           "Benchmark only: steps of sample_legal_actions() and step() without leaving C++; the seconds taken.")
      .def("get_state", &PyVectorEnv::StateOf, py::arg("env"), "A copy of environment env's state.")
      .def("__reduce__", [](const PyVectorEnv&) -> py::object {
        throw py::type_error("a souk.VectorEnv is not pickled: make a new one from its game, num_envs and seed");
      })
      .def_property_readonly("num_envs", [](const PyVectorEnv& e) { return e.engine().num_envs(); })
      .def_property_readonly("game", [](const PyVectorEnv& e) { return e.engine().options().game; })
      .def_property_readonly("opponent", [](const PyVectorEnv& e) { return e.engine().options().opponent; })
      .def_property_readonly("reward", &PyVectorEnv::reward)
      .def_property_readonly("max_legal_actions", [](const PyVectorEnv& e) { return e.engine().max_legal(); });
}

}  // namespace souk::python
