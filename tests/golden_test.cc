// Golden playthroughs: every tests/golden/NAME.record (and each test game's own,
// tests/games/GAME/golden/NAME.record) is replayed and each state
// (the new game, then one per move) must match NAME.states line for line, so any
// change in behaviour shows. To accept a deliberate change, regenerate with
//   build/souk replay tests/golden/NAME.record --states > tests/golden/NAME.states
#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include <gtest/gtest.h>

#include "format/record.h"

namespace souk {
namespace {

std::string ReadFile(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::filesystem::path> Records() {
  std::vector<std::filesystem::path> dirs = {SOUK_GOLDEN_DIR};
  for (const auto& game : std::filesystem::directory_iterator(SOUK_TEST_GAMES_DIR))
    if (std::filesystem::is_directory(game.path() / "golden")) dirs.push_back(game.path() / "golden");
  std::vector<std::filesystem::path> records;
  for (const auto& dir : dirs)
    for (const auto& entry : std::filesystem::directory_iterator(dir))
      if (entry.path().extension() == ".record") records.push_back(entry.path());
  std::sort(records.begin(), records.end());
  return records;
}

TEST(Golden, ThereIsAPlaythroughForEveryGame) {
  std::set<std::string> games;
  for (const auto& path : Records()) {
    auto record = ParseRecord(ReadFile(path));
    ASSERT_TRUE(record.ok()) << path << ": " << record.message();
    games.insert(record->options.game);
  }
  for (const auto& name : GameNames()) EXPECT_TRUE(games.count(name)) << "no golden record for " << name;
}

TEST(Golden, ReplaysMatchTheRecordedStates) {
  for (const auto& path : Records()) {
    SCOPED_TRACE(path.filename().string());
    auto record = ParseRecord(ReadFile(path));
    ASSERT_TRUE(record.ok()) << record.message();
    std::istringstream expected(ReadFile(std::filesystem::path(path).replace_extension(".states")));
    int index = 0;
    auto final_state = Replay(*record, [&](const GameState& state) {
      std::string line;
      ASSERT_TRUE(std::getline(expected, line)) << "more states than the golden file at state " << index;
      ASSERT_EQ(DumpJson(state.ToJson()), line) << "state " << index << " differs";
      ++index;
    });
    ASSERT_TRUE(final_state.ok()) << final_state.message();
    EXPECT_TRUE((*final_state)->is_over()) << "a golden playthrough is a complete game";
    std::string extra;
    EXPECT_FALSE(std::getline(expected, extra)) << "fewer states than the golden file";
  }
}

}  // namespace
}  // namespace souk
