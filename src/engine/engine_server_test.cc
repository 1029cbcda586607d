#include "engine/engine_server.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/prng.h"
#include "format/game.h"

namespace souk::engine {
namespace {

std::unique_ptr<EngineServer> Server(const std::string& bot = "mcts:iterations=200", bool info = false) {
  auto server = EngineServer::Create({bot, 7, info});
  EXPECT_TRUE(server.ok()) << server.message();
  return std::move(*server);
}

// The reply lines to one request.
std::vector<std::string> Ask(EngineServer& server, const std::string& line) {
  std::ostringstream out;
  server.HandleLine(line, out);
  std::vector<std::string> lines;
  std::istringstream in(out.str());
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  return lines;
}

std::string Last(const std::vector<std::string>& lines) { return lines.empty() ? "" : lines.back(); }

TEST(EngineServer, HandshakeNamesTheEngineAndItsGames) {
  auto server = Server();
  auto reply = Ask(*server, "souk-engine 1");
  ASSERT_EQ(reply.size(), 5u);
  EXPECT_EQ(reply[0], "id name souk mcts:iterations=200");
  EXPECT_EQ(reply[1].rfind("id author ", 0), 0u);
  EXPECT_EQ(reply[2], "plays jaipur 2");
  EXPECT_EQ(reply[3], "plays marrakech 2 3 4");
  EXPECT_EQ(reply[4], "ok souk-engine 1");
}

TEST(EngineServer, RefusesAnotherVersionAndRequestsBeforeTheHandshake) {
  auto server = Server();
  EXPECT_EQ(Last(Ask(*server, "newgame {}")).rfind("error handshake: ", 0), 0u);
  EXPECT_EQ(Last(Ask(*server, "souk-engine 2")), "error handshake: this engine speaks souk-engine 1 only");
  EXPECT_EQ(Last(Ask(*server, "souk-engine one")), "error handshake: expected \"souk-engine <version>\"");
  EXPECT_EQ(Last(Ask(*server, "souk-engine 1")), "ok souk-engine 1");
  EXPECT_EQ(Last(Ask(*server, "ping 42")), "pong 42");
}

TEST(EngineServer, RefusesGamesItDoesNotPlay) {
  auto server = Server();
  Ask(*server, "souk-engine 1");
  EXPECT_EQ(Last(Ask(*server, R"(newgame {"game":"chess","players":2,"seat":0})")),
            "refuse this engine does not play \"chess\"");
  EXPECT_EQ(Last(Ask(*server, R"(newgame {"game":"jaipur","players":3,"seat":0})")).rfind("refuse ", 0), 0u);
  EXPECT_EQ(Last(Ask(*server, R"(newgame {"game":"marrakech","players":5,"seat":0})")).rfind("refuse ", 0), 0u);
  EXPECT_EQ(Last(Ask(*server, R"(newgame {"game":"marrakech","players":3,"seat":3})")),
            "error newgame: seat: expected 0 to 2");
  EXPECT_EQ(Last(Ask(*server, R"(newgame {"game":"marrakech","players":3,"seat":2})")), "ok");
}

TEST(EngineServer, MalformedLinesAreErrorLines) {
  auto server = Server();
  Ask(*server, "souk-engine 1");
  EXPECT_EQ(Last(Ask(*server, "fly me to the moon")), "error request: unknown request \"fly\"");
  EXPECT_EQ(Last(Ask(*server, "newgame {not json")).rfind("error newgame: ", 0), 0u);
  EXPECT_EQ(Last(Ask(*server, "position {}")), "error position: no game: send newgame first");
  EXPECT_EQ(Last(Ask(*server, "go")), "error go: no position: send position first");
  Ask(*server, R"(newgame {"game":"jaipur","players":2,"seat":0})");
  EXPECT_EQ(Last(Ask(*server, "position [1,2")).rfind("error position: expected a view as JSON", 0), 0u);
  EXPECT_EQ(Last(Ask(*server, R"(position {"game":"jaipur"})")).rfind("error position: view: ", 0), 0u);
  EXPECT_EQ(Last(Ask(*server, "go time -5")), "error go: time: expected milliseconds, 1 to 3600000");
  EXPECT_EQ(Last(Ask(*server, "go depth 3")), "error go: expected \"go [time MS] [iterations N]\", got \"depth\"");
  EXPECT_TRUE(Ask(*server, "").empty());
  EXPECT_TRUE(Ask(*server, "stop").empty());  // nothing to stop: no reply
}

// The object's keys in reverse order, at every depth.
Json Reversed(const Json& json) {
  if (json.is_array()) {
    Json out = Json::array();
    for (const Json& item : json) out.push_back(Reversed(item));
    return out;
  }
  if (!json.is_object()) return json;
  Json out = Json::object();
  std::vector<std::pair<std::string, Json>> items;
  for (const auto& [key, value] : json.items()) items.emplace_back(key, Reversed(value));
  for (auto it = items.rbegin(); it != items.rend(); ++it) out[it->first] = it->second;
  return out;
}

// docs/formats.md: loaders ignore keys they do not know, and key order is free.
TEST(EngineServer, AcceptsAViewWithExtraKeysInAnyOrder) {
  auto game = NewGame({"jaipur", 3, 0, ""});
  ASSERT_TRUE(game.ok());
  auto plain = Server("mcts:iterations=100");
  Ask(*plain, "souk-engine 1");
  Ask(*plain, R"(newgame {"game":"jaipur","players":2,"seat":0})");
  ASSERT_EQ(Last(Ask(*plain, "position " + DumpJson((*game)->ViewJson(0)))), "ok");
  const std::string expected = Last(Ask(*plain, "go"));
  ASSERT_EQ(expected.rfind("bestmove ", 0), 0u) << expected;

  Json view = (*game)->ViewJson(0);
  view["moves_played"] = 0;
  view["comment"] = "from a caller that knows more keys";
  view["players"][1]["nickname"] = "opponent";
  view = Reversed(view);
  ASSERT_NE(DumpJson(view).rfind("{\"comment\"", 0), std::string::npos);  // the keys really are out of order
  auto server = Server("mcts:iterations=100");
  Ask(*server, "souk-engine 1");
  Ask(*server, R"(newgame {"game":"jaipur","players":2,"seat":0})");
  EXPECT_EQ(Last(Ask(*server, "position " + DumpJson(view))), "ok");
  EXPECT_EQ(Last(Ask(*server, "go")), expected);  // the extra keys changed nothing
}

TEST(EngineServer, ViewErrorsNameThePath) {
  auto game = NewGame({"jaipur", 3, 0, ""});
  ASSERT_TRUE(game.ok());
  auto server = Server();
  Ask(*server, "souk-engine 1");
  Ask(*server, R"(newgame {"game":"jaipur","players":2,"seat":0})");
  Json view = (*game)->ViewJson(0);
  const int hand_size = view["players"][0]["hand_size"].get<int>();
  view["players"][0]["hand_size"] = hand_size + 1;  // the hand itself says otherwise
  EXPECT_EQ(Last(Ask(*server, "position " + DumpJson(Reversed(view)))),
            "error position: view: players[0].hand_size: " + std::to_string(hand_size + 1) +
                " disagrees with the rest of the view (`souk view` prints " + std::to_string(hand_size) + ")");
  view = (*game)->ViewJson(0);
  view["players"][0].erase("hand_size");
  EXPECT_EQ(Last(Ask(*server, "position " + DumpJson(view))),
            "error position: view: players[0]: missing key \"hand_size\" (`souk view` prints " +
                std::to_string(hand_size) + ")");
  view = (*game)->ViewJson(0);
  view["players"][0]["herd"] = "two";
  EXPECT_EQ(Last(Ask(*server, "position " + DumpJson(view))).rfind("error position: view: players[0].herd: ", 0), 0u);
}

TEST(EngineServer, RefusesAStateAnotherSeatsViewAndAViewNoGameReaches) {
  auto game = NewGame({"jaipur", 3, 0, ""});
  ASSERT_TRUE(game.ok());
  auto server = Server();
  Ask(*server, "souk-engine 1");
  Ask(*server, R"(newgame {"game":"jaipur","players":2,"seat":0})");
  Json state = (*game)->ToJson();
  EXPECT_EQ(Last(Ask(*server, "position " + DumpJson(state))), "error position: view: (top level): missing key \"viewer\"");
  // Another seat's view, or an impossible one (a fourth camel herd of 11).
  EXPECT_EQ(Last(Ask(*server, "position " + DumpJson((*game)->ViewJson(1)))),
            "error position: view: viewer: this engine plays seat 0");
  Json view = (*game)->ViewJson(0);
  view["players"][1]["herd"] = 11;
  EXPECT_EQ(Last(Ask(*server, "position " + DumpJson(view))).rfind("error position: view: no game reaches it", 0), 0u);
}

// Plays a game between the real engine and engines over the protocol, one per seat,
// each given only its seat's view; returns the number of moves played.
int PlayThroughEngines(const GameOptions& options, int max_moves, bool info = false) {
  auto game = NewGame(options);
  EXPECT_TRUE(game.ok()) << game.message();
  GameState& state = **game;
  std::vector<std::unique_ptr<EngineServer>> seats;
  for (int s = 0; s < state.num_players(); ++s) {
    seats.push_back(Server("mcts:iterations=100", info));
    EXPECT_EQ(Last(Ask(*seats.back(), "souk-engine 1")), "ok souk-engine 1");
    Json newgame{{"game", options.game}, {"players", state.num_players()}, {"seat", s}, {"seed", 11 + s}};
    EXPECT_EQ(Last(Ask(*seats.back(), "newgame " + DumpJson(newgame))), "ok");
  }
  int moves = 0;
  while (!state.is_over() && moves < max_moves) {
    std::string move = state.SampleChance();
    if (move.empty()) {
      int seat = state.current_player();
      EngineServer& engine = *seats[static_cast<size_t>(seat)];
      EXPECT_EQ(Last(Ask(engine, "position " + DumpJson(state.ViewJson(seat)))), "ok");
      auto reply = Ask(engine, "go iterations 100");
      std::string last = Last(reply);
      EXPECT_EQ(last.rfind("bestmove ", 0), 0u) << last;
      if (info) {
        EXPECT_GE(reply.size(), 3u);
      }
      move = last.substr(9);
      ++moves;
    }
    Status applied = state.Apply(move);
    EXPECT_TRUE(applied.ok()) << applied.message();
    if (!applied.ok()) break;
  }
  return moves;
}

TEST(EngineServer, PlaysJaipurFromViews) { EXPECT_EQ(PlayThroughEngines({"jaipur", 5, 0, ""}, 12), 12); }

TEST(EngineServer, PlaysThreePlayerMarrakechFromViews) {
  EXPECT_EQ(PlayThroughEngines({"marrakech", 9, 3, ""}, 15, /*info=*/true), 15);
}

TEST(EngineServer, GoRefusesTheDieAndOtherSeatsTurns) {
  auto game = NewGame({"marrakech", 2, 3, ""});
  ASSERT_TRUE(game.ok());
  GameState& state = **game;
  int seat = state.current_player();
  auto server = Server();
  Ask(*server, "souk-engine 1");
  Ask(*server, "newgame " + DumpJson(Json{{"game", "marrakech"}, {"players", 3}, {"seat", (seat + 1) % 3}}));
  ASSERT_EQ(Last(Ask(*server, "position " + DumpJson(state.ViewJson((seat + 1) % 3)))), "ok");
  EXPECT_EQ(Last(Ask(*server, "go")).rfind("error go: it is seat ", 0), 0u);
  ASSERT_TRUE(state.Apply(state.LegalMoves()[0]).ok());  // the orientation: the die is next
  ASSERT_EQ(state.current_player(), GameState::kChance);
  ASSERT_EQ(Last(Ask(*server, "position " + DumpJson(state.ViewJson((seat + 1) % 3)))), "ok");
  EXPECT_EQ(Last(Ask(*server, "go")), "error go: the next move is the die's, not a player's");
}

TEST(EngineServer, RunReadsUntilQuitAndSkipsOverlongLines) {
  auto server = Server("greedy");
  std::istringstream in("souk-engine 1\r\n" + std::string(kMaxLineBytes + 10, 'x') + "\nping\nquit\nping\n");
  std::ostringstream out;
  server->Run(in, out);
  std::string text = out.str();
  EXPECT_NE(text.find("ok souk-engine 1\n"), std::string::npos);
  EXPECT_NE(text.find("error line: longer than"), std::string::npos);
  EXPECT_EQ(text.substr(text.size() - 5), "pong\n");  // one pong: none after quit
}

// Random and mutated lines: every reply is whole lines, each a known kind.
TEST(EngineServerFuzz, RandomAndMutatedLinesGetWellFormedReplies) {
  auto game = NewGame({"jaipur", 2, 0, ""});
  ASSERT_TRUE(game.ok());
  const std::vector<std::string> seeds = {
      "souk-engine 1", R"(newgame {"game":"jaipur","players":2,"seat":0,"seed":3})",
      R"(newgame {"game":"marrakech","players":3,"seat":1,"variant":""})", "position " + DumpJson((*game)->ViewJson(0)),
      "go time 5 iterations 20", "go iterations 10", "ping x", "stop"};
  auto server = Server("mcts:iterations=20");
  Prng prng(2024);
  // At least 101 lines however slow the machine, and more while 3 s last.
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(3);
  int lines = 0;
  while (lines <= 100 || std::chrono::steady_clock::now() < end) {
    std::string line = seeds[prng.Below(static_cast<uint32_t>(seeds.size()))];
    int edits = static_cast<int>(prng.Below(4));
    for (int e = 0; e < edits && !line.empty(); ++e) {
      size_t at = prng.Below(static_cast<uint32_t>(line.size()));
      switch (prng.Below(4)) {
        case 0: line[at] = static_cast<char>(prng.Below(256)); break;
        case 1: line.erase(at, prng.Below(8)); break;
        case 2: line.insert(at, 1, static_cast<char>(prng.Below(128))); break;
        default: line = line.substr(0, at); break;
      }
    }
    if (line.find('\n') != std::string::npos) continue;
    std::ostringstream out;
    bool going = server->HandleLine(line, out);
    if (!going) server = Server("mcts:iterations=20");
    std::istringstream replies(out.str());
    for (std::string r; std::getline(replies, r);) {
      bool known = false;
      for (const char* kind : {"id ", "plays ", "ok", "error ", "refuse ", "pong", "info ", "bestmove "})
        known = known || r.rfind(kind, 0) == 0;
      EXPECT_TRUE(known) << "reply " << r << " to " << line;
    }
    EXPECT_TRUE(out.str().empty() || out.str().back() == '\n');
    ++lines;
  }
}

// A leaf of `json` picked at random (objects and arrays walked down at random).
Json* RandomLeaf(Json* json, Prng& prng) {
  while ((json->is_object() || json->is_array()) && !json->empty() && prng.Below(5) != 0) {
    auto it = json->begin();
    std::advance(it, prng.Below(static_cast<uint32_t>(json->size())));
    json = &*it;
  }
  return json;
}

// Views from real games with values changed: each is refused with an error line or
// played (a bestmove or an error line): never a crash, under the sanitizers too.
TEST(EngineServerFuzz, MutatedViewsAreRefusedOrPlayed) {
  const std::vector<GameOptions> configs = {{"jaipur", 1, 0, ""}, {"marrakech", 2, 2, ""}, {"marrakech", 3, 3, ""},
                                            {"marrakech", 4, 4, ""}, {"marrakech", 5, 2, "single-colour"}};
  Prng prng(77);
  // At least 51 views however slow the machine, and more while 3 s last.
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(3);
  int accepted = 0, tried = 0;
  while (tried <= 50 || std::chrono::steady_clock::now() < end) {
    const GameOptions& options = configs[prng.Below(static_cast<uint32_t>(configs.size()))];
    auto game = NewGame(options);
    ASSERT_TRUE(game.ok());
    int moves = static_cast<int>(prng.Below(60));
    for (int i = 0; i < moves && !(*game)->is_over(); ++i) {
      std::string chance = (*game)->SampleChance();
      auto legal = (*game)->LegalMoves();
      ASSERT_TRUE((*game)->Apply(chance.empty() ? legal[prng.Below(static_cast<uint32_t>(legal.size()))] : chance).ok());
    }
    int seat = (*game)->current_player() == GameState::kChance ? 0 : (*game)->current_player();
    Json view = (*game)->ViewJson(seat);
    int edits = 1 + static_cast<int>(prng.Below(3));
    for (int e = 0; e < edits; ++e) {
      Json* leaf = RandomLeaf(&view, prng);
      switch (prng.Below(5)) {
        case 0: *leaf = static_cast<int>(prng.Below(40)) - 5; break;
        case 1: *leaf = static_cast<int>(prng.Below(3)); break;
        case 2: if (leaf->is_array() && !leaf->empty()) leaf->erase(leaf->size() - 1); break;
        case 3: if (leaf->is_array() && !leaf->empty()) leaf->push_back(leaf->front()); break;
        default: *leaf = nullptr; break;
      }
    }
    auto server = Server("mcts:iterations=20");
    Ask(*server, "souk-engine 1");
    Ask(*server, "newgame " + DumpJson(Json{{"game", options.game}, {"players", (*game)->num_players()}, {"seat", seat}}));
    std::string reply = Last(Ask(*server, "position " + DumpJson(view)));
    ++tried;
    if (reply != "ok") {
      EXPECT_EQ(reply.rfind("error position: ", 0), 0u) << reply;
      continue;
    }
    ++accepted;
    std::string best = Last(Ask(*server, "go"));
    EXPECT_TRUE(best.rfind("bestmove ", 0) == 0 || best.rfind("error go: ", 0) == 0) << best;
  }
  EXPECT_GT(accepted, 0);  // some edits leave a view a game reaches
}

// The built binary over pipes: a handshake, a position, a move, and quit.
TEST(EngineProcess, SoukEngineAnswersOverPipes) {
  int to_engine[2], from_engine[2];
  ASSERT_EQ(pipe(to_engine), 0);
  ASSERT_EQ(pipe(from_engine), 0);
  pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    dup2(to_engine[0], 0);
    dup2(from_engine[1], 1);
    close(to_engine[1]);
    close(from_engine[0]);
    execl(SOUK_BINARY, SOUK_BINARY, "engine", "--bot", "mcts:iterations=50", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(to_engine[0]);
  close(from_engine[1]);
  auto game = NewGame({"jaipur", 4, 0, ""});
  ASSERT_TRUE(game.ok());
  int seat = (*game)->current_player();
  std::string requests = "souk-engine 1\nnewgame " +
                         DumpJson(Json{{"game", "jaipur"}, {"players", 2}, {"seat", seat}}) + "\nposition " +
                         DumpJson((*game)->ViewJson(seat)) + "\ngo iterations 50\nquit\n";
  signal(SIGPIPE, SIG_IGN);
  ASSERT_EQ(write(to_engine[1], requests.data(), requests.size()), static_cast<ssize_t>(requests.size()));
  close(to_engine[1]);
  std::string output;
  const auto end = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (std::chrono::steady_clock::now() < end) {
    pollfd fd{from_engine[0], POLLIN, 0};
    if (poll(&fd, 1, 200) <= 0) continue;
    char buffer[4096];
    ssize_t n = read(from_engine[0], buffer, sizeof buffer);
    if (n <= 0) break;
    output.append(buffer, static_cast<size_t>(n));
  }
  close(from_engine[0]);
  int status = 0;
  pid_t done = 0;
  for (int i = 0; i < 100 && done == 0; ++i) {
    done = waitpid(pid, &status, WNOHANG);
    if (done == 0) usleep(50'000);
  }
  if (done == 0) {
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    FAIL() << "souk engine did not exit after quit; said: " << output;
  }
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_NE(output.find("ok souk-engine 1\n"), std::string::npos) << output;
  size_t best = output.find("bestmove ");
  ASSERT_NE(best, std::string::npos) << output;
  std::string move = output.substr(best + 9, output.find('\n', best) - best - 9);
  EXPECT_TRUE((*game)->Apply(move).ok()) << move;
}

}  // namespace
}  // namespace souk::engine
