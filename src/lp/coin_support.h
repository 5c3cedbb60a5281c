// Internal to src/lp: the pieces both the LP and the MIP driver need to talk to COIN-OR.
// The only header outside the .cc files of src/lp that includes COIN headers.
#pragma once

#ifdef LSMIP_HAVE_COIN

#include <algorithm>
#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <string_view>

#include "ClpEventHandler.hpp"
#include "CoinMessageHandler.hpp"
#include "OsiClpSolverInterface.hpp"
#include "lp/lp_relaxation.h"
#include "model/model.h"

namespace lsmip::lp::detail {

// A message handler that prints nothing: every CLP and CBC object of a run gets its own.
class QuietHandler final : public CoinMessageHandler {
 public:
  QuietHandler() { setLogLevel(0); }
  int print() override { return 0; }
  CoinMessageHandler* clone() const override { return new QuietHandler(*this); }
};

// A message handler that hands each line of COIN-OR's log, at the given level, to a callback.
class ForwardingHandler final : public CoinMessageHandler {
 public:
  ForwardingHandler(std::function<void(const char*)> sink, int level) : sink_(std::move(sink)) { setLogLevel(level); }
  // One call per line: some of COIN's messages carry newlines of their own.
  int print() override {
    if (!sink_) return 0;
    std::string_view text(messageBuffer());
    while (!text.empty()) {
      const std::size_t end = std::min(text.find('\n'), text.size());
      if (end > 0) sink_(std::string(text.substr(0, end)).c_str());
      text.remove_prefix(std::min(end + 1, text.size()));
    }
    return 0;
  }
  CoinMessageHandler* clone() const override { return new ForwardingHandler(*this); }

 private:
  std::function<void(const char*)> sink_;
};

// What a solve polls and reports, shared by every copy of the event handler (CBC clones the
// solver, and with it the handler, for heuristics and sub-trees).
struct Hooks {
  std::function<bool()> stop;
  std::function<void(double)> on_work;
  double work_per_iteration = 1;
  std::int64_t iterations = 0;
  double work = 0;
  bool stopped = false;  // stop() returned true once: nothing after it is trusted as a proof

  // One simplex iteration: counts it and says whether to stop.
  bool iteration() {
    ++iterations;
    work += work_per_iteration;
    if (on_work) on_work(work_per_iteration);
    return poll();
  }
  bool poll() {
    if (!stopped && stop && stop()) stopped = true;
    return stopped;
  }
};

// The hooks of one solve of `m`: the caller's stop token and work callback, and the work one
// simplex iteration counts for (`work_per_iteration`, 0 = from the model's size).
inline Hooks make_hooks(const Model& m, std::function<bool()> stop, std::function<void(double)> on_work,
                        double work_per_iteration) {
  Hooks h;
  h.stop = std::move(stop);
  h.on_work = std::move(on_work);
  h.work_per_iteration = work_per_iteration > 0 ? work_per_iteration : default_work_per_iteration(m);
  return h;
}

// CLP's per-iteration hook: counts work and ends the simplex when the stop token is set.
class ClpHooks final : public ClpEventHandler {
 public:
  explicit ClpHooks(Hooks* hooks) : hooks_(hooks) {}
  int event(Event e) override {
    if (e == endOfIteration && hooks_->iteration()) return 0;  // >= 0: stop with this code
    if (e != endOfIteration && hooks_->poll()) return 0;
    return -1;
  }
  ClpEventHandler* clone() const override { return new ClpHooks(*this); }

 private:
  Hooks* hooks_;
};

// True for an LP with many more columns than rows, which solve_by_sifting solves faster than
// a simplex over all columns.
bool wants_sifting(const ClpSimplex& lp);
// How solve_by_sifting ended.
enum class Sifting : std::uint8_t {
  kSolved,   // `lp` holds its optimum (or whatever its final primal simplex reached)
  kStopped,  // the event handler stopped a simplex: `lp` is left unsolved, status 5
  kGaveUp,   // a numerical failure, or a restricted optimum that needs its artificial
             // columns: the caller solves the full model as usual
};
// Solves `lp` from scratch by sifting (src/lp/sifting.cc): simplex solves of a growing working
// set of columns, then the full model's primal simplex from the working set's optimal basis.
Sifting solve_by_sifting(ClpSimplex& lp);

// Loads `m` (integrality dropped unless `integers`) into `si`, with the given column bounds
// when not empty, and silences it with `quiet`. `widen` > 0 relaxes every finite row side by
// widen * max(1, |side|): the rows the final check accepts (its feasibility tolerance).
void load(OsiClpSolverInterface& si, const Model& m, std::span<const double> col_lower,
          std::span<const double> col_upper, bool integers, CoinMessageHandler* quiet,
          double widen = 0);

// Solves the LP loaded in `lp` from scratch the way every first solve here does: CLP's
// presolve, then primal simplex, or sifting (solve_by_sifting) on models with many more
// columns than rows (a stop during sifting leaves `lp` unsolved), and never a SIGINT
// handler. Dual simplex from the slack basis, CLP's usual first choice, is several times
// slower on wide set-covering models (fast0507: 4.7 s against 0.9 s) and thirty times slower
// on others (mzzv11: 28 s against 0.95 s); re-solves stay dual.
void solve_from_scratch(ClpSimplex& lp);

}  // namespace lsmip::lp::detail

#endif  // LSMIP_HAVE_COIN
