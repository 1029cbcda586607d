// OpenSpiel's game-level API on souk.Game: get_type() (souk.GameType, pyspiel.GameType's
// fields and enums), get_parameters(), the tensor shapes, deserialize_state; and the
// module's registered_names and (de)serialize_game_and_state.
#include "python/bindings.h"

namespace souk::python {

// pyspiel.GameType's enums, by the same names and values.
enum class Dynamics { kSimultaneous = 0, kSequential = 1, kMeanField = 2 };
enum class ChanceMode { kDeterministic = 0, kExplicitStochastic = 1, kSampledStochastic = 2 };
enum class Information { kOneShot = 0, kPerfectInformation = 1, kImperfectInformation = 2 };
enum class Utility { kZeroSum = 0, kConstantSum = 1, kGeneralSum = 2, kIdentical = 3 };
enum class RewardModel { kRewards = 0, kTerminalReward = 1 };

struct SpielGameType {
  std::string short_name;
  std::string long_name;
  Dynamics dynamics = Dynamics::kSequential;
  ChanceMode chance_mode = ChanceMode::kDeterministic;
  Information information = Information::kPerfectInformation;
  Utility utility = Utility::kZeroSum;
  RewardModel reward_model = RewardModel::kTerminalReward;
  int max_num_players = 2;
  int min_num_players = 2;
  bool provides_information_state_string = true;
  bool provides_information_state_tensor = false;
  bool provides_observation_string = true;
  bool provides_observation_tensor = true;
  py::dict parameter_specification;
  bool default_loadable = true;
  bool provides_factored_observation_string = false;
};

}  // namespace souk::python

// A GameType made without its constructor is refused (bindings.h).
SOUK_CONSTRUCTED_ONLY(souk::python::SpielGameType)

namespace souk::python {
namespace {

SpielGameType TypeOf(const Game& game) {
  const GameType& type = *game.type;
  SpielGameType t;
  t.short_name = std::string(type.name);
  t.long_name = std::string(type.display_name);
  // A chance outcome the caller draws is a chance node; without explicit_chance,
  // Jaipur's deals happen inside its moves, from the state's own deck, as OpenSpiel's
  // sampled chance does.
  t.chance_mode = type.explicit_chance || game.explicit_chance ? ChanceMode::kExplicitStochastic
                                                               : ChanceMode::kSampledStochastic;
  t.information = type.hidden_information ? Information::kImperfectInformation : Information::kPerfectInformation;
  t.max_num_players = type.max_players;
  t.min_num_players = type.min_players;
  t.provides_observation_tensor = game.ObservationSize() > 0;
  t.parameter_specification = ParameterSpecification(type);
  return t;
}

std::string TypeRepr(const SpielGameType& t) {
  return "<souk.GameType '" + t.short_name + "'>";
}

// Chance nodes in the longest game (each game's Ops say how many).
int MaxChanceNodes(const Game& game) {
  const int nodes = game.MaxChanceNodes();
  if (nodes < 0) ThrowInvalid(std::string(game.type->name) + "'s module does not bound its chance nodes");
  return nodes;
}

[[noreturn]] void ThrowNoInformationStateTensor(const Game& game) {
  ThrowInvalid(std::string(game.type->name) +
               " has no information state tensor in this module (get_type().provides_information_state_tensor is "
               "False): information_state_string() holds the seat's perfect-recall information state");
}

}  // namespace

void BindOpenSpielGame(py::module_& m, py::class_<Game>& game_class) {
  py::class_<SpielGameType> type_class(m, "GameType",
                                       "What kind of game it is, as pyspiel.GameType: Game.get_type() gives it.");
  py::enum_<Dynamics>(type_class, "Dynamics")
      .value("SIMULTANEOUS", Dynamics::kSimultaneous)
      .value("SEQUENTIAL", Dynamics::kSequential)
      .value("MEAN_FIELD", Dynamics::kMeanField);
  py::enum_<ChanceMode>(type_class, "ChanceMode")
      .value("DETERMINISTIC", ChanceMode::kDeterministic)
      .value("EXPLICIT_STOCHASTIC", ChanceMode::kExplicitStochastic)
      .value("SAMPLED_STOCHASTIC", ChanceMode::kSampledStochastic);
  py::enum_<Information>(type_class, "Information")
      .value("ONE_SHOT", Information::kOneShot)
      .value("PERFECT_INFORMATION", Information::kPerfectInformation)
      .value("IMPERFECT_INFORMATION", Information::kImperfectInformation);
  py::enum_<Utility>(type_class, "Utility")
      .value("ZERO_SUM", Utility::kZeroSum)
      .value("CONSTANT_SUM", Utility::kConstantSum)
      .value("GENERAL_SUM", Utility::kGeneralSum)
      .value("IDENTICAL", Utility::kIdentical);
  py::enum_<RewardModel>(type_class, "RewardModel")
      .value("REWARDS", RewardModel::kRewards)
      .value("TERMINAL", RewardModel::kTerminalReward);
  type_class.def_readonly("short_name", &SpielGameType::short_name)
      .def_readonly("long_name", &SpielGameType::long_name)
      .def_readonly("dynamics", &SpielGameType::dynamics)
      .def_readonly("chance_mode", &SpielGameType::chance_mode)
      .def_readonly("information", &SpielGameType::information)
      .def_readonly("utility", &SpielGameType::utility)
      .def_readonly("reward_model", &SpielGameType::reward_model)
      .def_readonly("max_num_players", &SpielGameType::max_num_players)
      .def_readonly("min_num_players", &SpielGameType::min_num_players)
      .def_readonly("provides_information_state_string", &SpielGameType::provides_information_state_string)
      .def_readonly("provides_information_state_tensor", &SpielGameType::provides_information_state_tensor)
      .def_readonly("provides_observation_string", &SpielGameType::provides_observation_string)
      .def_readonly("provides_observation_tensor", &SpielGameType::provides_observation_tensor)
      .def_readonly("provides_factored_observation_string", &SpielGameType::provides_factored_observation_string)
      .def_readonly("default_loadable", &SpielGameType::default_loadable)
      .def_property_readonly("parameter_specification",
                             [](const SpielGameType& t) { return t.parameter_specification.attr("copy")(); })
      .def("__repr__", &TypeRepr);

  py::class_<PlayerAction>(m, "PlayerAction", "pyspiel.PlayerAction: an action and the player who took it.")
      .def_readonly("player", &PlayerAction::player)
      .def_readonly("action", &PlayerAction::action)
      .def("__eq__",
           [](const PlayerAction& a, const py::object& b) {
             if (!py::isinstance<PlayerAction>(b)) return false;
             const PlayerAction& other = b.cast<const PlayerAction&>();
             return a.player == other.player && a.action == other.action;
           })
      .def("__repr__", [](const PlayerAction& a) {
        return "PlayerAction(player=" + std::to_string(a.player) + ", action=" + std::to_string(a.action) + ")";
      });
  m.attr("PlayerAction").attr("__hash__") = py::none();

  game_class.def("get_type", &TypeOf, "What kind of game it is (pyspiel.GameType's fields).")
      .def("get_parameters", &GameParameters, "The game's parameters with their values: {'players': 3, ...}.")
      .def("utility_sum", [](const Game&) { return 0.0; }, "The returns of every game sum to 0 (zero-sum).")
      .def("policy_tensor_shape", [](const Game& g) { return std::vector<int>{g.NumDistinctActions()}; })
      .def("information_state_tensor_shape", [](const Game& g) -> std::vector<int> { ThrowNoInformationStateTensor(g); })
      .def("information_state_tensor_size", [](const Game& g) -> int { ThrowNoInformationStateTensor(g); })
      .def(
          "action_to_string",
          [](const Game& g, const py::object& player, const py::object& action) {
            // A move's text depends on its id only: any state of the game writes it.
            return py::cast(PyState{g, NewState(g, 0), {}, std::nullopt}).attr("action_to_string")(player, action);
          },
          py::arg("player"), py::arg("action"), "The move's canonical text, as State.action_to_string.")
      .def("max_chance_nodes_in_history", &MaxChanceNodes)
      .def("max_move_number", [](const Game& g) { return g.MaxGameLength() + MaxChanceNodes(g); })
      .def("max_history_length", [](const Game& g) { return g.MaxGameLength() + MaxChanceNodes(g); },
           "Actions (chance outcomes included) in the longest game: Marrakech rolls once a turn of two decisions.")
      .def(
          "deserialize_state", [](const Game& g, std::string_view text) { return Deserialize(g, text); },
          py::arg("text"), "The state State.serialize() wrote, replayed from its seed and history.")
      .def("__str__", &GameString, "The game string load_game reads: 'marrakech(players=3)'.");

  m.def("registered_names", &GameTypeNames, "The names load_game knows (as souk.games()).");
  m.def(
      "serialize_game_and_state",
      [](const Game& g, const PyState& s) {
        if (!(s.game == g)) ThrowInvalid("the state is not one of " + GameString(g));
        return Serialize(s);
      },
      py::arg("game"), py::arg("state"));
  m.def(
      "deserialize_game_and_state",
      [](std::string_view text) {
        const size_t line = text.find('\n');
        const size_t end = line == std::string_view::npos ? line : text.find('\n', line + 1);
        if (line == std::string_view::npos || end == std::string_view::npos || text.substr(line + 1, 5) != "game ")
          ThrowInvalid("not a serialized souk state (it begins 'souk-state 1', then 'game ...')");
        const Game game = GameOfString(text.substr(line + 6, end - line - 6));
        return py::make_tuple(game, Deserialize(game, text));
      },
      py::arg("text"), "(game, state) from serialize_game_and_state's text.");
}

}  // namespace souk::python
