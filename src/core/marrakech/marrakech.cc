#include "core/marrakech/marrakech.h"

#include <algorithm>
#include <bit>
#include <cassert>

#include "core/messages.h"

namespace souk::marrakech {
namespace {

constexpr uint64_t Bit(int square) { return uint64_t{1} << square; }

constexpr uint64_t ColumnBits(int x) {
  uint64_t bits = 0;
  for (int y = 0; y < kBoardSize; ++y) bits |= Bit(SquareAt(x, y));
  return bits;
}
constexpr uint64_t kColumnA = ColumnBits(0);
constexpr uint64_t kColumnG = ColumnBits(kBoardSize - 1);
constexpr int kLast = kBoardSize - 1;

constexpr Position Pos(int square, Facing f) { return Position{static_cast<uint8_t>(square), f}; }

// One step, with the border track of FACTS.md: a step across an edge lands on the
// re-entry square, turned around; at the corner loops (g1 and a7) Assam stays on
// his square and turns a quarter.
constexpr Position Step(Position p) {
  int x = SquareX(p.square), y = SquareY(p.square);
  switch (p.facing) {
    case Facing::kNorth:
      if (y > 0) return Pos(SquareAt(x, y - 1), Facing::kNorth);
      if (x == kLast) return Pos(p.square, Facing::kWest);
      return Pos(SquareAt(x ^ 1, 0), Facing::kSouth);  // columns a-b, c-d, e-f joined
    case Facing::kSouth:
      if (y < kLast) return Pos(SquareAt(x, y + 1), Facing::kSouth);
      if (x == 0) return Pos(p.square, Facing::kEast);
      return Pos(SquareAt(((x - 1) ^ 1) + 1, kLast), Facing::kNorth);  // b-c, d-e, f-g joined
    case Facing::kWest:
      if (x > 0) return Pos(SquareAt(x - 1, y), Facing::kWest);
      if (y == kLast) return Pos(p.square, Facing::kNorth);
      return Pos(SquareAt(0, y ^ 1), Facing::kEast);  // rows 1-2, 3-4, 5-6 joined
    case Facing::kEast:
      if (x < kLast) return Pos(SquareAt(x + 1, y), Facing::kEast);
      if (y == 0) return Pos(p.square, Facing::kSouth);
      return Pos(SquareAt(kLast, ((y - 1) ^ 1) + 1), Facing::kWest);  // rows 2-3, 4-5, 6-7 joined
  }
  return p;
}

constexpr int kMaxSteps = 4;

// kWalk[square][facing][steps]: where Assam ends after 0 to 4 steps.
using WalkTable = std::array<std::array<std::array<Position, kMaxSteps + 1>, 4>, kNumSquares>;
constexpr WalkTable BuildWalk() {
  WalkTable table{};
  for (int s = 0; s < kNumSquares; ++s)
    for (int f = 0; f < 4; ++f) {
      Position p = Pos(s, static_cast<Facing>(f));
      for (int n = 0; n <= kMaxSteps; ++n) {
        table[static_cast<size_t>(s)][static_cast<size_t>(f)][static_cast<size_t>(n)] = p;
        p = Step(p);
      }
    }
  return table;
}
constexpr WalkTable kWalk = BuildWalk();

// "illegal move 'MOVE': RULE", through the catalogue of messages.
souk::Status Refuse(const Move& move, MessageId rule, const MessageArgs& args = {}) {
  return MessageStatus(ErrorCode::kIllegalMove,
                       {MessageId::kIllegalMove, {{"move", ToString(move)}, {"rule", Message{rule, args}}}});
}

}  // namespace

Position TrackStep(Position from) { return Step(from); }

Position MoveAssam(Position from, int steps) {
  assert(from.square < kNumSquares && steps >= 0 && steps <= kMaxSteps);
  return kWalk[from.square][static_cast<size_t>(from.facing)][static_cast<size_t>(steps)];
}

Move Move::Orient(Turn t) {
  Move m;
  m.kind = MoveKind::kOrient;
  m.turn = t;
  return m;
}

Move Move::Roll(int n) {
  Move m;
  m.kind = MoveKind::kRoll;
  m.turn = Turn::kStraight;
  m.roll = static_cast<uint8_t>(n);
  return m;
}

Move Move::Place(int a, int b) {
  Move m;
  m.kind = MoveKind::kPlace;
  m.first = static_cast<uint8_t>(a < b ? a : b);
  m.second = static_cast<uint8_t>(a < b ? b : a);
  return m;
}

Move Move::TimeOut() {
  Move m;
  m.kind = MoveKind::kTimeOut;
  return m;
}

State State::NewGame(int num_players, Variant variant, uint64_t seed) {
  assert(num_players >= kMinPlayers && num_players <= kMaxPlayers);
  assert(variant == Variant::kStandard || num_players == 2);
  State s;
  s.num_players = static_cast<uint8_t>(num_players);
  s.variant = variant;
  Prng prng(seed);
  int per_color = s.CarpetsPerColor();
  for (int p = 0; p < num_players; ++p) {
    PlayerState& ps = s.players[static_cast<size_t>(p)];
    ps.dirhams = kStartingDirhams;
    // The pile in drawing order: in the two-player game 12 of each colour, shuffled.
    std::array<uint8_t, kMaxPile> order{};
    int n = 0;
    for (int i = 0; i < s.NumColorsOf(p); ++i)
      for (int k = 0; k < per_color; ++k) order[static_cast<size_t>(n++)] = static_cast<uint8_t>(s.ColorOf(p, i));
    if (s.NumColorsOf(p) > 1) prng.Shuffle(order.data(), static_cast<size_t>(n));
    ps.pile_size = static_cast<uint8_t>(n);
    for (int i = 0; i < n; ++i) ps.pile[static_cast<size_t>(n - 1 - i)] = order[static_cast<size_t>(i)];
  }
  s.rng = prng.state();
  return s;
}

int State::PlayersIn() const {
  int in = 0;
  for (int p = 0; p < num_players; ++p) in += !players[static_cast<size_t>(p)].out;
  return in;
}

souk::Status State::CheckMove(const Move& move) const {
  using souk::Status;
  using Id = MessageId;
  if (game_over()) return Refuse(move, Id::kGameOver);
  auto wrong_phase = [&]() {
    const MessageArgs seat = {{"seat", std::to_string(to_move)}};
    switch (phase) {
      case Phase::kOrient: return Refuse(move, Id::kMustOrient, seat);
      case Phase::kRoll: return Refuse(move, Id::kMustRoll);
      default: return Refuse(move, Id::kMustPlace, seat);
    }
  };
  switch (move.kind) {
    case MoveKind::kOrient:
      if (phase != Phase::kOrient) return wrong_phase();
      if (move.turn != Turn::kLeft && move.turn != Turn::kStraight && move.turn != Turn::kRight)
        return Refuse(move, Id::kQuarterTurnsOnly);
      return Status::Ok();
    case MoveKind::kRoll:
      if (phase != Phase::kRoll) return wrong_phase();
      if (move.roll < 1 || move.roll > 4) return Refuse(move, Id::kDieRange);
      return Status::Ok();
    case MoveKind::kPlace: {
      if (phase != Phase::kPlace) return wrong_phase();
      int a = move.first, b = move.second;
      if (a >= kNumSquares || b >= kNumSquares) return Refuse(move, Id::kCarpetOnBoard);
      if (!Adjacent(a, b)) return Refuse(move, Id::kCarpetAdjacent);
      if (a == assam.square || b == assam.square)
        return Refuse(move, Id::kCarpetNotOnAssam, {{"square", SquareName(assam.square)}});
      if (!Adjacent(a, assam.square) && !Adjacent(b, assam.square))
        return Refuse(move, Id::kCarpetTouchesAssam, {{"square", SquareName(assam.square)}});
      uint8_t id = carpet[static_cast<size_t>(a)];
      if (id != 0 && id == carpet[static_cast<size_t>(b)])
        return Refuse(move, Id::kCarpetNotOnOneCarpet,
                      {{"carpet", std::to_string(id)}, {"first", SquareName(a)}, {"second", SquareName(b)}});
      return Status::Ok();
    }
    case MoveKind::kTimeOut:
      return Status::Ok();  // the clock's, not a choice: the mover may run out in any phase
  }
  return Status::Error("unknown move kind");
}

void State::ApplyRoll(int roll) {
  // Every roll, drawn or chosen, advances the PRNG exactly as drawing one
  // does (DrawRoll may reject a value), so that later draws never reuse one.
  Prng prng(rng);
  DrawRoll(prng);
  rng = prng.state();
  assam = MoveAssam(assam, roll);
  if (const int due = TributeOwed(to_move, assam.square); due > 0) {
    PlayerState& me = players[to_move];
    PlayerState& owner_state = players[static_cast<size_t>(Owner(color[assam.square]))];
    if (me.dirhams >= due) {
      me.dirhams = static_cast<uint8_t>(me.dirhams - due);
      owner_state.dirhams = static_cast<uint8_t>(owner_state.dirhams + due);
    } else {  // pays all they have and is out; the turn ends at once
      owner_state.dirhams = static_cast<uint8_t>(owner_state.dirhams + me.dirhams);
      me.dirhams = 0;
      me.out = true;
      EndTurn();
      return;
    }
  }
  phase = Phase::kPlace;
}

void State::ApplyPlacement(int first, int second) {
  PlayerState& me = players[to_move];
  uint8_t c = me.pile[--me.pile_size];
  uint8_t id = static_cast<uint8_t>(NextCarpetId());
  for (size_t sq : {static_cast<size_t>(first), static_cast<size_t>(second)}) {
    // No test for an empty square: it has colour 0 and is in no colour's set,
    // so clearing its bit changes nothing (and a test would be a coin toss).
    color_bits[color[sq]] &= ~Bit(static_cast<int>(sq));
    carpet[sq] = id;
    color[sq] = c;
    color_bits[c] |= Bit(static_cast<int>(sq));
  }
  ++placed[c];
  EndTurn();
}

void State::ApplyTimeOut() {
  // Out as after a tribute they cannot pay, but the dirhams go to no one: no
  // carpet asked for them. In the roll phase the die was not thrown, so the
  // PRNG stays as it was; in the place phase the drawn carpet stays on the pile.
  PlayerState& me = players[to_move];
  dirhams_lost = static_cast<uint8_t>(dirhams_lost + me.dirhams);
  me.dirhams = 0;
  me.out = true;
  timed_out = static_cast<uint8_t>(timed_out | (1u << to_move));
  EndTurn();
}

void State::EndTurn() {
  int in = 0;
  bool carpets_left = false;
  for (int p = 0; p < num_players; ++p) {
    const PlayerState& ps = players[static_cast<size_t>(p)];
    if (ps.out) continue;
    ++in;
    carpets_left |= ps.pile_size > 0;
  }
  if (in <= 1 || !carpets_left) {
    phase = Phase::kGameOver;
    winners = ComputeWinners();
    return;  // to_move keeps the last mover
  }
  int next = to_move;
  do {
    // The seat after, wrapping to 0 by a mask: a branch would mispredict once a round.
    const int after = next + 1;
    next = after & -static_cast<int>(after < num_players);
  } while (players[static_cast<size_t>(next)].out);
  to_move = static_cast<uint8_t>(next);
  phase = Phase::kOrient;
}

int State::SampleRoll() const {
  Prng prng(rng);
  return DrawRoll(prng);
}

uint64_t State::GroupAt(int square) const {
  if (!carpet[static_cast<size_t>(square)]) return 0;
  const uint64_t mask = color_bits[color[static_cast<size_t>(square)]];
  auto grow = [mask](uint64_t group) {
    return (group | ((group << 1) & ~kColumnA) | ((group >> 1) & ~kColumnG) | (group << kBoardSize) |
            (group >> kBoardSize)) &
           mask;
  };
  // Two steps before the first test: most groups in play are reached by then, and
  // the loop's exit, whose count varies from landing to landing, then mispredicts
  // only for the larger ones.
  uint64_t group = grow(grow(Bit(square))), previous;
  do {
    previous = group;
    group = grow(group);
  } while (group != previous);
  return group;
}

int State::TributeAt(int square) const { return std::popcount(GroupAt(square)); }

int State::TributeOwed(int player, int square) const {
  const size_t sq = static_cast<size_t>(square);
  if (!carpet[sq]) return 0;
  const int owner = Owner(color[sq]);
  if (owner == player || players[static_cast<size_t>(owner)].out) return 0;
  return TributeAt(square);
}

int State::VisibleSquares(int c) const { return std::popcount(color_bits[static_cast<size_t>(c)]); }

int View::VisibleSquares(int player) const {
  int n = 0;
  for (int sq = 0; sq < kNumSquares; ++sq)
    n += carpet[static_cast<size_t>(sq)] != 0 && color[static_cast<size_t>(sq)] % num_players == player;
  return n;
}

int View::Score(int player) const {
  const Player& p = players[static_cast<size_t>(player)];
  return p.out ? 0 : VisibleSquares(player) + p.dirhams;
}

int State::Score(int player) const {
  const PlayerState& ps = players[static_cast<size_t>(player)];
  if (ps.out) return 0;
  int score = ps.dirhams;
  for (int i = 0; i < NumColorsOf(player); ++i) score += VisibleSquares(ColorOf(player, i));
  return score;
}

uint8_t State::ComputeWinners() const {
  int best_score = -1, best_dirhams = -1;
  uint8_t mask = 0;
  for (int p = 0; p < num_players; ++p) {
    const PlayerState& ps = players[static_cast<size_t>(p)];
    if (ps.out) continue;
    int score = Score(p);
    if (score > best_score || (score == best_score && ps.dirhams > best_dirhams)) {
      best_score = score;
      best_dirhams = ps.dirhams;
      mask = static_cast<uint8_t>(1u << p);
    } else if (score == best_score && ps.dirhams == best_dirhams) {
      mask = static_cast<uint8_t>(mask | (1u << p));
    }
  }
  return mask;
}

View State::ViewFor(int player) const {
  assert(player >= 0 && player < num_players);
  View v;
  v.viewer = player;
  v.num_players = num_players;
  v.variant = variant;
  v.to_move = to_move;
  v.phase = phase;
  v.assam = assam;
  v.carpet = carpet;
  v.color = color;
  for (int p = 0; p < num_players; ++p) {
    const PlayerState& ps = players[static_cast<size_t>(p)];
    View::Player& vp = v.players[static_cast<size_t>(p)];
    vp.dirhams = ps.dirhams;
    vp.out = ps.out;
    vp.pile_size = ps.pile_size;
    for (int i = 0; i < ps.pile_size; ++i) {
      int c = ps.pile[static_cast<size_t>(i)];
      ++vp.carpets_left[c == p ? 0 : 1];
    }
  }
  v.current_carpet = CurrentCarpet();
  v.winners = winners;
  v.timed_out = timed_out;
  v.dirhams_lost = dirhams_lost;
  return v;
}

void State::RandomizeHidden(int /*observer*/, Prng& prng) {
  // No player sees any pile's order, their own included; the drawn carpet is public.
  for (int p = 0; p < num_players; ++p) {
    PlayerState& ps = players[static_cast<size_t>(p)];
    size_t hidden = ps.pile_size;
    if (phase == Phase::kPlace && p == to_move && hidden > 0) --hidden;  // the top stays
    // Sorted first: the deal depends on the views and the PRNG only, not on the
    // order the pile happened to be in (what a game review relies on).
    std::sort(ps.pile.begin(), ps.pile.begin() + static_cast<ptrdiff_t>(hidden));
    prng.Shuffle(ps.pile.data(), hidden);
  }
  rng = prng.Next();
}

State State::FromView(const View& view, Prng& prng) {
  State s;
  s.num_players = static_cast<uint8_t>(view.num_players);
  s.variant = view.variant;
  s.to_move = static_cast<uint8_t>(view.to_move);
  s.phase = view.phase;
  s.assam = view.assam;
  s.winners = view.winners;
  s.timed_out = view.timed_out;
  s.dirhams_lost = view.dirhams_lost;
  s.carpet = view.carpet;
  s.color = view.color;
  for (int sq = 0; sq < kNumSquares; ++sq)
    if (s.carpet[static_cast<size_t>(sq)]) s.color_bits[s.color[static_cast<size_t>(sq)]] |= Bit(sq);
  const int per_color = s.CarpetsPerColor();
  for (int p = 0; p < s.num_players; ++p) {
    const View::Player& vp = view.players[static_cast<size_t>(p)];
    PlayerState& ps = s.players[static_cast<size_t>(p)];
    ps.dirhams = static_cast<uint8_t>(vp.dirhams);
    ps.out = vp.out;
    // The drawn carpet is public: it goes on top, and only the rest is shuffled.
    int drawn = p == view.to_move && view.phase == Phase::kPlace ? view.current_carpet : -1;
    size_t n = 0;
    for (int i = 0; i < s.NumColorsOf(p); ++i) {
      int c = s.ColorOf(p, i);
      int left = vp.carpets_left[static_cast<size_t>(i)];
      s.placed[static_cast<size_t>(c)] = static_cast<uint8_t>(per_color - left);
      if (c == drawn) --left;
      for (int k = 0; k < left; ++k) ps.pile[n++] = static_cast<uint8_t>(c);
    }
    prng.Shuffle(ps.pile.data(), n);
    if (drawn >= 0) ps.pile[n++] = static_cast<uint8_t>(drawn);
    ps.pile_size = static_cast<uint8_t>(n);
  }
  s.rng = prng.Next();
  return s;
}

// The invariants of a reachable position:
// - mode: 2 to 4 players, single-colour with 2 only; seats beyond are empty;
// - Assam on the board, facing one of the four directions; a known phase;
// - board: an empty square has colour 0; a carpet's colour is in play; every id
//   shown has been placed (id < NextCarpetId()), shows on at most two squares, which
//   are adjacent and of one colour; the last carpet placed shows both halves; a
//   colour shows no more distinct carpets than were placed; color_bits match;
// - carpets: for each colour, placed + those left on its owner's pile = the mode's
//   count, and piles hold only their owner's colours;
// - dirhams: 30 per player in all, those lost by running out of time counted; a
//   player who is out has none; only seats in the game that are out ran out of time;
// - turn: while the game goes on, at least two players are in, to_move is in, and
//   pile sizes read from to_move round the players still in never grow and differ
//   by at most one (turns go round, so to_move holds a carpet); winners is empty;
// - end: once over, one player is left or the players still in hold no carpet, and
//   winners is what the scores give.
souk::Status State::Validate() const {
  using souk::Status;
  auto fail = [](const std::string& what) { return Status::Error(what); };
  if (num_players < kMinPlayers || num_players > kMaxPlayers) return fail("players: 2, 3 or 4 players");
  if (variant != Variant::kStandard && variant != Variant::kSingleColour) return fail("variant: unknown");
  if (variant == Variant::kSingleColour && num_players != 2)
    return fail("variant: single-colour is a two-player variant");
  if (to_move >= num_players) return fail("to_move: must be a seat from 0 to " + std::to_string(num_players - 1));
  if (static_cast<int>(phase) > static_cast<int>(Phase::kGameOver)) return fail("phase: unknown");
  if (assam.square >= kNumSquares) return fail("assam: off the board");
  if (static_cast<int>(assam.facing) > 3) return fail("assam.facing: must be N, E, S or W");
  for (int p = num_players; p < kMaxPlayers; ++p)
    if (!(players[static_cast<size_t>(p)] == PlayerState{})) return fail("players: seat " + std::to_string(p) + " is not in the game");
  const int colors = NumColors();
  const int per_color = CarpetsPerColor();
  for (int c = 0; c < kMaxColors; ++c) {
    int n = placed[static_cast<size_t>(c)];
    if (c >= colors && n) return fail("placed[" + std::to_string(c) + "]: colour not in play");
    if (n > per_color)
      return fail("placed[" + std::to_string(c) + "]: the game has " + std::to_string(per_color) + " carpets of each colour");
  }

  // Board.
  const int next_id = NextCarpetId();
  std::array<uint8_t, kMaxCarpets + 1> cells{};
  std::array<uint8_t, kMaxCarpets + 1> where{};
  std::array<uint8_t, kMaxColors> distinct{};
  std::array<uint64_t, kMaxColors> bits{};
  for (int s = 0; s < kNumSquares; ++s) {
    size_t i = static_cast<size_t>(s);
    auto path = [s]() { return "board[" + std::to_string(SquareY(s)) + "][" + std::to_string(SquareX(s)) + "]"; };
    if (!carpet[i]) {
      if (color[i]) return fail(path() + ": an empty square has no colour");
      continue;
    }
    if (color[i] >= colors) return fail(path() + ".color: colour " + std::to_string(color[i]) + " is not in play");
    if (carpet[i] >= next_id)
      return fail(path() + ".carpet: carpet " + std::to_string(carpet[i]) + " has not been placed (" +
                  std::to_string(next_id - 1) + " placed)");
    bits[color[i]] |= Bit(s);
    uint8_t id = carpet[i];
    if (cells[id] == 0) {
      ++distinct[color[i]];
      where[id] = static_cast<uint8_t>(s);
    } else {
      if (cells[id] >= 2) return fail(path() + ": carpet " + std::to_string(id) + " shows on more than two squares");
      if (!Adjacent(where[id], s))
        return fail(path() + ": the two halves of carpet " + std::to_string(id) + " (" + SquareName(where[id]) +
                    ", " + SquareName(s) + ") are not adjacent");
      if (color[where[id]] != color[i])
        return fail(path() + ": the two halves of carpet " + std::to_string(id) + " have different colours");
    }
    ++cells[id];
  }
  if (next_id > 1 && cells[static_cast<size_t>(next_id - 1)] != 2)
    return fail("board: carpet " + std::to_string(next_id - 1) + ", the last placed, must show both halves");
  for (int c = 0; c < colors; ++c) {
    size_t i = static_cast<size_t>(c);
    if (distinct[i] > placed[i])
      return fail("placed[" + std::to_string(c) + "]: " + std::to_string(placed[i]) + " carpets of colour " +
                  std::to_string(c) + " placed, but " + std::to_string(distinct[i]) + " show on the board");
  }
  if (bits != color_bits) return fail("color_bits: do not match the board");

  // Carpets and dirhams.
  int dirhams = 0;
  std::array<int, kMaxColors> left{};
  for (int p = 0; p < num_players; ++p) {
    const PlayerState& ps = players[static_cast<size_t>(p)];
    auto path = [p]() { return "players[" + std::to_string(p) + "]"; };
    if (ps.pile_size > kMaxPile) return fail(path() + ".pile: too many carpets");
    for (int k = 0; k < ps.pile_size; ++k) {
      int c = ps.pile[static_cast<size_t>(ps.pile_size - 1 - k)];
      if (!Owns(p, c))
        return fail(path() + ".pile[" + std::to_string(k) + "]: colour " + std::to_string(c) +
                    " is not one of the player's colours");
      ++left[static_cast<size_t>(c)];
    }
    if (ps.out && ps.dirhams) return fail(path() + ".dirhams: a player who is out has paid all they had");
    dirhams += ps.dirhams;
  }
  for (int c = 0; c < colors; ++c) {
    size_t i = static_cast<size_t>(c);
    if (placed[i] + left[i] != per_color)
      return fail("players[" + std::to_string(Owner(c)) + "].pile: colour " + std::to_string(c) + " has " +
                  std::to_string(placed[i]) + " carpets placed and " + std::to_string(left[i]) +
                  " on the pile; the game has " + std::to_string(per_color));
  }
  for (int p = 0; p < kMaxPlayers; ++p)
    if ((timed_out >> p & 1) && (p >= num_players || !players[static_cast<size_t>(p)].out))
      return fail("timed_out: seat " + std::to_string(p) + " ran out of time but is not out");
  if (timed_out >> kMaxPlayers) return fail("timed_out: seats 0 to 3 only");
  if (dirhams_lost && !timed_out) return fail("dirhams_lost: no seat ran out of time");
  if (dirhams + dirhams_lost != kStartingDirhams * num_players)
    return fail("players: " + std::to_string(dirhams) + " dirhams in all" +
                (dirhams_lost ? " and " + std::to_string(dirhams_lost) + " lost" : std::string()) +
                ", the game has " + std::to_string(kStartingDirhams * num_players));

  // Turn order and the end.
  int in = PlayersIn();
  if (in == 0) return fail("players: every player is out");
  bool carpets_left = false;
  for (int p = 0; p < num_players; ++p)
    if (!players[static_cast<size_t>(p)].out && players[static_cast<size_t>(p)].pile_size) carpets_left = true;
  if (!game_over()) {
    if (in < 2) return fail("players: one player is left but the game goes on");
    if (!carpets_left) return fail("players: no carpet is left to place but the game goes on");
    if (players[to_move].out) return fail("to_move: player " + std::to_string(to_move) + " is out");
    int first = players[to_move].pile_size, previous = first;
    for (int k = 1; k < num_players; ++k) {
      const PlayerState& ps = players[static_cast<size_t>((to_move + k) % num_players)];
      if (ps.out) continue;
      if (ps.pile_size > previous || ps.pile_size + 1 < first)
        return fail("players: pile sizes do not follow the turn order from to_move");
      previous = ps.pile_size;
    }
    if (winners) return fail("winners: must be empty while the game goes on");
  } else {
    if (in > 1 && carpets_left) return fail("status: the game is over but carpets are left to place");
    if (winners != ComputeWinners()) return fail("winners: do not match the scores");
  }
  return Status::Ok();
}

}  // namespace souk::marrakech
