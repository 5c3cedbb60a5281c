// Software prefetching for the search's hot loops (no effect on results).
#pragma once

#include <cstddef>

namespace lsmip::search {

// Asks the cache for the line holding *p ahead of its use. On x86 an asm statement: GCC 12
// deletes a __builtin_prefetch whose address comes from a load inside a loop that only
// prefetches (dead-code elimination), which silently removed the look-ahead of
// add_rows_sampled.
template <typename T>
[[gnu::always_inline]] inline void prefetch(const T* p) {
#if defined(__x86_64__) || defined(__i386__)
  asm volatile("prefetcht0 %0" : : "m"(*reinterpret_cast<const char*>(p)));
#else
  __builtin_prefetch(static_cast<const void*>(p), 0, 3);
#endif
}

// Candidates or entries looked ahead by the prefetching loops: far enough for a
// last-level-cache miss to finish while the ones in between are scored.
constexpr std::size_t kPrefetchAhead = 16;

}  // namespace lsmip::search
