// GameService's seats: what an invite opens, taking the seat, and a guest's seats given
// to the account they sign up for.
#include <algorithm>

#include "server/game_internal.h"
#include "server/names.h"
#include "server/tokens.h"

namespace souk::server {
namespace {

// The seat an invite code opens. A made-up code and a used one are told apart: the
// first is a wrong link (404), the second a link someone already followed (409).
Result<int> InvitedSeat(const std::vector<StoredSeat>& seats, const std::string& game_id, const std::string& invite_code) {
  const std::string hash = HashSecret(invite_code);
  for (size_t seat = 0; seat < seats.size(); ++seat) {
    const StoredSeat& s = seats[seat];
    if (s.invite_hash.empty() || !SameHash(s.invite_hash, hash)) continue;
    if (!s.token_hash.empty())
      return Status::Coded(ErrorCode::kInviteUsed, "invite code: already used: seat " + std::to_string(seat) +
                                                       " of game " + game_id + " is taken");
    return static_cast<int>(seat);
  }
  return Status::NotFound("invite code: not an invite of game " + game_id + " (check the link)");
}

// The creator's seat: the human seat with a token and never an invite; -1 if none.
// In a game stored before used invites were kept, a friend's seat looks the same:
// the first is taken.
int CreatorSeat(const std::vector<StoredSeat>& seats) {
  for (size_t seat = 0; seat < seats.size(); ++seat)
    if (seats[seat].player == "human" && seats[seat].invite_hash.empty() && !seats[seat].token_hash.empty())
      return static_cast<int>(seat);
  return -1;
}

}  // namespace

Result<Json> GameService::Invite(const std::string& game_id, const std::string& invite_code) {
  auto found = Find(game_id);
  if (!found.ok()) return found.status();
  std::shared_ptr<Game> g = *found;
  std::lock_guard lock(g->mutex);
  if (g->abandoned) return AbandonedError(game_id);
  auto seat = InvitedSeat(g->stored.seats, game_id, invite_code);
  if (!seat.ok()) return seat.status();
  const int creator = CreatorSeat(g->stored.seats);
  Json seats = Json::array();
  for (const StoredSeat& s : g->stored.seats)
    seats.push_back({{"player", s.player}, {"name", s.name}, {"joined", s.player != "human" || !s.token_hash.empty()}});
  return Json{{"game_id", game_id},
              {"game", g->stored.options.game},
              {"players", g->stored.options.players},
              {"variant", g->stored.options.variant},
              {"seat", *seat},
              {"invited_by", creator >= 0 ? Json(creator) : Json(nullptr)},
              {"seats", seats},
              {"rated", g->stored.rated},
              {"move_count", g->stored.moves.size()}};
}

Result<Joined> GameService::Join(const std::string& game_id, const std::string& invite_code, const std::string& name,
                                 int64_t account_id, const std::string& account_name) {
  auto found = Find(game_id);
  if (!found.ok()) return found.status();
  std::shared_ptr<Game> g = *found;
  auto checked = CheckName(name, "name");
  if (!checked.ok()) return checked.status();
  Notice notice;  // told once the lock is released
  std::lock_guard lock(g->mutex);
  if (g->abandoned) return AbandonedError(game_id);
  auto seat = InvitedSeat(g->stored.seats, game_id, invite_code);
  if (!seat.ok()) return seat.status();
  if (g->stored.rated && account_id == 0)
    return Status::Coded(ErrorCode::kNotSignedIn, "a rated game is joined signed in: log in first");
  for (const StoredSeat& other : g->stored.seats)
    if (account_id != 0 && other.account_id == account_id)
      return Status::Coded(ErrorCode::kAlreadySeated, "you already hold a seat of game " + game_id);
  StoredSeat s = g->stored.seats[static_cast<size_t>(*seat)];
  Joined joined{*seat, NewSecret()};
  s.token_hash = HashSecret(joined.token);
  s.name = account_id != 0 ? account_name : *checked;
  s.account_id = account_id;
  if (Status st = health_.Wrote(store_.ClaimSeat(game_id, *seat, s)); !st.ok()) {
    // Taken through another instance a moment ago: a used code, as on one server.
    if (st.code() != StatusCode::kAborted) return st;
    const uint64_t version = g->version;
    if (Status read = CatchUpLocked(*g); !read.ok()) return read;
    if (g->version != version) notice = NotifyLocked(*g);
    auto again = InvitedSeat(g->stored.seats, game_id, invite_code);
    return again.ok() ? st : again.status();
  }
  g->stored.seats[static_cast<size_t>(*seat)] = s;
  g->stored.updated_ms = Now();  // someone came: not idle
  ++g->version;
  notice = NotifyLocked(*g);
  return joined;
}

Result<Json> GameService::AttachSeats(const std::vector<std::string>& tokens, int64_t account_id,
                                      const std::string& account_name) {
  std::vector<std::string> hashes;
  for (const std::string& t : tokens)
    if (!t.empty()) hashes.push_back(HashSecret(t));
  auto ids = GamesOfTokenHashes(hashes);
  if (!ids.ok()) return ids.status();
  Json attached = Json::array();
  for (const std::string& id : *ids) {
    auto found = Find(id);
    if (found.code() == StatusCode::kNotFound) continue;
    if (!found.ok()) return found.status();
    std::shared_ptr<Game> g = *found;
    Notice notice;  // told once the lock is released
    std::lock_guard lock(g->mutex);
    std::vector<StoredSeat>& seats = g->stored.seats;
    if (std::any_of(seats.begin(), seats.end(), [&](const StoredSeat& s) { return s.account_id == account_id; })) continue;
    for (size_t seat = 0; seat < seats.size(); ++seat) {
      StoredSeat& s = seats[seat];
      if (s.player != "human" || s.account_id != 0 || s.token_hash.empty() ||
          std::none_of(hashes.begin(), hashes.end(), [&](const std::string& h) { return SameHash(h, s.token_hash); }))
        continue;
      Status st = health_.Wrote(store_.AttachSeat(id, static_cast<int>(seat), s.token_hash, account_id, account_name));
      if (st.code() == StatusCode::kAborted) {
        // Given to an account through another instance a moment ago: read what it holds.
        const uint64_t version = g->version;
        if (Status read = CatchUpLocked(*g); !read.ok()) return read;
        if (g->version != version) notice = NotifyLocked(*g);
        break;
      }
      if (!st.ok()) return st;
      s.account_id = account_id;
      s.name = account_name;
      ++g->version;
      notice = NotifyLocked(*g);
      attached.push_back({{"game_id", id}, {"seat", seat}});
      break;  // one seat a game: a hot-seat's other seats stay the guest's
    }
  }
  return attached;
}

}  // namespace souk::server
