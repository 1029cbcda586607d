#include "core/jaipur/jaipur_exchanges.h"

#include <algorithm>
#include <cassert>

namespace souk::jaipur {
namespace {

constexpr int kCamel = Index(Card::kCamel);
constexpr int kSmallestExchange = 2;
constexpr int kLargestExchange = kMarketSize;
constexpr int kExchangeSizes = kLargestExchange - kSmallestExchange + 1;

// What a hand can give once the goods taken are set aside is a "give key": the
// count of each good it may give and the camels it may give, seven counts summing
// to at most the hand limit (camels given never take a hand past it). Keys are
// ranked densely so that the give lists of every key fit one small table.
constexpr int kKeyCounts = kNumCardTypes;
constexpr int kKeyBudget = kHandLimit;

// Vectors of `counts` counts summing to at most `budget`: C(budget + counts, counts).
constexpr int VectorsUpTo(int counts, int budget) {
  if (budget < 0) return 0;
  long long result = 1;
  for (int i = 1; i <= counts; ++i) result = result * (budget + i) / i;
  return static_cast<int>(result);
}
constexpr int kNumKeys = VectorsUpTo(kKeyCounts, kKeyBudget);

// kRankStep[t][s][n]: how many keys with the same counts before t (summing to s)
// have fewer than n at t. A key's rank is the sum of its steps.
using RankSteps = std::array<std::array<std::array<uint16_t, kKeyBudget + 1>, kKeyBudget + 1>, kKeyCounts>;
constexpr RankSteps BuildRankSteps() {
  RankSteps steps{};
  for (int t = 0; t < kKeyCounts; ++t)
    for (int s = 0; s <= kKeyBudget; ++s)
      for (int n = 1; s + n <= kKeyBudget; ++n)
        steps[t][s][n] =
            static_cast<uint16_t>(steps[t][s][n - 1] + VectorsUpTo(kKeyCounts - t - 1, kKeyBudget - s - (n - 1)));
  return steps;
}
constexpr RankSteps kRankStep = BuildRankSteps();

// `goods` packed 4 bits a good (PackedCounts' layout); the counts and `camels` sum
// to at most kKeyBudget.
constexpr int Rank(uint32_t goods, int camels) {
  int rank = 0, sum = 0;
  for (int t = 0; t < kNumGoods; ++t) {
    const int n = static_cast<int>((goods >> (4 * t)) & 0xf);
    rank += kRankStep[t][sum][n];
    sum += n;
  }
  assert(sum + camels <= kKeyBudget);
  return rank + kRankStep[kCamel][sum][camels];
}

// Calls visit(goods, camels) for every key, each once.
template <typename Visit>
constexpr void ForEachKey(Visit visit, int t = 0, int sum = 0, uint32_t goods = 0) {
  if (t == kNumGoods) {
    for (int camels = 0; sum + camels <= kKeyBudget; ++camels) visit(goods, camels);
    return;
  }
  for (int n = 0; sum + n <= kKeyBudget; ++n)
    ForEachKey(visit, t + 1, sum + n, goods + (static_cast<uint32_t>(n) << (4 * t)));
}

// Calls given(bits) for every set of `size` cards a key can give, in the canonical
// order: lexicographic over the goods (fewest of the first good first), the camels
// making up the rest.
template <typename Given>
constexpr void ForEachGiven(uint32_t goods, int camels, int size, Given given, int t = 0, uint32_t bits = 0) {
  if (t == kNumGoods || size == 0) {
    if (size <= camels) given(bits + (static_cast<uint32_t>(size) << (4 * kCamel)));
    return;
  }
  const int held = static_cast<int>((goods >> (4 * t)) & 0xf);
  for (int n = 0; n <= std::min(held, size); ++n)
    ForEachGiven(goods, camels, size - n, given, t + 1, bits + (static_cast<uint32_t>(n) << (4 * t)));
}

// What GiveTable's constructor writes, counted at compile time: for each key, the
// sets of its goods of each total (camels making up the rest of each size).
constexpr int CountGivenSets() {
  int sets = 0;
  ForEachKey([&](uint32_t goods, int camels) {
    std::array<int, kLargestExchange + 1> of_total{1};
    for (int t = 0; t < kNumGoods; ++t) {
      const int held = static_cast<int>((goods >> (4 * t)) & 0xf);
      for (int total = kLargestExchange; total > 0; --total)
        for (int n = 1; n <= std::min(held, total); ++n)
          of_total[static_cast<size_t>(total)] += of_total[static_cast<size_t>(total - n)];
    }
    for (int size = kSmallestExchange; size <= kLargestExchange; ++size)
      for (int total = std::max(0, size - camels); total <= size; ++total) sets += of_total[static_cast<size_t>(total)];
  });
  return sets;
}

// Every give list of every key, one after the other: the lists are fixed by the
// rules, and reading one replaces a walk whose branches change with every set taken.
class GiveTable {
 public:
  struct List {
    uint32_t start;
    uint32_t length;
  };

  GiveTable() {
    uint32_t next = 0;
    ForEachKey([&](uint32_t goods, int camels) {
      std::array<List, kExchangeSizes>& lists = lists_[static_cast<size_t>(Rank(goods, camels))];
      for (int size = kSmallestExchange; size <= kLargestExchange; ++size) {
        List& list = lists[static_cast<size_t>(size - kSmallestExchange)];
        list.start = next;
        ForEachGiven(goods, camels, size, [&](uint32_t bits) {
          assert(next < static_cast<uint32_t>(kEntries));
          given_[next++] = bits;
        });
        list.length = next - list.start;
      }
    });
    assert(next == kEntries);
  }

  List Find(uint32_t goods, int camels, int size) const {
    return lists_[static_cast<size_t>(Rank(goods, camels))][static_cast<size_t>(size - kSmallestExchange)];
  }
  const uint32_t* given() const { return given_.data(); }

 private:
  static constexpr int kEntries = CountGivenSets();
  std::array<std::array<List, kExchangeSizes>, kNumKeys> lists_{};
  // Padded so that lists are copied in blocks of eight (Append).
  std::array<uint32_t, kEntries + kExchangeSlack> given_{};
};

const GiveTable& Gives() {
  static const GiveTable table;
  return table;
}

class ExchangeWriter {
 public:
  ExchangeWriter(const CardCounts& market, const PlayerState& me, Move* out) : gives_(Gives()), out_(out) {
    // Branch-free appends: on random positions these tests are unpredictable.
    for (int g = 0; g < kNumGoods; ++g) {
      market_types_[num_market_types_] = {g, market[g]};
      num_market_types_ += market[g] != 0;
    }
    hand_ = PackedCounts(me.hand).bits();
    camels_ = std::min<int>(me.herd, kHandLimit - me.hand_size);
    int givable = camels_, market_goods = 0;
    for (int g = 0; g < kNumGoods; ++g) givable += me.hand[g];
    for (int i = 0; i < num_market_types_; ++i) market_goods += market_types_[i].count;
    max_size_ = std::min(givable, market_goods);
  }

  // Returns the end of the exchanges written.
  Move* Run() {
    if (max_size_ < kSmallestExchange) return out_;
    switch (num_market_types_) {  // at least 1 (max_size_ >= 2), at most 5 (the market)
      case 1: Take<0, 1>(0, 0, 0); break;
      case 2: Take<0, 2>(0, 0, 0); break;
      case 3: Take<0, 3>(0, 0, 0); break;
      case 4: Take<0, 4>(0, 0, 0); break;
      default: Take<0, 5>(0, 0, 0); break;
    }
    return out_;
  }

 private:
  struct TypeCount {
    int type;
    int count;
  };

  // Every multiset of market_types_[I..M-1] (M = num_market_types_, fixed at
  // compile time), 2+ cards in all, paired with what can be given. `taken_mask`
  // has a nibble of ones for each good taken.
  template <int I, int M>
  void Take(int count, uint32_t taken_bits, uint32_t taken_mask) {
    if constexpr (I == M) {
      if (count >= kSmallestExchange) Append(count, taken_bits, taken_mask);
    } else {
      Take<I + 1, M>(count, taken_bits, taken_mask);
      const TypeCount& tc = market_types_[I];
      for (int n = 1; n <= tc.count && count + n <= max_size_; ++n)
        Take<I + 1, M>(count + n, taken_bits + (static_cast<uint32_t>(n) << (4 * tc.type)),
                       taken_mask | (0xfu << (4 * tc.type)));
    }
  }

  // A good taken cannot be given: the hand's other goods and the camels form the key.
  // Copied eight at a time, as most lists hold eight or fewer: the loop's one trip
  // is predicted where a trip per move was not.
  void Append(int count, uint32_t taken_bits, uint32_t taken_mask) {
    const GiveTable::List list = gives_.Find(hand_ & ~taken_mask, camels_, count);
    const uint32_t* given = gives_.given() + list.start;
    const PackedCounts taken = PackedCounts::FromBits(taken_bits);
    Move* out = out_;
    for (uint32_t i = 0; i < list.length; i += 8)
      for (uint32_t j = i; j < i + 8; ++j) out[j] = Move::Exchange(taken, PackedCounts::FromBits(given[j]));
    out_ = out + list.length;
  }

  const GiveTable& gives_;
  Move* out_;  // where the next exchange is written
  std::array<TypeCount, kNumGoods> market_types_{};
  int num_market_types_ = 0;
  uint32_t hand_ = 0;
  int camels_ = 0;    // the most camels an exchange can give
  int max_size_ = 0;  // the most cards an exchange can move: market goods and givable cards
};

}  // namespace

int MostExchangesOfAnyPosition() {
  int most = 0;
  MoveList moves;
  ForEachKey([&](uint32_t market_goods, int market_camels) {
    if (market_camels != 0) return;
    CardCounts market{};
    int market_size = 0;
    for (int g = 0; g < kNumGoods; ++g) {
      market[g] = static_cast<uint8_t>((market_goods >> (4 * g)) & 0xf);
      market_size += market[g];
    }
    if (market_size > kMarketSize) return;
    ForEachKey([&](uint32_t hand, int camels) {
      PlayerState me;
      for (int g = 0; g < kNumGoods; ++g) {
        me.hand[g] = static_cast<uint8_t>((hand >> (4 * g)) & 0xf);
        me.hand_size = static_cast<uint8_t>(me.hand_size + me.hand[g]);
      }
      me.herd = static_cast<uint8_t>(camels);  // the key keeps hand and camels within the limit
      moves.clear();
      AppendExchanges(market, me, &moves);
      most = std::max(most, moves.size());
    });
  });
  return most;
}

void AppendExchanges(const CardCounts& market, const PlayerState& me, MoveList* moves) {
  Move* start = moves->Tail();
  Move* end = ExchangeWriter(market, me, start).Run();
  moves->Extend(static_cast<int>(end - start));
}

}  // namespace souk::jaipur
