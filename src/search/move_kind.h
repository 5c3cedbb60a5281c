// The kinds of moves of the local search, used for statistics, the log and
// the source of each improvement, and the two move records the generators produce.
#pragma once

#include <cstddef>
#include <cstdint>

#include "model/model.h"

namespace lsmip::search {

enum class MoveKind : std::uint8_t {
  kUnsatTight,    // mixed tight move from a violated row
  kSatTight,      // mixed tight move from a satisfied row (incumbent known)
  kBreakthrough,  // breakthrough move: objective just below the incumbent
  kLift,          // lift move inside the local feasible domain
  kFlip,          // Boolean flip fallback
  kRandomTight,   // escape: best move of a random violated row, taken even if not improving
  kTransfer,      // pair move along a satisfied equality: one variable's tight move plus the
                  // opposite step of a partner in the equality, which stays satisfied
  kSwap,          // feasible pair move: a variable's improving step breaks a few rows and one
                  // partner repairs them all, lowering the objective (no improving lift left)
  kRestart,       // restart from the best solution (or a random point)
  kInitial,       // the initial / warm-start point itself
  kCount
};

inline constexpr std::size_t kNumMoveKinds = static_cast<std::size_t>(MoveKind::kCount);

// One candidate move: var := value, produced by a move of `kind`.
struct Candidate {
  Index var;
  double value;  // new value of var
  MoveKind kind;
};

// A pair move (a transfer or a swap): var := value and partner := partner_value.
struct PairMove {
  Index var;
  double value;
  Index partner;
  double partner_value;
};

// Short name for the log: "tight", "sat-tight", "break", "lift", "flip", "random", "transfer",
// "swap", "restart", "initial".
const char* move_kind_name(MoveKind kind);

}  // namespace lsmip::search
