#include "server/lesson_routes.h"

#include "lessons/lessons.h"
#include "server/http_routes.h"
#include "server/route_helpers.h"

namespace souk::server {
namespace {

constexpr std::string_view kPrefix = "/api/lessons";
// A lesson is a few steps; more moves than this is no lesson's.
constexpr size_t kMaxMoves = 64;
// The longest move of either game is some 60 characters.
constexpr size_t kMaxMoveBytes = 200;

// The lesson's table as the web app's game screens take it: a state message
// (docs/protocol.md, "The state message") for the learner's seat, of no stored game.
Json LessonState(const lessons::LessonRun& run, size_t move_count) {
  const GameState& s = run.state();
  const int seat = run.lesson().seat;
  Json seats = Json::array();
  for (int i = 0; i < s.num_players(); ++i)
    seats.push_back({{"player", "human"}, {"name", ""}, {"joined", true}, {"account", nullptr}});
  return {{"type", "state"},
          {"game_id", "lesson-" + std::string(s.game()) + "-" + run.lesson().id},
          {"game", s.game()},
          {"seat", seat},
          {"move_count", move_count},
          {"to_move", s.is_over() || s.current_player() < 0 ? Json(nullptr) : Json(s.current_player())},
          {"view", s.ViewJson(seat)},
          {"legal", !s.is_over() && s.current_player() == seat ? Json(s.LegalMoves()) : Json::array()},
          {"event", s.LastEventJson(seat)},
          {"over", s.is_over()},
          {"abandoned", false},
          {"winners", s.Winners()},
          {"scores", s.is_over() ? Json(s.Scores()) : Json(nullptr)},
          {"rated", false},
          {"clock", nullptr},
          {"clocks", nullptr},
          {"clock_running", false},
          {"deadline_ms", nullptr},
          {"seats", std::move(seats)}};
}

// The book as a client may see it: what a lesson's deal is (its seed, the moves that
// lead to it) and what the other seats will answer stay on the server, which plays them.
Json BookForClients(const std::string& game) {
  Json book = *ParseJson(*lessons::LessonsJson(game));
  for (Json& lesson : book["lessons"]) {
    const Json& setup = lesson["setup"];
    lesson["setup"] = {{"players", setup.value("players", 0)}, {"variant", setup.value("variant", std::string())}};
    for (Json& step : lesson["steps"]) step.erase("then");
  }
  if (book.contains("final")) book["final"].erase("seed");
  return book;
}

const char* OutcomeName(lessons::LessonRun::Outcome outcome) {
  switch (outcome) {
    case lessons::LessonRun::Outcome::kNext: return "next";
    case lessons::LessonRun::Outcome::kDone: return "done";
    case lessons::LessonRun::Outcome::kWrong: return "wrong";
    case lessons::LessonRun::Outcome::kIllegal: break;
  }
  return "illegal";
}

Response Play(const Request& req, const lessons::Lesson& lesson, Lang lang) {
  const Json body = ParseBody(req);
  const std::string_view lang_name = lang == Lang::kFr ? "fr" : "en";
  auto started = lessons::LessonRun::Start(lesson);
  if (!started.ok()) Throw(Status::Internal(started.message()));
  lessons::LessonRun run = std::move(*started);
  size_t played = lesson.setup_moves.size();
  if (body.contains("moves")) {
    const Json& moves = body.at("moves");
    if (!moves.is_array() || moves.size() > kMaxMoves)
      Malformed("moves: expected an array of at most " + std::to_string(kMaxMoves) + " moves (null for a step read)");
    for (size_t i = 0; i < moves.size(); ++i) {
      const std::string at = "moves[" + std::to_string(i) + "]";
      if (run.done()) Malformed(at + ": the lesson is over before it");
      const bool read_only = run.lesson().steps[run.step()].expect.empty();
      if (moves.at(i).is_null() != read_only)
        Malformed(at + (read_only ? ": step " + std::to_string(run.step()) + " is read only: null" :
                                    ": step " + std::to_string(run.step()) + " asks for a move"));
      const size_t replies = run.lesson().steps[run.step()].then.size();
      if (read_only) {
        run.Next();
      } else {
        if (!moves.at(i).is_string()) Malformed(at + ": expected a move's text");
        const lessons::LessonRun::Verdict v = run.Try(moves.at(i).get<std::string>(), lang_name);
        if (v.outcome != lessons::LessonRun::Outcome::kNext && v.outcome != lessons::LessonRun::Outcome::kDone)
          Malformed(at + ": not the move step " + std::to_string(run.step()) + " asks for");
        ++played;
      }
      played += replies;
    }
  }
  Json verdict = nullptr;
  if (body.contains("try")) {
    if (!body.at("try").is_string()) Malformed("try: expected a move's text");
    if (run.done()) Malformed("try: the lesson is over");
    if (run.lesson().steps[run.step()].expect.empty())
      Malformed("try: step " + std::to_string(run.step()) + " is read only (send it as null in moves)");
    const std::string move = body.at("try").get<std::string>();
    if (move.size() > kMaxMoveBytes) Malformed("try: a move is at most " + std::to_string(kMaxMoveBytes) + " bytes");
    const size_t replies = run.lesson().steps[run.step()].then.size();
    const lessons::LessonRun::Verdict v = run.Try(move, lang_name);
    // The rules' own error, in the client's language.
    verdict = {{"outcome", OutcomeName(v.outcome)},
               {"why", v.outcome == lessons::LessonRun::Outcome::kIllegal ? StatusText(v.refusal, lang) : v.why}};
    if (v.outcome == lessons::LessonRun::Outcome::kNext || v.outcome == lessons::LessonRun::Outcome::kDone)
      played += 1 + replies;
  }
  return JsonResponse(req, http::status::ok,
                      {{"lesson", lesson.id},
                       {"step", run.step()},
                       {"steps", lesson.steps.size()},
                       {"done", run.done()},
                       {"verdict", verdict},
                       {"state", LessonState(run, played)}});
}

}  // namespace

bool IsLessonRoute(std::string_view target) {
  return target == kPrefix || target.substr(0, kPrefix.size() + 1) == std::string(kPrefix) + "/";
}

Response LessonRoute(const Request& req, std::string_view target, http::verb verb, Lang lang) {
  std::string_view rest = target.substr(kPrefix.size());
  if (rest.empty() || rest == "/") {
    if (verb != http::verb::get) Throw(Status::NotFound("no such route"));
    return JsonResponse(req, http::status::ok, {{"games", lessons::LessonGames()}});
  }
  rest.remove_prefix(1);
  const size_t slash = rest.find('/');
  const std::string game(rest.substr(0, slash));
  auto book = lessons::LessonsOf(game);
  if (!book.ok()) Throw(Status::NotFound("no lessons for game '" + game + "'"));
  if (slash == std::string_view::npos) {
    if (verb != http::verb::get) Throw(Status::NotFound("no such route"));
    return JsonResponse(req, http::status::ok, BookForClients(game));
  }
  rest.remove_prefix(slash + 1);
  const size_t play = rest.find('/');
  if (play == std::string_view::npos || rest.substr(play) != "/play" || verb != http::verb::post)
    Throw(Status::NotFound("no such route"));
  const std::string id(rest.substr(0, play));
  const lessons::Lesson* lesson = (*book)->Find(id);
  if (lesson == nullptr) Throw(Status::NotFound("no lesson '" + id + "' in " + game + "'s lessons"));
  return Play(req, *lesson, lang);
}

}  // namespace souk::server
