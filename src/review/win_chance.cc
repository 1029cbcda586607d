#include "review/win_chance.h"

#include <algorithm>
#include <string>

#include "ai/bot.h"
#include "core/prng.h"

namespace souk::review {
namespace {

// A playout that has not ended after this many plies counts as a draw shared by
// all: no game of the registry comes near it, it only guards against a policy that
// never finishes.
constexpr int kMaxPlayoutPlies = 5000;

// The world played to its end by `policy` at every seat; null when it cannot be (a
// policy that fails), which counts as a draw shared by all.
std::unique_ptr<GameState> PlayToEnd(std::unique_ptr<GameState> world, const ai::BotSpec& policy, uint64_t seed) {
  auto bot = ai::MakeBot(world->game(), policy, seed);
  if (!bot.ok()) return nullptr;
  for (int plies = 0; !world->is_over(); ++plies) {
    if (plies == kMaxPlayoutPlies) return nullptr;
    const int mover = world->current_player();
    std::string move =
        mover == GameState::kChance ? world->SampleChance() : (*bot)->ChooseMove(world->PlayerView(mover));
    if (move.empty() || !world->Apply(move).ok()) return nullptr;
  }
  return world;
}

double PlayOut(std::unique_ptr<GameState> world, int seat, const ai::BotSpec& policy, uint64_t seed) {
  const int players = world->num_players();
  std::unique_ptr<GameState> finished = PlayToEnd(std::move(world), policy, seed);
  return finished ? WinShare(*finished, seat) : 1.0 / players;
}

template <typename Prepare>
double MeanOverSamples(const GameState& state, int seat, const Playouts& playouts, Prepare prepare) {
  double total = 0;
  for (int i = 0; i < playouts.samples; ++i) {
    const uint64_t sample_seed = MixSeed(playouts.samples_seed, static_cast<uint64_t>(i));
    std::unique_ptr<GameState> world = DealForObserver(state, seat, sample_seed);
    prepare(*world);
    total += world->is_over() ? WinShare(*world, seat)
                              : PlayOut(std::move(world), seat, playouts.policy, MixSeed(sample_seed, 1));
  }
  return total / std::max(1, playouts.samples);
}

// One sample's worlds for every seat; a seat whose deal is the same world as an
// earlier seat's shares that seat's playout.
template <typename Prepare>
std::vector<double> MeanOverSamplesForAll(const GameState& state, const Playouts& playouts, Prepare prepare) {
  const size_t players = static_cast<size_t>(state.num_players());
  std::vector<double> total(players, 0);
  for (int i = 0; i < playouts.samples; ++i) {
    const uint64_t sample_seed = MixSeed(playouts.samples_seed, static_cast<uint64_t>(i));
    std::vector<std::unique_ptr<GameState>> worlds;
    std::vector<std::string> world_texts;
    std::vector<size_t> world_of(players);
    for (size_t seat = 0; seat < players; ++seat) {
      std::unique_ptr<GameState> world = DealForObserver(state, static_cast<int>(seat), sample_seed);
      prepare(*world);
      std::string text = DumpJson(world->ToJson());
      auto same = std::find(world_texts.begin(), world_texts.end(), text);
      world_of[seat] = static_cast<size_t>(same - world_texts.begin());
      if (same != world_texts.end()) continue;
      world_texts.push_back(std::move(text));
      worlds.push_back(std::move(world));
    }
    for (size_t w = 0; w < worlds.size(); ++w) {
      std::unique_ptr<GameState> finished = std::move(worlds[w]);
      if (!finished->is_over()) finished = PlayToEnd(std::move(finished), playouts.policy, MixSeed(sample_seed, 1));
      for (size_t seat = 0; seat < players; ++seat)
        if (world_of[seat] == w) total[seat] += finished ? WinShare(*finished, static_cast<int>(seat)) : 1.0 / players;
    }
  }
  for (double& t : total) t /= std::max(1, playouts.samples);
  return total;
}

}  // namespace

std::vector<double> EstimateWinChances(const GameState& state, const Playouts& playouts) {
  std::vector<double> chances;
  if (state.is_over()) {
    for (int s = 0; s < state.num_players(); ++s) chances.push_back(WinShare(state, s));
    return chances;
  }
  return MeanOverSamplesForAll(state, playouts, [](GameState&) {});
}

std::vector<double> EstimateWinChancesAfter(const GameState& state, std::string_view move, const Playouts& playouts) {
  return MeanOverSamplesForAll(state, playouts, [move](GameState& world) { (void)world.Apply(move); });
}

uint64_t MixSeed(uint64_t a, uint64_t b) {
  uint64_t z = a ^ (b + 0x9e3779b97f4a7c15ULL + (a << 6) + (a >> 2));
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

double WinShare(const GameState& finished, int seat) {
  const std::vector<int> winners = finished.Winners();
  if (std::find(winners.begin(), winners.end(), seat) == winners.end()) return 0;
  return 1.0 / static_cast<double>(winners.size());
}

std::unique_ptr<GameState> DealForObserver(const GameState& state, int observer, uint64_t seed) {
  std::unique_ptr<GameState> world = state.Clone();
  if (!world->is_over()) {
    Prng prng(seed);
    world->RandomizeHidden(observer, prng);
  }
  return world;
}

double EstimateWinChance(const GameState& state, int seat, const Playouts& playouts) {
  if (state.is_over()) return WinShare(state, seat);
  return MeanOverSamples(state, seat, playouts, [](GameState&) {});
}

double EstimateWinChanceAfter(const GameState& state, std::string_view move, int seat, const Playouts& playouts) {
  return MeanOverSamples(state, seat, playouts, [move](GameState& world) { (void)world.Apply(move); });
}

}  // namespace souk::review
