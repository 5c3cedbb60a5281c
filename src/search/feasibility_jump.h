// Feasibility Jump (Luteberget and Sartor, 2023): a weighted local search for a first feasible
// point, the primal heuristic HiGHS and CP-SAT run before anything else.
//
// Each column has a "jump value": the value in its domain that minimises the sum, over its
// rows, of the row's weight times the distance from the value to the interval in which the row
// would hold (the other columns as they are). The score of a column is the weighted decrease of
// the rows' violations (in activity units) if it jumped there. The search moves, among a sample
// of columns with a positive score, the best one; at a local minimum (no positive score) every
// violated row's weight grows by one and a column of a random violated row moves. Scores are
// kept up to date incrementally; a column's jump value is recomputed only when it moves, as in
// the original. The objective plays no part: the engine's job ends at the first feasible point.
//
// It complements the Local-MIP engine (search/local_search.h), whose moves are chosen per
// violated row: on some timetabling and scheduling models the one reaches feasibility in a
// fraction of a second where the other does not within minutes, and the other way round.
//
// Reads the model (shared, read-only) and keeps O(rows + columns) state of its own. The work
// counted is matrix entries touched; no clock is read, so a run is a function of its seed.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "model/model.h"
#include "util/rng.h"

namespace lsmip::search {

class FeasibilityJump {
 public:
  // Starts from `start` (clipped and rounded into the domains) or, if empty, from each column's
  // bound nearest zero. `m` must outlive the engine.
  FeasibilityJump(const Model& m, std::span<const double> start, std::uint64_t seed);

  // Runs for about `work` work units. Returns true when the current point satisfies every row
  // within the tolerance (then point() is it and further runs do nothing).
  bool run(double work);

  bool feasible() const { return violated_.empty(); }
  const std::vector<double>& point() const { return x_; }
  std::size_t violated_rows() const { return violated_.size(); }
  // Fewest violated rows seen, and the work spent since that count last fell.
  std::size_t best_violated() const { return best_violated_; }
  double work_since_progress() const { return work_ - work_at_progress_; }
  double work() const { return work_; }
  std::uint64_t moves() const { return moves_; }
  std::uint64_t bumps() const { return bumps_; }  // weight increases (local minima)

 private:
  static std::size_t u(Index i) { return static_cast<std::size_t>(i); }
  // Violation of row i at activity a (0 when lo - tol <= a <= hi + tol).
  double violation(Index i, double a) const;
  void init_rows();
  // Recomputes column j's jump value and score from scratch.
  void reset_column(Index j);
  void update_good(Index j);
  Index select_column();
  void bump_weights();
  void move(Index j);

  const Model& m_;
  Rng rng_;
  std::vector<double> lb_, ub_;  // integer domains rounded inward
  std::vector<double> x_;
  std::vector<double> act_;      // row activities
  std::vector<double> weight_;   // row weights, from 1
  std::vector<Index> violated_;  // violated rows, with their positions
  std::vector<Index> violated_pos_;
  std::vector<double> jump_;     // per column: its jump value
  std::vector<double> score_;    // per column: the weighted violation decrease of the jump
  std::vector<Index> good_;      // columns with a positive score, with their positions
  std::vector<Index> good_pos_;
  std::vector<std::pair<double, double>> breaks_;  // reset_column's scratch
  double work_ = 0;
  double work_at_progress_ = 0;
  std::size_t best_violated_ = 0;
  std::uint64_t moves_ = 0;
  std::uint64_t bumps_ = 0;
};

}  // namespace lsmip::search
