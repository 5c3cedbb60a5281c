// LSMIP_ASAN is 1 when the code is compiled with AddressSanitizer, by g++
// (__SANITIZE_ADDRESS__) or by clang (__has_feature(address_sanitizer)), else 0.
// ASan reserves terabytes of address space, so an RLIMIT_AS memory limit cannot
// be applied under it; the memory-limit code and its tests consult this macro.
#pragma once

#if defined(__SANITIZE_ADDRESS__)
#define LSMIP_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LSMIP_ASAN 1
#endif
#endif
#ifndef LSMIP_ASAN
#define LSMIP_ASAN 0
#endif

// LSMIP_TSAN is 1 under ThreadSanitizer (g++ __SANITIZE_THREAD__ or clang's feature test):
// timing assertions of the tests are widened under it, as under ASan.
#if defined(__SANITIZE_THREAD__)
#define LSMIP_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define LSMIP_TSAN 1
#endif
#endif
#ifndef LSMIP_TSAN
#define LSMIP_TSAN 0
#endif
