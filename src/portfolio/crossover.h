// Crossover of two solutions for a restart point (ParaILP's recombination): a
// value on which both parents agree is kept; elsewhere each column takes the
// value of a parent drawn at random. Both parents satisfy the bounds and the
// integrality of the presolved model, so the child does too (it is clipped and
// rounded anyway, so it stays in the box whatever the parents). The child is a
// starting point for the search, not a solution: it need not satisfy the rows.
#pragma once

#include <span>
#include <vector>

#include "util/rng.h"

namespace lsmip::portfolio {

// lb, ub, is_int: the presolved model's bounds and integrality, one per column.
// Cost O(n).
std::vector<double> crossover(std::span<const double> a, std::span<const double> b,
                              std::span<const double> lb, std::span<const double> ub,
                              std::span<const std::uint8_t> is_int, Rng& rng);

}  // namespace lsmip::portfolio
