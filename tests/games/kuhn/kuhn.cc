#include "kuhn/kuhn.h"

#include <algorithm>
#include <cctype>

#include "core/text.h"

namespace souk::kuhn {
namespace {

constexpr std::array<std::string_view, 3> kCardNames = {"J", "Q", "K"};
constexpr std::array<std::string_view, 4> kActionNames = {"pass", "bet", "call", "fold"};

// Was a bet made among the actions so far?
bool BetMade(const State& s) {
  return std::find(s.history.begin(), s.history.begin() + s.num_actions, Action::kBet) != s.history.begin() + s.num_actions;
}

}  // namespace

std::string_view CardName(Card card) { return kCardNames[static_cast<size_t>(card)]; }

std::optional<Card> CardOf(std::string_view name) {
  for (size_t i = 0; i < kCardNames.size(); ++i)
    if (kCardNames[i] == name) return static_cast<Card>(i);
  return std::nullopt;
}

std::string_view ActionName(Action action) { return kActionNames[static_cast<size_t>(action)]; }

Result<Action> ParseAction(std::string_view text) {
  // As a person may type it: any capitals, spaces around.
  std::string word;
  for (char c : Trim(text)) word += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (size_t i = 0; i < kActionNames.size(); ++i)
    if (kActionNames[i] == word) return static_cast<Action>(i);
  return Status::Coded(ErrorCode::kBadMove,
                       Quoted(text) + " is not a move of kuhn (moves: pass, bet, call, fold)");
}

State State::Deal(uint64_t seed) {
  Prng prng(seed);
  std::array<Card, 3> deck = {Card::kJack, Card::kQueen, Card::kKing};
  prng.Shuffle(deck.data(), deck.size());
  State s;
  s.cards = {deck[0], deck[1]};
  s.set_aside = deck[2];
  return s;
}

bool State::over() const {
  if (num_actions == 0) return false;
  const Action last = history[static_cast<size_t>(num_actions - 1)];
  return last == Action::kFold || last == Action::kCall || (num_actions == 2 && last == Action::kPass);
}

int State::to_move() const { return num_actions % 2; }

bool State::folded() const { return num_actions > 0 && history[static_cast<size_t>(num_actions - 1)] == Action::kFold; }

int State::winner() const {
  if (!over()) return -1;
  // The one who folded is the last to have acted.
  if (folded()) return 1 - (num_actions - 1) % 2;
  return cards[0] > cards[1] ? 0 : 1;
}

std::array<int, kNumPlayers> State::stakes() const {
  std::array<int, kNumPlayers> stakes = {1, 1};
  for (int i = 0; i < num_actions; ++i) {
    const Action a = history[static_cast<size_t>(i)];
    if (a == Action::kBet || a == Action::kCall) ++stakes[static_cast<size_t>(i % 2)];
  }
  return stakes;
}

std::array<int, kNumPlayers> State::scores() const {
  const int w = winner();
  if (w < 0) return {0, 0};
  const int won = stakes()[static_cast<size_t>(1 - w)];
  std::array<int, kNumPlayers> scores{};
  scores[static_cast<size_t>(w)] = won;
  scores[static_cast<size_t>(1 - w)] = -won;
  return scores;
}

std::vector<Action> State::LegalActions() const {
  if (over()) return {};
  if (BetMade(*this)) return {Action::kCall, Action::kFold};
  return {Action::kPass, Action::kBet};
}

Status State::Check(Action action) const {
  if (over()) return Status::Coded(ErrorCode::kGameOver, "the hand is over");
  const std::vector<Action> legal = LegalActions();
  if (std::find(legal.begin(), legal.end(), action) != legal.end()) return Status::Ok();
  std::string why = BetMade(*this) ? "after a bet, call or fold" : "with no bet to answer, pass or bet";
  return Status::Coded(ErrorCode::kIllegalMove, Quoted(ActionName(action)) + " is not legal now: " + why);
}

void State::Apply(Action action) { history[static_cast<size_t>(num_actions++)] = action; }

Status State::Validate() const {
  if (cards[0] == cards[1] || cards[0] == set_aside || cards[1] == set_aside)
    return Status::Error("cards: the three cards must differ");
  if (num_actions < 0 || num_actions > kMaxActions) return Status::Error("moves: at most 3");
  State replay = *this;
  replay.num_actions = 0;
  for (int i = 0; i < num_actions; ++i) {
    const Action a = history[static_cast<size_t>(i)];
    if (Status legal = replay.Check(a); !legal.ok())
      return Status::Error("moves[" + std::to_string(i) + "]: " + legal.message());
    replay.Apply(a);
  }
  return Status::Ok();
}

}  // namespace souk::kuhn
