#pragma once
#include <cstddef>
#include <memory>
#include "ai/search.h"
#include "core/marrakech/marrakech.h"
namespace souk::ai::marrakech_bots {
// A bot plays one seat. It is given that seat's View only (never a State).
class Bot {
 public:
  virtual ~Bot() = default;
  // Precondition: the game is not over, view.to_move == view.viewer, and the phase is
  // orient or place (the die is a chance move, never the bot's). Returns a legal move.
  virtual marrakech::Move ChooseMove(const marrakech::View& view) = 0;
  // Every legal move ranked best first, with visits / win_rate / score (see ai/search.h).
  virtual Analysis<marrakech::Move> Analyse(const marrakech::View& view) = 0;
  // Memory (see ai::Bot in ai/bot.h): bots that keep no pools hold nothing.
  virtual size_t MemoryBytes() const { return 0; }
  virtual size_t SearchMemoryBytes() const { return 0; }
  virtual void SetMemoryLimit(size_t /*bytes*/) {}
  virtual void ReleaseMemory() {}
};
std::unique_ptr<Bot> MakeRandomBot(uint64_t seed);
std::unique_ptr<Bot> MakeGreedyBot(uint64_t seed);
std::unique_ptr<Bot> MakeMctsBot(const MctsParams& params, uint64_t seed);
}
