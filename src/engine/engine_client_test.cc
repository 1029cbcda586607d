// The caller's side of souk-engine 1 against real engine processes: the Python
// examples, `souk engine` itself, and hostile engines (tests/engines/hostile_engine.py).
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <gtest/gtest.h>

#include "engine/engine_bot.h"
#include "engine/engine_registry.h"
#include "format/game.h"
#include "format/json.h"
#include "match/arena.h"
#include "server/game_service.h"
#include "server/store.h"

namespace souk::engine {
namespace {

const std::string kSource = SOUK_SOURCE_DIR;
const std::string kPython = "/usr/bin/python3";

EngineConfig Hostile(const std::string& mode, std::vector<std::string> extra = {}) {
  EngineConfig c;
  c.name = "hostile-" + mode;
  c.command = {kPython, kSource + "/tests/engines/hostile_engine.py", mode};
  c.command.insert(c.command.end(), extra.begin(), extra.end());
  c.time_ms = 300;
  c.margin_ms = 200;
  c.grace_ms = 300;
  c.reply_timeout_ms = 1500;
  return c;
}

EngineConfig Example(const std::string& file) {
  EngineConfig c;
  c.name = file;
  c.command = {kPython, kSource + "/examples/engines/" + file};
  c.time_ms = 2000;
  return c;
}

// The engine was reaped (not even a zombie is left: kill finds no such process), and no
// process of its group is left: its own children were killed with it. Those are reaped
// by init, so the group is given a moment.
bool GroupGone(pid_t pid) {
  if (!(kill(pid, 0) == -1 && errno == ESRCH)) return false;
  for (int i = 0; i < 500; ++i) {
    if (kill(-pid, 0) == -1 && errno == ESRCH) return true;
    usleep(10'000);
  }
  return false;
}

struct Played {
  std::string failure;
  ai::BotFailure kind = ai::BotFailure::kNone;
  double seconds = 0;
  pid_t pid = -1;
  int moves = 0;
};

// Plays a Jaipur game, the engine at seat 0 against Souk's random bot, until the end
// or the engine's failure.
Played PlayAgainstRandom(EngineConfig config) {
  auto state = NewGame({"jaipur", 7, 2, ""});
  EXPECT_TRUE(state.ok());
  auto opponent = ai::MakeBot("jaipur", "random", 3);
  EngineBot engine(std::move(config), 11);
  Played played;
  auto start = std::chrono::steady_clock::now();
  while (!(*state)->is_over() && played.moves < 400) {
    int seat = (*state)->current_player();
    std::string move = seat == 0 ? engine.ChooseMove((*state)->PlayerView(0)) : (*opponent)->ChooseMove((*state)->PlayerView(1));
    played.pid = engine.pid();
    if (move.empty()) break;
    EXPECT_TRUE((*state)->Apply(move).ok()) << move;
    ++played.moves;
  }
  played.failure = engine.FailureReason();
  played.kind = engine.FailureKind();
  played.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!played.failure.empty() && played.pid > 0) {  // -1: it never started
    EXPECT_TRUE(GroupGone(played.pid)) << "the failed engine's group is still there";
  }
  return played;
}

TEST(EngineClient, RandomExampleEnginePlaysAWholeGame) {
  Played p = PlayAgainstRandom(Example("random_engine.py"));
  EXPECT_EQ(p.failure, "");
  EXPECT_GT(p.moves, 10);
}

TEST(EngineClient, GreedyExampleEnginePlaysAWholeGame) {
  Played p = PlayAgainstRandom(Example("greedy_engine.py"));
  EXPECT_EQ(p.failure, "");
  EXPECT_GT(p.moves, 10);
}

TEST(EngineClient, EngineProcessIsReapedAfterAGame) {
  pid_t pid;
  {
    EngineBot engine(Example("random_engine.py"), 1);
    auto state = NewGame({"jaipur", 7, 2, ""});
    ASSERT_FALSE(engine.ChooseMove((*state)->PlayerView((*state)->current_player())).empty());
    pid = engine.pid();
    ASSERT_GT(pid, 0);
  }
  EXPECT_TRUE(GroupGone(pid));
}

// Each fault, the words its report must hold, and the most it may take: budget 300 ms
// + margin 200 ms + grace 300 ms per move, or the 1.5 s reply limit; plus the
// interpreter's start and a slow machine's slack.
struct Fault {
  const char* mode;
  const char* code;  // ai::BotFailureName
  const char* reason;
};

void PrintTo(const Fault& fault, std::ostream* out) { *out << fault.mode; }

class HostileEngine : public ::testing::TestWithParam<Fault> {};

TEST_P(HostileEngine, LosesWithTheRightReasonWithoutHanging) {
  Played p = PlayAgainstRandom(Hostile(GetParam().mode));
  EXPECT_NE(p.failure.find(GetParam().reason), std::string::npos) << p.failure;
  EXPECT_EQ(ai::BotFailureName(p.kind), GetParam().code) << p.failure;
  EXPECT_EQ(p.failure.rfind("engine hostile-", 0), 0u) << p.failure;
  EXPECT_LT(p.seconds, 60.0) << "hung: " << p.failure;  // bounds a hang only: the deadlines are the reasons' business
}

INSTANTIATE_TEST_SUITE_P(
    Faults, HostileEngine,
    ::testing::Values(Fault{"hang", "hung", "hung: no reply to newgame"},
                      Fault{"silent", "timed_out", "timed out: no bestmove after 500 ms (budget 300 ms + margin 200 ms)"},
                      Fault{"ignore-stop", "timed_out", "it ignored stop and was killed"},
                      Fault{"crash", "crashed", "crashed: exited with status 3"},
                      Fault{"segv", "crashed", "crashed: killed by signal 11"},
                      // Not "killed by signal 9": that kill is the caller's, after the fact.
                      // The last line of its stderr that says something, not Node's "#".
                      Fault{"fatal-log", "crashed", "crashed: killed by signal 5 (Trace/breakpoint trap) during go; its stderr "
                                         "ends \"# Fatal process OOM in Failed to reserve virtual memory"},
                      Fault{"close-stdout", "crashed", "crashed: closed its output during go; it was still running and was killed"},
                      Fault{"long-line", "flooded", "flooded: a line over 1,048,576 bytes"},
                      Fault{"info-flood", "flooded", "flooded: more than 10,000 info lines"},
                      Fault{"malformed", "malformed_line", "sent a malformed line: \"hello, I am not a reply\" to go"},
                      Fault{"illegal", "illegal_move", "played an illegal move: \"sell 9 diamond\""},
                      Fault{"grandchild", "timed_out", "timed out"}),
    [](const auto& param_info) {
      std::string name = param_info.param.mode;
      for (char& c : name)
        if (c == '-') c = '_';
      return name;
    });

TEST(EngineClient, ChattyEngineOnStderrNeverBlocks) {
  Played p = PlayAgainstRandom(Hostile("chatty"));
  EXPECT_EQ(p.failure, "");
  EXPECT_TRUE(NewGame({"jaipur", 7, 2, ""}).ok());
}

TEST(EngineClient, MemoryLimitEndsAnEngineThatAllocatesTooMuch) {
  EngineConfig hog = Hostile("hog");
  hog.memory_mb = 256;
  Played limited = PlayAgainstRandom(hog);
  EXPECT_NE(limited.failure.find("crashed: exited with status 1"), std::string::npos) << limited.failure;
}

TEST(EngineClient, ProgramThatCannotStartIsReported) {
  EngineConfig missing;
  missing.name = "missing";
  missing.command = {"/nonexistent/engine"};
  Played p = PlayAgainstRandom(missing);
  EXPECT_EQ(p.failure, "engine missing failed to start: could not run /nonexistent/engine: No such file or directory");
  EXPECT_EQ(p.kind, ai::BotFailure::kFailedToStart);
  EngineConfig bad_dir = Example("random_engine.py");
  bad_dir.working_directory = "/nonexistent";
  EXPECT_NE(PlayAgainstRandom(bad_dir).failure.find("could not enter its working directory /nonexistent"),
            std::string::npos);
}

TEST(EngineClient, EngineReadsTheViewAndNothingHidden) {
  std::string path = testing::TempDir() + "/engine-input-" + std::to_string(getpid()) + ".txt";
  std::remove(path.c_str());
  Played p = PlayAgainstRandom(Hostile("record", {path}));
  ASSERT_EQ(p.failure, "");
  std::ifstream in(path);
  int positions = 0;
  for (std::string line; std::getline(in, line);) {
    ASSERT_EQ(line.find("\"deck\""), std::string::npos) << line.substr(0, 200);
    ASSERT_EQ(line.find("\"rng\""), std::string::npos) << line.substr(0, 200);
    if (line.rfind("position ", 0) != 0) continue;
    ++positions;
    auto view = ParseJson(line.substr(9));
    ASSERT_TRUE(view.ok());
    EXPECT_EQ(view->at("viewer"), 0);
    EXPECT_FALSE(view->at("players").at(1).contains("hand")) << "the opponent's hand";
    for (const auto& [size, pile] : view->at("bonus_piles").items()) EXPECT_TRUE(pile.is_number()) << "bonus order";
  }
  EXPECT_GT(positions, 5);
  std::remove(path.c_str());
}

match::ArenaOptions ArenaWith(std::map<std::string, EngineConfig> engines, std::vector<std::string> bots, int games) {
  EngineRegistry registry;
  registry.engines = std::move(engines);
  match::ArenaOptions o;
  o.game = "jaipur";
  o.bots = std::move(bots);
  o.games = games;
  o.seed = 5;
  o.make_bot = [registry](std::string_view game, std::string_view spec, uint64_t seed) {
    return MakeBotOrEngine(registry, game, spec, seed);
  };
  o.before_move = PrepareEngineMove;  // as `souk arena` does
  return o;
}

TEST(EngineClient, ArenaTellsTheMovesPlayedAndTimesTheStartUpApart) {
  std::string path = testing::TempDir() + "/engine-moves-" + std::to_string(getpid()) + ".txt";
  std::remove(path.c_str());
  auto report = match::RunArena(ArenaWith({{"recorder", Hostile("record", {path})}}, {"engine:recorder", "greedy"}, 2));
  ASSERT_TRUE(report.ok()) << report.message();
  ASSERT_EQ(report->bots[0].failures, 0);
  std::ifstream in(path);
  int games = 0, positions = 0, last = -1;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("newgame ", 0) == 0) {
      ++games;
      last = -1;
    }
    if (line.rfind("position ", 0) != 0) continue;
    ++positions;
    auto view = ParseJson(line.substr(9));
    ASSERT_TRUE(view.ok());
    ASSERT_TRUE(view->contains("moves_played")) << line.substr(0, 200);
    const int played = view->at("moves_played").get<int>();
    EXPECT_GT(played, last) << "the count only grows within a game";
    EXPECT_LE(played, last + 3) << "the opponent plays once between, twice at most across a round's end";
    last = played;
  }
  EXPECT_EQ(games, 2);
  EXPECT_GT(positions, 10);
  // Counted, not timed: the engine's start-ups apart from its moves, its own bot none.
  const match::BotResult& engine = report->bots[0];
  EXPECT_EQ(engine.startups, 2);  // a process a game
  EXPECT_GT(engine.startup_seconds, 0);
  EXPECT_EQ(engine.decisions, positions) << "one move a position told, none for the start-up";
  EXPECT_EQ(report->bots[1].startups, 0) << "Souk's own bots start nothing";
  EXPECT_EQ(report->bots[1].startup_seconds, 0);
  const Json json = match::ReportJson(*report);
  EXPECT_GT(json.at("bots").at(0).at("startup_ms").get<double>(), 0.0);
  EXPECT_EQ(json.at("bots").at(1).at("startup_ms").get<double>(), 0.0);
  const std::string text = match::ReportText(*report);
  EXPECT_NE(text.find("engine:recorder: start-up "), std::string::npos) << text;
  EXPECT_EQ(text.find("greedy: start-up "), std::string::npos) << text;
  std::remove(path.c_str());
}

TEST(EngineClient, ArenaCountsAFailingEngineAsLosingEveryGameAndGoesOn) {
  auto report = match::RunArena(ArenaWith({{"bad", Hostile("illegal")}}, {"greedy", "engine:bad"}, 4));
  ASSERT_TRUE(report.ok()) << report.message();
  EXPECT_EQ(report->bots[0].wins, 4);
  EXPECT_EQ(report->bots[1].losses, 4);
  EXPECT_EQ(report->bots[1].failures, 4);
  std::string text = match::ReportText(*report);
  EXPECT_NE(text.find("engine:bad lost 4 games by failing:\n  4 x engine hostile-illegal played an illegal move"),
            std::string::npos)
      << text;
  Json json = match::ReportJson(*report);
  EXPECT_EQ(json.at("bots").at(1).at("failures"), 4);
}

TEST(EngineClient, ArenaPlaysTheExampleEnginesAgainstSouksBots) {
  auto report = match::RunArena(
      ArenaWith({{"greedy-py", Example("greedy_engine.py")}, {"random-py", Example("random_engine.py")}},
                {"engine:greedy-py", "engine:random-py"}, 2));
  ASSERT_TRUE(report.ok()) << report.message();
  EXPECT_EQ(report->bots[0].failures + report->bots[1].failures, 0);
  EXPECT_EQ(report->bots[0].games, 2);
}

// The check that the client is right: Souk's MCTS as an engine, fed the same seed
// through newgame, plays exactly the games the built-in bot plays.
TEST(EngineClient, SouksOwnBotAsAnEnginePlaysTheSameGamesAsTheBuiltInBot) {
  EngineConfig souk;
  souk.name = "souk-mcts";
  souk.command = {SOUK_BINARY, "engine", "--bot", "mcts:iterations=200"};
  souk.time_ms = 0;  // an iteration budget alone, as the built-in bot's spec
  souk.iterations = 200;
  for (const char* game : {"jaipur", "marrakech"}) {
    auto built_in = ArenaWith({}, {"mcts:iterations=200", "mcts:iterations=200"}, 4);
    auto engine = ArenaWith({{"souk-mcts", souk}}, {"mcts:iterations=200", "engine:souk-mcts"}, 4);
    built_in.game = engine.game = game;
    auto a = match::PlayArenaGames(built_in, 0, 4);
    auto b = match::PlayArenaGames(engine, 0, 4);
    ASSERT_TRUE(a.ok() && b.ok()) << game;
    for (size_t i = 0; i < 4; ++i) {
      const auto &x = (*a)[i], &y = (*b)[i];
      EXPECT_TRUE(y.failure.empty()) << game << " game " << i;
      EXPECT_EQ(x.score, y.score) << game << " game " << i;
      EXPECT_EQ(x.points, y.points) << game << " game " << i;
      EXPECT_EQ(x.decisions, y.decisions) << game << " game " << i;
      EXPECT_EQ(x.total_decisions, y.total_decisions) << game << " game " << i;
    }
  }
}

// What a command prints on stdout, and its exit status.
std::pair<std::string, int> RunCommand(const std::string& command) {
  FILE* pipe = popen(command.c_str(), "r");
  std::string out;
  char chunk[4096];
  for (size_t n; (n = fread(chunk, 1, sizeof chunk, pipe)) > 0;) out.append(chunk, n);
  int status = pclose(pipe);
  return {out, WIFEXITED(status) ? WEXITSTATUS(status) : -1};
}

TEST(EngineClient, ArenaCommandReadsTheEnginesFileAndReportsFailures) {
  std::string path = testing::TempDir() + "/engines-" + std::to_string(getpid()) + ".json";
  std::ofstream(path) << R"({"greedy-py": {"command": ["/usr/bin/python3", "greedy_engine.py"], "directory": ")"
                      << kSource << R"(/examples/engines"}, "crashing": {"command": ["/usr/bin/python3", ")"
                      << kSource << R"(/tests/engines/hostile_engine.py", "crash"], "time_ms": 300}})";
  auto [out, status] = RunCommand(std::string(SOUK_BINARY) + " arena jaipur engine:greedy-py engine:crashing --games 2 --json --engines " + path);
  ASSERT_EQ(status, 3) << "an engine failed every game: " << out;
  auto report = ParseJson(out);
  ASSERT_TRUE(report.ok()) << out;
  EXPECT_EQ(report->at("bots").at(0).at("failures"), 0);
  EXPECT_EQ(report->at("bots").at(1).at("failures"), 2);
  EXPECT_EQ(report->at("bots").at(1).at("failed").at(0).at("code"), "crashed");
  EXPECT_EQ(report->at("bots").at(1).at("failed").at(0).at("what"), "engine crashing crashed");
  auto [refused, refused_status] = RunCommand(std::string(SOUK_BINARY) + " arena jaipur engine:nope greedy --engines " + path + " 2>&1");
  EXPECT_NE(refused_status, 0);
  EXPECT_NE(refused.find("no engine named \"nope\" (registered: crashing, greedy-py)"), std::string::npos) << refused;
  std::remove(path.c_str());
}

TEST(EngineClient, WatchGoesOnWithTheMediumBotWhenAnEngineFails) {
  std::string path = testing::TempDir() + "/engines-watch-" + std::to_string(getpid()) + ".json";
  std::ofstream(path) << R"({"illegal": {"command": ["/usr/bin/python3", ")" << kSource
                      << R"(/tests/engines/hostile_engine.py", "illegal"]}})";
  auto [out, status] = RunCommand(std::string(SOUK_BINARY) + " watch jaipur engine:illegal greedy --seed 3 --delay 0 --engines " +
                                  path + " </dev/null");
  EXPECT_EQ(status, 0);
  EXPECT_NE(out.find("engine illegal played an illegal move: \"sell 9 diamond\""), std::string::npos) << out.substr(0, 2000);
  EXPECT_NE(out.find("the medium bot plays its seat from now on"), std::string::npos);
  EXPECT_NE(out.find("Game over."), std::string::npos);
  std::remove(path.c_str());
}

TEST(EngineRegistry, ReadsAConfigFile) {
  auto r = ParseEngineRegistry(
      R"({"greedy-py": {"command": ["python3", "greedy_engine.py"], "time_ms": 500, "memory_mb": 256}})", "e.json",
      "/opt/engines");
  ASSERT_TRUE(r.ok()) << r.message();
  const EngineConfig& c = r->engines.at("greedy-py");
  EXPECT_EQ(c.command, (std::vector<std::string>{"python3", "greedy_engine.py"}));
  EXPECT_EQ(c.working_directory, "/opt/engines");
  EXPECT_EQ(c.time_ms, 500);
  EXPECT_EQ(c.Margin(), 200);
  EXPECT_EQ(c.memory_mb, 256);
}

TEST(EngineRegistry, BrokenConfigNamesTheKey) {
  EXPECT_EQ(ParseEngineRegistry(R"({"x": {"command": "python3"}})", "e.json", "").message(),
            "e.json: x.command: expected an array of strings, the program first");
  EXPECT_EQ(ParseEngineRegistry(R"({"x": {"command": ["a"], "time_ms": -1}})", "e.json", "").message(),
            "e.json: x.time_ms: expected an integer from 0 to 3600000");
  EXPECT_NE(ParseEngineRegistry(R"({"x": {"command": ["a"], "tme_ms": 5}})", "e.json", "").message().find(
                "e.json: x.tme_ms: unknown key"),
            std::string::npos);
  EXPECT_NE(ParseEngineRegistry("{", "e.json", "").message().find("e.json: "), std::string::npos);
  EXPECT_FALSE(LoadEngineRegistry("/nonexistent/engines.json", true).ok());
  EXPECT_TRUE(LoadEngineRegistry("/nonexistent/engines.json", false).ok());
}

TEST(EngineRegistry, UnknownNamesAndPathsAreRefusedWherePathsAreNotAllowed) {
  EngineRegistry server;
  ASSERT_TRUE(AddEngineOption(&server, "rnd=/usr/bin/python3 /x/random_engine.py").ok());
  EXPECT_EQ(server.engines.at("rnd").command.size(), 2u);
  EXPECT_EQ(MakeBotOrEngine(server, "jaipur", "engine:nope", 1).message(),
            "bad bot 'engine:nope': no engine named \"nope\" (registered: rnd)");
  EXPECT_EQ(MakeBotOrEngine(server, "jaipur", "engine:/bin/sh", 1).message(),
            "bad bot 'engine:/bin/sh': engines here are named, never paths");
  EXPECT_FALSE(MakeBotOrEngine(server, "jaipur", "/bin/sh", 1).ok());
  EXPECT_TRUE(MakeBotOrEngine(server, "jaipur", "engine:rnd", 1).ok());
  EXPECT_TRUE(MakeBotOrEngine(server, "jaipur", "greedy", 1).ok());
  EXPECT_FALSE(AddEngineOption(&server, "no-command=").ok());
  EXPECT_FALSE(AddEngineOption(&server, "bad/name=x").ok());
}

// The server runs the engines its operator listed, by name, and nothing else.
class ServerEngines : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = testing::TempDir() + "engine_client_" + std::to_string(getpid()) + ".db";
    auto store = server::OpenSqliteStore(path_);
    ASSERT_TRUE(store.ok()) << store.message();
    store_ = std::move(*store);
  }
  void TearDown() override {
    service_.reset();
    store_.reset();
    for (const char* suffix : {"", "-wal", "-shm"}) std::remove((path_ + suffix).c_str());
  }
  void Start(bool with_engines) {
    server::ServiceOptions options;
    if (with_engines) {
      EngineRegistry registry;  // as `souk serve --engine` makes it: names only
      registry.engines["rnd"] = Example("random_engine.py");
      registry.engines["bad"] = Hostile("illegal");
      options.make_engine = [registry](std::string_view game, std::string_view spec, uint64_t seed) {
        return MakeBotOrEngine(registry, game, spec, seed);
      };
    }
    service_ = std::make_unique<server::GameService>(*store_, options);
    service_->UseSeedsFrom(7);
  }
  Result<server::Created> Create(const std::string& player) {
    server::CreateRequest r;
    r.game = "jaipur";
    r.seats = {{"human", "Ann"}, {player, ""}};
    r.client = "127.0.0.1";
    return service_->Create(r);
  }
  std::string path_;
  std::unique_ptr<server::Store> store_;
  std::unique_ptr<server::GameService> service_;
};

TEST_F(ServerEngines, UnknownEngineOrPathIsRefused) {
  Start(true);
  EXPECT_EQ(Create("engine:nope").message(),
            "seats[1].player: bad bot 'engine:nope': no engine named \"nope\" (registered: bad, rnd)");
  EXPECT_EQ(Create("engine:/bin/sh").message(),
            "seats[1].player: bad bot 'engine:/bin/sh': engines here are named, never paths");
  EXPECT_FALSE(Create("/bin/sh").ok());
  EXPECT_TRUE(Create("engine:rnd").ok());
}

TEST_F(ServerEngines, ServerWithoutEnginesRefusesEngineSeats) {
  Start(false);
  EXPECT_EQ(Create("engine:rnd").message(), "seats[1].player: this server runs no engines");
}

TEST_F(ServerEngines, FailingEngineIsReplacedByTheFallbackBotAndTheGameGoesOn) {
  Start(true);
  auto created = Create("engine:bad");
  ASSERT_TRUE(created.ok()) << created.message();
  int human_turns = 0;
  for (int i = 0; i < 400; ++i) {
    service_->WaitForBots();
    auto snap = service_->View(created->game_id, 0);
    ASSERT_TRUE(snap.ok());
    const Json& j = snap->json;
    if (j.at("over").get<bool>()) break;
    ASSERT_EQ(j.at("to_move"), 0) << "the engine's seat stopped playing";
    ASSERT_TRUE(service_->Move(created->game_id, 0, j.at("legal").at(0).get<std::string>()).ok());
    if (++human_turns == 8) break;
  }
  EXPECT_EQ(human_turns, 8);
}

}  // namespace
}  // namespace souk::engine
