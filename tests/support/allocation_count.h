// Counts heap allocations, for the tests that check a hot path allocates nothing,
// and the bytes they hold, for the tests that bound a search's memory. Linking
// souk_allocation_count replaces the global operator new of the whole test binary,
// so it is used only in plain builds: the sanitizers bring their own.
#pragma once

namespace souk::testing {

// Calls of operator new since the program started.
long AllocationCount();
// Bytes held through operator new now (as malloc sized the blocks), and the most
// held at any moment since the last ResetPeakBytes.
long LiveBytes();
long PeakBytes();
void ResetPeakBytes();

}  // namespace souk::testing
