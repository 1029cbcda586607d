// docs/architecture.md's claim, enforced: outside a game's own files, no code
// decides by comparing a game's name with a literal, or its registry entry with the
// entry's constant (`type == &kJaipurType`). Each layer reaches a game
// through the registry (core/game_type.h) or by visiting the view and event
// variants, so that a game added to the registry is handled everywhere or fails
// to compile. The names come from the registry itself.
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <unistd.h>

#include "core/game_type.h"

namespace souk {
namespace {

namespace fs = std::filesystem;

bool IsSource(const fs::path& p) {
  const std::string ext = p.extension().string();
  return ext == ".cc" || ext == ".h" || ext == ".py" || ext == ".ts";
}

// A game's own files: its folders (src/core/jaipur/, web/src/jaipur/) and the files
// named after it beside their siblings (src/format/jaipur_json.cc); a JSON reader
// there checks its own "game" field. Tests pick the games they test by name.
bool IsOwnOrTest(const fs::path& p, const std::string& game) {
  for (const auto& part : p) {
    const std::string s = part.string();
    if (s == game || s.rfind(game + "_", 0) == 0) return true;
    if (s == "tests" || s == "test" || s == "e2e") return true;
  }
  const std::string stem = p.stem().string();
  return stem.ends_with("_test") || stem.ends_with(".test") || stem.rfind("test_", 0) == 0;
}

// The registry entry's constant: kJaipurType for "jaipur" (core/game_type.h).
std::string EntryConstant(const std::string& game) {
  std::string constant = "k";
  bool upper = true;
  for (char c : game) {
    if (c == '-' || c == '_') {
      upper = true;
      continue;
    }
    constant += upper ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
    upper = false;
  }
  return constant + "Type";
}

// Every line outside the game's own files that compares a literal of its name, or
// its registry entry with the entry's constant.
std::vector<std::string> Comparisons(const fs::path& root, const std::string& game) {
  const std::string lit = "[\"']" + game + "[\"']";
  const std::string constant = "&?\\b" + EntryConstant(game) + "\\b";
  const std::regex compared("(==|!=)\\s*(" + lit + "|" + constant + ")|(" + lit + "|" + constant + ")\\s*(==|!=)");
  std::vector<std::string> found;
  for (const auto& entry : fs::recursive_directory_iterator(root)) {
    if (!entry.is_regular_file() || !IsSource(entry.path())) continue;
    const fs::path rel = fs::relative(entry.path(), root.parent_path());
    if (IsOwnOrTest(rel, game)) continue;
    std::ifstream in(entry.path());
    std::string line;
    for (int n = 1; std::getline(in, line); ++n)
      if (std::regex_search(line, compared)) found.push_back(rel.string() + ":" + std::to_string(n) + ": " + line);
  }
  return found;
}

// Both trees: the C++ and Python of src/, and the web app's TypeScript (web/src/, whose
// games are reached through web/src/games.ts).
TEST(GameNames, NoCodeOutsideAGamesOwnFilesComparesItsName) {
  ASSERT_GE(GameTypes().size(), 2u);
  for (const fs::path& src : {fs::path(SOUK_SOURCE_DIR) / "src", fs::path(SOUK_SOURCE_DIR) / "web" / "src"}) {
    ASSERT_TRUE(fs::is_directory(src)) << src;
    for (const GameType* type : GameTypes()) {
      const std::vector<std::string> found = Comparisons(src, std::string(type->name));
      std::string listed;
      for (const std::string& line : found) listed += "\n  " + line;
      EXPECT_TRUE(found.empty()) << src << " compares the name or registry entry of " << type->name
                                 << " (reach it through the registry, Ops<State>, web/src/games.ts or a visit "
                                    "instead):"
                                 << listed;
    }
  }
}

// The check itself sees a comparison where one is written.
TEST(GameNames, TheCheckSeesAComparison) {
  const fs::path dir =
      fs::temp_directory_path() / ("souk_game_names_test." + std::to_string(::getpid())) / "src" / "layer";
  fs::create_directories(dir);
  std::ofstream(dir / "any.cc") << "if (game == \"jaipur\") return;\n";
  std::ofstream(dir / "page.ts") << "const two = g === 'marrakech' ? 1 : 2;\n"
                                 << "if (\"marrakech\" !== msg.game) return;\n"
                                 << "export type GameName = \"jaipur\" | \"marrakech\";\n"  // a type, not a comparison
                                 << "interface S { game: \"jaipur\"; }\n";
  std::ofstream(dir / "entry.cc") << "if (game.type == &kMarrakechType) return 1;\n"
                                  << "static constexpr const GameType* kType = &kMarrakechType;\n";  // not compared
  // A game's own folder may name itself (web/src/jaipur/screen.ts).
  fs::create_directories(dir / "jaipur");
  std::ofstream(dir / "jaipur" / "screen.ts") << "if (next.game !== \"jaipur\") return;\n";
  EXPECT_EQ(Comparisons(dir.parent_path(), "jaipur").size(), 1u);
  EXPECT_EQ(Comparisons(dir.parent_path(), "marrakech").size(), 3u)
      << "=== and !== are caught, either side, and a comparison with the registry entry's constant";
  fs::remove_all(dir.parent_path().parent_path());
}

}  // namespace
}  // namespace souk
