// The local-search engine of lsmip: Local-MIP (Lin, Cai, Zou, Lin, AIJ 2025),
// itself Local-ILP's boundary local search extended to MIP, with the
// incremental bookkeeping of Feasibility Jump / CP-SAT ViolationLS.
//
// Modes. While the point is infeasible and no incumbent exists (Search) or an
// incumbent exists (Restore), one step takes the best positive move from, in
// order: tight moves of sampled violated rows (plus breakthrough moves once an
// incumbent exists and the point is not already below it), tight moves of
// sampled satisfied rows, Boolean flips; at a local optimum the weights are
// updated and the best move of one random violated row is taken even if it
// does not improve. When the point is feasible (Improve) the lift process runs
// to a local optimum, the point becomes the incumbent if better, and a normal
// step then leaves the local optimum (typically with a breakthrough move). The
// objective acts as the constraint c·x <= best - eps (best - 1 for an integral
// objective); the breakthrough target lies that far below the incumbent, or
// twice as far as last time when the previous improvement reached its target
// (ls_bm_adaptive: one-variable breakthroughs on continuous models otherwise
// gain only eps per cycle). After ls_restart_steps steps without improvement
// the search restarts from the best solution with fresh weights (with
// ls_restart_luby the interval follows the Luby sequence of the restart count).
//
// Cost per step: candidate generation is bounded by the BMS sample sizes (long
// rows are sampled entry-wise, never expanded), each scored candidate costs its
// column length, and applying a move costs its column length. The lift cache
// follows every move: only the variables watching a row of the moved column, on
// the side that gained room, are recomputed (see LiftCache in lift_cache.h).
//
// Determinism: decisions depend only on the model, the options and the seed;
// effort is counted in work units (nonzeros touched); the clock is only read by
// the caller's should_stop(), polled every ~1000 work units.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "model/model.h"
#include "options/options.h"
#include "search/move_kind.h"
#include "search/restart_policy.h"  // luby()
#include "search/search_model.h"
#include "util/logger.h"
#include "util/status.h"

namespace lsmip::search {

struct Improvement {
  double work;       // work units spent when the incumbent was found
  double objective;  // min-form objective including the offset
  MoveKind source;   // kind of the last move that produced it
  std::uint64_t moves;
};

struct SearchProgress {
  double work = 0;
  std::uint64_t moves = 0;
  std::uint64_t restarts = 0;
  std::int32_t violated_rows = 0;
  bool found = false;
  double best_objective = 0;  // min form, valid when found
};

struct SearchHooks {
  std::function<bool()> should_stop;  // polled regularly; true = stop now
  std::function<void(const Improvement&, std::span<const double> x)> on_improvement;
  std::function<void(const SearchProgress&)> on_progress;  // optional, every ~1e6 work units
  // Optional final say on a candidate incumbent that satisfies the searched model: false
  // rejects it and the search goes on (the caller checks it against the model before
  // presolve, where rounding in huge values can still break a row presolve transformed).
  std::function<bool(std::span<const double> x)> accept;
};

struct SearchResult {
  bool found = false;
  std::vector<double> best_x;
  double best_objective = 0;  // min form, including the offset
  std::uint64_t moves = 0;
  std::array<std::uint64_t, kNumMoveKinds> moves_by_kind{};
  std::uint64_t restarts = 0;
  std::uint64_t neighbourhood_epochs = 0;  // restarts that froze a neighbourhood (ls_lns)
  double work = 0;
  bool warm_start_feasible = false;  // the (rounded, clipped) warm start was feasible
  bool warm_start_repaired = false;  // rounding/clipping/unspecified values changed the warm start
  bool stopped_by_limit = false;     // should_stop() or the work limit ended the run
  bool trivially_infeasible = false; // an empty integer domain or an impossible empty row
  std::uint64_t imported = 0;        // incumbents adopted through import_incumbent()
  Status status;                     // kInternal if a state check failed (ls_check_level 2)
};

// Runs the local search on `model` until should_stop() or the work limit.
// `initial` is empty or has one value per column (NaN = unspecified).
SearchResult run_local_search(const Model& model, const Options& options,
                              std::span<const double> initial, const SearchHooks& hooks,
                              Logger& log);

class Engine;

// Step-wise access to the engine, for tests and tools: the same engine that
// run_local_search() drives, exposed one iteration at a time.
class LocalSearch {
 public:
  // Builds its own SearchModel of `model` under `options`.
  LocalSearch(const Model& model, const Options& options, const SearchHooks& hooks, Logger& log);
  // Shares a SearchModel built by build_search_model(model, o) with options `o` that agree
  // with `options` on ls_split_equalities, ls_side_weights and ls_feas_tol (read-only, so
  // any number of engines on any threads may share it).
  LocalSearch(const Model& model, std::shared_ptr<const SearchModel> sm, const Options& options,
              const SearchHooks& hooks, Logger& log);
  ~LocalSearch();
  LocalSearch(const LocalSearch&) = delete;
  LocalSearch& operator=(const LocalSearch&) = delete;

  // Sets the starting point (see run_local_search). Must be called first.
  void start(std::span<const double> initial);
  // One iteration of the main loop (lift process if feasible, then one step).
  // Returns false once the run must stop (limit, hook or failed check).
  bool iterate();
  // Applies the best move of one kind (tabu ignored, improving or not);
  // false if that kind has no candidate now. For tests of every move kind.
  bool force_move(MoveKind kind);
  // Compares activities, violated set, weights, objective, lift cache (when
  // valid) and candidate scores with a recomputation from scratch; "" if equal.
  std::string check_all();
  // Current point and state summaries.
  std::span<const double> values() const;
  std::int32_t num_violated() const;
  // True when column j is frozen by the current neighbourhood epoch (ls_lns).
  bool frozen(Index j) const;
  // Final result (also valid mid-run).
  SearchResult result() const;

  // Iterates until `work` more work units are spent (the last iteration may overshoot) or the
  // run must stop; false once it must stop. Splitting a run into run_for() calls never changes
  // its trajectory.
  bool run_for(double work);
  // Work units spent so far.
  double work() const;
  // Adopts x (one value per column, a verified solution found elsewhere, rounded and clipped
  // into the bounds) as the incumbent when it is better than the engine's own by at least the
  // engine's improvement step: the search then looks for solutions below it, and the next
  // restart from the best starts at it. Returns true when adopted.
  bool import_incumbent(std::span<const double> x);
  // The next restart from the best solution starts at x instead (rounded and clipped); once.
  void set_restart_point(std::span<const double> x);
  // Restarts at x (rounded and clipped) before the next step: weights reset, tabu cleared, as
  // any restart. Without an incumbent only when x violates no more rows than the current
  // point (the search's progress towards a first solution is kept otherwise). Returns true
  // when the restart is set; false for a point of the wrong size or a declined one.
  bool restart_from(std::span<const double> x);
  // True once the engine holds an incumbent (its own or an imported one).
  bool has_incumbent() const;

 private:
  std::unique_ptr<Engine> engine_;
};

}  // namespace lsmip::search
