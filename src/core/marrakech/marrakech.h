// Marrakech, the carpet-selling game for 2 to 4 players (Dominique Ehrhard, Gigamic).
//
// Rules in brief (full text: shared/rules/, decisions: docs/rules/marrakech.md):
// - A 7 x 7 market; Assam, the merchant, starts on the centre square (d4) facing
//   north. Every player starts with 30 dirhams.
// - A turn: orient Assam (keep his direction, or a quarter turn left or right, never
//   a half turn); roll the die (faces 1 2 2 3 3 4); Assam walks that many squares
//   straight ahead, and a step off the board follows the border track (the arcs)
//   back in, facing the other way; the arc itself is not a step.
// - Where Assam stops on a visible carpet of another player still in the game, the
//   mover pays its owner one dirham per square of the orthogonally connected group
//   of that colour that holds Assam's square. A player who cannot pay the whole
//   tribute pays all they have and is out; their turn ends at once.
// - Then the mover places their next carpet on two orthogonally adjacent squares:
//   at least one of them beside Assam's square (sharing a side), neither under
//   Assam, and never on both visible halves of one single carpet (own ones too).
// - The game ends when the players still in have placed all their carpets, or when
//   one player is left. Score: visible squares of one's colours plus dirhams; ties go
//   to more dirhams, then the win is shared.
//
// Modes: 3 players 15 carpets each, 4 players 12 each (seat p owns colour p); 2
// players (default) own two colours each, seat 0 colours 0 and 2, seat 1 colours 1
// and 3, 12 carpets of each shuffled into one pile of 24 placed in that order, own
// colours are free, tribute groups are per colour; 2 players, variant
// single-colour: 15 carpets of one colour each. In every mode the owner of colour c
// is seat c % num_players.
//
// Chance is explicit: after orienting, the state waits on a `roll N` move (a chance
// node, see kRollOutcomes). Applying any roll advances the game's PRNG exactly as one
// DrawRoll does; SampleRoll() draws the roll the game's own PRNG gives, without
// changing the state, so a live game and the replay of its record are identical.
//
// Coordinates: square = y * 7 + x, column x 0-6 (letters a-g) from left to right, row
// y 0-6 (digits 1-7) from top to bottom: a1 is the top-left corner, north is toward
// row 1, and the border track's corner loops are at g1 and a7.
//
// Representation: State is a fixed-size value (no heap), cheap to copy, like
// Jaipur's. The board keeps the id and colour of the visible carpet on each square,
// plus one 49-bit set per colour for the tribute's flood fill.
#pragma once

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/fixed_list.h"
#include "core/prng.h"
#include "core/status.h"

namespace souk::marrakech {

inline constexpr int kBoardSize = 7;
inline constexpr int kNumSquares = kBoardSize * kBoardSize;
inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxPlayers = 4;
inline constexpr int kMaxColors = 4;
inline constexpr int kStartingDirhams = 30;
inline constexpr int kMaxDirhams = kStartingDirhams * kMaxPlayers;
inline constexpr int kMaxPile = 24;     // a two-player pile
inline constexpr int kMaxCarpets = 48;  // carpets in the largest game (2 x 24 or 4 x 12)

enum class Variant : uint8_t { kStandard, kSingleColour };
// Clockwise, so that a right turn adds one.
enum class Facing : uint8_t { kNorth, kEast, kSouth, kWest };
enum class Phase : uint8_t { kOrient, kRoll, kPlace, kGameOver };
enum class Turn : uint8_t { kLeft, kStraight, kRight };

// --- Squares -------------------------------------------------------------------

constexpr int SquareAt(int x, int y) { return y * kBoardSize + x; }
constexpr int SquareX(int square) { return square % kBoardSize; }
constexpr int SquareY(int square) { return square / kBoardSize; }
constexpr bool OnBoard(int x, int y) { return x >= 0 && x < kBoardSize && y >= 0 && y < kBoardSize; }
constexpr bool Adjacent(int a, int b) {
  int dx = SquareX(a) - SquareX(b), dy = SquareY(a) - SquareY(b);
  return (dx == 0 && (dy == 1 || dy == -1)) || (dy == 0 && (dx == 1 || dx == -1));
}
inline constexpr int kCentre = SquareAt(3, 3);  // d4

// "a1" .. "g7".
std::string SquareName(int square);
// Exactly a letter a-g (either case) then a digit 1-7.
std::optional<int> ParseSquare(std::string_view word);

char FacingLetter(Facing f);  // 'N', 'E', 'S', 'W'
std::optional<Facing> ParseFacing(std::string_view text);  // "N", "E", "S" or "W"
std::string_view PhaseName(Phase p);  // "orient", "roll", "place", "game_over"
std::optional<Phase> ParsePhase(std::string_view text);
std::string_view TurnName(Turn t);  // "left", "straight", "right"

// Left is a quarter turn counter-clockwise. There is no half turn.
constexpr Facing Turned(Facing f, Turn t) {
  // Left, straight and right add 3, 0 and 1 (mod 4): t + 3. Arithmetic rather than a
  // choice, which a random player's turns would make a mispredicted branch.
  return static_cast<Facing>((static_cast<int>(f) + static_cast<int>(t) + 3) % 4);
}

// --- Modes ---------------------------------------------------------------------

// Colours in play: 4 in the two-player game (two per seat), else one per seat.
constexpr int NumColors(int num_players, Variant v) {
  return num_players == 2 && v == Variant::kStandard ? 4 : num_players;
}
// 12 of each colour in the two-player and four-player games, else 15.
constexpr int CarpetsPerColor(int num_players, Variant v) {
  return (num_players == 2 && v == Variant::kStandard) || num_players == 4 ? 12 : 15;
}

// --- The die -------------------------------------------------------------------

inline constexpr std::array<uint8_t, 6> kDieFaces = {1, 2, 2, 3, 3, 4};

struct RollOutcome {
  int roll;
  int sixths;          // faces showing it
  double probability;  // sixths / 6
};
// The chance node's outcomes, in the order `souk legal` lists them.
inline constexpr std::array<RollOutcome, 4> kRollOutcomes = {{
    {1, 1, 1.0 / 6},
    {2, 2, 1.0 / 3},
    {3, 2, 1.0 / 3},
    {4, 1, 1.0 / 6},
}};

// One throw of the die: a face drawn uniformly with prng.Below(6).
inline int DrawRoll(Prng& prng) { return kDieFaces[prng.Below(6)]; }

// --- Assam's walk --------------------------------------------------------------

struct Position {
  uint8_t square = kCentre;
  Facing facing = Facing::kNorth;
  bool operator==(const Position&) const = default;
};

// One step straight ahead; a step off the board follows the border track (the
// table in docs/rules/marrakech.md) and counts as one step.
Position TrackStep(Position from);
// `steps` (0 to 4) steps, by table.
Position MoveAssam(Position from, int steps);

// --- Moves ---------------------------------------------------------------------

// kTimeOut is not a player's choice: the server's clock applies it to the seat to
// move when its time runs out (docs/rules/marrakech.md, "Out of time"), so that a
// game's record replays it. It is never among LegalMoves().
enum class MoveKind : uint8_t { kOrient, kRoll, kPlace, kTimeOut };

struct Move {
  MoveKind kind = MoveKind::kOrient;
  Turn turn = Turn::kStraight;  // kOrient
  uint8_t roll = 0;             // kRoll: 1 to 4
  uint8_t first = 0;            // kPlace: the carpet's squares, first < second
  uint8_t second = 0;

  static Move Orient(Turn t);
  static Move Roll(int n);
  // The squares in either order; stored in row-major order.
  static Move Place(int a, int b);
  static Move TimeOut();
  bool operator==(const Move&) const = default;
};

// Canonical text: "left" | "straight" | "right" | "roll 3" | "place c3 d3" (the first
// square before the second in row-major order) | "timeout".
std::string ToString(const Move& move);
// Parses canonical text; also accepts any case, extra spaces and a placement's squares
// in either order. Errors read "bad move '<text>': <what is wrong>".
Result<Move> ParseMove(std::string_view text);

// Orienting has 3 moves, the die 4 outcomes, and a placement at most 12: three from
// each of the up to four squares beside Assam (two squares beside Assam are never
// adjacent, so no pair is counted twice).
inline constexpr int kMaxMoves = 12;

// A fixed-capacity list so that move generation allocates nothing.
using MoveList = FixedList<Move, kMaxMoves>;

// --- State ---------------------------------------------------------------------

struct PlayerState {
  uint8_t dirhams = 0;
  bool out = false;  // eliminated: could not pay a tribute
  // Colours still to place, bottom first: the next carpet is pile[pile_size - 1].
  // In the place phase the mover's current carpet is still on their pile.
  uint8_t pile_size = 0;
  std::array<uint8_t, kMaxPile> pile{};

  int NextCarpet() const { return pile_size ? pile[pile_size - 1u] : -1; }
  // Equal players: the pile compared up to its size (the slots of carpets drawn keep
  // their old colours, which no rule reads and no JSON holds).
  bool operator==(const PlayerState& o) const {
    return dirhams == o.dirhams && out == o.out && pile_size == o.pile_size &&
           std::equal(pile.begin(), pile.begin() + pile_size, o.pile.begin());
  }
};

struct View;

// The whole state of a game, hidden parts included (the pile order and the PRNG).
// Fields are public so that loaders and tests can build any position; Validate()
// says whether it is one the rules allow, and every member function expects a
// valid state.
struct State {
  uint64_t rng = 0;  // the game's PRNG state: the die
  uint8_t num_players = 2;
  Variant variant = Variant::kStandard;
  uint8_t to_move = 0;  // the mover; stays theirs while the die is rolled
  Phase phase = Phase::kOrient;
  Position assam;
  uint8_t winners = 0;  // bit p set when seat p won; only when the game is over
  // Bit p set when seat p ran out of time (and is out), and the dirhams those seats
  // held then: they left the game with them, so the 30 per player are the dirhams
  // held plus these.
  uint8_t timed_out = 0;
  uint8_t dirhams_lost = 0;
  // The visible carpet on each square: its id (1, 2, ... in placement order; 0 for
  // an empty square) and its colour (0 on an empty square).
  std::array<uint8_t, kNumSquares> carpet{};
  std::array<uint8_t, kNumSquares> color{};
  // Derived from the board: bit s of color_bits[c] is set when square s shows colour c.
  std::array<uint64_t, kMaxColors> color_bits{};
  // Carpets of each colour placed so far (covered or not). The next carpet's id is
  // 1 + their sum.
  std::array<uint8_t, kMaxColors> placed{};
  std::array<PlayerState, kMaxPlayers> players{};  // seats >= num_players stay empty

  // A new game; num_players 2 to 4, kSingleColour only with 2. The seed is the PRNG
  // state: in the two-player game it first shuffles seat 0's pile, then seat 1's.
  static State NewGame(int num_players, Variant variant, uint64_t seed);

  // The mode's constants.
  int NumColors() const { return marrakech::NumColors(num_players, variant); }
  int CarpetsPerColor() const { return marrakech::CarpetsPerColor(num_players, variant); }
  int Owner(int c) const { return c % num_players; }
  bool Owns(int player, int c) const { return c < NumColors() && Owner(c) == player; }
  int NumColorsOf(int /*player*/) const { return NumColors() / num_players; }  // 1 or 2
  // The player's i-th colour (i < NumColorsOf(player)): player, then player + 2.
  int ColorOf(int player, int i) const { return player + i * num_players; }

  bool game_over() const { return phase == Phase::kGameOver; }
  // The colour the mover places now (drawn when the place phase begins), or -1.
  int CurrentCarpet() const { return phase == Phase::kPlace ? players[to_move].NextCarpet() : -1; }
  int NextCarpetId() const { return 1 + placed[0] + placed[1] + placed[2] + placed[3]; }
  int PlayersIn() const;

  // Every move the mover (or the die) may choose; never a timeout (see MoveKind).
  void LegalMoves(MoveList* moves) const;
  // Ok, or an error naming the move and the rule it breaks. A timeout is accepted in
  // every phase while the game goes on, the roll's included: it is the mover's.
  souk::Status CheckMove(const Move& move) const;
  // Plays a legal move (checked by assert only: call CheckMove on untrusted input).
  // A roll moves Assam, takes the tribute, and ends the turn of a player it puts out.
  // A timeout puts the mover out, their dirhams gone and their carpets left on the
  // board, and ends their turn as a tribute they cannot pay does.
  void ApplyMove(const Move& move);

  // The roll the game's PRNG draws next (DrawRoll on a copy); the state is unchanged.
  int SampleRoll() const;

  // The squares of the orthogonally connected group of visible squares of one colour
  // that holds `square` (0 on an empty square), as a bit set.
  uint64_t GroupAt(int square) const;
  int TributeAt(int square) const;  // the group's size
  // What `player` owes standing on `square`: the group's size when the square shows
  // another player's colour and that player is still in; 0 otherwise.
  int TributeOwed(int player, int square) const;
  int VisibleSquares(int c) const;
  // Visible squares of the player's colours plus dirhams; 0 for a player who is out.
  int Score(int player) const;
  // Among the players still in: best score, then most dirhams; a bit per seat.
  uint8_t ComputeWinners() const;

  // Everything `player` may know, and nothing else.
  View ViewFor(int player) const;

  // Checks every invariant of a position reachable under the rules (see the .cc).
  // The message names the first broken one, by its path in the JSON state.
  souk::Status Validate() const;

  // Re-deals what `observer` cannot see: every player's pile is shuffled (the drawn
  // current carpet stays on top in the place phase) and the PRNG state is redrawn.
  // The result has the same ViewFor(observer).
  void RandomizeHidden(int observer, Prng& prng);

  // A state `view` could have been taken from, its hidden parts dealt at random
  // consistently with it: each pile shuffled from the carpets left of each colour
  // (in the place phase the drawn current carpet on top of the mover's pile), `placed`
  // from the carpets left, and a fresh PRNG state (prng.Next()). Its ViewFor(view.viewer)
  // is `view`. Search samples its worlds with this, so that it never touches a real
  // State.
  static State FromView(const View& view, Prng& prng);

  bool operator==(const State&) const = default;

 private:
  // ApplyMove's cases other than orienting (ApplyMove itself is inline).
  void ApplyRoll(int roll);
  void ApplyPlacement(int first, int second);
  void ApplyTimeOut();
  void EndTurn();
};

// A player's knowledge of the game: the whole board, Assam, every player's
// dirhams, pile size and carpets left of each colour, and the colour of the carpet
// being placed. Never the pile order or the PRNG.
struct View {
  struct Player {
    int dirhams = 0;
    bool out = false;
    int pile_size = 0;
    std::array<uint8_t, 2> carpets_left{};  // per colour, as ColorOf(p, i)
    bool operator==(const Player&) const = default;
  };

  int viewer = 0;
  int num_players = 2;
  Variant variant = Variant::kStandard;
  int to_move = 0;
  Phase phase = Phase::kOrient;
  Position assam;
  std::array<uint8_t, kNumSquares> carpet{};
  std::array<uint8_t, kNumSquares> color{};
  std::array<Player, kMaxPlayers> players{};
  int current_carpet = -1;  // in the place phase only
  uint8_t winners = 0;
  uint8_t timed_out = 0;     // public: State::timed_out
  uint8_t dirhams_lost = 0;  // public: State::dirhams_lost

  // Visible squares of the player's colours (their carpets showing), out or not.
  int VisibleSquares(int player) const;
  // The score as the rules count it: visible squares plus dirhams; 0 once out.
  int Score(int player) const;

  bool operator==(const View&) const = default;
};

}  // namespace souk::marrakech

#include "core/marrakech/marrakech_inline.h"  // LegalMoves and ApplyMove, inline
