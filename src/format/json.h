// JSON in and out for the format layer. Output uses ordered objects so that keys
// appear in the documented order, and a state prints byte-identically every time.
//
// Readers throw JsonError internally; every public loader catches it at its edge
// and returns a Status naming the path ("players[1].hand[2]: unknown card 'gld'").
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "core/status.h"

namespace souk {

using Json = nlohmann::ordered_json;

// Parses JSON text; the error says where the syntax broke.
Result<Json> ParseJson(std::string_view text);

// Serialises as one line (the state format) or indented (for people).
std::string DumpJson(const Json& json, bool pretty = false);

namespace json_in {

class JsonError : public std::runtime_error {
 public:
  JsonError(const std::string& path, const std::string& what)
      : std::runtime_error((path.empty() ? "" : path + ": ") + what) {}
};

std::string Join(const std::string& path, std::string_view key);
std::string Join(const std::string& path, size_t index);

const Json& Member(const Json& object, std::string_view key, const std::string& path);
const Json* OptionalMember(const Json& object, std::string_view key, const std::string& path);
const Json& Object(const Json& value, const std::string& path);
const Json& Array(const Json& value, const std::string& path, size_t min_size, size_t max_size);
int Int(const Json& value, const std::string& path, int lo, int hi);
bool Bool(const Json& value, const std::string& path);
std::string String(const Json& value, const std::string& path);
// The 16-hex-digit PRNG state.
uint64_t RngState(const Json& value, const std::string& path);

}  // namespace json_in
}  // namespace souk
