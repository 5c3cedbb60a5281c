// What one rank tells the others in a round of the exchange (portfolio/rank_exchange.h),
// and its wire form.
//
// Solutions travel in the original model's space, so that a rank's presolve never has to
// match another's; the receiver verifies each one on its own copy of the model. A solution
// that differs from the round's common base (the best solution of the previous round, the
// same on every rank) in few places travels as the differing entries only.
//
// Wire form (host byte order; all ranks of a launch share it, checked by a marker): "LSX1",
// u32 0x01020304, u8 flags (1 = done), u8 stop (255 = none), f64 bound, u32 count, then per
// solution: f64 objective, u16 source length, the source, u8 form (0 dense, 1 sparse),
// u32 n, and n f64 values (dense) or u32 k and k pairs (u32 index, f64 value) (sparse).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "model/model.h"

namespace lsmip::portfolio {

struct SharedSolution {
  double min_objective = 0;  // minimisation form, as the sender computed it
  std::string source;        // what found it, e.g. "ls#0 tight" (at most 255 bytes are sent)
  std::vector<double> x;     // original space
};

struct RankMessage {
  bool done = false;   // the sender's portfolio has ended
  int stop = -1;       // 0..254: the sender ends every rank's run, for this reason code
  double bound = -kInf;  // the sender's dual bound, minimisation form
  std::vector<SharedSolution> solutions;  // the sender's best first
};

// Bytes of `m`, at most `max_bytes`: solutions that do not fit are left out, the last first
// (the header always fits: max_bytes >= 32). A solution of base.size() values is sent as
// sparse deltas from `base` when that is smaller.
std::string encode_message(const RankMessage& m, std::span<const double> base, std::size_t max_bytes);
// The message in `bytes`, or nullopt when they are not a well-formed message for a model of
// `n` columns (wrong marker, truncated or trailing bytes, a size other than n, an index out
// of range, a value that is not finite, sparse deltas without a base of n values).
std::optional<RankMessage> decode_message(std::string_view bytes, std::span<const double> base, std::size_t n);
// The header alone (done, stop, bound; no solutions), for a rank that takes no solutions;
// nullopt when the bytes do not start with a well-formed header.
std::optional<RankMessage> decode_header(std::string_view bytes);

}  // namespace lsmip::portfolio
