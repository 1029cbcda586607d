#include "format/json.h"


#include "core/prng.h"

namespace souk {

Result<Json> ParseJson(std::string_view text) {
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const Json::exception& e) {
    // e.what() reads "[json.exception.parse_error.101] parse error at line 1, column 2: ...";
    // a number too large for a double (1e400) is an out_of_range.406, not a parse_error.
    std::string what = e.what();
    auto start = what.find("] ");
    return Status::Error("invalid JSON: " + (start == std::string::npos ? what : what.substr(start + 2)));
  }
}

std::string DumpJson(const Json& json, bool pretty) {
  return json.dump(pretty ? 2 : -1, ' ', false, Json::error_handler_t::replace);
}

namespace json_in {

std::string Join(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}

std::string Join(const std::string& path, size_t index) { return path + "[" + std::to_string(index) + "]"; }

static std::string Describe(const Json& value) {
  switch (value.type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::object: return "an object";
    case Json::value_t::array: return "an array";
    case Json::value_t::string: return "a string";
    case Json::value_t::boolean: return "a boolean";
    case Json::value_t::number_float: return "a fractional number";
    default: return "a number";
  }
}

const Json& Object(const Json& value, const std::string& path) {
  if (!value.is_object()) throw JsonError(path, "expected an object, found " + Describe(value));
  return value;
}

const Json& Member(const Json& object, std::string_view key, const std::string& path) {
  Object(object, path);
  auto it = object.find(key);
  if (it == object.end()) throw JsonError(path.empty() ? "(top level)" : path, "missing key \"" + std::string(key) + "\"");
  return *it;
}

const Json* OptionalMember(const Json& object, std::string_view key, const std::string& path) {
  Object(object, path);
  auto it = object.find(key);
  return it == object.end() ? nullptr : &*it;
}

const Json& Array(const Json& value, const std::string& path, size_t min_size, size_t max_size) {
  if (!value.is_array()) throw JsonError(path, "expected an array, found " + Describe(value));
  if (value.size() < min_size || value.size() > max_size) {
    std::string range = min_size == max_size ? std::to_string(min_size)
                                             : std::to_string(min_size) + " to " + std::to_string(max_size);
    throw JsonError(path, "expected " + range + " elements, found " + std::to_string(value.size()));
  }
  return value;
}

int Int(const Json& value, const std::string& path, int lo, int hi) {
  if (!value.is_number_integer()) throw JsonError(path, "expected a whole number, found " + Describe(value));
  if (value.is_number_unsigned()) {
    auto v = value.get<uint64_t>();
    if (v > static_cast<uint64_t>(hi) || static_cast<int64_t>(v) < lo) throw JsonError(path, "must be from " + std::to_string(lo) + " to " + std::to_string(hi));
    return static_cast<int>(v);
  }
  auto v = value.get<int64_t>();
  if (v < lo || v > hi) throw JsonError(path, "must be from " + std::to_string(lo) + " to " + std::to_string(hi));
  return static_cast<int>(v);
}

bool Bool(const Json& value, const std::string& path) {
  if (!value.is_boolean()) throw JsonError(path, "expected true or false, found " + Describe(value));
  return value.get<bool>();
}

std::string String(const Json& value, const std::string& path) {
  if (!value.is_string()) throw JsonError(path, "expected a string, found " + Describe(value));
  return value.get<std::string>();
}

uint64_t RngState(const Json& value, const std::string& path) {
  auto parsed = Prng::ParseHex(String(value, path));
  if (!parsed) throw JsonError(path, "expected 16 lower-case hex digits");
  return *parsed;
}

}  // namespace json_in
}  // namespace souk
