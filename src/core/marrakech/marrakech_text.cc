// Square, direction and phase names, and the canonical move text.
#include <array>
#include <vector>

#include "core/marrakech/marrakech.h"
#include "core/messages.h"
#include "core/text.h"

namespace souk::marrakech {
namespace {

constexpr std::array<std::string_view, 3> kTurnNames = {"left", "straight", "right"};
constexpr std::array<std::string_view, 4> kPhaseNames = {"orient", "roll", "place", "game_over"};
constexpr std::string_view kFacingLetters = "NESW";
constexpr std::string_view kMoveSyntax = "left, straight, right, roll N, place C1 C2";

}  // namespace

std::string SquareName(int square) {
  std::string name(2, '?');
  if (square < 0 || square >= kNumSquares) return name;
  name[0] = static_cast<char>('a' + SquareX(square));
  name[1] = static_cast<char>('1' + SquareY(square));
  return name;
}

std::optional<int> ParseSquare(std::string_view word) {
  if (word.size() != 2) return std::nullopt;
  char col = word[0], row = word[1];
  if (col >= 'A' && col <= 'G') col = static_cast<char>(col - 'A' + 'a');
  if (col < 'a' || col > 'g' || row < '1' || row > '7') return std::nullopt;
  return SquareAt(col - 'a', row - '1');
}

char FacingLetter(Facing f) { return kFacingLetters[static_cast<size_t>(f) & 3]; }

std::optional<Facing> ParseFacing(std::string_view text) {
  if (text.size() != 1) return std::nullopt;
  size_t i = kFacingLetters.find(text[0]);
  if (i == std::string_view::npos) return std::nullopt;
  return static_cast<Facing>(i);
}

std::string_view PhaseName(Phase p) {
  size_t i = static_cast<size_t>(p);
  return i < kPhaseNames.size() ? kPhaseNames[i] : "?";
}

std::optional<Phase> ParsePhase(std::string_view text) {
  for (size_t i = 0; i < kPhaseNames.size(); ++i)
    if (text == kPhaseNames[i]) return static_cast<Phase>(i);
  return std::nullopt;
}

std::string_view TurnName(Turn t) {
  size_t i = static_cast<size_t>(t);
  return i < kTurnNames.size() ? kTurnNames[i] : "?";
}

std::string ToString(const Move& move) {
  switch (move.kind) {
    case MoveKind::kOrient:
      return std::string(TurnName(move.turn));
    case MoveKind::kRoll:
      return "roll " + std::to_string(move.roll);
    case MoveKind::kPlace: {
      int a = move.first < move.second ? move.first : move.second;
      int b = move.first < move.second ? move.second : move.first;
      return "place " + SquareName(a) + " " + SquareName(b);
    }
    case MoveKind::kTimeOut:
      return "timeout";
  }
  return "?";
}

Result<Move> ParseMove(std::string_view text) {
  std::vector<std::string> words = SplitLowerWords(text);
  using Id = MessageId;
  auto error = [&](Id why, const MessageArgs& args = {}) {
    return MessageStatus(ErrorCode::kBadMove,
                         {Id::kBadMove, {{"input", Printable(text)}, {"why", Message{why, args}}}});
  };
  auto word = [](const std::string& w) { return MessageArgs{{"word", Printable(w)}}; };
  if (words.empty()) return error(Id::kEmptyMove, {{"syntax", std::string(kMoveSyntax)}});
  const std::string& verb = words[0];
  for (size_t t = 0; t < kTurnNames.size(); ++t) {
    if (verb != kTurnNames[t]) continue;
    if (words.size() != 1) return error(Id::kTakesNoArgument, word(verb));
    return Move::Orient(static_cast<Turn>(t));
  }
  if (verb == "back" || verb == "around" || verb == "u-turn" || verb == "uturn" || verb == "half-turn" ||
      verb == "reverse") {
    return error(Id::kNoHalfTurn);
  }
  // Not in kMoveSyntax: players never type it (see MoveKind::kTimeOut), but a
  // record the server wrote must replay.
  if (verb == "timeout") {
    if (words.size() != 1) return error(Id::kTakesNoArgument, word(verb));
    return Move::TimeOut();
  }
  if (verb == "roll") {
    if (words.size() != 2) return error(Id::kRollNeedsNumber);
    auto n = ParseSmallInt(words[1]);
    if (!n || *n < 1 || *n > 4) return error(Id::kNotARoll, word(words[1]));
    return Move::Roll(*n);
  }
  if (verb == "place") {
    if (words.size() != 3) return error(Id::kPlaceNeedsSquares);
    std::array<int, 2> squares{};
    for (size_t i = 0; i < 2; ++i) {
      auto sq = ParseSquare(words[i + 1]);
      if (!sq) return error(Id::kNotASquare, word(words[i + 1]));
      squares[i] = *sq;
    }
    return Move::Place(squares[0], squares[1]);
  }
  return error(Id::kUnknownAction, {{"word", Printable(verb)}, {"syntax", std::string(kMoveSyntax)}});
}

}  // namespace souk::marrakech
