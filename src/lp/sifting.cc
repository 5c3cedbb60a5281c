// Sifting: the LP of a model with many more columns than rows (set partitioning and covering
// with tens of thousands of columns) solved over a small working set of columns that grows by
// pricing. CLP's own version of this (its "sprint" in ClpSolve) writes to standard output with
// printf, which no message handler silences: a library must not write into its host's
// output, so lsmip does the column generation itself and hands CLP only ordinary simplex
// solves.
//
// The restricted LP holds the working columns and, for every row, two artificial columns
// (+e_i and -e_i) at a large cost, so it always has a solution. Columns outside the working set
// sit at their lower bound (columns without a finite one are always in the set). After each
// solve the row duals price every column outside; the most attractive enter, and the restricted
// LP is re-solved from its last basis. When no column prices out and every artificial is zero,
// the restricted optimum is the model's: its basis is handed to the full model, whose primal
// simplex then confirms it (usually in a few iterations) and leaves the solution, the duals and
// the basis where the callers read them.
#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#ifdef LSMIP_HAVE_COIN
#include "ClpSimplex.hpp"
#include "CoinFinite.hpp"
#include "CoinPackedMatrix.hpp"
#include "lp/coin_support.h"

namespace lsmip::lp::detail {

namespace {
constexpr double kPriceTolerance = 1e-7;   // a reduced cost below -this enters
constexpr double kArtificialZero = 1e-9;   // an artificial column this small is zero
constexpr int kMaxRounds = 200;
constexpr double kInfinite = 1e30;
constexpr int kStoppedByEvent = 5;  // CLP's problem status after its event handler said stop
}  // namespace

bool wants_sifting(const ClpSimplex& lp) {
  const int rows = lp.numberRows(), cols = lp.numberColumns();
  return rows > 0 && cols >= 6000 && cols >= 20 * rows;
}

Sifting solve_by_sifting(ClpSimplex& full) {
  const int m = full.numberRows(), n = full.numberColumns();
  const CoinPackedMatrix& a = *full.matrix();
  if (!a.isColOrdered()) return Sifting::kGaveUp;
  const CoinBigIndex* start = a.getVectorStarts();
  const int* length = a.getVectorLengths();
  const int* index = a.getIndices();
  const double* value = a.getElements();
  const double* lower = full.columnLower();
  const double* upper = full.columnUpper();
  const double* cost = full.objective();
  const double* row_lower = full.rowLower();
  const double* row_upper = full.rowUpper();
  const auto mm = static_cast<std::size_t>(m);

  double largest_cost = 1;
  for (int j = 0; j < n; ++j) largest_cost = std::max(largest_cost, std::fabs(cost[j]));
  const double big = 1e3 * largest_cost;

  // The first working set: every column without a finite lower bound, then the cheapest ones.
  std::vector<char> in(static_cast<std::size_t>(n), 0);
  std::vector<int> working;
  std::vector<int> order;
  order.reserve(static_cast<std::size_t>(n));
  for (int j = 0; j < n; ++j) {
    if (lower[j] <= -kInfinite) {
      in[static_cast<std::size_t>(j)] = 1;
      working.push_back(j);
    } else {
      order.push_back(j);
    }
  }
  const std::size_t first = std::min(order.size(), static_cast<std::size_t>(std::max(3 * m, 1000)));
  if (first > 0) {
    std::nth_element(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(first - 1), order.end(),
                     [cost](int x, int y) { return cost[x] < cost[y] || (cost[x] == cost[y] && x < y); });
  }
  for (std::size_t t = 0; t < first; ++t) {
    in[static_cast<std::size_t>(order[t])] = 1;
    working.push_back(order[t]);
  }

  // Activity of the columns outside at their lower bounds, moved into the row sides: `sign` 1
  // adds column j's, -1 takes it out again when j enters the working set.
  std::vector<double> offset(mm, 0.0);
  auto shift = [&](int j, double sign) {
    for (CoinBigIndex k = start[j]; k < start[j] + length[j]; ++k) {
      offset[static_cast<std::size_t>(index[k])] += sign * value[k] * lower[j];
    }
  };
  for (int j = 0; j < n; ++j) {
    if (!in[static_cast<std::size_t>(j)] && lower[j] != 0) shift(j, 1.0);
  }
  auto side = [](double s, double off) { return std::fabs(s) >= kInfinite ? s : s - off; };

  // The restricted LP: 2m artificial columns first, then the working columns in order.
  std::vector<CoinBigIndex> starts;
  std::vector<int> rows;
  std::vector<double> elements, lo, up, obj;
  auto append = [&](int j) {
    starts.push_back(static_cast<CoinBigIndex>(rows.size()));
    for (CoinBigIndex k = start[j]; k < start[j] + length[j]; ++k) {
      rows.push_back(index[k]);
      elements.push_back(value[k]);
    }
    lo.push_back(lower[j]);
    up.push_back(upper[j]);
    obj.push_back(cost[j]);
  };
  for (int i = 0; i < m; ++i) {
    for (const double sign : {1.0, -1.0}) {
      starts.push_back(static_cast<CoinBigIndex>(rows.size()));
      rows.push_back(i);
      elements.push_back(sign);
      lo.push_back(0);
      up.push_back(COIN_DBL_MAX);
      obj.push_back(big);
    }
  }
  for (int j : working) append(j);
  starts.push_back(static_cast<CoinBigIndex>(rows.size()));
  std::vector<double> rlo(mm), rup(mm);
  for (std::size_t i = 0; i < mm; ++i) {
    rlo[i] = side(row_lower[i], offset[i]);
    rup[i] = side(row_upper[i], offset[i]);
  }
  ClpSimplex small;
  small.passInMessageHandler(full.messageHandler());
  small.setLogLevel(0);
  small.loadProblem(static_cast<int>(obj.size()), m, starts.data(), rows.data(), elements.data(), lo.data(),
                    up.data(), obj.data(), rlo.data(), rup.data());
  small.passInEventHandler(full.eventHandler());  // the caller's stop token and work count

  std::vector<std::pair<double, int>> priced;
  bool optimal = false;
  for (int round = 0; round < kMaxRounds; ++round) {
    small.primal();  // from the last basis after the first round
    if (small.status() == kStoppedByEvent) {
      // Stopped: the full model is left unsolved. (Going on to solve it from scratch would
      // start with CLP's presolve, which polls nothing: 0.3 s and more on eilA101-2.)
      full.setProblemStatus(kStoppedByEvent);
      return Sifting::kStopped;
    }
    if (!small.isProvenOptimal()) return Sifting::kGaveUp;  // a numerical failure
    const double* y = small.dualRowSolution();
    priced.clear();
    for (int j = 0; j < n; ++j) {
      if (in[static_cast<std::size_t>(j)] || lower[j] >= upper[j]) continue;
      double d = cost[j];
      for (CoinBigIndex k = start[j]; k < start[j] + length[j]; ++k) d -= y[index[k]] * value[k];
      if (d < -kPriceTolerance) priced.emplace_back(d, j);
    }
    if (priced.empty()) {
      const double* x = small.primalColumnSolution();
      double artificial = 0;
      for (int k = 0; k < 2 * m; ++k) artificial += x[k];
      optimal = artificial <= kArtificialZero * std::max(1.0, static_cast<double>(m));
      break;  // with artificials left over, the full solve decides (infeasible, or big too small)
    }
    const std::size_t add = std::min(priced.size(), static_cast<std::size_t>(std::max(m, 500)));
    std::nth_element(priced.begin(), priced.begin() + static_cast<std::ptrdiff_t>(add) - 1, priced.end());
    starts.clear();
    rows.clear();
    elements.clear();
    lo.clear();
    up.clear();
    obj.clear();
    bool moved = false;
    for (std::size_t t = 0; t < add; ++t) {
      const int j = priced[t].second;
      in[static_cast<std::size_t>(j)] = 1;
      working.push_back(j);
      append(j);
      if (lower[j] != 0) {
        moved = true;
        shift(j, -1.0);
      }
    }
    starts.push_back(static_cast<CoinBigIndex>(rows.size()));
    small.addColumns(static_cast<int>(add), lo.data(), up.data(), obj.data(), starts.data(), rows.data(),
                     elements.data());
    if (moved) {
      for (int i = 0; i < m; ++i) {
        small.setRowLower(i, side(row_lower[i], offset[static_cast<std::size_t>(i)]));
        small.setRowUpper(i, side(row_upper[i], offset[static_cast<std::size_t>(i)]));
      }
    }
  }
  if (!optimal) return Sifting::kGaveUp;

  // The restricted basis on the full model: columns outside at their lower bounds; a row whose
  // artificial is basic (at zero) has its own slack basic instead.
  full.createStatus();
  double* x = full.primalColumnSolution();
  for (int j = 0; j < n; ++j) {
    full.setColumnStatus(j, ClpSimplex::atLowerBound);
    x[j] = lower[j] > -kInfinite ? lower[j] : 0.0;
  }
  const double* xs = small.primalColumnSolution();
  for (std::size_t k = 0; k < working.size(); ++k) {
    const int col = 2 * m + static_cast<int>(k);
    full.setColumnStatus(working[k], small.getColumnStatus(col));
    x[working[k]] = xs[col];
  }
  for (int i = 0; i < m; ++i) {
    const bool artificial_basic = small.getColumnStatus(2 * i) == ClpSimplex::basic ||
                                  small.getColumnStatus(2 * i + 1) == ClpSimplex::basic;
    full.setRowStatus(i, artificial_basic ? ClpSimplex::basic : small.getRowStatus(i));
  }
  full.primal();
  return Sifting::kSolved;
}

}  // namespace lsmip::lp::detail

#endif  // LSMIP_HAVE_COIN
