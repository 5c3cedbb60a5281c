// The step of an objective over integer columns, for pruning in branch-and-bound: when every
// column with a cost that is not fixed is integer, the objective values of all solutions lie
// on a lattice offset + k * step, so a node whose bound cannot beat the incumbent by a whole
// step holds nothing better.
#pragma once

#include <span>

namespace lsmip::lp {

// The greatest common divisor of the costs of the unfixed columns, when all of those are
// integer (`integer[j]` != 0) and the costs are commensurable: each scaled by 2520 * 10^k (k
// as large as keeps the largest below 1e8) must be an integer within 1e-8, as in CBC's own
// analysis. Costs too large to scale must be integers, and the step is then at most 1.
// 0 when there is no such step (a continuous column with a cost, incommensurable costs, no
// cost at all). Bounds matter only to say which columns are fixed (upper <= lower + 1e-8).
// All four spans have the same size.
double objective_step(std::span<const double> cost, std::span<const double> lower, std::span<const double> upper,
                      std::span<const char> integer);

}  // namespace lsmip::lp
