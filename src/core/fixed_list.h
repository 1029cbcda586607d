// A list of at most N values held in place: what move generators fill on the hot
// path, which allocates nothing (tests/no_alloc_test.cc). Each game's MoveList is
// one of these.
#pragma once

#include <array>
#include <cassert>
#include <cstddef>

namespace souk {

template <typename T, int N>
class FixedList {
 public:
  static constexpr int kCapacity = N;

  void clear() { size_ = 0; }
  void push_back(const T& value) {
    assert(size_ < N);
    values_[static_cast<size_t>(size_++)] = value;
  }
  int size() const { return size_; }
  bool empty() const { return size_ == 0; }
  const T& operator[](int i) const { return values_[static_cast<size_t>(i)]; }
  const T* begin() const { return values_.data(); }
  const T* end() const { return values_.data() + size_; }

  // For generators that write many values in a row, the count kept in a register:
  // write from Tail(), at most N - size() of them, then Extend(count).
  T* Tail() { return values_.data() + size_; }
  void Extend(int count) {
    assert(count >= 0 && size_ + count <= N);
    size_ += count;
  }

 private:
  std::array<T, static_cast<size_t>(N)> values_;
  int size_ = 0;
};

}  // namespace souk
