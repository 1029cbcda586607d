// Every game behind one interface, with moves as canonical text and states as
// JSON. The command line, the cross-game tests, and later the server use this;
// search code uses each game's own fixed-size types instead (src/core/<game>/).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/any_event.h"
#include "core/any_view.h"
#include "core/prng.h"
#include "core/status.h"
#include "format/json.h"

namespace souk {

struct GameOptions {
  std::string game;     // "jaipur" | "marrakech"
  uint64_t seed = 0;
  int players = 0;      // 0: the game's default
  std::string variant;  // "": the game's default
};

class GameState {
 public:
  virtual ~GameState() = default;

  virtual std::string_view game() const = 0;
  virtual int num_players() const = 0;
  virtual bool is_over() const = 0;
  // The seat to act, or kChance when the next move is a chance outcome.
  virtual int current_player() const = 0;
  static constexpr int kChance = -1;

  // Legal moves in canonical text, sorted by byte value.
  virtual std::vector<std::string> LegalMoves() const = 0;
  // Parses, checks and plays one move. On error the state is unchanged and the
  // message names the move and what is wrong with it.
  virtual Status Apply(std::string_view move) = 0;
  // At a chance node: the outcome the game's own PRNG draws (applying it is up
  // to the caller, so that it can be recorded). Empty elsewhere.
  virtual std::string SampleChance() const { return {}; }

  // What the last move applied did (its typed event in the core, core/<game>/
  // <game>_event.h), as `viewer` (-1: a spectator) may know it: docs/protocol.md,
  // "The state message", `event`. Null before this object applied any move.
  virtual Json LastEventJson(int viewer) const = 0;
  // The same event, typed, whole: a Jaipur bonus value is the seller's alone
  // (jaipur::ForViewer before showing it to anyone else).
  virtual AnyEvent LastEvent() const = 0;

  virtual Json ToJson() const = 0;
  // What `player` may know, and nothing else: as JSON, and as the game's own
  // View type (what bots are given). ViewJson(kSpectator) is what anyone may know:
  // each seat as its opponents see it, "viewer": null. Every game's view has
  // `players`, one object per seat, the viewer's own with what only it sees: once a
  // game is over the server shows each seat's own to everyone (`reveal`).
  virtual Json ViewJson(int player) const = 0;
  static constexpr int kSpectator = -1;
  virtual AnyView PlayerView(int player) const = 0;
  // Rupees, dirhams and the like, as the scoring rules count them now.
  virtual std::vector<int> Scores() const = 0;
  // Seats that won (several on a shared win); empty while the game goes on.
  virtual std::vector<int> Winners() const = 0;

  virtual Status Validate() const = 0;
  // Re-deals what `observer` cannot see; the view of `observer` stays the same.
  virtual void RandomizeHidden(int observer, Prng& prng) = 0;
  virtual std::unique_ptr<GameState> Clone() const = 0;
};

// What a layer that holds a view of any game may ask of it without knowing the
// game: each game's format file answers for its View (FactsOfView, LegalMovesOfView,
// ViewToJson), reached by visiting; the names differ from the ones below so that a
// game without its answer fails to compile instead of calling these again.
struct ViewFacts {
  GameOptions game;  // its game, players and variant (no seed: a view does not tell it)
  int viewer = 0;
  int to_move = 0;
  bool chance = false;  // the next move is a chance outcome (Marrakech's die)
  bool over = false;
};
ViewFacts FactsOf(const AnyView& view);
// The view as `souk view` prints it (docs/formats.md).
Json ViewJson(const AnyView& view);
// The moves the viewer may play, in canonical text, sorted by byte value: from the
// view alone, since what a player may do depends only on what they see.
std::vector<std::string> LegalMoveTexts(const AnyView& view);

std::vector<std::string> GameNames();
Result<std::unique_ptr<GameState>> NewGame(const GameOptions& options);
// Loads and validates a state; the message names the path of what is wrong.
Result<std::unique_ptr<GameState>> LoadState(const Json& json);
Result<std::unique_ptr<GameState>> LoadStateText(std::string_view text);
// Reads a seat's view of any game as `souk view` prints it (docs/formats.md) and
// checks that a game reaches it; every message starts with "view: " and names the
// path of what is wrong.
Result<AnyView> LoadView(const Json& json);

}  // namespace souk
