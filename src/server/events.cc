#include "server/events.h"

#include <sstream>
#include <vector>

#include "core/jaipur/jaipur.h"
#include "core/marrakech/marrakech.h"
#include "format/marrakech_json.h"

namespace souk::server {
namespace {

std::vector<std::string> Words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words;
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

Json DescribeJaipur(const Json& before, const Json& after, const std::vector<std::string>& words, int seat,
                    Json* private_part) {
  Json e;
  const std::string& verb = words.at(0);
  if (verb == "camels") {
    int camels = 0;
    for (const Json& card : before.at("market")) camels += card == "camel";
    e["action"] = "camels";
    e["count"] = camels;
  } else if (verb == "take") {
    e["action"] = "take";
    e["good"] = words.at(1);
  } else if (verb == "exchange") {
    e["action"] = "exchange";
    Json taken = Json::array(), given = Json::array();
    bool giving = false;
    for (size_t i = 1; i < words.size(); ++i) {
      if (words[i] == "for") giving = true;
      else (giving ? given : taken).push_back(words[i]);
    }
    e["taken"] = taken;
    e["given"] = given;
  } else if (verb == "sell") {
    const int count = std::stoi(words.at(1));
    const std::string& good = words.at(2);
    e["action"] = "sell";
    e["good"] = good;
    e["count"] = count;
    // The tokens are the top of the good's pile before the sale: public, and still
    // right when the sale ended the round and the piles were reset.
    const Json& pile = before.at("token_piles").at(good);
    Json tokens = Json::array();
    for (int i = 0; i < count && i < static_cast<int>(pile.size()); ++i) tokens.push_back(pile.at(static_cast<size_t>(i)));
    e["tokens"] = tokens;
    const std::string bonus_key = count >= 5 ? "5" : std::to_string(count);
    const bool bonus = count >= 3 && before.at("bonus_piles").at(bonus_key).size() > 0;
    e["bonus"] = bonus;
    if (bonus && after.at("round") == before.at("round")) {
      const Json& mine = after.at("players").at(static_cast<size_t>(seat)).at("bonus_tokens");
      if (!mine.empty()) *private_part = Json{{"bonus_value", mine.back()}};
    }
  }
  if (after.at("round") != before.at("round") || after.at("status") != before.at("status")) {
    // The breakdown of each player's rupees: their goods tokens (with the sale that
    // ended the round), the camel token, and the bonus tokens as the rest.
    Json round_end = after.at("last_round");
    Json goods = Json::array(), bonus = Json::array(), camel = Json::array();
    for (size_t p = 0; p < before.at("players").size(); ++p) {
      int sum = 0;
      for (const Json& v : before.at("players").at(p).at("goods_tokens")) sum += v.get<int>();
      if (static_cast<int>(p) == seat && e.contains("tokens"))
        for (const Json& v : e["tokens"]) sum += v.get<int>();
      const int camel_bonus = round_end.at("camel_token") == static_cast<int>(p) ? jaipur::kCamelTokenValue : 0;
      goods.push_back(sum);
      camel.push_back(camel_bonus);
      bonus.push_back(round_end.at("rupees").at(p).get<int>() - sum - camel_bonus);
    }
    round_end["goods"] = goods;
    round_end["bonus"] = bonus;
    round_end["camel"] = camel;
    e["round_end"] = round_end;
  }
  if (after.at("status") != before.at("status")) e["winner"] = after.at("winner");
  return e;
}

Json PositionJson(marrakech::Position at) {
  return {{"x", marrakech::SquareX(at.square)},
          {"y", marrakech::SquareY(at.square)},
          {"facing", std::string(1, marrakech::FacingLetter(at.facing))}};
}

// Assam's square after each step, by the engine's own track, so a client can draw
// his walk (and its turns on the border arcs) without knowing the rules.
Json AssamPath(const Json& assam, int steps) {
  marrakech::Position at;
  at.square = static_cast<uint8_t>(assam.at("y").get<int>() * marrakech::kBoardSize + assam.at("x").get<int>());
  at.facing = marrakech::ParseFacing(assam.at("facing").get<std::string>()).value_or(marrakech::Facing::kNorth);
  Json path = Json::array();
  for (int i = 0; i < steps; ++i) {
    at = marrakech::TrackStep(at);
    path.push_back(PositionJson(at));
  }
  return path;
}

// The squares [x, y] of the carpet group Assam stands on, the one a tribute paid for.
Json TributeSquares(const Json& after) {
  Json squares = Json::array();
  auto state = marrakech::StateFromJson(after);
  if (!state.ok()) return squares;
  const int at = after.at("assam").at("y").get<int>() * marrakech::kBoardSize + after.at("assam").at("x").get<int>();
  const uint64_t group = state->GroupAt(at);
  for (int sq = 0; sq < marrakech::kNumSquares; ++sq)
    if (group >> sq & 1) squares.push_back({marrakech::SquareX(sq), marrakech::SquareY(sq)});
  return squares;
}

Json DescribeMarrakech(const Json& before, const Json& after, const std::vector<std::string>& words, int roller) {
  Json e;
  if (words.at(0) == "roll") {
    e["action"] = "roll";
    e["roll"] = std::stoi(words.at(1));
    e["assam"] = after.at("assam");
    e["path"] = AssamPath(before.at("assam"), std::stoi(words.at(1)));
    const size_t n = before.at("players").size();
    const int paid = before.at("players").at(static_cast<size_t>(roller)).at("dirhams").get<int>() -
                     after.at("players").at(static_cast<size_t>(roller)).at("dirhams").get<int>();
    if (paid > 0) {
      for (size_t p = 0; p < n; ++p)
        if (after.at("players").at(p).at("dirhams").get<int>() > before.at("players").at(p).at("dirhams").get<int>())
          e["tribute"] = {{"from", roller}, {"to", p}, {"amount", paid}, {"squares", TributeSquares(after)}};
    }
    Json out = Json::array();
    for (size_t p = 0; p < n; ++p)
      if (after.at("players").at(p).at("out").get<bool>() && !before.at("players").at(p).at("out").get<bool>()) out.push_back(p);
    if (!out.empty()) e["out"] = out;
  } else if (words.at(0) == "place") {
    e["action"] = "place";
    e["squares"] = {words.at(1), words.at(2)};
  } else {
    e["action"] = "orient";
    e["turn"] = words.at(0);
  }
  if (after.at("status") != before.at("status")) e["winners"] = after.at("winners");
  return e;
}

}  // namespace

Json DescribeMove(const Json& before, const Json& after, const std::string& move, int seat, Json* private_part) {
  *private_part = nullptr;
  const std::vector<std::string> words = Words(move);
  const bool jaipur = before.at("game") == "jaipur";
  const int actor = seat >= 0 ? seat : before.at("to_move").get<int>();
  Json e = jaipur ? DescribeJaipur(before, after, words, actor, private_part)
                  : DescribeMarrakech(before, after, words, actor);
  e["seat"] = actor;
  e["move"] = move;
  e["chance"] = seat < 0;
  return e;
}

}  // namespace souk::server
