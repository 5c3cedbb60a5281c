// The figures of one rank's sharing with the other ranks (portfolio/rank_exchange.h).
#pragma once

#include <cstdint>

namespace lsmip::portfolio {

struct ExchangeStats {
  std::uint64_t rounds = 0;
  std::uint64_t sent = 0;      // solutions sent
  std::uint64_t received = 0;  // solutions received from other ranks
  std::uint64_t improved = 0;  // of those, the ones that became this rank's best
  std::uint64_t rejected = 0;  // solutions or messages that failed verification or decoding
  std::uint64_t bytes_sent = 0;
};

}  // namespace lsmip::portfolio
