// The arena in parts, for runs spread over many processes (the coming souk.distributed):
// games by index range, each game's outcome as a dict, and the report of a whole run
// from every game's outcome, the JSON `souk arena ... --json` prints.
#include "format/json.h"
#include "match/arena.h"
#include "match/arena_journal.h"
#include "python/bindings.h"

namespace souk::python {
namespace {

match::ArenaOptions Options(const std::string& game, const std::vector<std::string>& bots, uint64_t seed,
                            const std::string& variant, int threads, int max_decisions, int games) {
  match::ArenaOptions o;
  o.game = game;
  std::string v = variant;
  std::replace(v.begin(), v.end(), '_', '-');
  o.variant = v;
  o.bots = bots;
  o.seed = seed;
  o.threads = threads;
  o.max_decisions = max_decisions;
  o.games = games;
  return o;
}

// A game's outcome as a dict of the JSON the arena's journal writes (match::OutcomeJson),
// read back by the journal's own checked reader: one shape and one set of checks.
py::object OutcomeDict(const match::GameOutcome& g) {
  return py::module_::import("json").attr("loads")(DumpJson(match::OutcomeJson(g)));
}

match::GameOutcome OutcomeOf(const py::handle& item, size_t bots) {
  if (!py::isinstance<py::dict>(item)) throw py::type_error("an outcome is a dict, as arena_games returns");
  const std::string text = py::module_::import("json").attr("dumps")(item).cast<std::string>();
  Result<Json> json = ParseJson(text);
  if (!json.ok()) throw py::value_error("an outcome: " + json.message());
  Result<match::GameOutcome> outcome = match::OutcomeFromJson(*json, bots);
  if (!outcome.ok()) throw py::value_error("an outcome: " + outcome.message());
  return std::move(outcome).value();
}

}  // namespace

void BindArena(py::module_& m) {
  m.def(
      "arena_games",
      [](const std::string& game, const std::vector<std::string>& bots, int first, int last, const py::object& seed,
         const std::string& variant, int threads, int max_decisions) {
        // The run's size only bounds the range: every game depends on its index alone.
        const match::ArenaOptions o =
            Options(game, bots, SeedOf(seed), variant, threads, max_decisions, std::max(last, 1));
        Result<std::vector<match::GameOutcome>> outcomes = Status::Internal("not played");
        {
          py::gil_scoped_release release;
          outcomes = match::PlayArenaGames(o, first, last);
        }
        py::list list;
        for (const match::GameOutcome& g : Value(std::move(outcomes))) list.append(OutcomeDict(g));
        return list;
      },
      py::arg("game"), py::arg("bots"), py::arg("first"), py::arg("last"), py::arg("seed") = 1,
      py::arg("variant") = "", py::arg("threads") = 1, py::arg("max_decisions") = 5000,
      "Plays games [first, last) of the arena run `souk arena GAME BOTS... --seed SEED` (with the GIL "
      "released); one dict per game, per bot in the order of `bots`: its points, place (1 sole win, 2 "
      "shared, 0 loss), score, moves and think time. A game depends on its index alone.");
  m.def(
      "arena_report",
      [](const std::string& game, const std::vector<std::string>& bots, const py::list& outcomes,
         const py::object& seed, double seconds, const std::string& variant, int threads, int max_decisions) {
        std::vector<match::GameOutcome> games;
        for (const py::handle& item : outcomes) games.push_back(OutcomeOf(item, bots.size()));
        const match::ArenaOptions o =
            Options(game, bots, SeedOf(seed), variant, threads, max_decisions, static_cast<int>(games.size()));
        return DumpJson(match::ReportJson(Value(match::ArenaReportOf(o, games, seconds))));
      },
      py::arg("game"), py::arg("bots"), py::arg("outcomes"), py::arg("seed") = 1, py::arg("seconds") = 0.0,
      py::arg("variant") = "", py::arg("threads") = 1, py::arg("max_decisions") = 5000,
      "The JSON `souk arena ... --json` prints for the whole run whose every game's outcome, in order of "
      "index, is given; `seconds` is the run's wall time.");
}

}  // namespace souk::python
