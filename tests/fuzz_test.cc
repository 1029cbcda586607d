// Fuzz-style tests of every game's move parser and state loader with random and
// mutated input (deterministic seeds, so a failure reproduces). The contract:
// always a clear error or a valid result; never a crash, a hang, or a changed
// state after a refused move. The sanitizer run executes these too.
#include <gtest/gtest.h>

#include <cctype>

#include "sim_configs.h"

namespace souk::testing {
namespace {

constexpr int kCases = 3000;

const std::vector<std::string> kWords = {
    "take", "camels", "exchange", "for", "sell", "diamond", "gold", "silver", "cloth", "spice", "leather",
    "camel", "left", "straight", "right", "roll", "place", "a1", "g7", "d4", "c3", "h8", "0", "1", "2", "3",
    "4", "7", "99", "-1", "", " ", "\t", "\n", "/", "é", "\xff", "4294967296"};

std::string RandomBytes(Prng& prng, int max_len) {
  std::string s(prng.Below(static_cast<uint32_t>(max_len)), ' ');
  for (char& c : s) c = static_cast<char>(prng.Below(256));
  return s;
}

std::string Mutate(std::string s, Prng& prng) {
  int edits = 1 + static_cast<int>(prng.Below(4));
  for (int e = 0; e < edits; ++e) {
    uint32_t pos = s.empty() ? 0 : prng.Below(static_cast<uint32_t>(s.size()));
    switch (prng.Below(4)) {
      case 0: if (!s.empty()) s.erase(pos, 1 + prng.Below(3)); break;
      case 1: s.insert(pos, 1, static_cast<char>(prng.Below(256))); break;
      case 2: if (!s.empty()) s[pos] = static_cast<char>(prng.Below(128)); break;
      default: s.insert(pos, " " + kWords[prng.Below(static_cast<uint32_t>(kWords.size()))] + " "); break;
    }
  }
  return s;
}

// The same words in other capitals and spacing.
std::string Respell(const std::string& move, Prng& prng) {
  std::string out = prng.Below(2) ? " " : "";
  for (char c : move) {
    if (c == ' ') out += prng.Below(2) ? "  " : " ";
    else out += prng.Below(3) == 0 ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : c;
  }
  return out;
}

// A state some way into a random game, never over (a short game, such as Kuhn
// poker's three moves, stops before its last).
std::unique_ptr<GameState> MidGame(const SimConfig& config, uint64_t seed, Prng& prng) {
  GameOptions options = config.options;
  options.seed = seed;
  auto state = std::move(*NewGame(options));
  int moves = static_cast<int>(prng.Below(40));
  for (int i = 0; i < moves && !state->is_over(); ++i) {
    std::string m = state->SampleChance();
    if (m.empty()) {
      auto legal = state->LegalMoves();
      m = legal[prng.Below(static_cast<uint32_t>(legal.size()))];
    }
    auto next = state->Clone();
    EXPECT_TRUE(next->Apply(m).ok());
    if (next->is_over()) break;
    state = std::move(next);
  }
  return state;
}

class Fuzz : public ::testing::TestWithParam<SimConfig> {};

TEST_P(Fuzz, MoveParserGivesAClearErrorOrAValidMove) {
  Prng prng(17);
  int accepted = 0;
  for (int i = 0; i < kCases; ++i) {
    auto state = MidGame(GetParam(), static_cast<uint64_t>(i % 50), prng);
    if (state->is_over()) continue;
    std::string input;
    switch (prng.Below(4)) {
      case 0: input = RandomBytes(prng, 40); break;
      case 1: {
        int n = static_cast<int>(prng.Below(7));
        for (int w = 0; w < n; ++w) input += kWords[prng.Below(static_cast<uint32_t>(kWords.size()))] + " ";
        break;
      }
      case 2: {
        auto legal = state->LegalMoves();
        input = legal.empty() ? "" : Mutate(legal[prng.Below(static_cast<uint32_t>(legal.size()))], prng);
        break;
      }
      default: {  // a legal move as a person may type it: the lenient path
        auto legal = state->LegalMoves();
        input = legal.empty() ? "" : Respell(legal[prng.Below(static_cast<uint32_t>(legal.size()))], prng);
      }
    }
    std::string before = DumpJson(state->ToJson());
    Status applied = state->Apply(input);
    if (applied.ok()) {
      ++accepted;
      ASSERT_TRUE(state->Validate().ok()) << "accepted '" << input << "' and broke the state";
    } else {
      ASSERT_FALSE(applied.message().empty());
      ASSERT_EQ(applied.message().find('\n'), std::string::npos) << "error messages are one line";
      ASSERT_EQ(DumpJson(state->ToJson()), before) << "a refused move changed the state: " << input;
    }
  }
  RecordProperty("accepted", accepted);
  // Inputs that all bounce off the first check would test that check only.
  EXPECT_GE(accepted, kCases / 10) << "too few inputs were moves: the fuzzer reaches no further than the parser";
}

Json RandomValue(Prng& prng) {
  switch (prng.Below(9)) {
    case 0: return nullptr;
    case 1: return -1;
    case 2: return 1000000000000LL;
    case 3: return "x";
    case 4: return Json::array();
    case 5: return Json::object();
    case 6: return 2.5;
    case 7: return true;
    default: return static_cast<int>(prng.Below(12));
  }
}

// Replaces, removes or retypes one random node of the document.
void MutateJson(Json& j, Prng& prng) {
  Json* node = &j;
  while ((node->is_object() || node->is_array()) && !node->empty() && prng.Below(4) != 0) {
    auto it = node->begin();
    std::advance(it, prng.Below(static_cast<uint32_t>(node->size())));
    node = &*it;
  }
  if (prng.Below(5) == 0 && (node->is_object() || node->is_array()) && !node->empty()) {
    if (node->is_object()) node->erase(node->begin());
    else node->erase(node->begin() + static_cast<std::ptrdiff_t>(prng.Below(static_cast<uint32_t>(node->size()))));
  } else {
    *node = RandomValue(prng);
  }
}

TEST_P(Fuzz, StateLoaderGivesAClearErrorOrAValidState) {
  Prng prng(23);
  int accepted = 0;
  for (int i = 0; i < kCases; ++i) {
    auto state = MidGame(GetParam(), static_cast<uint64_t>(i % 50), prng);
    Json j = state->ToJson();
    std::string text;
    if (prng.Below(2) == 0) {
      int n = 1 + static_cast<int>(prng.Below(3));
      for (int m = 0; m < n; ++m) MutateJson(j, prng);
      text = DumpJson(j);
    } else {
      text = Mutate(DumpJson(j), prng);
      if (prng.Below(4) == 0) text = text.substr(0, prng.Below(static_cast<uint32_t>(text.size())));
    }
    auto loaded = LoadStateText(text);
    if (loaded.ok()) {
      ++accepted;
      ASSERT_TRUE((*loaded)->Validate().ok());
      std::string again = DumpJson((*loaded)->ToJson());
      auto reloaded = LoadStateText(again);
      ASSERT_TRUE(reloaded.ok());
      ASSERT_EQ(DumpJson((*reloaded)->ToJson()), again);
      (void)(*loaded)->LegalMoves();
    } else {
      ASSERT_FALSE(loaded.message().empty());
      ASSERT_EQ(loaded.message().find('\n'), std::string::npos) << loaded.message();
    }
  }
  RecordProperty("accepted", accepted);
  // Mutations that keep a document valid are what reach the loader's deeper checks.
  EXPECT_GE(accepted, 5) << "no mutated state was valid: the fuzzer tests the first checks only";
}

TEST(FuzzAnyGame, LoaderRejectsNonStates) {
  for (const char* text : {"", "null", "[]", "42", "\"jaipur\"", "{}", "{\"game\":7}", "{\"game\":\"chess\"}",
                           "{\"game\":\"jaipur\"}", "{\"game\":\"marrakech\"}", "[[[[[[[[[[[[[[[[[[[[[[[[[[[["}) {
    auto loaded = LoadStateText(text);
    EXPECT_FALSE(loaded.ok()) << text;
    EXPECT_FALSE(loaded.message().empty());
  }
}

TEST(FuzzAnyGame, DeeplyNestedJsonIsAnErrorNotACrash) {
  std::string deep(100000, '[');
  EXPECT_FALSE(LoadStateText(deep).ok());
}

INSTANTIATE_TEST_SUITE_P(AllGames, Fuzz, ::testing::ValuesIn(AllConfigs()),
                         [](const ::testing::TestParamInfo<SimConfig>& p) { return p.param.name; });

}  // namespace
}  // namespace souk::testing
