// souk.make_observer(game, iig_obs_type, params): OpenSpiel's observer
// (open_spiel.python.observation.make_observation and pyspiel.IIGObservationType) over
// the games' observation tensors, cut into named pieces each marked public or private
// to the seat it is for (docs/python.md, "Observers").
#include "python/bindings.h"

namespace souk::python {

enum class PrivateInfo { kNone = 0, kSinglePlayer = 1, kAllPlayers = 2 };

struct IIGObservationType {
  bool perfect_recall = false;
  bool public_info = true;
  PrivateInfo private_info = PrivateInfo::kSinglePlayer;
};

namespace {

// A piece of the observer's tensor: a slice of the observing seat's observation (seat
// -1), or of a given seat's (ALL_PLAYERS' private pieces).
struct Piece {
  std::string name;
  int seat;
  ObservationPiece slice;
};

}  // namespace

class Observer {
 public:
  Observer(const Game& game, const IIGObservationType& type) : game_(game), type_(type) {
    if (!type.perfect_recall) {
      for (const ObservationPiece& slice : game.ObservationPieces()) {
        const bool shown = slice.private_to_viewer ? type.private_info == PrivateInfo::kSinglePlayer : type.public_info;
        if (shown) pieces_.push_back({std::string(slice.name), -1, slice});
      }
      if (type.private_info == PrivateInfo::kAllPlayers)
        for (int seat = 0; seat < game.players; ++seat)
          for (const ObservationPiece& slice : game.ObservationPieces())
            if (slice.private_to_viewer)
              pieces_.push_back({"player" + std::to_string(seat) + "_" + std::string(slice.name), seat, slice});
    }
    int size = 0;
    for (const Piece& piece : pieces_) size += piece.slice.size;
    tensor_ = py::array_t<float>(size);
    std::fill(tensor_.mutable_data(), tensor_.mutable_data() + size, 0.0f);
    int offset = 0;
    for (const Piece& piece : pieces_) {
      dict_[py::str(piece.name)] = tensor_[py::slice(offset, offset + piece.slice.size, 1)];
      offset += piece.slice.size;
    }
  }

  py::array_t<float> tensor() const { return tensor_; }
  py::dict dict() const { return dict_; }

  void SetFrom(const PyState& s, const py::object& player) {
    const int seat = SeatFor(s, player);
    std::vector<std::vector<float>> seen(static_cast<size_t>(game_.players));
    float* out = tensor_.mutable_data();
    for (const Piece& piece : pieces_) {
      const int from = piece.seat < 0 ? seat : piece.seat;
      std::vector<float>& obs = seen[static_cast<size_t>(from)];
      if (obs.empty()) {
        obs.resize(static_cast<size_t>(game_.ObservationSize()));
        Observe(s.state, from, obs);
      }
      out = std::copy_n(obs.begin() + piece.slice.offset, piece.slice.size, out);
    }
  }

  std::string StringFrom(const PyState& s, const py::object& player) {
    const int seat = SeatFor(s, player);
    if (type_.perfect_recall) return InformationStateString(s, seat);
    if (type_.public_info && type_.private_info == PrivateInfo::kSinglePlayer) return ViewText(s.state, seat);
    if (game_.ObservationPieces().empty())
      ThrowInvalid(std::string(game_.type->name) + " has only its seat's observation (and perfect recall) in this "
                   "module: no observation tensor to cut into public and private parts");
    SetFrom(s, player);
    std::string text;
    int offset = 0;
    for (const Piece& piece : pieces_) {
      text.append(piece.name).append(":");
      for (int i = 0; i < piece.slice.size; ++i) {
        const float value = tensor_.data()[offset + i];
        text.append(" ").append(value == static_cast<float>(static_cast<int>(value)) ? std::to_string(static_cast<int>(value))
                                                                                    : std::to_string(value));
      }
      text += "\n";
      offset += piece.slice.size;
    }
    return text;
  }

 private:
  int SeatFor(const PyState& s, const py::object& player) const {
    if (!(s.game == game_)) ThrowInvalid("the state is not one of " + GameString(game_) + ", this observer's game");
    return CheckSeat(s.state, PlayerOf(player));
  }

  Game game_;
  IIGObservationType type_;
  std::vector<Piece> pieces_;
  py::array_t<float> tensor_;
  py::dict dict_;
};

}  // namespace souk::python

// An IIGObservationType or Observer made without its constructor is refused (bindings.h).
SOUK_CONSTRUCTED_ONLY(souk::python::IIGObservationType)
SOUK_CONSTRUCTED_ONLY(souk::python::Observer)

namespace souk::python {
namespace {

Observer MakeObserver(const Game& game, const py::object& type_object, const py::object& params) {
  if (!params.is_none() && !(py::isinstance<py::dict>(params) && py::len(params) == 0))
    ThrowInvalid("make_observer: this module's observers take no parameters (params must be None or {})");
  IIGObservationType type;
  if (!type_object.is_none()) type = type_object.cast<IIGObservationType>();
  if (game.ObservationSize() == 0 && !type.perfect_recall &&
      !(type.public_info && type.private_info == PrivateInfo::kSinglePlayer))
    ThrowInvalid(std::string(game.type->name) + " has only its seat's observation (and perfect recall) in this "
                 "module: no observation tensor to cut into public and private parts");
  return Observer(game, type);
}

}  // namespace

void BindObserver(py::module_& m) {
  py::enum_<PrivateInfo>(m, "PrivateInfoType", "pyspiel.PrivateInfoType: whose private information an observer holds.")
      .value("NONE", PrivateInfo::kNone)
      .value("SINGLE_PLAYER", PrivateInfo::kSinglePlayer)
      .value("ALL_PLAYERS", PrivateInfo::kAllPlayers);
  py::class_<IIGObservationType>(m, "IIGObservationType", "pyspiel.IIGObservationType: what an observer holds.")
      .def(py::init([](bool perfect_recall, bool public_info, PrivateInfo private_info) {
             IIGObservationType type;
             type.perfect_recall = perfect_recall;
             type.public_info = public_info;
             type.private_info = private_info;
             return type;
           }),
           py::arg("perfect_recall") = false, py::arg("public_info") = true,
           py::arg("private_info") = PrivateInfo::kSinglePlayer)
      .def_readonly("perfect_recall", &IIGObservationType::perfect_recall)
      .def_readonly("public_info", &IIGObservationType::public_info)
      .def_readonly("private_info", &IIGObservationType::private_info);
  py::class_<Observer>(m, "Observer", "What make_observer returns: .tensor and .dict, filled by set_from.")
      .def_property_readonly("tensor", &Observer::tensor, "numpy float32, filled in place by set_from.")
      .def_property_readonly("dict", &Observer::dict, "Name -> a numpy view into tensor.")
      .def("set_from", &Observer::SetFrom, py::arg("state"), py::arg("player"))
      .def("string_from", &Observer::StringFrom, py::arg("state"), py::arg("player"));
  m.def("make_observer", &MakeObserver, py::arg("game"), py::arg("iig_obs_type") = py::none(),
        py::arg("params") = py::none(),
        "OpenSpiel's make_observation: an observer of the kind iig_obs_type says (None: the seat's observation).");
  py::object game_class = m.attr("Game");
  game_class.attr("make_observer") =
      py::cpp_function(&MakeObserver, py::name("make_observer"), py::is_method(game_class), py::arg("iig_obs_type") = py::none(),
                       py::arg("params") = py::none());
}

}  // namespace souk::python
