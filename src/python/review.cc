// souk.review: a finished game's review (docs/review.md) as arrays, the same figures
// `souk review RECORD --json` prints: per decision, per chance event, per seat.
#include "format/record.h"
#include "python/bindings.h"
#include "review/review.h"

namespace souk::python {
namespace {

template <typename T, typename Row, typename Field>
py::array_t<T> Column(const std::vector<Row>& rows, Field field) {
  py::array_t<T> a(static_cast<py::ssize_t>(rows.size()));
  T* out = a.mutable_data();
  for (const Row& row : rows) *out++ = static_cast<T>(field(row));
  return a;
}

// rows x seats, from one vector per row.
template <typename Row, typename Field>
py::array_t<double> Matrix(const std::vector<Row>& rows, size_t seats, Field field) {
  py::array_t<double> a({static_cast<py::ssize_t>(rows.size()), static_cast<py::ssize_t>(seats)});
  double* out = a.mutable_data();
  for (const Row& row : rows) {
    const std::vector<double>& values = field(row);
    for (size_t s = 0; s < seats; ++s) *out++ = s < values.size() ? values[s] : 0.0;
  }
  return a;
}

py::dict ReviewDict(const review::GameReview& r) {
  const size_t seats = r.players.size();
  using D = review::DecisionReview;
  using C = review::ChanceEvent;
  using P = review::PlayerSummary;
  py::dict decisions;
  decisions["ply"] = Column<int32_t>(r.decisions, [](const D& d) { return d.ply; });
  decisions["seat"] = Column<int32_t>(r.decisions, [](const D& d) { return d.seat; });
  decisions["played_value"] = Column<double>(r.decisions, [](const D& d) { return d.played_value; });
  decisions["best_value"] = Column<double>(r.decisions, [](const D& d) { return d.best_value; });
  decisions["loss"] = Column<double>(r.decisions, [](const D& d) { return d.loss; });
  decisions["accuracy"] = Column<double>(r.decisions, [](const D& d) { return d.accuracy; });
  decisions["forced"] = Column<bool>(r.decisions, [](const D& d) { return d.forced; });
  py::list played, best, flag;
  for (const D& d : r.decisions) {
    played.append(d.played);
    best.append(d.best);
    flag.append(std::string(review::FlagName(d.flag)));
  }
  decisions["played"] = played;
  decisions["best"] = best;
  decisions["flag"] = flag;

  py::dict chance;
  chance["ply"] = Column<int32_t>(r.chance_events, [](const C& c) { return c.ply; });
  chance["swing"] = Matrix(r.chance_events, seats, [](const C& c) -> const std::vector<double>& { return c.swing; });
  py::list chance_moves;
  for (const C& c : r.chance_events) chance_moves.append(c.move);
  chance["move"] = chance_moves;

  py::dict players;
  players["accuracy"] = Column<double>(r.players, [](const P& p) { return p.accuracy; });
  players["skill"] = Column<double>(r.players, [](const P& p) { return p.skill; });
  players["luck"] = Column<double>(r.players, [](const P& p) { return p.luck; });
  players["decisions"] = Column<int32_t>(r.players, [](const P& p) { return p.decisions; });
  players["inaccuracies"] = Column<int32_t>(r.players, [](const P& p) { return p.inaccuracies; });
  players["mistakes"] = Column<int32_t>(r.players, [](const P& p) { return p.mistakes; });
  players["blunders"] = Column<int32_t>(r.players, [](const P& p) { return p.blunders; });

  py::dict d;
  d["game"] = r.game.game;
  d["players"] = static_cast<int>(seats);
  d["variant"] = r.game.variant;
  d["winners"] = r.winners;
  d["win_chance"] = Matrix(r.win_chance, seats, [](const std::vector<double>& row) -> const std::vector<double>& { return row; });
  d["decisions"] = decisions;
  d["chance_events"] = chance;
  d["seats"] = players;
  d["budget"] = r.options.budget;
  d["samples"] = r.options.samples;
  d["seed"] = r.options.seed;
  return d;
}

}  // namespace

void BindReview(py::module_& m) {
  m.def(
      "review",
      [](const std::string& record_text, const py::object& budget, const py::object& samples, const py::object& seed,
         const py::object& threads) {
        review::ReviewOptions options;
        options.budget = static_cast<int>(IntIn(budget, "budget", 1, 1000000));
        options.samples = static_cast<int>(IntIn(samples, "samples", 1, 10000));
        options.seed = SeedOf(seed);
        options.threads = static_cast<int>(IntIn(threads, "threads", 0, 256));
        const GameRecord record = Value(ParseRecord(record_text));
        Result<review::GameReview> reviewed = Status::Internal("not reviewed");
        {
          py::gil_scoped_release release;
          reviewed = review::ReviewGame(record, options);
        }
        return ReviewDict(Value(std::move(reviewed)));
      },
      py::arg("record"), py::arg("budget") = review::kDefaultBudget, py::arg("samples") = review::kDefaultSamples,
      py::arg("seed") = 1, py::arg("threads") = 0,
      "Reviews a finished game from its record's text (what `souk replay` reads), as `souk review RECORD "
      "--json` does (docs/review.md), with NumPy arrays: win_chance (moves + 1 x seats: each seat's chance "
      "to win after the first k moves, from its own view); decisions (ply, seat, played, played_value, "
      "best, best_value, loss, flag, accuracy, forced: one entry per decision); chance_events (ply, move, "
      "swing: events x seats); seats (accuracy, skill, luck, decisions, inaccuracies, mistakes, blunders: "
      "one entry per seat); and game, players, variant, winners, budget, samples, seed. The same record, "
      "budget, samples and seed give the same figures, whatever `threads` (0: one per core). ValueError "
      "for a record that does not parse or replay, or a game not finished.");
}

}  // namespace souk::python
