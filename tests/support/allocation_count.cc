#include "support/allocation_count.h"

#include <malloc.h>

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
// Atomic: searches may run on several threads.
std::atomic<long> g_allocations{0};
std::atomic<long> g_live{0};
std::atomic<long> g_peak{0};
}  // namespace

void* operator new(std::size_t size) {
  ++g_allocations;
  if (void* p = std::malloc(size ? size : 1)) {
    const long live = g_live += static_cast<long>(malloc_usable_size(p));
    for (long peak = g_peak.load(); live > peak && !g_peak.compare_exchange_weak(peak, live);) {
    }
    return p;
  }
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
  if (p) g_live -= static_cast<long>(malloc_usable_size(p));
  std::free(p);
}
void operator delete(void* p, std::size_t) noexcept { operator delete(p); }

namespace souk::testing {

long AllocationCount() { return g_allocations.load(); }
long LiveBytes() { return g_live.load(); }
long PeakBytes() { return g_peak.load(); }
void ResetPeakBytes() { g_peak = g_live.load(); }

}  // namespace souk::testing
