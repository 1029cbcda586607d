// Fields of the server's replies, read leniently: a load test counts what it is told
// and goes on when a field is missing or of another type.
#pragma once

#include <cstdint>
#include <string>

#include "format/json.h"

namespace souk::loadtest::load {

// A member of an object, or null when `j` is no object or lacks it.
inline const Json* Field(const Json& j, const char* key) {
  if (!j.is_object()) return nullptr;
  auto it = j.find(key);
  return it == j.end() ? nullptr : &*it;
}

inline std::string StringOr(const Json& j, const char* key) {
  const Json* field = Field(j, key);
  return field != nullptr && field->is_string() ? field->get<std::string>() : "";
}

inline int64_t IntOr(const Json& j, const char* key, int64_t fallback) {
  const Json* field = Field(j, key);
  return field != nullptr && field->is_number_integer() ? field->get<int64_t>() : fallback;
}

inline bool BoolOr(const Json& j, const char* key, bool fallback) {
  const Json* field = Field(j, key);
  return field != nullptr && field->is_boolean() ? field->get<bool>() : fallback;
}

}  // namespace souk::loadtest::load
