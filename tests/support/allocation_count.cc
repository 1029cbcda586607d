#include "support/allocation_count.h"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
// Atomic: searches may run on several threads.
std::atomic<long> g_allocations{0};
}  // namespace

void* operator new(std::size_t size) {
  ++g_allocations;
  if (void* p = std::malloc(size ? size : 1)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace souk::testing {

long AllocationCount() { return g_allocations.load(); }

}  // namespace souk::testing
