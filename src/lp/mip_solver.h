// Branch-and-cut on a model by COIN-OR CBC, driven through CbcModel directly (never
// CbcMain, which is not thread-safe and takes over SIGINT): one CbcModel per call, CBC's own
// threads off, its output silenced. CBC's own preprocessing (CglPreProcess) may run first:
// solutions are then lifted back to the given model's columns before they are reported, and
// the bound is in the given model's objective.
//
// The caller controls the run through callbacks made from the calling thread while CBC runs:
// `stop` at every simplex iteration and node (a true ends the run, and then no proof is
// claimed), `on_work` with the work of each iteration (the exact worker uses it to hand the
// core back to the other workers), `on_solution` for every new incumbent CBC finds, and
// `next_solution` when CBC runs its heuristics, through which better incumbents found elsewhere
// prune the tree.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <vector>

#include "model/model.h"

namespace lsmip::lp {

enum class MipStatus : std::uint8_t {
  kOptimal,     // the search finished: the best solution below the cutoff is optimal
  kInfeasible,  // the search finished with no solution below the cutoff
  kLimit,       // a node or solution limit ended the search: bound valid, no proof
  kStopped,     // the stop token ended the search: bound is the last one seen before
  kUnbounded,   // the root LP is unbounded: with any feasible point, so is the model
  kError,
  kAborted,     // CBC or CLP failed an internal assertion (lp/abort_trap.h): nothing is proven
  kUnavailable,
};
const char* to_string(MipStatus s);

struct MipSettings {
  std::int64_t max_nodes = -1;          // < 0: none
  std::int64_t max_solutions = -1;      // < 0: none
  double cutoff = kInf;                 // only solutions below it (minimisation form) are sought
  double work_per_iteration = 0;        // 0 = rows + nonzeros / 4 of the model
  std::span<const double> col_lower, col_upper;  // bounds replacing the model's (empty = model's)
  std::span<const double> start;        // a MIP start (a feasible point), empty = none
  // Wall-clock seconds from the call after which CBC stops by itself (inf = none): a backstop
  // for its heuristics, which may run long between simplex iterations (the feasibility pump
  // on a large model) and so between polls of the stop token.
  double deadline = kInf;
  bool cuts = true;                     // cuts (probing, Gomory, knapsack, clique, MIR, flow)
  bool heuristics = true;               // CBC's rounding, feasibility pump, greedy, RINS, diving
  // CglPreProcess (probing, clique merging, coefficient strengthening, presolve) before the
  // search; given a quarter of the deadline at most, and skipped on models of more than
  // 100,000 nonzeros (its probing overruns any limit there).
  bool preprocess = true;
  int seed = 1;
  // > 0: a search that ends infeasible without a cutoff is run again with every row side
  // relaxed by row_tolerance * max(1, |side|) (the final check's rule), and kInfeasible is
  // returned only when that run is infeasible too; its solutions (within the tolerance)
  // reach on_solution like any other.
  double row_tolerance = 0;
  // CBC's (and its CLP's) own log level, 0-3; lines go to MipCallbacks::on_message. 0 = silent.
  int log_level = 0;
};

struct MipCallbacks {
  std::function<bool()> stop;                         // optional
  std::function<void(double)> on_work;                // optional
  // A new incumbent: values of the model's columns and the objective (minimisation form,
  // offset included). Optional.
  std::function<void(std::span<const double>, double)> on_solution;
  // Polled when CBC runs its heuristics (at the root and in the tree): a better solution
  // found elsewhere (values of the model's columns, objective in minimisation form with the
  // offset), handed to CBC as a heuristic solution, through which it prunes with the better
  // cutoff. (Setting the cutoff directly in the middle of the search breaks CBC's
  // assertions.) Returns false when there is none. Optional.
  std::function<bool(std::vector<double>& x, double& objective)> next_solution;
  // The root LP is solved: its status, value (minimisation form), solution and reduced costs
  // (both empty unless optimal). Optional.
  std::function<void(bool optimal, bool infeasible, double value, std::span<const double> x,
                     std::span<const double> reduced_cost)>
      on_root_lp;
  // The LP of the preprocessed model (probing's fixings, strengthened and added rows: often
  // a much tighter relaxation than the root's) is solved, in the model's columns: the kept
  // columns take its values and reduced costs, the columns preprocessing dropped those of the
  // root LP. `value` is its optimum in CBC's objective plus the model's offset (minimisation
  // form): the model's objective in practice, as preprocessing keeps the dropped columns'
  // constant in its offset, but not confirmed, so a guide for the sub-MIPs and never a proven
  // bound (on_bound reports those). Called at most once, when preprocessing changed the model
  // and that LP is optimal. Optional.
  std::function<void(double value, std::span<const double> x, std::span<const double> reduced_cost)>
      on_preprocessed_lp;
  // CBC has left its root: called once, at the first node of its tree. Optional.
  std::function<void()> on_tree;
  // A valid dual bound (minimisation form, offset included), reported as it improves. Optional.
  std::function<void(double)> on_bound;
  // One line of CBC's or CLP's own log (no trailing newline), when MipSettings::log_level > 0.
  // Optional; made from the calling thread.
  std::function<void(const char*)> on_message;
};

struct MipResult {
  MipStatus status = MipStatus::kUnavailable;
  bool has_solution = false;
  std::vector<double> x;        // best solution CBC found (has_solution)
  double objective = kInf;      // its value, minimisation form, offset included
  double bound = -kInf;         // dual bound, minimisation form, offset included
  std::int64_t nodes = 0, iterations = 0;
  double work = 0;
  // Columns of the model CBC searched: the given model's, or fewer after preprocessing.
  int searched_columns = 0;
  bool preprocessed = false;  // CglPreProcess ran and CBC searched its model
  // kError because the preprocessed model's LP is infeasible (the model's is not): nearly
  // always an infeasible model that CBC's preprocessing saw through, but not a proof.
  bool preprocessed_infeasible = false;
};

// Runs CBC on `m` (with the settings' bounds). Never throws for a solver failure.
MipResult solve_mip(const Model& m, const MipSettings& settings, const MipCallbacks& callbacks);

}  // namespace lsmip::lp
