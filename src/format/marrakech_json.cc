#include "format/game_modules.h"

namespace souk {
namespace {
Result<std::unique_ptr<GameState>> NotYet(const GameOptions&) { return Status::Error("marrakech is not implemented yet"); }
Result<std::unique_ptr<GameState>> NotYetLoad(const Json&) { return Status::Error("marrakech is not implemented yet"); }
}  // namespace
const GameModule kMarrakechModule = {"marrakech", &NotYet, &NotYetLoad};
}  // namespace souk
