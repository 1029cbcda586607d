#include "core/jaipur/jaipur_actions.h"

#include <array>
#include <cassert>
#include <vector>

namespace souk::jaipur {
namespace {

constexpr int kMaxExchange = kMarketSize;  // the market's five cards at most
constexpr int kBase = kMaxExchange + 1;    // a count in an exchange is 0 to 5

// Counts (each 0 to 5) as a number in base 6: a dense key for the lookup tables.
int Key(PackedCounts counts, int types) {
  int key = 0;
  for (int t = types - 1; t >= 0; --t) key = key * kBase + counts[t];
  return key;
}

constexpr int Power(int base, int exp) { return exp == 0 ? 1 : base * Power(base, exp - 1); }

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
  // The goods taken, by key: their index in `taken`, or -1.
  std::vector<int> taken_index = std::vector<int>(Power(kBase, kNumGoods), -1);
  // The cards given, by key: their rank among the multisets of their size.
  std::vector<int> given_rank = std::vector<int>(Power(kBase, kNumCardTypes), -1);
  // Per goods taken: where its row starts in `exchange_id`; the row holds, for each
  // multiset of the same size given (by rank), its id or -1 where a good is both.
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
      for (size_t r = 0; r < given.size(); ++r) given_rank[static_cast<size_t>(Key(given[r], kNumCardTypes))] = static_cast<int>(r);
    }
    for (int k = 2; k <= kMaxExchange; ++k) {
      std::vector<PackedCounts> taken;
      Multisets(k, kNumGoods, 0, PackedCounts(), &taken);
      const auto& given = given_of_size[static_cast<size_t>(k)];
      for (PackedCounts t : taken) {
        taken_index[static_cast<size_t>(Key(t, kNumGoods))] = static_cast<int>(row_start.size());
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

int ActionOf(const Move& move) {
  switch (move.kind) {
    case MoveKind::kTake: return move.good == Card::kCamel ? -1 : kFirstTakeAction + Index(move.good);
    case MoveKind::kCamels: return kCamelsAction;
    case MoveKind::kSell:
      if (move.good == Card::kCamel || move.count < 1 || move.count > kMaxSaleCount) return -1;
      return kFirstSellAction + Index(move.good) * kMaxSaleCount + move.count - 1;
    case MoveKind::kExchange: {
      const int k = move.taken.Total();
      if (k < 2 || k > kMaxExchange || move.given.Total() != k || move.taken[Index(Card::kCamel)] != 0) return -1;
      const Tables& tables = GetTables();
      const int row = tables.taken_index[static_cast<size_t>(Key(move.taken, kNumGoods))];
      const int rank = tables.given_rank[static_cast<size_t>(Key(move.given, kNumCardTypes))];
      if (row < 0 || rank < 0) return -1;
      return tables.exchange_id[static_cast<size_t>(tables.row_start[static_cast<size_t>(row)] + rank)];
    }
  }
  return -1;
}

Move MoveOf(int action) {
  const Tables& tables = GetTables();
  assert(action >= 0 && action < static_cast<int>(tables.moves.size()));
  return tables.moves[static_cast<size_t>(action)];
}

}  // namespace souk::jaipur
