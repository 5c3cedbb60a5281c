// Small, fast, deterministic pseudo-random generator (xoshiro256**, seeded
// through splitmix64). Every search worker owns one; there is no global
// state, so the same seed always yields the same sequence on every platform.
#pragma once

#include <cstdint>

namespace lsmip {

class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) { reseed(seed); }

  // Restarts the sequence from `seed`. Distinct seeds give unrelated sequences.
  void reseed(std::uint64_t seed) {
    std::uint64_t z = seed;
    for (std::uint64_t& word : s_) word = splitmix64(z);
  }

  // Next 64 uniformly random bits.
  std::uint64_t next() {
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
  }
  // Uniform integer in [0, n); n must be > 0. Uses the multiply-shift
  // reduction (bias below 2^-32 for n < 2^32, irrelevant here).
  std::uint32_t below(std::uint32_t n) {
    return static_cast<std::uint32_t>(((next() >> 32) * static_cast<std::uint64_t>(n)) >> 32);
  }
  // Uniform double in [0, 1).
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  // True with probability p.
  bool chance(double p) { return uniform() < p; }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  static std::uint64_t splitmix64(std::uint64_t& state) {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  std::uint64_t s_[4];
};

}  // namespace lsmip
