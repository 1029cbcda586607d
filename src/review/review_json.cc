// The review as JSON (docs/review.md lists every key). Figures are rounded to four
// decimals: the samples do not support more, and short numbers read better.
#include <cmath>

#include "review/review.h"

namespace souk::review {
namespace {

double Rounded(double x) { return std::round(x * 10000.0) / 10000.0; }

Json RoundedList(const std::vector<double>& values) {
  Json list = Json::array();
  for (double v : values) list.push_back(Rounded(v));
  return list;
}

Json DecisionJson(const DecisionReview& d) {
  Json line = Json::array();
  for (const std::string& move : d.line) line.push_back(move);
  return Json{{"ply", d.ply},
              {"seat", d.seat},
              {"played", d.played},
              {"played_value", Rounded(d.played_value)},
              {"best", d.best},
              {"best_value", Rounded(d.best_value)},
              {"loss", Rounded(d.loss)},
              {"flag", FlagName(d.flag)},
              {"accuracy", Rounded(d.accuracy)},
              {"forced", d.forced},
              {"line", line}};
}

}  // namespace

Json ReviewJson(const GameReview& review) {
  Json decisions = Json::array();
  for (const DecisionReview& d : review.decisions) decisions.push_back(DecisionJson(d));
  Json chance = Json::array();
  for (const ChanceEvent& e : review.chance_events)
    chance.push_back(Json{{"ply", e.ply},
                          {"move", e.move},
                          {"within_decision", e.within_decision},
                          {"swing", RoundedList(e.swing)}});
  Json series = Json::array();
  for (const std::vector<double>& chances : review.win_chance) series.push_back(RoundedList(chances));
  Json players = Json::array();
  for (const PlayerSummary& p : review.players)
    players.push_back(Json{{"seat", p.seat},
                           {"decisions", p.decisions},
                           {"accuracy", Rounded(p.accuracy)},
                           {"skill", Rounded(p.skill)},
                           {"luck", Rounded(p.luck)},
                           {"inaccuracies", p.inaccuracies},
                           {"mistakes", p.mistakes},
                           {"blunders", p.blunders}});
  const ReviewOptions& o = review.options;
  return Json{{"game", review.game.game},
              {"seed", review.game.seed},
              {"num_players", review.game.players},
              {"variant", review.game.variant},
              {"winners", review.winners},
              {"options",
               Json{{"budget", o.budget},
                    {"samples", o.samples},
                    {"seed", o.seed},
                    {"playout", o.playout},
                    {"line", o.line_plies},
                    {"thresholds",
                     Json{{"inaccuracy", kInaccuracyLoss}, {"mistake", kMistakeLoss}, {"blunder", kBlunderLoss}}}}},
              {"players", players},
              {"decisions", decisions},
              {"chance_events", chance},
              {"win_chance", series}};
}

}  // namespace souk::review
