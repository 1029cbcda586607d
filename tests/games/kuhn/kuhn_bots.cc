// Kuhn poker's bots: the generic random bot, and a bot that bets on its card.
#include <algorithm>
#include <memory>

#include "ai/bot.h"
#include "format/json.h"
#include "kuhn/kuhn_game.h"

namespace souk::kuhn {
namespace {

// Bets and calls with the King, passes and folds with the Jack; with the Queen,
// passes, and calls a bet (a simple, beatable strategy: the arena's measure).
class CardBot final : public ai::Bot {
 public:
  std::string ChooseMove(const AnyView& view) override { return Analyse(view).moves.front().move; }
  ai::TextAnalysis Analyse(const AnyView& any) override {
    const auto& view = std::get<RegisteredView>(any);
    const Json json = Json::parse(view.json);
    const std::string card = json.at("players").at(static_cast<size_t>(view.viewer)).at("card").get<std::string>();
    const bool facing_bet = std::find(view.legal_moves.begin(), view.legal_moves.end(), "call") != view.legal_moves.end();
    std::string best = facing_bet ? (card == "J" ? "fold" : "call") : (card == "K" ? "bet" : "pass");
    ai::TextAnalysis analysis;
    analysis.moves.push_back({best, 1, 1, 0});
    for (const std::string& move : view.legal_moves)
      if (move != best) analysis.moves.push_back({move, 0, 0, 0});
    return analysis;
  }
  size_t MemoryBytes() const override { return 0; }
  size_t SearchMemoryBytes() const override { return 0; }
  void SetMemoryLimit(size_t) override {}
  void ReleaseMemory() override {}
};

// No MCTS: Souk's searches are written for each game's own types.
std::unique_ptr<ai::Bot> MakeKuhnBot(std::string_view, const ai::BotSpec& spec, uint64_t seed) {
  switch (spec.kind) {
    case ai::BotKind::kRandom: return ai::MakeRegisteredRandomBot(seed);
    case ai::BotKind::kGreedy: return std::make_unique<CardBot>();
    case ai::BotKind::kMcts: return nullptr;
  }
  return nullptr;
}

const ai::BotModule kKuhnBots = {&kKuhnType, &MakeKuhnBot, 0};
[[maybe_unused]] const bool kRegistered = ai::RegisterBotModule(kKuhnBots);

}  // namespace
}  // namespace souk::kuhn
