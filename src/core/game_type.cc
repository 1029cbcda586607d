#include "core/game_type.h"

#include <array>

#include "core/jaipur/jaipur.h"
#include "core/marrakech/marrakech.h"
#include "core/text.h"

namespace souk {
namespace {

constexpr std::array<GameType::Variant, 1> kMarrakechVariants = {{{"single-colour", 2, 2}}};

}  // namespace

constinit const GameType kJaipurType{
    .name = "jaipur",
    .display_name = "Jaipur",
    .display_name_fr = "Jaipur",
    .min_players = jaipur::kNumPlayers,
    .max_players = jaipur::kNumPlayers,
    .default_players = jaipur::kNumPlayers,
    .variants = {},
    .explicit_chance = false,
    .hidden_information = true,
    .win_estimate = "the round's seal",
};

constinit const GameType kMarrakechType{
    .name = "marrakech",
    .display_name = "Marrakech",
    .display_name_fr = "Marrakech",
    .min_players = marrakech::kMinPlayers,
    .max_players = marrakech::kMaxPlayers,
    .default_players = 2,
    .variants = kMarrakechVariants,
    .explicit_chance = true,
    .hidden_information = true,  // the order of each carpet pile
    .win_estimate = "the game",
};

namespace {
// Read by every layer after main starts; written only before, by RegisterGameType.
std::vector<const GameType*>& Registry() {
  static std::vector<const GameType*> types = {&kJaipurType, &kMarrakechType};
  return types;
}
}  // namespace

bool RegisterGameType(const GameType& type) {
  for (const GameType* known : Registry())
    if (known->name == type.name) return false;
  Registry().push_back(&type);
  return true;
}

namespace {
std::string CountText(int lo, int hi) {
  std::string text;
  for (int n = lo; n <= hi; ++n) {
    if (n > lo) text += n == hi ? " or " : ", ";
    text += std::to_string(n);
  }
  return text + " players";
}
}  // namespace

std::string GameType::PlayerCountText() const { return CountText(min_players, max_players); }

std::span<const GameType* const> GameTypes() { return Registry(); }

std::vector<std::string> GameTypeNames() {
  std::vector<std::string> names;
  for (const GameType* type : Registry()) names.emplace_back(type->name);
  return names;
}

const GameType* FindGameType(std::string_view name) {
  for (const GameType* type : Registry())
    if (type->name == name) return type;
  return nullptr;
}

Result<const GameType*> GameTypeOrError(std::string_view name) {
  if (const GameType* type = FindGameType(name)) return type;
  std::string known;
  for (const GameType* type : Registry()) known += (known.empty() ? "" : ", ") + std::string(type->name);
  return Status::Error("unknown game " + Quoted(name) + " (games: " + known + ")");
}

Result<int> CheckPlayersAndVariant(const GameType& type, int players, std::string_view variant) {
  const int n = players == 0 ? type.default_players : players;
  const std::string name(type.name);
  if (!type.AllowsPlayers(n)) return Status::Error(name + " is a game for " + type.PlayerCountText());
  if (variant.empty()) return n;
  std::string known;
  for (const GameType::Variant& v : type.variants) {
    if (v.name == variant) {
      if (n < v.min_players || n > v.max_players)
        return Status::Error("the " + std::string(v.name) + " variant of " + name + " is for " +
                             CountText(v.min_players, v.max_players));
      return n;
    }
    known += (known.empty() ? "" : ", ") + std::string(v.name);
  }
  if (known.empty()) return Status::Error(name + " has no variant '" + std::string(variant) + "'");
  return Status::Error(name + " has no variant '" + std::string(variant) + "' (variants: " + known + ")");
}

}  // namespace souk
