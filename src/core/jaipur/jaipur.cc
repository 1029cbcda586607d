#include "core/jaipur/jaipur.h"

#include <algorithm>
#include <cassert>
#include <cstring>

#include "core/jaipur/jaipur_exchanges.h"
#include "core/messages.h"

namespace souk::jaipur {
namespace {

constexpr int kCamel = Index(Card::kCamel);
constexpr int kCamelsInStartingMarket = 3;

// Moves the camels of pool[0, n) to its end, keeping the order of the goods (and
// allocating nothing, unlike std::stable_partition). Every card is written and the
// goods counted, as which card of a shuffled pool is a camel is unpredictable.
void GoodsFirst(std::array<Card, kNumCards>* pool, size_t n) {
  size_t goods = 0;
  for (size_t i = 0; i < n; ++i) {
    const Card c = (*pool)[i];
    (*pool)[goods] = c;
    goods += c != Card::kCamel;
  }
  for (size_t i = goods; i < n; ++i) (*pool)[i] = Card::kCamel;
}

int Sum(const CardCounts& counts) {
  int total = 0;
  for (uint8_t c : counts) total += c;
  return total;
}

// "illegal move 'MOVE': RULE", through the catalogue of messages.
souk::Status Refuse(const Move& move, MessageId rule, const MessageArgs& args = {}) {
  return MessageStatus(ErrorCode::kIllegalMove,
                       {MessageId::kIllegalMove, {{"move", ToString(move)}, {"rule", Message{rule, args}}}});
}

MessageArgs CountOf(int count, Card card) {
  return {{"count", std::to_string(count)}, {"card", std::string(CardName(card))}};
}

}  // namespace

PackedCounts::PackedCounts(const CardCounts& counts) {
  for (int t = 0; t < kNumCardTypes; ++t) bits_ |= static_cast<uint32_t>(std::min<int>(counts[t], 15)) << (4 * t);
}

int PackedCounts::Total() const {
  int total = 0;
  for (int t = 0; t < kNumCardTypes; ++t) total += (*this)[t];
  return total;
}

CardCounts PackedCounts::Unpack() const {
  CardCounts counts{};
  for (int t = 0; t < kNumCardTypes; ++t) counts[t] = static_cast<uint8_t>((*this)[t]);
  return counts;
}

int PlayerState::GoodsRupees() const {
  int total = 0;
  for (int i = 0; i < num_goods_tokens; ++i) total += goods_tokens[static_cast<size_t>(i)];
  return total;
}

int PlayerState::BonusRupees() const {
  int total = 0;
  for (int i = 0; i < num_bonus_tokens; ++i) total += bonus_tokens[static_cast<size_t>(i)];
  return total;
}

State State::NewGame(uint64_t seed, Options options) {
  State s;
  s.explicit_chance = options.explicit_chance;
  Prng prng(seed);
  s.round_starter = static_cast<uint8_t>(prng.Below(kNumPlayers));
  s.rng = prng.state();
  s.DealRound();
  return s;
}

// Deal order (part of the replay format): the 52 non-market cards in canonical
// order are shuffled; cards 0-4 go to seat 0, 5-9 to seat 1, 10-11 to the market,
// and the rest form the deck with card 12 on top. Then the three bonus piles are
// shuffled, 3-card pile first; the first element of each shuffled pile is taken first.
// With explicit_chance all 52 form the deck, card 0 on top, and the chance nodes
// deal them in the same order (DrawAtDeal).
void State::DealRound() {
  Prng prng(rng);
  std::array<Card, kNumCards - kCamelsInStartingMarket> cards{};
  size_t n = 0;
  for (int type = 0; type < kNumCardTypes; ++type) {
    int copies = kCardsPerType[static_cast<size_t>(type)] - (type == kCamel ? kCamelsInStartingMarket : 0);
    for (int i = 0; i < copies; ++i) cards[n++] = static_cast<Card>(type);
  }
  prng.Shuffle(cards.data(), cards.size());

  market = {};
  market[kCamel] = kCamelsInStartingMarket;
  discard = {};
  for (auto& p : players) {
    p.hand = {};
    p.known = {};
    p.hand_size = 0;
    p.herd = 0;
    p.num_goods_tokens = 0;
    p.num_bonus_tokens = 0;
    p.goods_tokens = {};
    p.bonus_tokens = {};
  }
  size_t next = 0;
  if (explicit_chance) {
    pending_draws = kCardsDealt;
  } else {
    for (int i = 0; i < kCardsDealt; ++i) DrawAtDeal(cards[next++], i);
  }
  deck_size = static_cast<uint8_t>(cards.size() - next);
  for (int i = 0; i < deck_size; ++i) deck[static_cast<size_t>(deck_size - 1 - i)] = cards[next + static_cast<size_t>(i)];

  for (int g = 0; g < kNumGoods; ++g) tokens_left[static_cast<size_t>(g)] = static_cast<uint8_t>(kTokensPerGood[static_cast<size_t>(g)]);
  for (int p = 0; p < kNumBonusPiles; ++p) {
    auto pile = kBonusTokenValues[static_cast<size_t>(p)];
    int size = kBonusTokensPerPile[static_cast<size_t>(p)];
    prng.Shuffle(pile.data(), static_cast<size_t>(size));
    bonus[static_cast<size_t>(p)] = {};
    for (int i = 0; i < size; ++i) bonus[static_cast<size_t>(p)][static_cast<size_t>(size - 1 - i)] = pile[static_cast<size_t>(i)];
    bonus_left[static_cast<size_t>(p)] = static_cast<uint8_t>(size);
  }
  rng = prng.state();
  to_move = round_starter;
}

void State::DrawAtDeal(Card card, int drawn) {
  if (drawn >= kNumPlayers * kStartingHand) {
    ++market[Index(card)];
    return;
  }
  PlayerState& p = players[static_cast<size_t>(drawn / kStartingHand)];
  if (card == Card::kCamel) {
    ++p.herd;
  } else {
    ++p.hand[Index(card)];
    ++p.hand_size;
  }
}

void State::ChanceOutcomes(ChanceOutcomeList* outcomes) const {
  outcomes->clear();
  if (!IsChanceNode()) return;
  std::array<int, kNumCardTypes> counts{};
  for (int i = 0; i < deck_size; ++i) ++counts[static_cast<size_t>(Index(deck[static_cast<size_t>(i)]))];
  for (int t = 0; t < kNumCardTypes; ++t) {
    if (counts[static_cast<size_t>(t)] == 0) continue;
    ChanceOutcome o;
    o.card = static_cast<Card>(t);
    o.probability = static_cast<double>(counts[static_cast<size_t>(t)]) / deck_size;
    outcomes->push_back(o);
  }
}

souk::Status State::CheckChance(Card card) const {
  using souk::Status;
  if (!IsChanceNode()) return Status::FailedPrecondition("no card is to be drawn: a player is to move");
  if (Index(card) < 0 || Index(card) >= kNumCardTypes) return Status::Error("a card of no known type cannot be drawn");
  for (int i = 0; i < deck_size; ++i)
    if (deck[static_cast<size_t>(i)] == card) return Status::Ok();
  return Status::Illegal("the deck holds no " + std::string(CardName(card)) + " to draw");
}

void State::ApplyChance(Card card) {
  assert(CheckChance(card).ok());
  size_t top = static_cast<size_t>(deck_size - 1);
  size_t at = top;
  while (deck[at] != card) --at;
  std::swap(deck[at], deck[top]);
  --deck_size;
  const int missing = kMarketSize - MarketSize();
  if (pending_draws <= missing) {
    ++market[Index(card)];
  } else {
    DrawAtDeal(card, kCardsDealt - pending_draws);
  }
  --pending_draws;
}

bool State::operator==(const State& o) const {
  if (rng != o.rng || explicit_chance != o.explicit_chance || pending_draws != o.pending_draws || round != o.round ||
      to_move != o.to_move || round_starter != o.round_starter ||
      game_over != o.game_over || winner != o.winner || timed_out != o.timed_out || market != o.market || discard != o.discard ||
      deck_size != o.deck_size || tokens_left != o.tokens_left || bonus_left != o.bonus_left ||
      players != o.players || last_round != o.last_round)
    return false;
  if (!std::equal(deck.begin(), deck.begin() + deck_size, o.deck.begin())) return false;
  for (size_t p = 0; p < kNumBonusPiles; ++p)
    if (!std::equal(bonus[p].begin(), bonus[p].begin() + bonus_left[p], o.bonus[p].begin())) return false;
  return true;
}

int State::MarketSize() const { return Sum(market); }

// kSales[g]: "sell n g" for n from the minimum sale up (padded with the last).
constexpr std::array<std::array<Move, kHandLimit>, kNumGoods> BuildSales() {
  std::array<std::array<Move, kHandLimit>, kNumGoods> sales{};
  for (int g = 0; g < kNumGoods; ++g)
    for (int i = 0; i < kHandLimit; ++i)
      sales[g][i] = Move::Sell(std::min(MinimumSale(GoodAt(g)) + i, kHandLimit), GoodAt(g));
  return sales;
}
constexpr auto kSales = BuildSales();

// Moves are written with unconditional stores and counted with comparisons: on
// random positions the tests are unpredictable, and mispredicted branches were
// the largest cost of playouts.
void State::LegalMoves(MoveList* moves) const {
  moves->clear();
  if (game_over || pending_draws) return;
  const PlayerState& me = players[to_move];
  Move* tail = moves->Tail();
  Move* write = tail;
  if (me.hand_size < kHandLimit) {
    for (int g = 0; g < kNumGoods; ++g) {
      *write = Move::Take(GoodAt(g));
      write += market[g] != 0;
    }
  }
  *write = Move::Camels();
  write += market[kCamel] != 0;
  for (int g = 0; g < kNumGoods; ++g) {
    // All the sales of this good a hand could allow, copied as one block; those
    // beyond the cards held are overwritten by the next good.
    std::memcpy(write, kSales[g].data(), sizeof(kSales[g]));
    write += std::max(0, me.hand[g] - MinimumSale(GoodAt(g)) + 1);
  }
  moves->Extend(static_cast<int>(write - tail));
  AppendExchanges(market, me, moves);
}

souk::Status State::CheckMove(const Move& move) const {
  using souk::Status;
  using Id = MessageId;
  if (game_over) return Refuse(move, Id::kGameOver);
  if (pending_draws)
    return Status::Illegal("illegal move '" + ToString(move) + "': a card is to be drawn first (a chance node)");
  const PlayerState& me = players[to_move];
  switch (move.kind) {
    case MoveKind::kTake: {
      if (move.good == Card::kCamel) return Refuse(move, Id::kCamelsTakenTogether);
      if (!market[Index(move.good)]) return Refuse(move, Id::kMarketHasNo, {{"card", std::string(CardName(move.good))}});
      if (me.hand_size >= kHandLimit) return Refuse(move, Id::kHandFull);
      return Status::Ok();
    }
    case MoveKind::kCamels:
      if (!market[kCamel]) return Refuse(move, Id::kMarketHasNo, {{"card", std::string(CardName(Card::kCamel))}});
      return Status::Ok();
    case MoveKind::kSell: {
      if (move.good == Card::kCamel) return Refuse(move, Id::kCamelsNotSold);
      int held = me.hand[Index(move.good)];
      if (move.count < 1) return Refuse(move, Id::kSaleNeedsACard);
      if (move.count > held) return Refuse(move, Id::kYouHold, CountOf(held, move.good));
      if (move.count < MinimumSale(move.good)) return Refuse(move, Id::kPreciousSaleMinimum);
      return Status::Ok();
    }
    case MoveKind::kExchange: {
      int taken = move.taken.Total(), given = move.given.Total();
      if (move.taken[kCamel]) return Refuse(move, Id::kExchangeTakesNoCamels);
      if (taken != given) return Refuse(move, Id::kExchangeBalanced);
      if (taken < 2) return Refuse(move, Id::kExchangeMinimum);
      for (int g = 0; g < kNumGoods; ++g) {
        size_t i = static_cast<size_t>(g);
        if (move.taken[i] > market[i]) return Refuse(move, Id::kMarketHas, CountOf(market[i], GoodAt(g)));
        if (move.given[i] > me.hand[i]) return Refuse(move, Id::kYouHold, CountOf(me.hand[i], GoodAt(g)));
        if (move.taken[i] && move.given[i]) return Refuse(move, Id::kTakenAndGiven);
      }
      if (move.given[kCamel] > me.herd) return Refuse(move, Id::kHerdHas, {{"count", std::to_string(me.herd)}});
      if (me.hand_size + move.given[kCamel] > kHandLimit) return Refuse(move, Id::kHandLimitAfterExchange);
      return Status::Ok();
    }
    case MoveKind::kTimeOut:
      return Status::Ok();  // the clock's, not a choice: any seat to move may run out
  }
  return Status::Error("unknown move kind");
}

bool State::Refill() {
  int missing = kMarketSize - MarketSize();
  if (explicit_chance && missing <= deck_size) {
    pending_draws = static_cast<uint8_t>(missing);
    return true;
  }
  while (missing > 0 && deck_size > 0) {
    ++market[Index(deck[--deck_size])];
    --missing;
  }
  return missing == 0;
}

bool State::PlayWithinRound(const Move& move) {
  assert(CheckMove(move).ok());
  PlayerState& me = players[to_move];
  bool round_over = false;
  switch (move.kind) {
    case MoveKind::kTake:
      --market[Index(move.good)];
      ++me.hand[Index(move.good)];
      ++me.known[Index(move.good)];
      ++me.hand_size;
      round_over = !Refill();
      break;
    case MoveKind::kCamels:
      me.herd = static_cast<uint8_t>(me.herd + market[kCamel]);
      market[kCamel] = 0;
      round_over = !Refill();
      break;
    case MoveKind::kExchange:
      for (int t = 0; t < kNumCardTypes; ++t) {
        size_t i = static_cast<size_t>(t);
        market[i] = static_cast<uint8_t>(market[i] - move.taken[i] + move.given[i]);
        if (t != kCamel) {
          me.hand[i] = static_cast<uint8_t>(me.hand[i] + move.taken[i] - move.given[i]);
          me.known[i] = static_cast<uint8_t>(std::max(0, me.known[i] - move.given[i]) + move.taken[i]);
        }
      }
      me.herd = static_cast<uint8_t>(me.herd - move.given[kCamel]);
      me.hand_size = static_cast<uint8_t>(me.hand_size + move.given[kCamel]);
      break;
    case MoveKind::kSell: {
      size_t g = static_cast<size_t>(Index(move.good));
      me.hand[g] = static_cast<uint8_t>(me.hand[g] - move.count);
      me.known[g] = static_cast<uint8_t>(std::max(0, me.known[g] - move.count));
      me.hand_size = static_cast<uint8_t>(me.hand_size - move.count);
      discard[g] = static_cast<uint8_t>(discard[g] + move.count);
      for (int i = 0; i < move.count && tokens_left[g]; ++i) {
        me.goods_tokens[me.num_goods_tokens++] = static_cast<uint8_t>(NextGoodsToken(move.good));
        --tokens_left[g];
      }
      int pile = BonusPileForSale(move.count);
      if (pile >= 0 && bonus_left[static_cast<size_t>(pile)]) {
        me.bonus_tokens[me.num_bonus_tokens++] = static_cast<uint8_t>(NextBonusToken(pile));
        --bonus_left[static_cast<size_t>(pile)];
      }
      round_over = EmptyTokenPiles() >= 3;
      break;
    }
    case MoveKind::kTimeOut:
      // The game ends here whatever the seals: the round is not scored (last_round
      // stays the previous round's) and to_move stays the seat that ran out.
      game_over = true;
      timed_out = static_cast<int8_t>(to_move);
      winner = static_cast<int8_t>(1 - to_move);
      break;
  }
  return round_over;
}

void State::ApplyMove(const Move& move) { FinishMove(PlayWithinRound(move)); }

void State::FinishMove(bool round_over) {
  if (round_over) {
    EndRound();
  } else {
    to_move ^= static_cast<uint8_t>(!game_over);  // a timeout ended the game: no one else moves
  }
}

void State::EndRound() {
  RoundResult result;
  const PlayerState& a = players[0];
  const PlayerState& b = players[1];
  if (a.herd != b.herd) result.camel_token = a.herd > b.herd ? 0 : 1;
  for (int p = 0; p < kNumPlayers; ++p) {
    const PlayerState& ps = players[static_cast<size_t>(p)];
    result.rupees[static_cast<size_t>(p)] =
        ps.GoodsRupees() + ps.BonusRupees() + (result.camel_token == p ? kCamelTokenValue : 0);
  }
  auto better = [&](int x, int y) {  // -1, 0, +1 as x compares with y
    return x == y ? 0 : (x > y ? 1 : -1);
  };
  int cmp = better(result.rupees[0], result.rupees[1]);
  if (cmp == 0) cmp = better(a.num_bonus_tokens, b.num_bonus_tokens);
  if (cmp == 0) cmp = better(a.num_goods_tokens, b.num_goods_tokens);
  if (cmp != 0) result.seal = cmp > 0 ? 0 : 1;
  last_round = result;

  if (result.seal >= 0) {
    PlayerState& sealed = players[static_cast<size_t>(result.seal)];
    ++sealed.seals;
    if (sealed.seals >= kSealsToWin) {
      game_over = true;
      winner = static_cast<int8_t>(result.seal);
      to_move = round_starter;  // no one is to move; keep a stable value
      return;
    }
    round_starter = static_cast<uint8_t>(1 - result.seal);  // the loser starts
  } else {
    round_starter ^= 1;  // full tie: the player who did not start
  }
  ++round;
  DealRound();
}

View::Purse View::RoundPurse(int player) const {
  const size_t p = static_cast<size_t>(player);
  Purse purse;
  for (int i = 0; i < num_goods_tokens[p]; ++i) purse.goods += goods_tokens[p][static_cast<size_t>(i)];
  if (player == viewer)
    for (int i = 0; i < num_bonus_tokens; ++i) purse.bonus += bonus_tokens[static_cast<size_t>(i)];
  purse.total = purse.goods + purse.bonus;
  return purse;
}

View::Purse View::FinalRoundPurse(int player) const {
  assert(game_over && last_round);
  Purse purse = RoundPurse(player);
  purse.camel = last_round->camel_token == player ? kCamelTokenValue : 0;
  purse.total = last_round->rupees[static_cast<size_t>(player)];
  purse.bonus = purse.total - purse.goods - purse.camel;
  return purse;
}

View State::ViewFor(int player) const {
  assert(player == 0 || player == 1);
  View v;
  const PlayerState& me = players[static_cast<size_t>(player)];
  const PlayerState& opp = players[static_cast<size_t>(1 - player)];
  v.viewer = player;
  v.round = round;
  v.to_move = to_move;
  v.round_starter = round_starter;
  v.game_over = game_over;
  v.winner = winner;
  v.timed_out = timed_out;
  v.explicit_chance = explicit_chance;
  v.pending_draws = pending_draws;
  v.market = market;
  v.discard = discard;
  v.deck_size = deck_size;
  v.tokens_left = tokens_left;
  v.bonus_left = bonus_left;
  v.hand = me.hand;
  for (size_t p = 0; p < kNumPlayers; ++p) {
    v.known[p] = players[p].known;
    v.herd[p] = players[p].herd;
    v.seals[p] = players[p].seals;
    v.goods_tokens[p] = players[p].goods_tokens;
    v.num_goods_tokens[p] = players[p].num_goods_tokens;
  }
  v.bonus_tokens = me.bonus_tokens;
  v.num_bonus_tokens = me.num_bonus_tokens;
  v.opponent.hand_size = opp.hand_size;
  for (int i = 0; i < opp.num_bonus_tokens; ++i)
    ++v.opponent.bonus_counts[static_cast<size_t>(BonusPileOfValue(opp.bonus_tokens[static_cast<size_t>(i)]))];
  v.last_round = last_round;
  return v;
}

void State::RandomizeHidden(int observer, Prng& prng) {
  PlayerState& opp = players[static_cast<size_t>(1 - observer)];
  // Opponent hand + deck.
  std::array<Card, kNumCards> pool;  // the first n written
  size_t n = deck_size;
  std::copy(deck.begin(), deck.begin() + n, pool.begin());
  for (int g = 0; g < kNumGoods; ++g)
    for (int i = opp.known[static_cast<size_t>(g)]; i < opp.hand[static_cast<size_t>(g)]; ++i) pool[n++] = GoodAt(g);
  // Sorted first, so that the deal depends only on the observer's view and the
  // PRNG, not on the order the hidden cards happened to be in (a game review's
  // result must not tell two worlds the reviewed player could not tell apart).
  std::sort(pool.begin(), pool.begin() + static_cast<ptrdiff_t>(n));
  // A hand holds goods only: after a shuffle, the first goods form a uniform
  // unknown part of the hand, and the rest, shuffled again, a uniform deck.
  prng.Shuffle(pool.data(), n);
  GoodsFirst(&pool, n);
  opp.hand = opp.known;
  size_t unknown = static_cast<size_t>(opp.hand_size - Sum(opp.known));
  for (size_t i = 0; i < unknown; ++i) ++opp.hand[Index(pool[i])];
  prng.Shuffle(pool.data() + unknown, n - unknown);
  std::copy(pool.begin() + static_cast<ptrdiff_t>(unknown), pool.begin() + static_cast<ptrdiff_t>(n), deck.begin());

  // Unseen bonus tokens: the piles plus the opponent's, pile by pile.
  std::array<uint8_t, kNumBonusPiles> opp_counts{};
  for (int i = 0; i < opp.num_bonus_tokens; ++i)
    ++opp_counts[static_cast<size_t>(BonusPileOfValue(opp.bonus_tokens[static_cast<size_t>(i)]))];
  std::array<std::array<uint8_t, 7>, kNumBonusPiles> unseen{};
  std::array<size_t, kNumBonusPiles> unseen_n{};
  for (size_t p = 0; p < kNumBonusPiles; ++p)
    for (int i = 0; i < bonus_left[p]; ++i) unseen[p][unseen_n[p]++] = bonus[p][static_cast<size_t>(i)];
  for (int i = 0; i < opp.num_bonus_tokens; ++i) {
    uint8_t v = opp.bonus_tokens[static_cast<size_t>(i)];
    size_t p = static_cast<size_t>(BonusPileOfValue(v));
    unseen[p][unseen_n[p]++] = v;
  }
  for (size_t p = 0; p < kNumBonusPiles; ++p) {
    std::sort(unseen[p].begin(), unseen[p].begin() + static_cast<ptrdiff_t>(unseen_n[p]));
    prng.Shuffle(unseen[p].data(), unseen_n[p]);
  }
  std::array<size_t, kNumBonusPiles> used{};
  for (int i = 0; i < opp.num_bonus_tokens; ++i) {
    size_t p = static_cast<size_t>(BonusPileOfValue(opp.bonus_tokens[static_cast<size_t>(i)]));
    opp.bonus_tokens[static_cast<size_t>(i)] = unseen[p][used[p]++];
  }
  for (size_t p = 0; p < kNumBonusPiles; ++p)
    for (int i = 0; i < bonus_left[p]; ++i) bonus[p][static_cast<size_t>(i)] = unseen[p][used[p]++];
  rng = prng.Next();
}

State State::FromView(const View& view, Prng& prng) {
  const int me = view.viewer, them = 1 - view.viewer;
  State s;
  s.round = static_cast<uint32_t>(view.round);
  s.to_move = static_cast<uint8_t>(view.to_move);
  s.round_starter = static_cast<uint8_t>(view.round_starter);
  s.game_over = view.game_over;
  s.winner = static_cast<int8_t>(view.winner);
  s.timed_out = static_cast<int8_t>(view.timed_out);
  s.explicit_chance = view.explicit_chance;
  s.pending_draws = static_cast<uint8_t>(view.pending_draws);
  s.market = view.market;
  s.discard = view.discard;
  s.tokens_left = view.tokens_left;
  s.bonus_left = view.bonus_left;
  s.last_round = view.last_round;
  for (size_t p = 0; p < kNumPlayers; ++p) {
    PlayerState& ps = s.players[p];
    ps.known = view.known[p];
    ps.herd = view.herd[p];
    ps.seals = view.seals[p];
    ps.goods_tokens = view.goods_tokens[p];
    ps.num_goods_tokens = view.num_goods_tokens[p];
  }
  PlayerState& mine = s.players[static_cast<size_t>(me)];
  PlayerState& opp = s.players[static_cast<size_t>(them)];
  mine.hand = view.hand;
  mine.hand_size = static_cast<uint8_t>(Sum(view.hand));
  mine.bonus_tokens = view.bonus_tokens;
  mine.num_bonus_tokens = view.num_bonus_tokens;
  opp.hand_size = view.opponent.hand_size;

  // Unseen cards: all but the market, the discard, the herds, the viewer's hand and
  // the opponent's known cards. Goods first deal the opponent's unknown cards.
  CardCounts unseen{};
  for (int t = 0; t < kNumCardTypes; ++t) {
    int n = kCardsPerType[t] - view.market[t] - view.discard[t] - view.hand[t] - view.known[them][t];
    if (t == kCamel) n -= view.herd[0] + view.herd[1];
    unseen[t] = static_cast<uint8_t>(std::max(0, n));
  }
  std::array<Card, kNumCards> pool{};
  size_t n = 0;
  for (int t = 0; t < kNumCardTypes; ++t)
    for (int i = 0; i < unseen[t]; ++i) pool[n++] = static_cast<Card>(t);
  prng.Shuffle(pool.data(), n);
  GoodsFirst(&pool, n);
  opp.hand = opp.known;
  size_t unknown = static_cast<size_t>(std::max(0, opp.hand_size - Sum(opp.known)));
  for (size_t i = 0; i < unknown && i < n; ++i) ++opp.hand[Index(pool[i])];
  std::array<Card, kNumCards> rest{};
  size_t r = 0;
  for (size_t i = unknown; i < n; ++i) rest[r++] = pool[i];
  prng.Shuffle(rest.data(), r);
  s.deck_size = static_cast<uint8_t>(std::min<size_t>(r, static_cast<size_t>(view.deck_size)));
  for (size_t i = 0; i < s.deck_size; ++i) s.deck[i] = rest[i];

  // Unseen bonus tokens: each pile's values but the viewer's own, shared at random
  // between what is left of the pile and the opponent's tokens from it.
  for (size_t p = 0; p < kNumBonusPiles; ++p) {
    std::array<uint8_t, 7> values{};
    size_t count = 0;
    std::array<int, 11> mine_by_value{};
    for (int i = 0; i < view.num_bonus_tokens; ++i) ++mine_by_value[view.bonus_tokens[static_cast<size_t>(i)]];
    for (int i = 0; i < kBonusTokensPerPile[p]; ++i) {
      uint8_t v = kBonusTokenValues[p][static_cast<size_t>(i)];
      if (mine_by_value[v] > 0) {
        --mine_by_value[v];
      } else {
        values[count++] = v;
      }
    }
    prng.Shuffle(values.data(), count);
    size_t used = 0;
    for (int i = 0; i < view.opponent.bonus_counts[p] && used < count; ++i)
      opp.bonus_tokens[opp.num_bonus_tokens++] = values[used++];
    for (int i = 0; i < view.bonus_left[p] && used < count; ++i) s.bonus[p][static_cast<size_t>(i)] = values[used++];
  }
  s.rng = prng.Next();
  return s;
}

souk::Status State::Validate() const {
  using souk::Status;
  auto fail = [](const std::string& what) { return Status::Error(what); };
  if (round < 1 || round > kMaxRound) return fail("round: must be from 1 to " + std::to_string(kMaxRound));
  if (to_move > 1) return fail("to_move: must be 0 or 1");
  if (round_starter > 1) return fail("round_starter: must be 0 or 1");
  if (game_over != (winner >= 0)) return fail("winner: must be set exactly when the game is over");
  if (winner > 1) return fail("winner: must be 0 or 1");
  if (timed_out < -1 || timed_out > 1) return fail("timed_out: must be 0, 1 or -1");
  if (timed_out >= 0 && !game_over) return fail("timed_out: set but the game goes on");
  if (timed_out >= 0 && winner != 1 - timed_out) return fail("timed_out: the winner is the other seat");
  if (timed_out >= 0 && to_move != timed_out) return fail("timed_out: the seat that ran out of time was to move");
  // A game ended by the clock ended within a round: that round was never scored.
  const bool scored_end = game_over && timed_out < 0;
  if (deck_size > kNumCards) return fail("deck: too many cards");
  for (int i = 0; i < deck_size; ++i)
    if (Index(deck[i]) >= kNumCardTypes) return fail("deck: a card of no known type");
  if (last_round.has_value() != (round > 1 || scored_end))
    return fail("last_round: must be set exactly when a round has been scored");
  if (last_round) {
    if (last_round->camel_token < -1 || last_round->camel_token > 1) return fail("last_round.camel_token: must be 0, 1 or null");
    if (last_round->seal < -1 || last_round->seal > 1) return fail("last_round.seal: must be 0, 1 or null");
    if (scored_end && last_round->seal != winner) return fail("last_round.seal: the game's last round was won by its winner");
  }
  int seals = players[0].seals + players[1].seals;
  if (static_cast<uint32_t>(seals) > round - (scored_end ? 0 : 1))
    return fail("seals: more seals than rounds scored");

  CardCounts cards = market;
  for (int t = 0; t < kNumCardTypes; ++t) cards[t] = static_cast<uint8_t>(cards[t] + discard[t]);
  for (int i = 0; i < deck_size; ++i) ++cards[Index(deck[i])];
  for (int p = 0; p < kNumPlayers; ++p) {
    const PlayerState& ps = players[p];
    const std::string where = "players[" + std::to_string(p) + "]";
    if (ps.hand[kCamel]) return fail(where + ".hand: camels belong in the herd");
    if (ps.hand_size != Sum(ps.hand)) return fail(where + ".hand: size does not match its cards");
    if (ps.hand_size > kHandLimit) return fail(where + ".hand: more than 7 goods");
    for (int t = 0; t < kNumCardTypes; ++t)
      if (ps.known[t] > ps.hand[t]) return fail(where + ".known: cards that are not in the hand");
    if (ps.num_goods_tokens > kNumGoodsTokens) return fail(where + ".goods_tokens: more than 38");
    if (ps.num_bonus_tokens > kNumBonusTokens) return fail(where + ".bonus_tokens: more than 18");
    for (int t = 0; t < kNumGoods; ++t) cards[t] = static_cast<uint8_t>(cards[t] + ps.hand[t]);
    cards[kCamel] = static_cast<uint8_t>(cards[kCamel] + ps.herd);
    if (ps.seals > kSealsToWin) return fail(where + ".seals: more than 2");
    if (ps.seals == kSealsToWin && (winner != p || timed_out >= 0)) return fail(where + ".seals: 2 seals but not the winner");
  }
  if (scored_end && players[winner].seals != kSealsToWin) return fail("winner: does not hold 2 seals");
  for (int t = 0; t < kNumCardTypes; ++t) {
    if (cards[t] != kCardsPerType[t])
      return fail("cards: " + std::to_string(cards[t]) + " " + std::string(CardName(static_cast<Card>(t))) +
                  " in play, the game has " + std::to_string(kCardsPerType[t]));
  }
  int market_size = MarketSize();
  if (pending_draws) {
    if (!explicit_chance) return fail("pending_draws: cards are drawn by chance only with explicit_chance");
    if (game_over) return fail("pending_draws: the game is over");
    if (pending_draws > kCardsDealt || pending_draws > deck_size)
      return fail("pending_draws: more than the deal draws or the deck holds");
    // A refill, or a deal's last cards, fill the market; a deal's first ten find it at
    // its three camels.
    const bool dealing_hands = pending_draws > kMarketSize - kCamelsInStartingMarket;
    if (market_size + pending_draws != kMarketSize && !(dealing_hands && market_size == kCamelsInStartingMarket))
      return fail("market: " + std::to_string(market_size) + " cards and " + std::to_string(pending_draws) +
                  " to draw do not make a market");
  } else if (market_size > kMarketSize || (!scored_end && market_size != kMarketSize)) {
    return fail("market: must hold 5 cards during a round, has " + std::to_string(market_size));
  }

  // Goods tokens: what is left on each pile plus the players' tokens must be the 38 tokens.
  std::array<int, 8> value_count{};  // by value 0..7
  for (int g = 0; g < kNumGoods; ++g) {
    if (tokens_left[g] > kTokensPerGood[g]) return fail("token_piles: too many " + std::string(CardName(GoodAt(g))) + " tokens");
    for (int i = 0; i < kTokensPerGood[g]; ++i) ++value_count[kGoodsTokenValues[g][i]];
  }
  for (int g = 0; g < kNumGoods; ++g)
    for (int i = kTokensPerGood[g] - tokens_left[g]; i < kTokensPerGood[g]; ++i) --value_count[kGoodsTokenValues[g][i]];
  for (const PlayerState& ps : players)
    for (int i = 0; i < ps.num_goods_tokens; ++i) {
      uint8_t v = ps.goods_tokens[i];
      if (v >= value_count.size() || --value_count[v] < 0)
        return fail("goods_tokens: a token of value " + std::to_string(v) + " that is not in the game");
    }
  for (int c : value_count)
    if (c != 0) return fail("goods_tokens: the 38 goods tokens are not all accounted for");
  if (!scored_end && EmptyTokenPiles() >= 3) return fail("token_piles: three piles are empty but the round goes on");

  // Bonus tokens, pile by pile.
  std::array<std::array<int, 11>, kNumBonusPiles> bonus_count{};
  for (int p = 0; p < kNumBonusPiles; ++p) {
    if (bonus_left[p] > kBonusTokensPerPile[p]) return fail("bonus_piles: too many tokens in pile " + std::to_string(p + 3));
    for (int i = 0; i < kBonusTokensPerPile[p]; ++i) ++bonus_count[p][kBonusTokenValues[p][i]];
    for (int i = 0; i < bonus_left[p]; ++i) {
      uint8_t v = bonus[p][i];
      if (v > 10 || BonusPileOfValue(v) != p || --bonus_count[p][v] < 0)
        return fail("bonus_piles: pile " + std::to_string(p + 3) + " holds a token of value " + std::to_string(v) + " it does not have");
    }
  }
  for (const PlayerState& ps : players)
    for (int i = 0; i < ps.num_bonus_tokens; ++i) {
      uint8_t v = ps.bonus_tokens[i];
      if (v == 0 || v > 10 || v == 7 || --bonus_count[BonusPileOfValue(v)][v] < 0)
        return fail("bonus_tokens: a token of value " + std::to_string(v) + " that is not in the game");
    }
  for (const auto& pile : bonus_count)
    for (int c : pile)
      if (c != 0) return fail("bonus_tokens: the 18 bonus tokens are not all accounted for");
  return Status::Ok();
}

}  // namespace souk::jaipur
