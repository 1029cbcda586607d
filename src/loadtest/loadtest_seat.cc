#include "loadtest/loadtest_seat.h"

#include <utility>

#include "format/json.h"
#include "loadtest/json_fields.h"

namespace souk::loadtest::load {

SeatPlayer::SeatPlayer(net::io_context& ioc, tcp::endpoint server, Source source, std::string game_id,
                       std::string token, uint64_t seed, SeatHooks hooks)
    : ws_(ioc),
      think_(ioc),
      server_(server),
      source_(source),
      game_id_(std::move(game_id)),
      token_(std::move(token)),
      prng_(seed),
      hooks_(std::move(hooks)) {}

void SeatPlayer::Start() {
  try {
    BindSource(beast::get_lowest_layer(ws_).socket(), source_);
  } catch (const std::exception&) {
    return Fail();
  }
  beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(10));
  beast::get_lowest_layer(ws_).async_connect(server_, [self = shared_from_this()](beast::error_code ec) {
    if (ec) return self->Fail();
    self->ws_.async_handshake("localhost", "/api/games/" + self->game_id_ + "/ws", [self](beast::error_code hec) {
      if (hec) return self->Fail();
      beast::get_lowest_layer(self->ws_).expires_never();
      self->Write(DumpJson(Json{{"type", "hello"}, {"token", self->token_}}));
      self->Read();
    });
  });
}

void SeatPlayer::Stop() {
  done_ = true;
  think_.cancel();
  beast::error_code ec;
  beast::get_lowest_layer(ws_).socket().close(ec);
}

void SeatPlayer::Fail() {
  if (!done_) hooks_.on_failure();
  done_ = true;
}

void SeatPlayer::Write(std::string text) {
  out_.push_back(std::move(text));
  if (out_.size() == 1) WriteNext();
}

void SeatPlayer::WriteNext() {
  ws_.text(true);
  ws_.async_write(net::buffer(out_.front()), [self = shared_from_this()](beast::error_code ec, size_t) {
    if (ec) return self->Fail();
    self->out_.pop_front();
    if (!self->out_.empty()) self->WriteNext();
  });
}

void SeatPlayer::Read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, size_t) {
    if (ec) return self->Fail();
    std::string text = beast::buffers_to_string(self->buffer_.data());
    self->buffer_.consume(self->buffer_.size());
    self->OnMessage(text);
    if (!self->done_) self->Read();
  });
}

void SeatPlayer::OnMessage(const std::string& text) {
  auto parsed = ParseJson(text);
  if (!parsed.ok() || !parsed->is_object()) return hooks_.on_failure();
  const Json& m = *parsed;
  auto type_field = m.find("type");
  const std::string type = type_field != m.end() && type_field->is_string() ? type_field->get<std::string>() : "";
  if (type == "error") {
    if (hooks_.on_error_message) hooks_.on_error_message();
    return;
  }
  if (type != "state") return;
  const int64_t count = IntOr(m, "move_count", 0);
  if (hooks_.on_state) hooks_.on_state(count);
  if (waiting_ && count > count_at_move_) {
    waiting_ = false;
    hooks_.on_counted(std::chrono::steady_clock::now() - sent_at_);
  }
  if (BoolOr(m, "over", false)) {
    done_ = true;
    think_.cancel();
    if (hooks_.on_over) hooks_.on_over();
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().close(ec);
    return;
  }
  auto legal = m.find("legal");
  const int64_t seat = IntOr(m, "seat", -1);
  if (waiting_ || !hooks_.may_move() || seat < 0 || IntOr(m, "to_move", -2) != seat || legal == m.end() ||
      !legal->is_array() || legal->empty())
    return;
  const Json& pick = legal->at(prng_.Below(static_cast<uint32_t>(legal->size())));
  if (!pick.is_string()) return hooks_.on_failure();
  const std::string move = pick.get<std::string>();
  waiting_ = true;
  count_at_move_ = count;
  think_.expires_after(std::chrono::milliseconds(hooks_.think_ms(prng_)));
  think_.async_wait([self = shared_from_this(), move](beast::error_code ec) {
    if (ec || self->done_) return;
    self->sent_at_ = std::chrono::steady_clock::now();
    if (self->hooks_.on_sent) self->hooks_.on_sent(self->count_at_move_);
    self->Write(DumpJson(Json{{"type", "move"}, {"move", move}}));
  });
}

}  // namespace souk::loadtest::load
