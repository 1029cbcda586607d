// GameService's seats: taking one by invite.
#include "server/game_internal.h"
#include "server/names.h"
#include "server/tokens.h"

namespace souk::server {

Result<Joined> GameService::Join(const std::string& game_id, const std::string& invite_code, const std::string& name) {
  auto found = Find(game_id);
  if (!found.ok()) return found.status();
  std::shared_ptr<Game> g = *found;
  auto checked = CheckName(name, "name");
  if (!checked.ok()) return checked.status();
  Notice notice;  // told once the lock is released
  std::lock_guard lock(g->mutex);
  if (g->abandoned) return AbandonedError(game_id);
  const std::string hash = HashSecret(invite_code);
  for (size_t seat = 0; seat < g->stored.seats.size(); ++seat) {
    StoredSeat s = g->stored.seats[seat];
    if (s.invite_hash.empty() || !SameHash(s.invite_hash, hash)) continue;
    Joined joined{static_cast<int>(seat), NewSecret()};
    s.token_hash = HashSecret(joined.token);
    s.invite_hash.clear();
    s.name = *checked;
    if (Status st = Wrote(store_.UpdateSeat(game_id, static_cast<int>(seat), s)); !st.ok()) return st;
    g->stored.seats[seat] = s;
    g->stored.updated_ms = NowMs();  // someone came: not idle
    ++g->version;
    notice = NotifyLocked(*g);
    return joined;
  }
  return Status::FailedPrecondition("invite code: not a free seat of game " + game_id);
}

}  // namespace souk::server
