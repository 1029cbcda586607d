#include "core/status.h"

#include <set>
#include <string>

#include <gtest/gtest.h>

namespace souk {
namespace {

TEST(ErrorCodes, EachHasOneLowerSnakeCaseNameReadBack) {
  std::set<std::string_view> names;
  for (ErrorCode code : kErrorCodes) {
    const std::string_view name = ErrorCodeName(code);
    SCOPED_TRACE(std::string(name));
    ASSERT_FALSE(name.empty());
    EXPECT_EQ(name.find_first_not_of("abcdefghijklmnopqrstuvwxyz_"), std::string_view::npos);
    EXPECT_TRUE(names.insert(name).second) << "named twice";
    EXPECT_EQ(ErrorCodeNamed(name), code);
  }
  EXPECT_FALSE(ErrorCodeNamed("").has_value());
  EXPECT_FALSE(ErrorCodeNamed("Not_Your_Turn").has_value());
}

TEST(ErrorCodes, EveryKindHasACodeOfItsOwnKind) {
  for (StatusCode kind : {StatusCode::kInvalidArgument, StatusCode::kIllegalMove, StatusCode::kFailedPrecondition,
                          StatusCode::kNotFound, StatusCode::kUnauthenticated, StatusCode::kPermissionDenied,
                          StatusCode::kResourceExhausted, StatusCode::kUnavailable, StatusCode::kAborted,
                          StatusCode::kInternal}) {
    ASSERT_NE(DefaultErrorCode(kind), ErrorCode::kUnspecified);
    EXPECT_EQ(KindOf(DefaultErrorCode(kind)), kind);
  }
}

TEST(ErrorCodes, AStatusWithoutOneHasItsKinds) {
  EXPECT_EQ(Status::Error("x").error_code(), ErrorCode::kInvalidArgument);
  EXPECT_EQ(Status::FailedPrecondition("x").error_code(), ErrorCode::kFailedPrecondition);
  EXPECT_EQ(Status::PermissionDenied("x").error_code(), ErrorCode::kForbidden);
  EXPECT_EQ(Status::ResourceExhausted("x").error_code(), ErrorCode::kLimitReached);
  EXPECT_EQ(Status::Ok().error_code(), ErrorCode::kUnspecified);
}

TEST(ErrorCodes, ACodedStatusHasItsCodesKindAndKeepsItThroughChanges) {
  const Status turn = Status::Coded(ErrorCode::kNotYourTurn, "not your turn: seat 1 is to move");
  EXPECT_EQ(turn.code(), StatusCode::kFailedPrecondition);
  EXPECT_EQ(turn.error_code(), ErrorCode::kNotYourTurn);
  const Status prefixed = turn.Prefixed("game g1: ");
  EXPECT_EQ(prefixed.message(), "game g1: not your turn: seat 1 is to move");
  EXPECT_EQ(prefixed.error_code(), ErrorCode::kNotYourTurn);
  // As another kind, the code stays: a move that does not parse, refused by the server.
  const Status bad = Status::Coded(ErrorCode::kBadMove, "bad move 'x'").AsKind(StatusCode::kIllegalMove);
  EXPECT_EQ(bad.code(), StatusCode::kIllegalMove);
  EXPECT_EQ(bad.error_code(), ErrorCode::kBadMove);
  // A status with its kind's code keeps that code, not the new kind's.
  EXPECT_EQ(Status::Error("x").AsKind(StatusCode::kIllegalMove).error_code(), ErrorCode::kInvalidArgument);
  const Result<int> failed = Status::Coded(ErrorCode::kGameOver, "the game is over");
  EXPECT_EQ(failed.error_code(), ErrorCode::kGameOver);
}

}  // namespace
}  // namespace souk
