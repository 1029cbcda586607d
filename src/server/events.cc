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
  const std::string& verb = words[0];
  if (verb == "camels") {
    int camels = 0;
    for (const Json& card : before["market"]) camels += card == "camel";
    e["action"] = "camels";
    e["count"] = camels;
  } else if (verb == "take") {
    e["action"] = "take";
    e["good"] = words[1];
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
    const int count = std::stoi(words[1]);
    const std::string& good = words[2];
    e["action"] = "sell";
    e["good"] = good;
    e["count"] = count;
    // The tokens are the top of the good's pile before the sale: public, and still
    // right when the sale ended the round and the piles were reset.
    const Json& pile = before["token_piles"][good];
    Json tokens = Json::array();
    for (int i = 0; i < count && i < static_cast<int>(pile.size()); ++i) tokens.push_back(pile[static_cast<size_t>(i)]);
    e["tokens"] = tokens;
    const std::string bonus_key = count >= 5 ? "5" : std::to_string(count);
    const bool bonus = count >= 3 && before["bonus_piles"][bonus_key].size() > 0;
    e["bonus"] = bonus;
    if (bonus && after["round"] == before["round"]) {
      const Json& mine = after["players"][static_cast<size_t>(seat)]["bonus_tokens"];
      *private_part = Json{{"bonus_value", mine.back()}};
    }
  }
  if (after["round"] != before["round"] || after["status"] != before["status"]) {
    // The breakdown of each player's rupees: their goods tokens (with the sale that
    // ended the round), the camel token, and the bonus tokens as the rest.
    Json round_end = after["last_round"];
    Json goods = Json::array(), bonus = Json::array(), camel = Json::array();
    for (size_t p = 0; p < before["players"].size(); ++p) {
      int sum = 0;
      for (const Json& v : before["players"][p]["goods_tokens"]) sum += v.get<int>();
      if (static_cast<int>(p) == seat && e.contains("tokens"))
        for (const Json& v : e["tokens"]) sum += v.get<int>();
      const int camel_bonus = round_end["camel_token"] == static_cast<int>(p) ? jaipur::kCamelTokenValue : 0;
      goods.push_back(sum);
      camel.push_back(camel_bonus);
      bonus.push_back(round_end["rupees"][p].get<int>() - sum - camel_bonus);
    }
    round_end["goods"] = goods;
    round_end["bonus"] = bonus;
    round_end["camel"] = camel;
    e["round_end"] = round_end;
  }
  if (after["status"] != before["status"]) e["winner"] = after["winner"];
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
  at.square = static_cast<uint8_t>(assam["y"].get<int>() * marrakech::kBoardSize + assam["x"].get<int>());
  at.facing = marrakech::ParseFacing(assam["facing"].get<std::string>()).value_or(marrakech::Facing::kNorth);
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
  const int at = after["assam"]["y"].get<int>() * marrakech::kBoardSize + after["assam"]["x"].get<int>();
  const uint64_t group = state->GroupAt(at);
  for (int sq = 0; sq < marrakech::kNumSquares; ++sq)
    if (group >> sq & 1) squares.push_back({marrakech::SquareX(sq), marrakech::SquareY(sq)});
  return squares;
}

Json DescribeMarrakech(const Json& before, const Json& after, const std::vector<std::string>& words, int roller) {
  Json e;
  if (words[0] == "roll") {
    e["action"] = "roll";
    e["roll"] = std::stoi(words[1]);
    e["assam"] = after["assam"];
    e["path"] = AssamPath(before["assam"], std::stoi(words[1]));
    const size_t n = before["players"].size();
    const int paid = before["players"][static_cast<size_t>(roller)]["dirhams"].get<int>() -
                     after["players"][static_cast<size_t>(roller)]["dirhams"].get<int>();
    if (paid > 0) {
      for (size_t p = 0; p < n; ++p)
        if (after["players"][p]["dirhams"].get<int>() > before["players"][p]["dirhams"].get<int>())
          e["tribute"] = {{"from", roller}, {"to", p}, {"amount", paid}, {"squares", TributeSquares(after)}};
    }
    Json out = Json::array();
    for (size_t p = 0; p < n; ++p)
      if (after["players"][p]["out"].get<bool>() && !before["players"][p]["out"].get<bool>()) out.push_back(p);
    if (!out.empty()) e["out"] = out;
  } else if (words[0] == "place") {
    e["action"] = "place";
    e["squares"] = {words[1], words[2]};
  } else {
    e["action"] = "orient";
    e["turn"] = words[0];
  }
  if (after["status"] != before["status"]) e["winners"] = after["winners"];
  return e;
}

}  // namespace

Json DescribeMove(const Json& before, const Json& after, const std::string& move, int seat, Json* private_part) {
  *private_part = nullptr;
  const std::vector<std::string> words = Words(move);
  const bool jaipur = before["game"] == "jaipur";
  const int actor = seat >= 0 ? seat : before["to_move"].get<int>();
  Json e = jaipur ? DescribeJaipur(before, after, words, actor, private_part)
                  : DescribeMarrakech(before, after, words, actor);
  e["seat"] = actor;
  e["move"] = move;
  e["chance"] = seat < 0;
  return e;
}

}  // namespace souk::server
