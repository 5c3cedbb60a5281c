// The solve log's progress table: one row per new best solution and one at
// least every log_interval seconds. Improvements closer than 0.1 s to the
// previous row are held back and only the last of them is printed, with its own
// time, once that 0.1 s has passed or the run ends. Thread-safe: workers report
// from their own threads.
//
//   Source            Time        Work       Best objective            Bound     Gap  Ref gap   Viol  Moves/s
//   ls#0 tight     0.00s        3716                 3502             2520  28.04%   11.79%      -    26.5k
//
// Bound is the dual bound (from the LP and exact workers), Gap the MIP gap between it and
// the best objective, Ref gap the primal gap to --objective-reference. Work and moves are
// summed over the local searches (as last reported by each); Viol is the fewest violated
// rows of any worker while none has a solution. A row is printed when the bound rises too.
#pragma once

#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "options/options.h"
#include "portfolio/search_worker.h"
#include "util/logger.h"

namespace lsmip::solver {

// MIPLIB primal gap of `value` against `reference` (both in the model's sense):
// 0 when equal, 1 when the signs differ, else |v - r| / max(|v|, |r|).
double primal_gap(double value, double reference);
// 1234 -> "1.2k", 3.4e6 -> "3.4M".
std::string human_count(double v);

class ProgressLog {
 public:
  ProgressLog(Logger& log, const Options& options, std::function<double()> clock, int workers);

  // A new best solution (objective in the model's sense) found by `source` at `seconds`.
  void improvement(double objective, const std::string& source, double seconds);
  // A worker's latest figures; prints a periodic row when log_interval has passed.
  void progress(const portfolio::WorkerProgress& p);
  // A new dual bound (model's sense; +-inf: the model has no solution).
  void bound(double value);
  // Prints the held-back improvement row, if any.
  void flush();

 private:
  struct Pending {
    bool due = false;
    std::string source;
    double seconds = 0;
  };
  void print_header();
  void print_row(const char* source, double at);  // under mu_

  Logger& log_;
  const Options& opt_;
  std::function<double()> clock_;
  std::mutex mu_;
  std::vector<search::SearchProgress> latest_;  // per worker
  bool have_best_ = false;
  double best_ = 0;
  bool have_bound_ = false;
  double bound_ = 0;
  int rows_ = 0;
  double last_row_time_ = 0;
  Pending pending_;
};

}  // namespace lsmip::solver
