// souk.self_play_games: games of an arena run played again with everything a learner
// needs kept: each game's record (format/record.h, what `souk replay` reads) and, per
// decision, the mover's observation, the legal ids, the action chosen, and the seats'
// returns at the end. souk.distributed.self_play spreads them over a Dask cluster and
// writes them out (docs/python-distributed.md).
#include <memory>

#include "ai/bot.h"
#include "core/prng.h"
#include "format/record.h"
#include "python/bindings.h"

namespace souk::python {
namespace {

// The arena's seeds (match/arena.cc): game i of a run of k bots is dealt from
// Mix(seed, i / k) and bot b plays it from Mix(Mix(seed, i), b + 1), so game i here is
// game i of `souk arena` with the same seed (the tests compare every game's result).
uint64_t Mix(uint64_t a, uint64_t b) { return Prng(a ^ (b * 0x9e3779b97f4a7c15ULL)).Next(); }

struct SelfPlayGame {
  int index = 0;
  uint64_t deal_seed = 0;
  std::vector<int> seat_bot;  // the bot (index into bots) at each seat
  std::string record;
  std::vector<float> observations;                 // decisions x observation size
  std::vector<int32_t> legal_ids, legal_offsets;   // decision j: legal_ids[offsets[j]:offsets[j+1]]
  std::vector<int32_t> actions, players, plies;    // ply: the decision's line among the record's moves
  std::vector<double> returns;                     // per seat, at the end
  std::vector<int> scores;                         // per seat, at the end
  bool unfinished = false;
  std::string error;
};

// Plays game `index` as the arena's PlayGame does (the same seeds, bots by seat, chance
// from the game's own PRNG, the same max_decisions), on the module's id-based state.
SelfPlayGame PlayOne(const Game& game, const std::vector<std::string>& bots, uint64_t seed, int index, int max_decisions) {
  const int k = static_cast<int>(bots.size());
  SelfPlayGame out;
  out.index = index;
  out.deal_seed = Mix(seed, static_cast<uint64_t>(index / k));
  std::vector<std::unique_ptr<ai::Bot>> by_seat;
  for (int seat = 0; seat < k; ++seat) {
    const int b = (seat + index % k) % k;
    out.seat_bot.push_back(b);
    auto bot = ai::MakeBot(game.type->name, bots[static_cast<size_t>(b)],
                           Mix(Mix(seed, static_cast<uint64_t>(index)), static_cast<uint64_t>(b) + 1));
    if (!bot.ok()) {
      out.error = bot.message();
      return out;
    }
    by_seat.push_back(std::move(*bot));
  }
  GameRecord record{{std::string(game.type->name), out.deal_seed, k, game.variant}, {}};
  // A spec with options has commas, which the record's seats line cannot hold: then
  // the seats are only in the comment above the header.
  bool seats_fit = true;
  for (int b : out.seat_bot) {
    const std::string& spec = bots[static_cast<size_t>(b)];
    seats_fit = seats_fit && spec.find_first_of(", \t") == std::string::npos;
  }
  if (seats_fit)
    for (int b : out.seat_bot) record.seats.push_back(bots[static_cast<size_t>(b)]);

  AnyState state = NewState(game, out.deal_seed);
  const size_t obs_size = static_cast<size_t>(game.ObservationSize());
  out.legal_offsets.push_back(0);
  while (!IsOver(state)) {
    const int mover = CurrentPlayer(state);
    int action = -1;
    if (mover == kChance) {
      action = std::visit([](const auto& s) { return Ops<std::decay_t<decltype(s)>>::SampleChance(s); }, state);
    } else {
      if (static_cast<int>(out.actions.size()) >= max_decisions) {
        out.unfinished = true;
        break;
      }
      out.observations.resize(out.observations.size() + obs_size);
      Observe(state, mover, std::span<float>(out.observations.data() + out.observations.size() - obs_size, obs_size));
      const std::vector<int32_t> legal = LegalIds(state);
      out.legal_ids.insert(out.legal_ids.end(), legal.begin(), legal.end());
      out.legal_offsets.push_back(static_cast<int32_t>(out.legal_ids.size()));
      const AnyView view = std::visit([&](const auto& s) { return AnyView(s.ViewFor(mover)); }, state);
      const std::string move = by_seat[static_cast<size_t>(mover)]->ChooseMove(view);
      auto parsed = ParseAction(state, move);
      if (!parsed.ok()) {
        out.error = "game " + std::to_string(index) + ": a bot played an illegal move: " + parsed.message();
        return out;
      }
      action = *parsed;
      out.actions.push_back(action);
      out.players.push_back(mover);
      out.plies.push_back(static_cast<int32_t>(record.moves.size()));
    }
    const Status legal_move = Check(state, action);
    if (!legal_move.ok()) {
      out.error = "game " + std::to_string(index) + ": a bot played an illegal move: " + legal_move.message();
      return out;
    }
    record.moves.push_back(ActionText(state, action));
    Apply(state, action);
  }
  out.returns = Returns(state);
  out.scores = Scores(state);
  std::string header = "# game " + std::to_string(index) + " of the arena run with seed " + std::to_string(seed) +
                       "; seats:";
  for (int b : out.seat_bot) header += " " + bots[static_cast<size_t>(b)];
  if (out.unfinished) header += "\n# stopped unfinished after " + std::to_string(max_decisions) + " decisions";
  out.record = header + "\n" + FormatRecord(record);
  return out;
}

template <typename T>
py::array_t<T> Array(const std::vector<T>& values) {
  py::array_t<T> a(static_cast<py::ssize_t>(values.size()));
  std::copy(values.begin(), values.end(), a.mutable_data());
  return a;
}

py::dict GameDict(const SelfPlayGame& g, int obs_size) {
  py::dict d;
  d["index"] = g.index;
  d["deal_seed"] = g.deal_seed;
  d["seat_bot"] = g.seat_bot;
  d["record"] = g.record;
  py::array_t<float> obs = Array(g.observations);
  d["observations"] = obs.reshape({static_cast<py::ssize_t>(g.actions.size()), static_cast<py::ssize_t>(obs_size)});
  d["legal_ids"] = Array(g.legal_ids);
  d["legal_offsets"] = Array(g.legal_offsets);
  d["actions"] = Array(g.actions);
  d["players"] = Array(g.players);
  d["plies"] = Array(g.plies);
  d["returns"] = g.returns;
  d["scores"] = g.scores;
  d["unfinished"] = g.unfinished;
  return d;
}

}  // namespace

void BindRecords(py::module_& m) {
  m.def(
      "self_play_games",
      [](const std::string& name, const std::vector<std::string>& bots, int first, int last, const py::object& seed,
         const std::string& variant, int max_decisions) {
        const Game game = Value(LoadGame(name, static_cast<int>(bots.size()), variant));
        if (first < 0 || first > last) throw py::value_error("first and last must be 0 <= first <= last");
        if (max_decisions < 0) throw py::value_error("max_decisions must be 0 or more");
        for (const std::string& spec : bots) Value(ai::MakeBot(name, spec, 0));
        const uint64_t run_seed = SeedOf(seed);
        std::vector<SelfPlayGame> games;
        {
          py::gil_scoped_release release;
          for (int i = first; i < last; ++i) {
            games.push_back(PlayOne(game, bots, run_seed, i, max_decisions));
            if (!games.back().error.empty()) break;
          }
        }
        py::list list;
        for (const SelfPlayGame& g : games) {
          if (!g.error.empty()) throw py::value_error(g.error);
          list.append(GameDict(g, game.ObservationSize()));
        }
        return list;
      },
      py::arg("game"), py::arg("bots"), py::arg("first"), py::arg("last"), py::arg("seed") = 1,
      py::arg("variant") = "", py::arg("max_decisions") = 5000,
      "Plays games [first, last) of the arena run `souk arena GAME BOTS... --seed SEED` again (the same "
      "deals, seats and bot seeds, with the GIL released) and keeps, per game, a dict: index, deal_seed, "
      "seat_bot (the bot at each seat), record (the game record `souk replay` reads), per decision "
      "observations (the mover's observation_tensor), legal_ids with legal_offsets (decision j's sorted "
      "legal ids are legal_ids[legal_offsets[j]:legal_offsets[j + 1]]), actions, players and plies (the "
      "decision's line among the record's moves), and per seat returns and scores at the end, and "
      "unfinished (stopped after max_decisions: returns all 0).");
}

}  // namespace souk::python
