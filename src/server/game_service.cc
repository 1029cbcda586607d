#include "server/game_service.h"

#include <algorithm>
#include <tuple>
#include <utility>

#include "format/record.h"
#include "server/game_internal.h"
#include "server/names.h"
#include "server/ratings/game_ratings.h"
#include "server/server_log.h"
#include "server/server_metrics.h"
#include "server/tokens.h"

namespace souk::server {
namespace {

constexpr int64_t kMaxBotIterations = 200000;
constexpr int kMaxBotTimeMs = 5000;
constexpr int kMaxBotThreads = 2;

// The game's seed is a secret like the deck it orders: drawn here, never sent.
uint64_t SecretSeed() {
  uint64_t seed = 0;
  for (char c : NewSecret().substr(0, 16)) seed = seed << 4 | static_cast<uint64_t>(c <= '9' ? c - '0' : c - 'a' + 10);
  return seed;
}

// The options with their clock: the system's unless a test gave one.
ServiceOptions WithClock(ServiceOptions options) {
  if (!options.now_ms) options.now_ms = NowMs;
  return options;
}

}  // namespace

Status CheckCanonical(const std::vector<std::string>& legal, const std::string& move) {
  if (std::binary_search(legal.begin(), legal.end(), move)) return Status::Ok();
  return Status::Coded(ErrorCode::kNotCanonical,
                       "move '" + move + "': not in canonical text (as the list of legal moves writes it)");
}

GameService::GameService(Store& store, const ServiceOptions& options)
    : store_(store),
      options_(WithClock(options)),
      bot_memory_(options.bot_memory_bytes, std::max(1, options.bot_threads) + std::max(0, options.quick_bot_threads)),
      scheduler_(options.bot_threads, std::max(0, options.quick_bot_threads), options.bot_nice),
      holdings_(options.max_games, options.max_games_per_client, AbandonRule(options)),
      health_(store, options_.now_ms) {
  if (options_.sweep_every_ms > 0) sweeper_.Start(options_.sweep_every_ms, [this] { SweepIdle(Now()); });
  if (options_.flag_every_ms > 0) flagger_.Start(options_.flag_every_ms, [this] { FlagOverdue(Now()); });
  if (store_.Shared()) {
    store_.Watch([this](const StoreChange& change) { OnStoreChange(change); });
    if (options_.follow_every_ms > 0) follower_.Start(options_.follow_every_ms, [this] { Follow(Now()); });
  }
}

GameService::GameService(Store& store, int bot_threads)
    : GameService(store, [bot_threads] {
        ServiceOptions options;
        options.bot_threads = bot_threads;
        return options;
      }()) {}

GameService::~GameService() { StopBots(); }

void GameService::StopBots() {
  // Other instances' changes first: they schedule bots and tell listeners.
  store_.StopWatching();
  follower_.Stop();
  sweeper_.Stop();
  flagger_.Stop();
  hints_.Stop();
  scheduler_.Stop();
  // The bots' turns this instance held go to the others at once, not after their lease.
  (void)store_.ReleaseBotTurns(bot_turns_here_.Games());
}

std::shared_ptr<GameService::Game> GameService::FindInMemory(const std::string& id) {
  std::lock_guard lock(games_mutex_);
  auto it = games_.find(id);
  return it == games_.end() ? nullptr : it->second;
}

Result<std::shared_ptr<GameService::Game>> GameService::Find(const std::string& id) {
  std::shared_ptr<Game> found = FindInMemory(id);
  if (!found) {
    // A finished or abandoned game, from before a restart or gone from memory: read
    // back for its record. "no game" if the store has none; the store failing to
    // read is its failure ("unavailable"), never the request's.
    auto stored = store_.LoadGame(id);
    if (!stored.ok()) return stored.status();
    auto game = Load(std::move(*stored));
    if (!game.ok()) return game.status();
    bool inserted = false;
    {
      std::lock_guard lock(games_mutex_);
      std::tie(std::ignore, inserted) = games_.emplace(id, *game);
      found = games_.at(id);
    }
    if (inserted) {
      std::lock_guard lock(found->mutex);
      CountLocked(*found);
      WatchClockLocked(*found);
      // A game in play another instance made (or took over from one that died): its
      // bot plays here if no instance holds its turn.
      ScheduleBotLocked(found);
    }
  }
  found->last_access_ms = Now();
  return found;
}

Result<std::shared_ptr<GameService::Game>> GameService::Load(StoredGame stored) {
  auto game = std::make_shared<Game>();
  game->stored = std::move(stored);
  GameRecord record;
  record.options = game->stored.options;
  record.moves = game->stored.moves;
  auto state = souk::Replay(record);
  if (!state.ok()) return Status::Internal("game " + game->stored.id + ": " + state.message());
  game->state = std::move(*state);
  auto clock = ReplayClock(game->stored);
  if (!clock.ok()) return Status::Internal("game " + game->stored.id + ": clock: " + clock.message());
  game->clock = *clock;
  game->client = ClientKey(game->stored.client);
  game->abandoned = game->stored.abandoned;
  game->last_access_ms = Now();
  for (size_t seat = 0; seat < game->stored.seats.size(); ++seat) {
    const std::string& player = game->stored.seats[seat].player;
    auto spec = ai::ParseBotSpec(player);
    game->lanes.push_back(spec.ok() ? LaneOf(game->stored.options.game, *spec)
                                    : IsEngine(player) ? BotLane::kHeavy : BotLane::kQuick);
    if (player == "human" || game->state->is_over() || game->abandoned) {
      game->bots.push_back(nullptr);
      continue;
    }
    auto bot = MakeSeatBot(game->stored.options.game, player, BotSeed(game->stored.id, static_cast<int>(seat)));
    if (!bot.ok()) return Status::Internal("game " + game->stored.id + ": seat " + std::to_string(seat) + ": " + bot.message());
    game->bots.push_back(bot_memory_.Adopt(std::move(*bot)));
  }
  return game;
}

Status GameService::Restore() {
  auto stored = store_.LoadUnfinished();
  if (!stored.ok()) return stored.status();
  for (StoredGame& s : *stored) {
    auto game = Load(std::move(s));
    if (!game.ok()) return game.status();
    std::shared_ptr<Game> g = *game;
    {
      std::lock_guard lock(games_mutex_);
      games_[g->stored.id] = g;
    }
    std::lock_guard lock(g->mutex);
    CountLocked(*g);
    WatchClockLocked(*g);  // a seat whose time ran out while the server was down is found at once
    // A crash between a move and the chance outcome it led to: draw it now (the
    // game's PRNG gives the same one).
    if (Status st = PlayChanceLocked(*g); !st.ok()) return st;
    ScheduleBotLocked(g);
  }
  server_log::Write(server_log::Level::kInfo, "games_restored",
                    std::to_string(stored->size()) + " games in play read back from the store",
                    {server_log::Number("games", static_cast<double>(stored->size()))});
  return Status::Ok();
}

void GameService::UseSeedsFrom(uint64_t first) {
  std::lock_guard lock(games_mutex_);
  next_test_seed_ = first;
}

Result<Created> GameService::Create(const CreateRequest& request) {
  uint64_t seed = 0;
  {
    std::lock_guard lock(games_mutex_);
    seed = next_test_seed_ ? (*next_test_seed_)++ : SecretSeed();
  }
  GameOptions options{request.game, seed, request.players, request.variant};
  auto fresh = NewGame(options);
  if (!fresh.ok()) return fresh.status();
  const int n = (*fresh)->num_players();
  if (static_cast<int>(request.seats.size()) != n)
    return Status::Error("seats: " + std::to_string(request.seats.size()) + " given for a game of " +
                         std::to_string(n) + " players");
  const bool all_held = std::all_of(request.seats.begin(), request.seats.end(), [](const SeatRequest& r) {
    return r.player != "human" || !r.token_hash.empty();
  });
  if (request.creator_seat == -1 ? !all_held
                                 : request.creator_seat < 0 || request.creator_seat >= n ||
                                       request.seats[static_cast<size_t>(request.creator_seat)].player != "human")
    return Status::Error("creator_seat: must be one of the human seats");
  if (request.rated) {
    const bool signed_in = request.creator_seat == -1
                               ? std::all_of(request.seats.begin(), request.seats.end(),
                                             [](const SeatRequest& r) { return r.account_id != 0; })
                               : request.account_id != 0;
    if (!signed_in) return Status::Coded(ErrorCode::kNotSignedIn, "rated: a rated game needs you signed in");
    if (options_.ratings == nullptr) return Status::Coded(ErrorCode::kNotRateable, "rated: this server keeps no ratings");
    std::vector<std::string> players;
    for (const SeatRequest& r : request.seats) players.push_back(r.player);
    if (Status rateable = ratings::CheckRateable(request.game, players); !rateable.ok()) return rateable;
  }
  StoredGame stored;
  stored.id = request.game_id.empty() ? NewGameId() : request.game_id;
  stored.options = options;
  stored.options.players = n;
  stored.client = request.client;
  stored.rated = request.rated;
  stored.clock = request.clock;
  stored.created_ms = stored.updated_ms = Now();
  Created created;
  created.game_id = stored.id;
  created.seat = request.creator_seat;
  for (int seat = 0; seat < n; ++seat) {
    const SeatRequest& r = request.seats[static_cast<size_t>(seat)];
    auto name = CheckName(r.name, "seats[" + std::to_string(seat) + "].name");
    if (!name.ok()) return name.status();
    StoredSeat s{r.player, "", "", *name};
    if (IsEngine(r.player)) {
      // Only an engine the operator listed: the factory knows those alone, and never
      // starts a program a client names.
      auto engine = options_.make_engine ? options_.make_engine(request.game, r.player, 0)
                                         : Result<std::unique_ptr<ai::Bot>>(Status::Error("this server runs no engines"));
      if (!engine.ok()) return Status::Error("seats[" + std::to_string(seat) + "].player: " + engine.message());
    } else if (r.player != "human") {
      auto spec = ai::ParseBotSpec(r.player);
      if (!spec.ok()) return Status::Error("seats[" + std::to_string(seat) + "].player: " + spec.message());
      // Anyone may create a game: a bot's budget is bounded, or one request could
      // keep every bot worker busy for hours.
      if (spec->iterations > kMaxBotIterations || ai::LongestMoveMs(*spec) > kMaxBotTimeMs || spec->threads > kMaxBotThreads)
        return Status::Error("seats[" + std::to_string(seat) + "].player: at most " + std::to_string(kMaxBotIterations) +
                             " iterations, " + std::to_string(kMaxBotTimeMs) + " ms and " +
                             std::to_string(kMaxBotThreads) + " threads on this server");
    } else if (!r.token_hash.empty()) {
      s.token_hash = r.token_hash;
      s.account_id = r.account_id;
    } else if (seat == request.creator_seat) {
      created.token = NewSecret();
      s.token_hash = HashSecret(created.token);
      if (request.account_id != 0) {
        s.account_id = request.account_id;
        s.name = request.account_name;
      }
    } else {
      std::string invite = NewSecret();
      s.invite_hash = HashSecret(invite);
      created.invites.emplace_back(seat, invite);
    }
    stored.seats.push_back(std::move(s));
  }
  std::vector<std::string> taken;
  for (const StoredSeat& s : stored.seats) taken.push_back(s.name);
  const uint64_t pick = SecretSeed();
  for (StoredSeat& s : stored.seats) {
    if (s.player == "human" || !s.name.empty()) continue;
    s.name = BotName(taken, pick);
    taken.push_back(s.name);
  }
  // A place among the games in play, given back if the game is not made after all.
  const std::string client = ClientKey(request.client);
  if (Status place = holdings_.Take(client); !place.ok()) return place;
  auto give_back = [&] { holdings_.GiveBack(client); };
  auto game = Load(stored);
  if (!game.ok()) {
    give_back();
    return game.status();
  }
  if (Status st = health_.Wrote(store_.CreateGame(stored)); !st.ok()) {
    give_back();
    return st;
  }
  std::shared_ptr<Game> g = *game;
  g->in_play = true;
  {
    std::lock_guard lock(games_mutex_);
    games_[g->stored.id] = g;
  }
  std::lock_guard lock(g->mutex);
  PlayChanceLocked(*g);  // retried on the next move or view if it cannot be stored now
  ScheduleBotLocked(g);
  return created;
}

Result<int> GameService::SeatOf(const std::string& game_id, const std::string& token) {
  auto found = Find(game_id);
  if (!found.ok()) return found.status();
  std::shared_ptr<Game> g = *found;
  if (token.empty()) return -1;
  const std::string hash = HashSecret(token);
  Notice notice;  // told once the lock is released
  std::lock_guard lock(g->mutex);
  const uint64_t version = g->version;
  for (int attempt = 0; attempt < 2; ++attempt) {
    for (size_t seat = 0; seat < g->stored.seats.size(); ++seat)
      if (!g->stored.seats[seat].token_hash.empty() && SameHash(g->stored.seats[seat].token_hash, hash))
        return static_cast<int>(seat);
    // The seat may have been taken through another instance a moment ago.
    if (attempt > 0 || !store_.Shared() || !CatchUpLocked(*g).ok()) break;
    if (g->version != version) notice = NotifyLocked(*g);
  }
  return Status::PermissionDenied("token: not a seat of game " + game_id);
}

Result<Snapshot> GameService::View(const std::string& game_id, int seat) {
  auto found = Find(game_id);
  if (!found.ok()) return found.status();
  std::shared_ptr<Game> g = *found;
  Notice notice;  // told once the lock is released
  std::lock_guard lock(g->mutex);
  const uint64_t version = g->version;
  PlayChanceLocked(*g);  // one that could not be stored before
  if (g->version != version) notice = NotifyLocked(*g);
  return Snapshot{SnapshotLocked(*g, seat)};
}

Status GameService::Move(const std::string& game_id, int seat, const std::string& move) {
  auto found = Find(game_id);
  if (!found.ok()) return found.status();
  std::shared_ptr<Game> g = *found;
  Notice notice;  // told once the lock is released, before returning
  std::lock_guard lock(g->mutex);
  const uint64_t version = g->version;
  Status played = MoveLocked(g, seat, move);
  // The move, the roll it led to, and what another instance stored first, all told.
  if (g->version != version) notice = NotifyLocked(*g);
  return played;
}

Status GameService::MoveLocked(const std::shared_ptr<Game>& g, int seat, const std::string& move) {
  // Judged on the game as it is: on a shared store, a refusal is judged again once the
  // moves another instance stored a moment ago are read back, and so is a move another
  // instance stored first at the same index. As on one server, the second of two
  // same moves is then "not your turn".
  bool caught_up = !store_.Shared();
  for (int attempt = 0;; ++attempt) {
    Status verdict;
    if (g->abandoned) {
      verdict = AbandonedError(g->stored.id);
    } else if (verdict = PlayChanceLocked(*g); !verdict.ok()) {
      return verdict;
    } else if (g->state->is_over()) {
      verdict = Status::Coded(ErrorCode::kGameOver, "the game is over");
    } else if (const int to_move = g->state->current_player(); seat < 0 || to_move != seat) {
      verdict = Status::Coded(ErrorCode::kNotYourTurn, "not your turn: seat " + std::to_string(to_move) + " is to move");
    } else {
      verdict = ApplyLocked(*g, move);
      if (verdict.ok()) break;
      if (verdict.error_code() == ErrorCode::kOutOfTime) {
        // Too late: the seat's turn ends now, as the clock's watch would have ended it.
        FlagLocked(*g, Now());
        return verdict;
      }
      if (verdict.code() == StatusCode::kAborted && attempt < 3) continue;  // caught up: judge again
    }
    if (verdict.code() == StatusCode::kUnavailable || caught_up) return verdict;
    caught_up = true;
    if (Status read = CatchUpLocked(*g); !read.ok()) return verdict;
  }
  // The move is stored and played. A die roll that cannot be stored now is drawn
  // again (the same one) on the game's next move or view.
  PlayChanceLocked(*g);
  ScheduleBotLocked(g);
  return Status::Ok();
}

Status GameService::ApplyLocked(Game& g, const std::string& move, bool timeout) {
  const int64_t now = Now();
  const int mover = g.state->current_player();
  std::unique_ptr<GameState> next = g.state->Clone();
  if (timeout) {
    if (Status applied = next->Apply(move); !applied.ok()) return Status::Internal("timeout: " + applied.message());
  } else if (move == kTimeOutMove) {
    // The rules take it (records replay it), but it is the clock's to play, never a player's.
    return Status::Coded(ErrorCode::kIllegalMove, "illegal move 'timeout': only the game's clock plays it");
  } else {
    const std::vector<std::string> legal = g.state->LegalMoves();
    // Whatever the engine says of a move a player sent, the game refuses it.
    Status applied = next->Apply(move);
    if (!applied.ok()) return applied.AsKind(StatusCode::kIllegalMove);
    if (Status canonical = CheckCanonical(legal, move); !canonical.ok()) return canonical;
  }
  if (g.stored.clock.has_clock()) {
    clock::GameClock trial = g.clock;  // the game's changes once the move is stored
    if (Status in_time = TellClock(trial, g.stored.clock, mover, *next, timeout, now); !in_time.ok()) return in_time;
  }
  if (Status st = health_.Wrote(store_.AppendMove(g.stored.id, g.stored.moves.size(), move, next->is_over(), now,
                                          BotToMove(g, *next)));
      !st.ok()) {
    // Another instance stored a move at this index first: this copy is behind. Read
    // back, the caller judges its move again on the game as it is.
    if (st.code() == StatusCode::kAborted) {
      if (Status read = CatchUpLocked(g); !read.ok()) return read;
      return st;
    }
    // A bot's move, or the die, is tried again by the sweep once the store writes.
    if (st.code() == StatusCode::kUnavailable) g.stalled = true;
    return st.Prefixed("the move could not be stored, and was not played: ");
  }
  server_metrics::MoveStored(g.state->game());
  PlayedLocked(g, std::move(next), move, now);
  if (const int to_move = g.state->current_player(); options_.on_turn && to_move >= 0 && to_move != mover &&
      g.stored.clock.kind == clock::TimeControl::Kind::kTurnBased && !g.state->is_over() &&
      static_cast<size_t>(to_move) < g.stored.seats.size() && g.stored.seats[static_cast<size_t>(to_move)].account_id != 0)
    options_.on_turn(g.stored.id, g.stored.seats[static_cast<size_t>(to_move)].account_id, to_move);
  // The instance that stored the last move rates the game; the others only hear of it.
  if (g.state->is_over()) RateLocked(g);
  return Status::Ok();
}

void GameService::PlayedLocked(Game& g, std::unique_ptr<GameState> next, const std::string& move, int64_t at_ms) {
  // Stored: the record, the clocks and the state move together, whatever happens next.
  const int mover = g.state->current_player();
  g.stored.moves.push_back(move);
  g.stored.move_ms.push_back(at_ms);
  g.stored.updated_ms = Now();
  ++g.version;
  // Judged in time where it arrived (here, or on the instance that stored it).
  (void)TellClock(g.clock, g.stored.clock, mover, *next, move == kTimeOutMove, at_ms);
  g.state = std::move(next);
  WatchClockLocked(g);
  NoteFreshEvents(g);
  if (g.state->is_over()) {
    for (auto& bot : g.bots) bot.reset();
    UncountLocked(g);
  }
}

bool GameService::BotToMove(const Game& g, const GameState& s) const {
  if (s.is_over() || g.abandoned) return false;
  const int p = s.current_player();
  return p >= 0 && static_cast<size_t>(p) < g.bots.size() && g.bots[static_cast<size_t>(p)] != nullptr;
}

Status GameService::PlayChanceLocked(Game& g) {
  int races = 0;
  while (!g.abandoned && !g.state->is_over() && g.state->current_player() == GameState::kChance) {
    Status st = ApplyLocked(g, g.state->SampleChance());
    // Another instance drew it first (the same roll: the game's PRNG), and this copy
    // has caught up.
    if (st.code() == StatusCode::kAborted && ++races < 3) continue;
    if (!st.ok()) return st;
  }
  return Status::Ok();
}

}  // namespace souk::server
