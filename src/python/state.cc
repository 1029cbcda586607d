// souk.State (OpenSpiel's pyspiel.State, by the same names) and souk.state_from_json.
#include <array>

#include "format/record.h"
#include "python/bindings.h"

namespace souk::python {
namespace {

// The legal ids into a stack buffer (the largest list either game has); their count.
using LegalBuffer = std::array<int32_t, jaipur::kMaxMoves>;
static_assert(jaipur::kMaxMoves >= marrakech::kMaxMoves && jaipur::kMaxMoves >= kMaxRegisteredLegal);

int Legal(const AnyState& state, LegalBuffer& ids) {
  return std::visit([&](const auto& s) { return Ops<std::decay_t<decltype(s)>>::LegalIds(s, ids.data()); }, state);
}

// The seat an observation is for: `player`, or the player to move when None.
int ObserverOf(const PyState& s, const py::object& player) {
  if (player.is_none()) {
    const int mover = CurrentPlayer(s.state);
    if (mover < 0) ThrowInvalid("no player is to move (a chance node or the game's end): name the player");
    return mover;
  }
  return CheckSeat(s.state, PlayerOf(player));
}

// Whether `player` (None: the one to move) may act now: a seat out of range raises
// ValueError naming the range; a valid seat not to move has no legal actions (OpenSpiel's
// answer). At a chance node, souk.CHANCE (-1) names chance.
bool MayAct(const PyState& s, const py::object& player) {
  if (player.is_none()) return true;
  const int seat = PlayerOf(player);
  if (seat == kChance) return CurrentPlayer(s.state) == kChance;
  return CheckSeat(s.state, seat) == CurrentPlayer(s.state);
}

py::list LegalActions(const PyState& s, const py::object& player) {
  if (!MayAct(s, player)) return py::list();
  LegalBuffer ids;
  const int n = Legal(s.state, ids);
  py::list list(n);
  for (int i = 0; i < n; ++i) PyList_SET_ITEM(list.ptr(), i, PyLong_FromLong(ids[static_cast<size_t>(i)]));
  return list;
}

// A seat's mask covers the decisions; a chance node's covers its outcome ids too (with
// explicit_chance, Jaipur's come after the decisions).
py::array_t<bool> LegalMask(const PyState& s, const py::object& player) {
  py::array_t<bool> mask(CurrentPlayer(s.state) == kChance ? s.game.ActionIdLimit() : s.game.NumDistinctActions());
  bool* out = mask.mutable_data();
  std::fill(out, out + mask.size(), false);
  if (!MayAct(s, player)) return mask;
  LegalBuffer ids;
  const int n = Legal(s.state, ids);
  for (int i = 0; i < n; ++i) out[ids[static_cast<size_t>(i)]] = true;
  return mask;
}

// An action id of any size: one beyond 64 bits is refused as any id out of range is.
int64_t ActionOf(const PyState& s, const py::handle& value) {
  if (std::optional<int64_t> action = Int64Of(value, "action")) return *action;
  ThrowInvalid("action " + std::string(py::str(value)) + " is not an id of this game (0 to " +
               std::to_string(s.game.ActionIdLimit() - 1) + ")");
}

void ApplyAction(PyState& s, const py::object& action_object) {
  const int64_t action = ActionOf(s, action_object);
  const Status legal = Check(s.state, action);
  if (!legal.ok()) Throw(legal);
  Apply(s.state, static_cast<int>(action));
  s.history.push_back(static_cast<int>(action));
}

// action_to_string(action) and OpenSpiel's action_to_string(player, action): the player
// (a seat or souk.CHANCE) is checked, and the text is the same for any of them.
std::string ActionToString(const PyState& s, const py::object& first, const py::object& second) {
  if (!second.is_none()) {
    const int player = PlayerOf(first);
    if (player != kChance) CheckSeat(s.state, player);
  }
  const int64_t action = ActionOf(s, second.is_none() ? first : second);
  if (action < 0 || action >= s.game.ActionIdLimit())
    ThrowInvalid("action " + std::to_string(action) + " is not an id of this game (0 to " +
                 std::to_string(s.game.ActionIdLimit() - 1) + ")");
  return ActionText(s.state, static_cast<int>(action));
}

// resample_from_infostate's seed, or, as OpenSpiel passes it, a sampler: a callable
// giving a float in [0, 1), whose draw becomes the seed.
uint64_t SeedFromSeedOrSampler(const py::object& seed) {
  if (seed.is_none() || !PyCallable_Check(seed.ptr())) return SeedOf(seed);
  const py::object drawn = seed();
  if (!py::isinstance<py::float_>(drawn) && !py::isinstance<py::int_>(drawn))
    throw py::type_error("the probability sampler must return a float in [0, 1), got " +
                         std::string(py::str(py::type::of(drawn).attr("__name__"))));
  const double u = drawn.cast<double>();
  if (!(u >= 0 && u < 1)) ThrowInvalid("the probability sampler must return a float in [0, 1), got " + std::to_string(u));
  return static_cast<uint64_t>(u * 9007199254740992.0);  // 2**53: every double in [0, 1) a seed of its own
}

py::list ChanceOutcomes(const PyState& s) {
  py::list outcomes;
  if (CurrentPlayer(s.state) != kChance) return outcomes;
  if (s.game.ids)
    ThrowInvalid(std::string(s.game.type->name) +
                 " does not tell its chance outcomes' probabilities: sample_chance_outcome() draws one");
  for (const auto& [id, probability] : ChanceOutcomesOf(s.state)) outcomes.append(py::make_tuple(id, probability));
  return outcomes;
}

// At a chance node, the outcome the game's own PRNG draws (as the arena and VectorEnv
// play it).
int SampleChanceOutcome(const PyState& s) {
  if (CurrentPlayer(s.state) != kChance) ThrowInvalid("not a chance node: no chance outcome to sample");
  const int id = std::visit([](const auto& state) { return Ops<std::decay_t<decltype(state)>>::SampleChance(state); },
                            s.state);
  if (id < 0) ThrowInvalid(std::string(s.game.type->name) + " does not draw its chance outcomes itself");
  return id;
}

py::array_t<float> ObservationTensor(const PyState& s, const py::object& player) {
  const int seat = ObserverOf(s, player);
  if (s.game.ObservationSize() == 0)
    ThrowInvalid(std::string(s.game.type->name) +
                 " has no observation tensor in this module: observation_string() and view_json() tell a seat's view");
  py::array_t<float> tensor(s.game.ObservationSize());
  Observe(s.state, seat, std::span<float>(tensor.mutable_data(), static_cast<size_t>(tensor.size())));
  return tensor;
}

PyState Child(const PyState& s, const py::object& action) {
  PyState child = s;
  ApplyAction(child, action);
  return child;
}

// OpenSpiel's UndoAction(player, action): the last action, by its player, taken back by
// replaying the rest of the history from the seed.
void UndoAction(PyState& s, const py::object& player_object, const py::object& action_object) {
  const int player = PlayerOf(player_object);
  const int64_t action = ActionOf(s, action_object);
  if (!s.seed)
    ThrowInvalid("undo_action replays the history from the state's seed, and this state has none (it was loaded "
                 "from JSON or resampled)");
  if (s.history.empty()) ThrowInvalid("undo_action: no action has been applied to this state");
  std::vector<int> rest(s.history.begin(), s.history.end() - 1);
  PyState before = Replayed(s.game, *s.seed, rest);
  if (action != s.history.back() || player != CurrentPlayer(before.state))
    ThrowInvalid("undo_action(" + std::to_string(player) + ", " + std::to_string(action) +
                 "): the last action was " + std::to_string(s.history.back()) + " by player " +
                 std::to_string(CurrentPlayer(before.state)));
  s = std::move(before);
}

double PlayerReturn(const PyState& s, const py::object& player) {
  return Returns(s.state)[static_cast<size_t>(CheckSeat(s.state, PlayerOf(player)))];
}

std::vector<double> Rewards(const PyState& s) {
  // The reward of the last transition: the returns once it ended the game.
  return Returns(s.state);
}

std::string Repr(const PyState& s) {
  const int mover = CurrentPlayer(s.state);
  std::string who = mover == kTerminal ? "game over"
                    : mover == kChance ? "chance to move"
                                       : "player " + std::to_string(mover) + " to move";
  return "<souk.State " + std::string(s.game.type->name) + ", " + who + ", " + std::to_string(s.history.size()) +
         " actions>";
}

py::tuple GetState(const PyState& s) {
  return py::make_tuple(std::string(s.game.type->name), s.game.players, s.game.variant, StateJson(s.state),
                        s.history, s.seed ? py::object(py::int_(*s.seed)) : py::none(), s.game.explicit_chance);
}

PyState SetState(const py::tuple& t) {
  // Six before Jaipur's explicit_chance option: pickles made then still load.
  if (t.size() != 6 && t.size() != 7)
    ThrowInvalid("a pickled souk.State is a tuple of 7, got " + std::to_string(t.size()));
  const bool explicit_chance = t.size() == 7 && t[6].cast<bool>();
  Game game = Value(LoadGame(t[0].cast<std::string>(), t[1].cast<int>(), t[2].cast<std::string>(), explicit_chance));
  AnyState state = Value(LoadState(game, t[3].cast<std::string>()));
  std::vector<int> history = t[4].cast<std::vector<int>>();
  for (int a : history)
    if (a < 0 || a >= game.ActionIdLimit()) ThrowInvalid("a pickled souk.State with a bad history");
  std::optional<uint64_t> seed;
  if (!t[5].is_none()) seed = SeedOf(t[5]);
  return PyState{game, state, std::move(history), seed};
}

// The game record of the state (docs/formats.md): its options, seed and moves, and who
// played each seat when `seats` says.
std::string ToRecord(const PyState& s, const std::optional<std::vector<std::string>>& seats) {
  if (!s.seed)
    ThrowInvalid("this state has no record: it was loaded from JSON or resampled, so where its game began "
                 "is unknown");
  if (seats) {
    bool fits = static_cast<int>(seats->size()) == s.game.players;
    for (const std::string& seat : *seats) fits &= !seat.empty() && seat.find_first_of(",\r\n") == std::string::npos;
    if (!fits)
      ThrowInvalid("seats: one name per seat (" + std::to_string(s.game.players) +
                   "), each without commas or line breaks");
  }
  const bool default_players = s.game.players == s.game.type->default_players;
  GameRecord record{{std::string(s.game.type->name), *s.seed, default_players ? 0 : s.game.players, s.game.variant},
                    {},
                    seats.value_or(std::vector<std::string>{})};
  for (int action : s.history) record.moves.push_back(ActionText(s.state, action));
  std::string text = FormatRecord(record);
  auto parsed = ParseRecord(text);  // a seat name that breaks the format is refused here
  if (!parsed.ok()) Throw(parsed.status());
  return text;
}

// A record's game replayed (`souk replay`'s messages): the state with its history.
PyState FromRecord(std::string_view text) {
  GameRecord record = Value(ParseRecord(text));
  auto game = LoadGame(record.options.game, record.options.players, record.options.variant);
  if (!game.ok()) Throw(game.status().Prefixed("record: "));
  PyState s{*game, NewState(*game, record.options.seed), {}, record.options.seed};
  for (size_t i = 0; i < record.moves.size(); ++i) {
    auto action = ParseAction(s.state, record.moves[i]);
    Status legal = action.ok() ? Check(s.state, *action) : action.status();
    if (!legal.ok()) Throw(legal.Prefixed("record move " + std::to_string(i + 1) + ": "));
    Apply(s.state, *action);
    s.history.push_back(*action);
  }
  return s;
}

}  // namespace

void BindState(py::module_& m) {
  py::class_<PyState>(m, "State", "A position of a game; made by Game.new_initial_state or souk.state_from_json.")
      .def("get_game", [](const PyState& s) { return s.game; })
      .def("current_player", [](const PyState& s) { return CurrentPlayer(s.state); },
           "The seat to act, souk.CHANCE (-1) before Marrakech's die, souk.TERMINAL (-4) once the game is over.")
      .def("num_players", [](const PyState& s) { return NumPlayers(s.state); })
      .def("is_terminal", [](const PyState& s) { return IsOver(s.state); })
      .def("is_chance_node", [](const PyState& s) { return CurrentPlayer(s.state) == kChance; })
      .def("is_player_node", [](const PyState& s) { return CurrentPlayer(s.state) >= 0; })
      .def("legal_actions", &LegalActions, py::arg("player") = py::none(),
           "The legal action ids, sorted (at a chance node: the die's outcomes); [] for another player.")
      .def("legal_actions_mask", &LegalMask, py::arg("player") = py::none(),
           "numpy bool of length num_distinct_actions(), True at the legal ids.")
      .def("apply_action", &ApplyAction, py::arg("action"),
           "Plays the action; a refused one raises souk.IllegalMoveError (a ValueError) with the rule's reason and "
           "changes nothing.")
      .def("action_to_string", &ActionToString, py::arg("player_or_action"), py::arg("action") = py::none(),
           "action_to_string(action) or action_to_string(player, action): the move's canonical text, as the CLI "
           "writes it (the same for any player).")
      .def("child", &Child, py::arg("action"), "A copy of the state with the action applied.")
      .def("undo_action", &UndoAction, py::arg("player"), py::arg("action"),
           "Takes back the last action (by that player), replaying the history from the state's seed; "
           "InvalidArgumentError for a state without one.")
      .def("player_return", &PlayerReturn, py::arg("player"))
      .def("player_reward", [](const PyState& s, const py::object& player) {
             return Rewards(s)[static_cast<size_t>(CheckSeat(s.state, PlayerOf(player)))];
           }, py::arg("player"))
      .def("is_simultaneous_node", [](const PyState&) { return false; }, "False: both games are sequential.")
      .def("is_mean_field_node", [](const PyState&) { return false; }, "False: no mean-field game here.")
      .def("is_initial_state", [](const PyState& s) { return s.seed.has_value() && s.history.empty(); },
           "Whether no action has been applied since new_initial_state (False for a state without a seed).")
      .def("num_distinct_actions", [](const PyState& s) { return s.game.NumDistinctActions(); })
      .def("full_history", &FullHistory,
           "Each action of the history with the player who took it (souk.CHANCE for a die), replayed from the "
           "seed; InvalidArgumentError for a state without one.")
      .def("history_str", [](const PyState& s) {
             std::string text;
             for (size_t i = 0; i < s.history.size(); ++i) text.append(i ? ", " : "").append(std::to_string(s.history[i]));
             return text;
           }, "The history's ids, ', '-separated, as OpenSpiel writes it.")
      .def("information_state_string",
           [](const PyState& s, const py::object& player) { return InformationStateString(s, ObserverOf(s, player)); },
           py::arg("player") = py::none(),
           "The seat's perfect-recall information state: its first observation, then each action with what changed "
           "in its observation (docs/python.md).")
      .def("information_state_tensor", [](const PyState& s, const py::object&) -> py::array_t<float> {
             ThrowInvalid(std::string(s.game.type->name) +
                          " has no information state tensor in this module (get_type().provides_information_state_"
                          "tensor is False): information_state_string() holds the seat's perfect-recall information "
                          "state");
           }, py::arg("player") = py::none())
      .def("serialize", &Serialize, "Text Game.deserialize_state reads back: the game, seed and history.")
      .def("to_string", [](const PyState& s) { return StateJson(s.state); }, "str(state): the state's JSON.")
      .def(
          "string_to_action",
          [](const PyState& s, std::string_view text) { return Value(ParseAction(s.state, text)); },
          py::arg("text"), "The id of a move written as the CLI reads it ('sell 3 cloth', 'place c3 d3').")
      .def(
          "string_to_action",
          [](const PyState& s, const py::object& player, std::string_view text) {
            if (const int seat = PlayerOf(player); seat != kChance) CheckSeat(s.state, seat);
            return Value(ParseAction(s.state, text));
          },
          py::arg("player"), py::arg("text"), "OpenSpiel's string_to_action(player, text): the same id for any player.")
      .def("apply_action_with_legality_check", &ApplyAction, py::arg("action"),
           "apply_action, which checks every action anyway.")
      .def("legal_chance_outcomes", [](const PyState& s) {
             return CurrentPlayer(s.state) == kChance ? LegalActions(s, py::none()) : py::list();
           }, "At a chance node its outcomes' ids; [] elsewhere.")
      .def("is_player_acting", [](const PyState& s, const py::object& player) {
             return CheckSeat(s.state, PlayerOf(player)) == CurrentPlayer(s.state);
           }, py::arg("player"))
      .def("get_type", [](const PyState& s) { return py::cast(s.game).attr("get_type")(); },
           "The game's GameType (Game.get_type()).")
      .def("chance_outcomes", &ChanceOutcomes,
           "At a chance node: [(action, probability), ...]; [] elsewhere. A game played through its GameState "
           "(docs/python.md) does not tell them: InvalidArgumentError at its chance nodes.")
      .def("sample_chance_outcome", &SampleChanceOutcome,
           "At a chance node: the outcome the game's own PRNG draws, as the arena plays it; InvalidArgumentError "
           "elsewhere.")
      .def("returns", [](const PyState& s) { return Returns(s.state); },
           "Per seat: 0 while the game goes on; at its end, a sole win 1, the rest zero-sum (docs/python.md).")
      .def("rewards", &Rewards, "Per seat, the reward of the last transition: the returns once the game is over.")
      .def("scores", [](const PyState& s) { return Scores(s.state); },
           "Rupees (Jaipur: the round's, or the last round's once over) or Marrakech's score, per seat.")
      .def("observation_tensor", &ObservationTensor, py::arg("player") = py::none(),
           "numpy float32 of what that seat may know (docs/python.md lists the slices).")
      .def(
          "observation_string",
          [](const PyState& s, const py::object& player) { return ViewText(s.state, ObserverOf(s, player)); },
          py::arg("player") = py::none(), "That seat's view as text.")
      .def("to_json", [](const PyState& s) { return StateJson(s.state); }, "The whole state, as `souk apply` prints it.")
      .def(
          "view_json",
          [](const PyState& s, const py::object& player) {
            return ViewJson(s.state, CheckSeat(s.state, PlayerOf(player)));
          },
          py::arg("player"), "What that seat may know, as `souk view --player` prints it.")
      .def(
          "resample_from_infostate",
          [](const PyState& s, const py::object& player, const py::object& seed) {
            const int seat = CheckSeat(s.state, PlayerOf(player));
            return PyState{s.game, Resample(s.state, seat, SeedFromSeedOrSampler(seed)), {}, std::nullopt};
          },
          py::arg("player"), py::arg("seed") = py::none(),
          "A full state with the same view for that seat, its hidden parts drawn from the seed (no history). "
          "OpenSpiel's form too: a probability sampler (a callable giving a float in [0, 1)) in place of the seed.")
      .def("history", [](const PyState& s) { return s.history; },
           "The actions applied since new_initial_state ([] for a state loaded from JSON or resampled).")
      .def("to_record", &ToRecord, py::arg("seats") = py::none(),
           "The game record (`souk replay` reads it): options, seed and moves; seats, e.g. ['greedy', 'me'], "
           "says who played each seat. ValueError for a state loaded from JSON or resampled.")
      .def("move_number", [](const PyState& s) { return s.history.size(); })
      .def("clone", [](const PyState& s) { return s; })
      .def("__copy__", [](const PyState& s) { return s; })
      .def("__deepcopy__", [](const PyState& s, const py::object&) { return s; }, py::arg("memo"))
      .def("__eq__",
           [](const PyState& a, const py::object& b) {
             if (!py::isinstance<PyState>(b)) return false;
             const PyState& other = b.cast<const PyState&>();
             return a.game == other.game && a.state == other.state;
           })
      .def("__str__", [](const PyState& s) { return StateJson(s.state); })
      .def("__repr__", &Repr)
      .def(py::pickle(&GetState, &SetState))
      // The reduction copy.copy and pickle protocol 2 on use, for every protocol:
      // pybind11's default one for protocols 0 and 1 aborts the interpreter.
      .def("__reduce__", [](const py::object& self) {
        (void)self.cast<const PyState&>();  // refuses an instance made without its constructor
        return py::make_tuple(py::module_::import("copyreg").attr("__newobj__"), py::make_tuple(py::type::of(self)),
                              self.attr("__getstate__")());
      });
  // __eq__ without __hash__: states are mutable, so unhashable, like lists.
  m.attr("State").attr("__hash__") = py::none();

  m.def("state_from_record", &FromRecord, py::arg("text"),
        "Replays a game record (as `souk replay` does, with its messages): the final state, with its history.");
  m.def(
      "state_from_json",
      [](const Game& game, std::string_view text) { return PyState{game, Value(LoadState(game, text)), {}, std::nullopt}; },
      py::arg("game"), py::arg("text"),
      "Loads a state as `souk apply` does, with its checks and messages; it must be a state of `game`.");
}

}  // namespace souk::python
