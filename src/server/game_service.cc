#include "server/game_service.h"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <tuple>
#include <utility>

#include "format/record.h"
#include "server/game_internal.h"
#include "server/names.h"
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

// What plays an engine's seat once the engine has failed in a game.
constexpr const char* kEngineFallbackBot = "medium";

bool IsEngine(std::string_view player) { return player.starts_with("engine:"); }

uint64_t BotSeed(const std::string& game_id, int seat) {
  uint64_t h = 1469598103934665603ULL;  // FNV-1a: a stable seed per game and seat
  for (char c : game_id) h = (h ^ static_cast<uint8_t>(c)) * 1099511628211ULL;
  return h ^ (static_cast<uint64_t>(seat) * 0x9e3779b97f4a7c15ULL);
}

// The record holds canonical text only: the same move in any other spelling is
// refused rather than rewritten, so what a client sent is what is stored (and what
// describing the move reads: "sell 1 leathers" names no token pile).
Status CheckCanonical(const std::vector<std::string>& legal, const std::string& move) {
  if (std::binary_search(legal.begin(), legal.end(), move)) return Status::Ok();
  return Status::Coded(ErrorCode::kNotCanonical,
                       "move '" + move + "': not in canonical text (as the list of legal moves writes it)");
}

}  // namespace

GameService::GameService(Store& store, const ServiceOptions& options)
    : store_(store),
      options_(options),
      bot_memory_(options.bot_memory_bytes, std::max(1, options.bot_threads) + std::max(0, options.quick_bot_threads)),
      scheduler_(options.bot_threads, std::max(0, options.quick_bot_threads), options.bot_nice),
      holdings_(options.max_games, options.max_games_per_client, AbandonRule(options)),
      health_(store) {
  if (options_.sweep_every_ms > 0) sweeper_.Start(options_.sweep_every_ms, [this] { SweepIdle(NowMs()); });
  if (store_.Shared()) {
    store_.Watch([this](const StoreChange& change) { OnStoreChange(change); });
    if (options_.follow_every_ms > 0) follower_.Start(options_.follow_every_ms, [this] { Follow(NowMs()); });
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
  hints_.Stop();
  scheduler_.Stop();
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
      // A game in play another instance made (or took over from one that died): its
      // bot plays here if no instance holds its turn.
      ScheduleBotLocked(found);
    }
  }
  found->last_access_ms = NowMs();
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
  game->client = ClientKey(game->stored.client);
  game->abandoned = game->stored.abandoned;
  game->last_access_ms = NowMs();
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

Result<std::unique_ptr<ai::Bot>> GameService::MakeSeatBot(std::string_view game, const std::string& player,
                                                          uint64_t seed) const {
  if (!IsEngine(player)) return ai::MakeBot(game, player, seed);
  if (options_.make_engine) {
    auto engine = options_.make_engine(game, player, seed);
    if (engine.ok()) return engine;
  }
  std::fprintf(stderr, "souk serve: %s is not one of this server's engines now; the %s bot plays its seat\n",
               player.c_str(), kEngineFallbackBot);
  return ai::MakeBot(game, kEngineFallbackBot, seed);
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
    // A crash between a move and the chance outcome it led to: draw it now (the
    // game's PRNG gives the same one).
    if (Status st = PlayChanceLocked(*g); !st.ok()) return st;
    ScheduleBotLocked(g);
  }
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
  if (request.creator_seat < 0 || request.creator_seat >= n ||
      request.seats[static_cast<size_t>(request.creator_seat)].player != "human")
    return Status::Error("creator_seat: must be one of the human seats");
  StoredGame stored;
  stored.id = NewGameId();
  stored.options = options;
  stored.options.players = n;
  stored.client = request.client;
  stored.created_ms = stored.updated_ms = NowMs();
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
    } else if (seat == request.creator_seat) {
      created.token = NewSecret();
      s.token_hash = HashSecret(created.token);
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

Status GameService::ApplyLocked(Game& g, const std::string& move) {
  const std::vector<std::string> legal = g.state->LegalMoves();
  std::unique_ptr<GameState> next = g.state->Clone();
  // Whatever the engine says of a move a player sent, the game refuses it.
  Status applied = next->Apply(move);
  if (!applied.ok()) return applied.AsKind(StatusCode::kIllegalMove);
  if (Status canonical = CheckCanonical(legal, move); !canonical.ok()) return canonical;
  if (Status st = health_.Wrote(store_.AppendMove(g.stored.id, g.stored.moves.size(), move, next->is_over(), NowMs(),
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
  PlayedLocked(g, std::move(next), move);
  return Status::Ok();
}

void GameService::PlayedLocked(Game& g, std::unique_ptr<GameState> next, const std::string& move) {
  // Stored: the record and the state move together, whatever happens next.
  g.stored.moves.push_back(move);
  g.stored.updated_ms = NowMs();
  ++g.version;
  g.state = std::move(next);
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

Json GameService::SnapshotLocked(const Game& g, int seat) const {
  ++snapshots_built_;
  const GameState& s = *g.state;
  Json j;
  j["type"] = "state";
  j["game_id"] = g.stored.id;
  j["game"] = s.game();
  j["seat"] = seat >= 0 ? Json(seat) : Json(nullptr);
  j["move_count"] = g.stored.moves.size();
  j["to_move"] = s.is_over() || g.abandoned || s.current_player() < 0 ? Json(nullptr) : Json(s.current_player());
  j["view"] = s.ViewJson(seat >= 0 ? seat : GameState::kSpectator);
  j["legal"] = seat >= 0 && !s.is_over() && !g.abandoned && s.current_player() == seat ? Json(s.LegalMoves()) : Json::array();
  // The move that led here, told by the engine as this seat may know it.
  j["event"] = s.LastEventJson(seat >= 0 ? seat : GameState::kSpectator);
  j["over"] = s.is_over();
  j["abandoned"] = g.abandoned;
  j["winners"] = s.Winners();
  // Final scores are public once the game is over (a Jaipur round's scoring is).
  j["scores"] = s.is_over() ? Json(s.Scores()) : Json(nullptr);
  Json seats = Json::array();
  for (const StoredSeat& st : g.stored.seats)
    seats.push_back({{"player", st.player}, {"name", st.name}, {"joined", st.player != "human" || !st.token_hash.empty()}});
  j["seats"] = seats;
  AddStory(g, seat, j);
  return j;
}

Result<Json> GameService::Preview(const std::string& game_id, int seat, const std::string& move, Lang lang) {
  auto found = Find(game_id);
  if (!found.ok()) return found.status();
  std::shared_ptr<Game> g = *found;
  std::unique_ptr<GameState> next;
  {
    std::lock_guard lock(g->mutex);
    if (g->abandoned) return AbandonedError(game_id);
    if (g->state->is_over()) return Status::Coded(ErrorCode::kGameOver, "the game is over");
    if (seat < 0 || g->state->current_player() != seat)
      return Status::Coded(ErrorCode::kNotYourTurn,
                           "not your turn: seat " + std::to_string(g->state->current_player()) + " is to move");
    next = g->state->Clone();
  }
  // Checked as a move is: what is not canonical text is refused, not previewed.
  const std::vector<std::string> legal = next->LegalMoves();
  // A refused move is no failure of the request: the body says why, as an error's
  // would (lang.h, ErrorBody).
  auto refused = [lang](const Status& why) {
    return Json{{"legal", false}, {"error", StatusText(why, lang)}, {"code", std::string(ErrorCodeName(why.error_code()))}};
  };
  if (Status applied = next->Apply(move); !applied.ok()) return refused(applied);
  if (Status canonical = CheckCanonical(legal, move); !canonical.ok()) return refused(canonical);
  // The public event: a bonus token's value is not told before it is taken.
  Json event = next->LastEventJson(GameState::kSpectator);
  // A round's or the game's end would tell what the next deal or the scoring
  // holds (the opponent's bonus values): only the move itself is previewed.
  for (const char* key : {"round_end", "winner", "winners"}) event.erase(key);
  return Json{{"legal", true}, {"event", event}};
}

void GameService::Hint(const std::string& game_id, int seat, std::function<void(Json)> done) {
  auto error = [&](const std::string& message) { done(Hints::Refusal(message)); };
  auto found = Find(game_id);
  if (!found.ok()) return error(found.message());
  std::shared_ptr<Game> g = *found;
  AnyView view;
  std::string game;
  {
    std::lock_guard lock(g->mutex);
    if (g->abandoned) return error(AbandonedError(game_id).message());
    if (g->state->is_over()) return error("the game is over");
    if (seat < 0 || g->state->current_player() != seat) return error("it is not your turn");
    for (size_t s = 0; s < g->stored.seats.size(); ++s)
      if (static_cast<int>(s) != seat && g->stored.seats[s].player == "human")
        return error("hints are for games against bots only");
    view = g->state->PlayerView(seat);
    game = g->stored.options.game;
  }
  hints_.Ask(std::move(view), std::move(game), std::move(done));
}

Result<Json> GameService::Replay(const std::string& game_id, int viewer) {
  auto found = Find(game_id);
  if (!found.ok()) return found.status();
  std::shared_ptr<Game> g = *found;
  GameOptions options;
  std::vector<std::string> moves;
  Json seats = Json::array();
  {
    std::lock_guard lock(g->mutex);
    if (!g->state->is_over() && !g->abandoned)
      return Status::Coded(ErrorCode::kGameNotOver, "the replay of game " + game_id + " is shown when the game is over");
    if (viewer < -1 || viewer >= static_cast<int>(g->stored.seats.size()))
      return Status::Error("seat: expected a seat of game " + game_id + ", 0 to " +
                           std::to_string(g->stored.seats.size() - 1));
    options = g->stored.options;
    moves = g->stored.moves;
    for (const StoredSeat& st : g->stored.seats) seats.push_back({{"player", st.player}, {"name", st.name}});
  }
  auto state = NewGame(options);
  if (!state.ok()) return state.status();
  GameState& s = **state;
  const int seen_by = viewer >= 0 ? viewer : GameState::kSpectator;
  Json steps = Json::array();
  steps.push_back({{"view", s.ViewJson(seen_by)}, {"event", nullptr}, {"to_move", s.current_player()}});
  for (const std::string& move : moves) {
    if (Status st = s.Apply(move); !st.ok()) return Status::Internal("game " + game_id + ": " + st.message());
    steps.push_back({{"view", s.ViewJson(seen_by)},
                     {"event", s.LastEventJson(seen_by)},
                     {"to_move", s.is_over() ? Json(nullptr) : Json(s.current_player())}});
  }
  Json replay{{"game_id", game_id}, {"game", options.game}, {"players", s.num_players()}, {"seats", seats},
              {"seat", viewer >= 0 ? Json(viewer) : Json(nullptr)},
              {"winners", s.Winners()}, {"scores", s.Scores()}, {"steps", steps}};
  // A game played to its end shows its final table whole, from every side; an abandoned
  // one keeps its secrets.
  if (s.is_over()) replay["reveal"] = Reveal(s);
  return replay;
}

Result<Json> GameService::Record(const std::string& game_id) {
  auto found = Find(game_id);
  if (!found.ok()) return found.status();
  std::shared_ptr<Game> g = *found;
  std::lock_guard lock(g->mutex);
  if (!g->state->is_over() && !g->abandoned)
    return Status::Coded(ErrorCode::kGameNotOver, "the record of game " + game_id + " is shown when the game is over");
  const GameOptions& o = g->stored.options;
  return Json{{"game_id", game_id}, {"game", o.game},          {"seed", std::to_string(o.seed)},
              {"players", o.players}, {"variant", o.variant}, {"moves", g->stored.moves}};
}

Result<Json> GameService::GamesOfTokens(const std::vector<std::string>& tokens) {
  std::vector<std::string> hashes;
  for (const std::string& t : tokens) hashes.push_back(HashSecret(t));
  auto ids = store_.GamesOfTokens(hashes);
  if (!ids.ok()) return ids.status();
  std::sort(ids->begin(), ids->end());
  ids->erase(std::unique(ids->begin(), ids->end()), ids->end());
  Json list = Json::array();
  for (const std::string& id : *ids) {
    auto found = Find(id);
    if (found.code() == StatusCode::kNotFound) continue;
    if (!found.ok()) return found.status();
    std::shared_ptr<Game> g = *found;
    std::lock_guard lock(g->mutex);
    for (size_t seat = 0; seat < g->stored.seats.size(); ++seat) {
      const std::string& mine = g->stored.seats[seat].token_hash;
      if (mine.empty() || std::none_of(hashes.begin(), hashes.end(), [&](const std::string& h) { return SameHash(h, mine); }))
        continue;
      const GameState& s = *g->state;
      const int to_move = s.is_over() || g->abandoned ? -1 : s.current_player();
      Json seats = Json::array();
      bool waiting = false;  // for a friend to follow an invite
      for (const StoredSeat& st : g->stored.seats) {
        const bool joined = st.player != "human" || !st.token_hash.empty();
        waiting = waiting || !joined;
        seats.push_back({{"player", st.player}, {"name", st.name}, {"joined", joined}});
      }
      list.push_back({{"game_id", id},
                      {"game", s.game()},
                      {"seat", seat},
                      {"to_move", to_move >= 0 ? Json(to_move) : Json(nullptr)},
                      {"your_turn", to_move == static_cast<int>(seat) && !waiting},
                      {"waiting", waiting && !s.is_over() && !g->abandoned},
                      {"over", s.is_over()},
                      {"abandoned", g->abandoned},
                      {"seats", seats},
                      {"winners", s.is_over() ? Json(s.Winners()) : Json::array()},
                      {"scores", s.is_over() ? Json(s.Scores()) : Json(nullptr)},
                      {"move_count", g->stored.moves.size()},
                      {"updated_ms", g->stored.updated_ms}});
    }
  }
  return list;
}

void GameService::ScheduleBotLocked(const std::shared_ptr<Game>& g) {
  if (g->bot_queued || g->state->is_over() || g->abandoned) return;
  const int p = g->state->current_player();
  if (p < 0 || !g->bots[static_cast<size_t>(p)]) return;
  g->bot_queued = true;
  bot_turns_here_.Add(g->stored.id);
  scheduler_.Submit(g->lanes[static_cast<size_t>(p)], g->client, [this, g] { PlayBot(g); });
}

void GameService::PlayBot(const std::shared_ptr<Game>& g) {
  int seat = -1;
  size_t move_count = 0;
  AnyView view;
  std::shared_ptr<ai::Bot> bot;
  // However this turn ends, the bot is no longer queued here: its lease is not renewed.
  struct Unqueued {
    HeldBotTurns& turns;
    const std::string& id;
    ~Unqueued() { turns.Remove(id); }
  } unqueued{bot_turns_here_, g->stored.id};
  {
    std::lock_guard lock(g->mutex);
    seat = g->state->current_player();
    move_count = g->stored.moves.size();
    if (seat >= 0) {
      view = g->state->PlayerView(seat);
      bot = g->bots[static_cast<size_t>(seat)];
    }
    if (!bot) g->bot_queued = false;
  }
  if (!bot) return;
  // One instance thinks for a bot: the one holding the lease on its turn. Another
  // that holds it plays the move and tells this one; if it dies, Follow finds the
  // lease expired and schedules the turn again.
  auto mine = store_.TakeBotTurn(g->stored.id, move_count, NowMs());
  if (!mine.ok() || !*mine) {
    std::lock_guard lock(g->mutex);
    g->bot_queued = false;
    if (!mine.ok()) g->stalled = true;  // the store is down: tried again once it answers
    // The game moved on while this turn waited in the queue: the next bot turn may be
    // this instance's (it stored the move before it, and holds its lease).
    else if (g->stored.moves.size() != move_count) ScheduleBotLocked(g);
    return;
  }
  ++bot_turns_thought_;
  // Thinking holds no lock: other games, and this game's listeners, carry on.
  std::string move;
  try {
    {
      // Within the bots' memory budget: set aside before, counted after.
      BotMemory::Search search = bot_memory_.BeginSearch(bot);
      move = bot->ChooseMove(view);
    }
    if (move.empty() && !bot->FailureReason().empty()) {
      // An engine failed: the game goes on, its seat played by the built-in fallback
      // bot from this move to the end (docs/protocol.md, "Engines").
      std::fprintf(stderr, "souk serve: game %s seat %d: %s; the %s bot plays it from now on\n",
                   g->stored.id.c_str(), seat, bot->FailureReason().c_str(), kEngineFallbackBot);
      auto fallback = ai::MakeBot(g->state->game(), kEngineFallbackBot, BotSeed(g->stored.id, seat));
      if (!fallback.ok()) throw std::runtime_error(fallback.message());
      std::shared_ptr<ai::Bot> replacement = bot_memory_.Adopt(std::move(*fallback));
      {
        std::lock_guard lock(g->mutex);
        g->bots[static_cast<size_t>(seat)] = replacement;
      }
      bot = replacement;
      BotMemory::Search search = bot_memory_.BeginSearch(bot);
      move = bot->ChooseMove(view);
    }
  } catch (const std::exception&) {
    bot = nullptr;  // no move: the seat waits for a restart
  }
  try {
    Notice notice;  // told once the lock is released
    std::lock_guard lock(g->mutex);
    g->bot_queued = false;
    const uint64_t version = g->version;
    if (bot && g->stored.moves.size() == move_count) {
      // A move the game refuses (a bot's bug) or cannot store would come back the
      // same at once: the seat waits for a restart rather than spin. One that another
      // instance beat (it took the turn over from this one, thought too slow) leaves
      // this copy caught up: the bot thinks again if it is still to move.
      Status played = ApplyLocked(*g, move);
      if (played.ok()) PlayChanceLocked(*g);
      if (played.ok() || played.code() == StatusCode::kAborted) ScheduleBotLocked(g);
    } else if (bot) {
      ScheduleBotLocked(g);  // the game moved on while the bot thought: think again
    }
    if (g->version != version) notice = NotifyLocked(*g);
  } catch (const std::exception&) {
    // A listener or the store failed; the game keeps what was stored.
  }
}

int GameService::BotsHeld() {
  std::vector<std::shared_ptr<Game>> games;
  {
    std::lock_guard lock(games_mutex_);
    for (const auto& entry : games_) games.push_back(entry.second);
  }
  int held = 0;
  for (const auto& g : games) {  // one game's lock at a time, never with games_mutex_
    std::lock_guard lock(g->mutex);
    for (const auto& bot : g->bots) held += bot != nullptr;
  }
  return held;
}

void GameService::WaitForBots() { scheduler_.WaitIdle(); }

}  // namespace souk::server
