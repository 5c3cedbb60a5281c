// A starting point from the parity structure of integer equality rows.
//
// An equality row with integral coefficients and side over integer columns,
// whose odd-coefficient columns are all binary and which has at least one
// even-coefficient integer column (the "carry", e.g. y in x1 + x2 + x3 - 2y = 1),
// implies a congruence: the sum of its odd-coefficient binaries is congruent to
// the side (minus fixed terms) modulo 2. Such rows (lights-out puzzles,
// parity-check codes) are the worst case for local search: every flip breaks the
// parity of several rows at once, and no single move repairs one without breaking
// another. Gaussian elimination over GF(2) solves the whole congruence system at
// once, like the xor constraint handler of SCIP; the search then starts from that
// solution, with every carry that is alone in its row set to close its row.
#pragma once

#include <cstdint>
#include <vector>

#include "model/model.h"

namespace lsmip::search {

struct ParityStart {
  std::vector<double> values;  // one per column, NaN where the parity system says nothing
  Index rows = 0;              // parity rows found
  Index binaries = 0;          // binaries in them
  Index rank = 0;              // rank of the system over GF(2)
  bool consistent = true;      // false: the congruences contradict each other
};

// The parity rows of `model` and, when there are at least `min_rows` of them and the
// elimination stays within `max_work` word operations, a solution of their system
// chosen for the objective of its binaries: the cheapest of all solutions when the
// system has at most 20 free columns (and the work allows), else the result of a
// greedy descent over the null space. values is empty when nothing was solved (too
// few rows, too much work, or an inconsistent system). Deterministic; cost
// O(nonzeros) to detect plus at most max_work for the elimination and the choice.
ParityStart parity_start(const Model& model, Index min_rows, double max_work);

}  // namespace lsmip::search
