// Counts heap allocations, for the tests that check a hot path allocates nothing.
// Linking souk_allocation_count replaces the global operator new of the whole test
// binary, so it is used only in plain builds: the sanitizers bring their own.
#pragma once

namespace souk::testing {

// Calls of operator new since the program started.
long AllocationCount();

}  // namespace souk::testing
