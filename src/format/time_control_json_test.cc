#include "format/time_control_json.h"

#include <gtest/gtest.h>

namespace souk {
namespace {

clock::TimeControl Read(std::string_view text) {
  auto json = ParseJson(text);
  EXPECT_TRUE(json.ok()) << text;
  auto control = TimeControlFromJson(*json);
  EXPECT_TRUE(control.ok()) << text << ": " << control.message();
  return control.ok() ? *control : clock::TimeControl{};
}

std::string Refusal(std::string_view text) {
  auto json = ParseJson(text);
  EXPECT_TRUE(json.ok()) << text;
  auto control = TimeControlFromJson(*json);
  EXPECT_FALSE(control.ok()) << text;
  EXPECT_EQ(control.error_code(), ErrorCode::kBadClock) << text;
  return control.message();
}

TEST(TimeControlJson, ReadsBothKindsAndNone) {
  EXPECT_EQ(Read(R"({"base_s": 180, "increment_s": 2})"), *clock::RealTime(180, 2));
  EXPECT_EQ(Read(R"({"base_s": 600})"), *clock::RealTime(600, 0)) << "no increment: none";
  EXPECT_EQ(Read(R"({"days_per_move": 0.5})"), *clock::TurnBased(0.5));
  EXPECT_EQ(Read(R"({"days_per_move": 3})"), *clock::TurnBased(3));
  EXPECT_FALSE(Read("null").has_clock());
}

TEST(TimeControlJson, WritesWhatItReadsBack) {
  for (const auto& control : {*clock::RealTime(300, 3), *clock::RealTime(45, 0), *clock::TurnBased(0.5),
                              *clock::TurnBased(2), clock::TimeControl{}}) {
    auto back = TimeControlFromJson(TimeControlToJson(control));
    ASSERT_TRUE(back.ok()) << back.message();
    EXPECT_EQ(*back, control) << DumpJson(TimeControlToJson(control));
  }
  EXPECT_EQ(DumpJson(TimeControlToJson(*clock::RealTime(300, 3))), R"({"base_s":300,"increment_s":3})");
  EXPECT_EQ(DumpJson(TimeControlToJson(*clock::TurnBased(1))), R"({"days_per_move":1})");
}

TEST(TimeControlJson, RefusesHostileShapesNamingWhatIsWrong) {
  EXPECT_NE(Refusal(R"({"base_s": 0, "increment_s": 2})").find("base_s"), std::string::npos);
  EXPECT_NE(Refusal(R"({"base_s": -60})").find("base_s"), std::string::npos);
  EXPECT_NE(Refusal(R"({"base_s": 1e12})").find("whole number"), std::string::npos);
  EXPECT_NE(Refusal(R"({"base_s": 18446744073709551615})").find("out of range"), std::string::npos);
  EXPECT_NE(Refusal(R"({"base_s": 99999999999999})").find("base_s"), std::string::npos);
  EXPECT_NE(Refusal(R"({"base_s": 60.5})").find("whole number"), std::string::npos);
  EXPECT_NE(Refusal(R"({"base_s": "300"})").find("whole number"), std::string::npos);
  EXPECT_NE(Refusal(R"({"base_s": 60, "increment_s": -1})").find("increment_s"), std::string::npos);
  EXPECT_NE(Refusal(R"({"increment_s": 2})").find("base_s is missing"), std::string::npos);
  EXPECT_NE(Refusal(R"({"base_s": 60, "days_per_move": 1})").find("not both"), std::string::npos);
  EXPECT_NE(Refusal(R"({"days_per_move": 7})").find("days_per_move"), std::string::npos);
  EXPECT_NE(Refusal(R"({"days_per_move": true})").find("days_per_move"), std::string::npos);
  EXPECT_NE(Refusal(R"({"days_per_move": 1, "colour": "red"})").find(R"(unknown key "colour")"), std::string::npos);
  EXPECT_NE(Refusal(R"("5+3")").find("must be"), std::string::npos);
  EXPECT_NE(Refusal(R"([300, 3])").find("must be"), std::string::npos);
  const std::string long_key(5000, 'k');
  EXPECT_LT(Refusal(R"({")" + long_key + R"(": 1})").size(), 120u) << "a hostile key is cut short";
}

}  // namespace
}  // namespace souk
