#include "core/jaipur/jaipur_actions.h"

#include <array>
#include <cassert>
#include <cstdint>
#include <vector>

namespace souk::jaipur {
namespace {

constexpr int kMaxExchange = kMarketSize;  // the market's five cards at most
constexpr int kBase = kMaxExchange + 1;    // a count in an exchange is 0 to 5

constexpr int Power(int base, int exp) { return exp == 0 ? 1 : base * Power(base, exp - 1); }

// Counts (each 0 to 5) as a number in base 6: a dense key for the lookup tables.
// Read a byte (two types) at a time from the packed bits, by table: a count above 5
// adds kOutOfRange, which puts the key past every table.
constexpr int kOutOfRange = 1 << 24;
struct ByteKeys {
  std::array<std::array<int32_t, 256>, 4> by_byte{};
  constexpr ByteKeys() {
    for (int byte = 0; byte < 4; ++byte)
      for (int value = 0; value < 256; ++value) {
        const int low = value & 0xf, high = value >> 4;
        by_byte[static_cast<size_t>(byte)][static_cast<size_t>(value)] =
            low < kBase && high < kBase ? (low + kBase * high) * Power(kBase * kBase, byte) : kOutOfRange;
      }
  }
};
constexpr ByteKeys kByteKeys;

int Key(PackedCounts counts) {
  const uint32_t bits = counts.bits();
  const auto& t = kByteKeys.by_byte;
  return t[0][bits & 0xff] + t[1][(bits >> 8) & 0xff] + t[2][(bits >> 16) & 0xff] + t[3][bits >> 24];
}

// Every multiset of `k` cards over types [0, types), in lexicographic order of its
// sorted list of type indices: the order the ids follow.
void Multisets(int k, int types, int from, PackedCounts current, std::vector<PackedCounts>* out) {
  if (k == 0) {
    out->push_back(current);
    return;
  }
  for (int t = from; t < types; ++t)
    Multisets(k - 1, types, t, PackedCounts::FromBits(current.bits() + (1u << (4 * t))), out);
}

struct Tables {
  std::vector<Move> moves;  // by id
  // The goods taken, by key: their row, or -1 (not 2 to 5 goods).
  std::vector<int16_t> taken_row = std::vector<int16_t>(Power(kBase, kNumGoods), -1);
  // The cards given, by key: their rank among the multisets of their size times 8,
  // plus that size; -1 for a size other than 2 to 5. (int16: the table stays small.)
  std::vector<int16_t> given_rank = std::vector<int16_t>(Power(kBase, kNumCardTypes), -1);
  // Per row of goods taken: its size, and where it starts in `exchange_id`; the row
  // holds, for each multiset of the same size given (by rank), its id or -1 where a
  // good is both taken and given.
  std::vector<int> row_size;
  std::vector<int> row_start;
  std::vector<int> exchange_id;

  Tables() {
    for (int g = 0; g < kNumGoods; ++g) moves.push_back(Move::Take(GoodAt(g)));
    moves.push_back(Move::Camels());
    for (int g = 0; g < kNumGoods; ++g)
      for (int count = 1; count <= kMaxSaleCount; ++count) moves.push_back(Move::Sell(count, GoodAt(g)));
    assert(static_cast<int>(moves.size()) == kFirstExchangeAction);
    std::array<std::vector<PackedCounts>, kMaxExchange + 1> given_of_size;
    for (int k = 2; k <= kMaxExchange; ++k) {
      Multisets(k, kNumCardTypes, 0, PackedCounts(), &given_of_size[static_cast<size_t>(k)]);
      const auto& given = given_of_size[static_cast<size_t>(k)];
      for (size_t r = 0; r < given.size(); ++r)
        given_rank[static_cast<size_t>(Key(given[r]))] = static_cast<int16_t>(static_cast<int>(r) * 8 + k);
    }
    for (int k = 2; k <= kMaxExchange; ++k) {
      std::vector<PackedCounts> taken;
      Multisets(k, kNumGoods, 0, PackedCounts(), &taken);
      const auto& given = given_of_size[static_cast<size_t>(k)];
      for (PackedCounts t : taken) {
        taken_row[static_cast<size_t>(Key(t))] = static_cast<int16_t>(row_start.size());
        row_size.push_back(k);
        row_start.push_back(static_cast<int>(exchange_id.size()));
        for (PackedCounts g : given) {
          bool shared = false;
          for (int type = 0; type < kNumGoods; ++type) shared |= t[type] > 0 && g[type] > 0;
          if (shared) {
            exchange_id.push_back(-1);
            continue;
          }
          exchange_id.push_back(static_cast<int>(moves.size()));
          moves.push_back(Move::Exchange(t, g));
        }
      }
    }
  }
};

const Tables& GetTables() {
  static const Tables tables;
  return tables;
}

}  // namespace

int NumDistinctActions() { return static_cast<int>(GetTables().moves.size()); }

namespace {

inline int IdOf(const Tables& tables, const Move& move) {
  switch (move.kind) {
    case MoveKind::kTake: return move.good == Card::kCamel ? -1 : kFirstTakeAction + Index(move.good);
    case MoveKind::kCamels: return kCamelsAction;
    case MoveKind::kTimeOut: return -1;  // the clock's, never a player's choice
    case MoveKind::kSell:
      if (move.good == Card::kCamel || move.count < 1 || move.count > kMaxSaleCount) return -1;
      return kFirstSellAction + Index(move.good) * kMaxSaleCount + move.count - 1;
    case MoveKind::kExchange: {
      // No camel taken, nothing in the unused eighth type of either.
      if (move.taken.bits() >> (4 * kNumGoods) || move.given.bits() >> (4 * kNumCardTypes)) return -1;
      const int taken_key = Key(move.taken), given_key = Key(move.given);
      if (taken_key >= Power(kBase, kNumGoods) || given_key >= Power(kBase, kNumCardTypes)) return -1;
      const int row = tables.taken_row[static_cast<size_t>(taken_key)];
      const int given = tables.given_rank[static_cast<size_t>(given_key)];
      if (row < 0 || given < 0 || given % 8 != tables.row_size[static_cast<size_t>(row)]) return -1;
      return tables.exchange_id[static_cast<size_t>(tables.row_start[static_cast<size_t>(row)] + given / 8)];
    }
  }
  return -1;
}

}  // namespace

int ActionOf(const Move& move) { return IdOf(GetTables(), move); }

void ActionsOf(std::span<const Move> moves, int32_t* out) {
  const Tables& tables = GetTables();
  for (const Move& m : moves) *out++ = IdOf(tables, m);
}

Move MoveOf(int action) {
  const Tables& tables = GetTables();
  assert(action >= 0 && action < static_cast<int>(tables.moves.size()));
  return tables.moves[static_cast<size_t>(action)];
}

int ChanceActionOf(Card card) { return NumDistinctActions() + Index(card); }

std::optional<Card> ChanceCardOf(int action) {
  const int type = action - NumDistinctActions();
  if (type < 0 || type >= kNumCardTypes) return std::nullopt;
  return static_cast<Card>(type);
}

}  // namespace souk::jaipur
