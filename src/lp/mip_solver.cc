#include "lp/mip_solver.h"

#include <algorithm>
#include <cmath>
#include <optional>

#include "lp/abort_trap.h"
#include "lp/lp_relaxation.h"
#include "lp/objective_step.h"

#ifdef LSMIP_HAVE_COIN
#include "CbcEventHandler.hpp"
#include "CbcHeuristic.hpp"
#include "CbcHeuristicDiveCoefficient.hpp"
#include "CbcHeuristicFPump.hpp"
#include "CbcHeuristicGreedy.hpp"
#include "CbcHeuristicLocal.hpp"
#include "CbcHeuristicRINS.hpp"
#include "CbcModel.hpp"
#include "ClpFactorization.hpp"
#include "CglClique.hpp"
#include "CglFlowCover.hpp"
#include "CglGomory.hpp"
#include "CglKnapsackCover.hpp"
#include "CglMixedIntegerRounding2.hpp"
#include "CglPreProcess.hpp"
#include "CglProbing.hpp"
#include "CglTwomir.hpp"
#include "CglZeroHalf.hpp"
#include "lp/coin_support.h"
#endif

namespace lsmip::lp {

const char* to_string(MipStatus s) {
  switch (s) {
    case MipStatus::kOptimal: return "optimal";
    case MipStatus::kInfeasible: return "infeasible";
    case MipStatus::kLimit: return "limit";
    case MipStatus::kStopped: return "stopped";
    case MipStatus::kUnbounded: return "unbounded";
    case MipStatus::kError: return "error";
    case MipStatus::kAborted: return "aborted";
    case MipStatus::kUnavailable: return "unavailable";
  }
  return "?";
}

#ifdef LSMIP_HAVE_COIN

namespace {

// The column space CBC searches in when CBC's own preprocessing (CglPreProcess: probing,
// clique merging, coefficient strengthening, presolve) ran, and the way back to the model's.
// Preprocessing keeps a subset of the model's columns with their meaning and drops the others
// (fixed, or substituted out); a point of the preprocessed model is lifted back by copying the
// kept columns and, when some were dropped, solving the model with the kept integer columns
// fixed at those values (an LP, or a small MIP when dropped columns are integer).
struct Space {
  const Model* model = nullptr;
  std::span<const double> lower, upper;  // the model's column bounds for this solve
  bool identity = true;                  // no preprocessing: CBC's columns are the model's
  std::vector<int> original;             // preprocessed column -> model column
  bool complete = true;                  // every model column is kept
  bool dropped_integer = false;          // some dropped column is integer
  bool same_objective = false;           // complete, with the model's objective coefficients
  std::vector<double> objective;         // of the preprocessed columns
  double objective_offset = 0;           // Osi's: CBC's objective is c x - offset
  std::function<bool()> stop;
  double widen = 0;                      // the rows' widening of this solve (see load)

  int columns() const { return identity ? model->num_cols() : static_cast<int>(original.size()); }

  // A point of the model's columns for `xp` (CBC's columns); false when none was found.
  bool lift(std::span<const double> xp, std::vector<double>& x) const {
    const std::size_t n = static_cast<std::size_t>(model->num_cols());
    if (identity) {
      x.assign(xp.begin(), xp.end());
      return true;
    }
    x.assign(n, 0.0);
    for (std::size_t i = 0; i < original.size(); ++i) x[static_cast<std::size_t>(original[i])] = xp[i];
    if (complete) return true;
    std::vector<double> lo(lower.begin(), lower.end()), up(upper.begin(), upper.end());
    for (std::size_t i = 0; i < original.size(); ++i) {
      const std::size_t j = static_cast<std::size_t>(original[i]);
      if (!model->is_integer(static_cast<Index>(j))) continue;
      const double v = std::min(std::max(std::round(xp[i]), lo[j]), up[j]);
      lo[j] = up[j] = v;
    }
    if (!dropped_integer) {
      LpControl c;
      c.stop = stop;
      c.col_lower = lo;
      c.col_upper = up;
      c.row_tolerance = widen;  // a point of the widened rows may need them to lift
      LpSolution s = solve_lp(*model, c);
      if (s.status != LpStatus::kOptimal) return false;
      x = std::move(s.x);
      return true;
    }
    MipSettings s;
    s.max_nodes = 1000;
    s.col_lower = lo;
    s.col_upper = up;
    s.preprocess = false;
    s.cuts = false;
    s.row_tolerance = widen;
    MipCallbacks cb;
    cb.stop = stop;
    MipResult r = solve_mip(*model, s, cb);
    if (!r.has_solution) return false;
    x = std::move(r.x);
    return true;
  }

  // CBC's objective of a point of the preprocessed columns.
  double cbc_objective(std::span<const double> xp) const {
    double z = -objective_offset;
    for (std::size_t i = 0; i < objective.size(); ++i) z += objective[i] * xp[i];
    return z;
  }

  // CBC's columns of a point of the model.
  void lower_point(std::span<const double> x, std::vector<double>& xp) const {
    if (identity) {
      xp.assign(x.begin(), x.end());
      return;
    }
    xp.resize(original.size());
    for (std::size_t i = 0; i < original.size(); ++i) xp[i] = x[static_cast<std::size_t>(original[i])];
  }
};

// What the CBC event handler (and its clones) share during one solve_mip call.
struct MipState {
  const MipCallbacks* cb = nullptr;
  detail::Hooks* hooks = nullptr;
  const Space* space = nullptr;
  double offset = 0;          // the model's objective offset (CBC works without it)
  double cutoff = kInf;       // the cutoff applied, CBC's objective
  double best = kInf;         // best solution reported, CBC's objective
  double bound = -kInf;       // last bound reported before any stop, CBC's objective
  std::int64_t nodes_seen = 0;
  const CbcModel* top = nullptr;  // the model of this call: CBC's heuristics run sub-models
                                  // with clones of the handler, in other spaces
  std::vector<double> lifted;
  // The forwarding handler and its level: CBC's heuristics run their sub-models with the
  // same handler and turn its level down; it is set back at the top model's next event.
  CoinMessageHandler* handler = nullptr;
  int log_level = 0;

  bool trusted = true;        // CBC's objective agreed with the model's on every solution
  bool confirmed = false;     // ... and it did so at least once (or needs no check)
  double held = -kInf;        // a bound of the preprocessed model, held until confirmed

  // Hands a CBC solution (CBC's columns) to on_solution, lifted to the model's columns.
  void report(const double* xp, double z) {
    best = std::min(best, z);
    if (!space->lift(std::span<const double>(xp, static_cast<std::size_t>(space->columns())), lifted)) return;
    const double value = space->model->objective(lifted);
    check_objective(z, value);
    if (cb->on_solution) cb->on_solution(lifted, value);
  }
  // A lifted point is worth what CBC says (or less, when the lift re-solved dropped columns):
  // when not, CBC's objective is not the model's, and no bound or proof of this run is used.
  void check_objective(double z, double value) {
    const double cbc = z + offset, tol = 1e-6 * std::max(1.0, std::fabs(cbc));
    if (value > cbc + tol || (space->complete && value < cbc - tol)) trusted = false;
    if (trusted) confirm();
  }
  // The objectives agree: the bound held back so far is reported.
  void confirm() {
    if (confirmed) return;
    confirmed = true;
    raise_bound(held);
  }
  // A point of the model known from elsewhere (the MIP start, the pool's best) and its
  // preprocessed columns: when CBC's objective of those equals the model's, that confirms
  // the two objectives agree (when not, the point is outside the preprocessed model: no news).
  void confirm_with(std::span<const double> x, std::span<const double> xp) {
    if (confirmed || space->identity) return;
    const double value = space->model->objective(x) - offset, cbc = space->cbc_objective(xp);
    if (std::fabs(value - cbc) <= 1e-9 * std::max(1.0, std::fabs(value))) confirm();
  }
  // A bound in CBC's objective; `model_space`: from the model's own LP, valid in any case.
  void raise_bound(double b, bool model_space = false) {
    if (!model_space && !confirmed) {
      held = std::max(held, b);
      return;
    }
    if (b > bound && std::isfinite(b) && !hooks->stopped && trusted) {
      bound = b;
      if (cb->on_bound) cb->on_bound(b + offset);
    }
  }
};

// CBC's node and solution hook: stops, reports solutions and bounds.
class CbcHooks final : public CbcEventHandler {
 public:
  explicit CbcHooks(MipState* s) : state_(s) {}
  CbcAction event(CbcEvent e) override { return handle(e); }
  CbcAction event(CbcEvent e, void*) override { return handle(e); }
  CbcEventHandler* clone() const override { return new CbcHooks(*this); }

 private:
  CbcAction handle(CbcEvent e) {
    MipState& s = *state_;
    if (model_ != s.top) return s.hooks->poll() ? stop : noAction;  // a heuristic's sub-model
    if (s.handler != nullptr && s.handler->logLevel() != s.log_level) s.handler->setLogLevel(s.log_level);
    report_solution();
    if (s.hooks->poll()) return stop;
    if (e != node) return noAction;
    if (s.nodes_seen == 0 && s.cb->on_tree) s.cb->on_tree();
    if ((++s.nodes_seen & 15) == 0) {
      s.raise_bound(std::min(model_->getBestPossibleObjValue(), std::min(s.cutoff, s.best)));
    }
    return noAction;
  }
  void report_solution() {
    MipState& s = *state_;
    const double* x = model_->bestSolution();
    if (x == nullptr || s.hooks->stopped) return;
    const double z = model_->getObjValue();
    if (z < s.best) s.report(x, z);
  }
  MipState* state_;
};

// A "heuristic" that hands CBC the better solutions found elsewhere (the pool's best): CBC
// takes a heuristic's solution through its own path, which updates the cutoff safely.
class ForeignSolutions final : public CbcHeuristic {
 public:
  ForeignSolutions(CbcModel& model, MipState* s) : CbcHeuristic(model), state_(s) {
    setHeuristicName("foreign");
  }
  CbcHeuristic* clone() const override { return new ForeignSolutions(*this); }
  void resetModel(CbcModel*) override {}
  int solution(double& objective, double* x) override {
    MipState& s = *state_;
    if (model_ != s.top || !s.cb->next_solution || s.hooks->stopped) return 0;
    double z = 0;
    if (!s.cb->next_solution(buffer_, z) || buffer_.size() != static_cast<std::size_t>(s.space->model->num_cols())) return 0;
    z -= s.offset;
    if (!(z < objective - 1e-9 * std::max(1.0, std::fabs(z)))) return 0;
    s.space->lower_point(buffer_, lowered_);
    s.confirm_with(buffer_, lowered_);
    std::copy(lowered_.begin(), lowered_.end(), x);
    objective = z;
    s.best = std::min(s.best, z);  // known to the caller already: not reported back
    return 1;
  }

 private:
  MipState* state_;
  std::vector<double> buffer_, lowered_;
};

// CBC's feasibility pump, run only while CBC knows no solution (neither a MIP start nor one
// found elsewhere and handed in): a pump for a first solution. In the portfolio the local
// search has one almost always, and a pump below its cutoff mostly cycles: on 10teams it ran
// about 60 passes (7,000 simplex iterations, 2 s of the exact worker's root) and found
// nothing better. Without it the exact worker proved 10teams in 6.4-7.2 s on seeds 1-3
// instead of 6.9 s to more than 10 s, one thread, 10 s.
class FirstSolutionPump final : public CbcHeuristicFPump {
 public:
  explicit FirstSolutionPump(CbcModel& model) : CbcHeuristicFPump(model) {}
  CbcHeuristic* clone() const override { return new FirstSolutionPump(*this); }
  int solution(double& objective, double* x) override {
    if (model_->bestSolution() != nullptr) return 0;
    return CbcHeuristicFPump::solution(objective, x);
  }
};

// CBC's objective of its best solution (which must exist). After a stop CBC may hold the
// solution but answer 1e50, its "no value", for the objective: on pk1 every stopped search
// did, and the check of CBC's objective against the model's then failed, so the stop ended as
// an error. The objective is then c x - offset over CBC's columns (the search minimises).
double cbc_best_objective(const CbcModel& model) {
  constexpr double kCbcNoValue = 1e49;  // CBC's "none" is 1e50 or more
  const double z = model.getObjValue();
  if (z < kCbcNoValue) return z;
  const OsiSolverInterface& si = *model.solver();
  const double* c = si.getObjCoefficients();
  const double* x = model.bestSolution();
  double value = 0;
  si.getDblParam(OsiObjOffset, value);
  value = -value;
  for (int j = 0; j < si.getNumCols(); ++j) value += c[j] * x[j];
  return value;
}

// objective_step (lp/objective_step.h) of CBC's columns.
double cbc_objective_step(const OsiSolverInterface& si) {
  const auto n = static_cast<std::size_t>(si.getNumCols());
  std::vector<char> integer(n);
  for (std::size_t j = 0; j < n; ++j) integer[j] = si.isInteger(static_cast<int>(j)) ? 1 : 0;
  return objective_step(std::span<const double>(si.getObjCoefficients(), n), std::span<const double>(si.getColLower(), n),
                        std::span<const double>(si.getColUpper(), n), integer);
}

// Bases of at most this many rows are factorized densely in tree searches (tune_for_search).
constexpr int kDenseFactorizationRows = 40;

// Sets CLP up for the many small re-solves of a tree search, as CBC's own driver does: the
// factorization, scaling and row copy are kept between solves (more boldly on small models),
// and CLP is told it runs inside branch-and-bound.
void tune_for_search(OsiClpSolverInterface& clp) {
  const bool small = clp.getNumRows() < 300 && clp.getNumCols() < 500;
  clp.setupForRepeatedUse(small ? 2 : 0, 0);
  clp.setSpecialOptions(clp.specialOptions() | 64);
  ClpSimplex* lp = clp.getModelPtr();
  lp->setSpecialOptions(lp->specialOptions() | 0x01000000 | 4096 | 512 | 128);
  // A dense LU for small bases, as CBC's own driver chooses: the sparse factorization
  // allocates and frees its work areas at every factorization and copy, which on the tiny LPs
  // of a deep tree costs more than the simplex iterations. On markshare_4_0 (4 rows) CBC
  // searched 1.17M nodes in 5 s instead of 0.59M, as many as Debian's cbc. The copies CBC
  // makes for its tree inherit the threshold and go dense while they stay that small.
  lp->factorization()->setGoDenseThreshold(kDenseFactorizationRows);
  lp->factorization()->goDenseOrSmall(lp->numberRows());
}

// CglPreProcess on `si`; on success fills `space` and returns the preprocessed solver (owned
// by `process`), else nullptr (then CBC searches the model as it is: an infeasibility found by
// preprocessing is left to CBC's search to prove).
OsiSolverInterface* preprocess(CglPreProcess& process, OsiClpSolverInterface& si, const MipSettings& settings,
                               CoinMessageHandler* handler, Space& space) {
  process.passInMessageHandler(handler);  // at the level the caller chose
  // Its probing polls nothing: a quarter of the time left, and never more than 20 s.
  process.setTimeLimit(std::min(20.0, std::max(0.0, settings.deadline / 4)), true);
  OsiSolverInterface* pre = process.preProcess(si, false, 5);
  if (pre == nullptr) return nullptr;
  const int n = pre->getNumCols();
  const int* orig = process.originalColumns();
  const Model& m = *space.model;
  Space out = space;
  std::vector<char> kept(static_cast<std::size_t>(m.num_cols()), 0);
  out.original.assign(orig, orig + n);
  for (int j : out.original) {
    if (j < 0 || j >= m.num_cols()) return nullptr;  // a column preprocessing added: not liftable
    kept[static_cast<std::size_t>(j)] = 1;
  }
  for (Index j = 0; j < m.num_cols(); ++j) {
    if (kept[static_cast<std::size_t>(j)]) continue;
    out.complete = false;
    if (m.is_integer(j)) out.dropped_integer = true;
  }
  // The preprocessed model keeps the constant of the dropped columns in its objective offset,
  // so CBC's objective values are the model's (without its own offset).
  out.identity = false;
  const double* c = pre->getObjCoefficients();
  out.objective.assign(c, c + n);
  pre->getDblParam(OsiObjOffset, out.objective_offset);
  if (out.complete) {
    double off_model = 0;
    si.getDblParam(OsiObjOffset, off_model);
    out.same_objective = off_model == out.objective_offset;
    for (int i = 0; i < n && out.same_objective; ++i) out.same_objective = c[i] == m.obj(out.original[static_cast<std::size_t>(i)]);
  }
  space = std::move(out);
  return pre;
}


constexpr NzIndex kPreprocessNonzeros = 100000;

MipResult solve_mip_once(const Model& m, const MipSettings& settings, const MipCallbacks& cb, double widen) {
  MipResult out;
  try {
    // Silent, or CBC's and CLP's lines to on_message at the level asked for.
    detail::QuietHandler quiet;
    const int log_level = cb.on_message ? std::clamp(settings.log_level, 0, 3) : 0;
    std::optional<detail::ForwardingHandler> forward;
    if (log_level > 0) forward.emplace(cb.on_message, log_level);
    CoinMessageHandler* handler = forward ? static_cast<CoinMessageHandler*>(&*forward) : &quiet;
    OsiClpSolverInterface si;
    detail::load(si, m, settings.col_lower, settings.col_upper, true, handler, widen);
    handler->setLogLevel(log_level);  // load() silences it
    detail::Hooks hooks = detail::make_hooks(m, cb.stop, cb.on_work, settings.work_per_iteration);
    const detail::ClpHooks clp_handler(&hooks);
    si.getModelPtr()->passInEventHandler(&clp_handler);
    si.setHintParam(OsiDoDualInResolve, true, OsiHintTry);

    Space space;
    space.model = &m;
    space.lower = settings.col_lower.empty() ? m.col_lower() : settings.col_lower;
    space.upper = settings.col_upper.empty() ? m.col_upper() : settings.col_upper;
    space.stop = cb.stop;
    space.widen = widen;

    if (hooks.poll()) {
      out.status = MipStatus::kStopped;
      return out;
    }
    // The root LP of the model itself: the first bound, and the LP point in the model's
    // columns for the caller's neighbourhoods.
    // Solved on CLP's model directly (OsiClp's own initialSolve is dual simplex only); the
    // solver interface reads the result from it. (Its resolve() would start again from its own
    // stored basis: 5.5 s on fast0507.)
    detail::solve_from_scratch(*si.getModelPtr());
    const bool root_optimal = si.isProvenOptimal() && !hooks.stopped;
    const bool root_infeasible = si.isProvenPrimalInfeasible() && !hooks.stopped;
    if (cb.on_root_lp) {
      const double v = root_optimal ? si.getObjValue() + m.obj_offset() : 0.0;
      std::span<const double> x, d;
      if (root_optimal) {
        x = std::span<const double>(si.getColSolution(), static_cast<std::size_t>(m.num_cols()));
        d = std::span<const double>(si.getReducedCost(), static_cast<std::size_t>(m.num_cols()));
      }
      cb.on_root_lp(root_optimal, root_infeasible, v, x, d);
    }
    if (root_infeasible || !root_optimal) {
      const bool root_unbounded = si.isProvenDualInfeasible() && !hooks.stopped;
      out.status = root_infeasible   ? MipStatus::kInfeasible
                   : hooks.stopped   ? MipStatus::kStopped
                   : root_unbounded  ? MipStatus::kUnbounded
                                     : MipStatus::kError;
      if (root_infeasible) out.bound = kInf;
      out.iterations = hooks.iterations;
      out.work = hooks.work;
      return out;
    }
    const double root_value = si.getObjValue();
    // The first bound at once: preprocessing may take long on a large model.
    if (cb.on_bound) cb.on_bound(root_value + m.obj_offset());
    // The root point, for the columns preprocessing drops (copied: preprocessing works on `si`).
    std::vector<double> root_x, root_d;
    if (cb.on_preprocessed_lp) {
      const std::size_t n = static_cast<std::size_t>(m.num_cols());
      root_x.assign(si.getColSolution(), si.getColSolution() + n);
      root_d.assign(si.getReducedCost(), si.getReducedCost() + n);
    }

    CglPreProcess process;
    OsiSolverInterface* searched = &si;
    // CglPreProcess's probing polls nothing and overruns its time limit on large models
    // (fast0507, 409k nonzeros: 4.5 s; mzzv11, 134k: 8.9 s): above kPreprocessNonzeros the
    // search takes the model as it is.
    if (settings.preprocess && m.num_nonzeros() <= kPreprocessNonzeros) {
      if (OsiSolverInterface* pre = preprocess(process, si, settings, handler, space)) searched = pre;  // else unchanged
    }

    MipState state;
    state.cb = &cb;
    state.hooks = &hooks;
    state.space = &space;
    state.offset = m.obj_offset();
    if (log_level > 0) {
      state.handler = handler;
      state.log_level = log_level;
    }
    if (std::isfinite(settings.cutoff)) state.cutoff = settings.cutoff - state.offset;
    state.confirmed = space.identity || space.same_objective;
    state.raise_bound(std::min(root_value, state.cutoff), true);

    if (auto* clp = dynamic_cast<OsiClpSolverInterface*>(searched)) {
      // The preprocessed model's LP is new to CLP: solved here as the root was, so that CBC's
      // own first solve starts from its optimal basis.
      if (searched != &si && !hooks.poll()) {
        detail::solve_from_scratch(*clp->getModelPtr());
        if (cb.on_preprocessed_lp && clp->isProvenOptimal() && !hooks.stopped) {
          const double* xp = clp->getColSolution();
          const double* dp = clp->getReducedCost();
          for (std::size_t i = 0; i < space.original.size(); ++i) {
            const auto j = static_cast<std::size_t>(space.original[i]);
            root_x[j] = xp[i];
            root_d[j] = dp[i];
          }
          cb.on_preprocessed_lp(clp->getObjValue() + m.obj_offset(), root_x, root_d);
        }
      }
      tune_for_search(*clp);
    }
    // Strong branching stops each candidate's dual simplex after 100 iterations, as CBC's own
    // driver does. CLP's default is unlimited: on 10teams the root's strong branching then ran
    // for 200,000 iterations and the bound stayed at the LP's 917 (CBC's driver: 924, proven
    // optimal, in 12,000 iterations).
    searched->setIntParam(OsiMaxNumIterationHotStart, 100);
    CbcModel model(*searched);  // a clone, with a clone of the CLP handler
    state.top = &model;
    model.passInMessageHandler(handler);
    model.setLogLevel(log_level);
    model.setPrintingMode(0);
    model.setNumberThreads(0);
    model.setRandomSeed(settings.seed);
    model.setNumberStrong(5);
    model.setNumberBeforeTrust(10);
    // Nodes deep in the tree are searched depth-first inside CLP (ClpNode), several times
    // faster per node than CBC's own node loop; a negative depth is CBC's driver's automatic
    // choice (positive depths trip an assertion of Debian's CBC).
    model.setFastNodeDepth(-12);
    if (settings.max_nodes >= 0) model.setMaximumNodes(static_cast<int>(std::min<std::int64_t>(settings.max_nodes, 2000000000)));
    if (settings.max_solutions >= 0) model.setMaximumSolutions(static_cast<int>(std::min<std::int64_t>(settings.max_solutions, 2000000000)));
    if (std::isfinite(settings.deadline)) {
      model.setUseElapsedTime(true);
      model.setMaximumSeconds(std::max(0.0, settings.deadline));
    }
    if (std::isfinite(state.cutoff)) model.setCutoff(state.cutoff);
    const CbcHooks cbc_handler(&state);
    model.passInEventHandler(&cbc_handler);  // CBC keeps a clone that points at `state`

    // Probing looks only at rows of at most 200 entries (300 at the root) and follows each
    // probe 10 deep: unbounded, one probing pass over the long rows of proteindesign122trx11p8
    // ran for over ten seconds without a simplex iteration, so without a poll of the stop token.
    CglProbing probing;
    probing.setUsingObjective(1);
    probing.setMaxPass(1);
    probing.setMaxPassRoot(1);
    probing.setMaxProbe(10);
    probing.setMaxProbeRoot(50);
    probing.setMaxLook(10);
    probing.setMaxLookRoot(10);
    probing.setMaxElements(200);
    probing.setMaxElementsRoot(300);
    probing.setRowCuts(3);
    // Gomory cuts of at most 300 entries at the root and 100 in the tree: long cuts added at
    // the nodes where CBC runs the generator made their LPs several times slower (the exact
    // worker alone proved pp08a in 6.1 s with 300 in the tree, 2.7-2.9 s with 100; vpm2 in
    // 3.6 s and 1.1-1.2 s), while CBC's driver's 50 lost bell5's proof to a tree of 96k nodes
    // instead of 36k (0.8 s -> 2.6 s).
    CglGomory gomory;
    gomory.setLimitAtRoot(300);
    gomory.setLimit(100);
    CglKnapsackCover knapsack;
    CglClique clique;
    clique.setStarCliqueReport(false);
    clique.setRowCliqueReport(false);
    CglMixedIntegerRounding2 mir;
    CglFlowCover flow;
    CglTwomir twomir;
    CglZeroHalf zero_half;
    if (settings.cuts) {
      model.addCutGenerator(&probing, -1, "Probing");
      model.addCutGenerator(&gomory, -1, "Gomory");
      model.addCutGenerator(&knapsack, -1, "Knapsack");
      model.addCutGenerator(&clique, -1, "Clique");
      model.addCutGenerator(&mir, -1, "MIR");
      model.addCutGenerator(&flow, -1, "Flow");
      model.addCutGenerator(&twomir, -99, "Twomir");  // at the root only
      // At the root only, as CBC's driver effectively runs it: on 10teams it is what takes the
      // root to a proof within the exact worker's share (5 s, none in 10 s without it).
      model.addCutGenerator(&zero_half, -99, "ZeroHalf");
    }
    CbcRounding rounding(model);
    FirstSolutionPump pump(model);
    // As CBC's own driver tunes it: 30 passes, a small branch-and-bound on the columns the
    // pump leaves fractional, and retries below the pump's last solution.
    pump.setMaximumPasses(30);
    pump.setFractionSmall(0.5);
    pump.setMaximumRetries(3);
    pump.setAccumulate(1);
    pump.setWhen(13);
    CbcHeuristicGreedyCover greedy_cover(model);
    CbcHeuristicGreedyEquality greedy_equality(model);
    CbcHeuristicLocal combine(model);
    combine.setSearchType(1);
    CbcHeuristicRINS rins(model);
    CbcHeuristicDiveCoefficient dive(model);
    ForeignSolutions foreign(model, &state);
    if (cb.next_solution) model.addHeuristic(&foreign);
    if (settings.heuristics) {
      model.addHeuristic(&rounding);
      model.addHeuristic(&pump);
      model.addHeuristic(&greedy_cover);
      model.addHeuristic(&greedy_equality);
      model.addHeuristic(&combine);
      model.addHeuristic(&rins);
      model.addHeuristic(&dive);
    }

    model.initialSolve();
    // When every objective column is integer with commensurable coefficients, solution values
    // are multiples of a step, and a node that cannot beat the incumbent by one step is pruned.
    // CBC's own analysis gives up as soon as any column, even a continuous one without a cost,
    // has a bound that is not a multiple of 1/4. Presolve tightens continuous bounds to such
    // values: on presolved vpm2 CBC found a step of 1e-5 instead of 0.25 and needed about
    // 9,600 nodes instead of 250-400. The step is installed as CBC installs its own.
    model.analyzeObjective();
    if (const double step = cbc_objective_step(*model.solver());
        step * 0.999 > model.getDblParam(CbcModel::CbcCutoffIncrement)) {
      model.setDblParam(CbcModel::CbcCutoffIncrement, std::max(step * 0.999, step - 1e-4));
    }
    OsiSolverInterface* root = model.solver();
    if (hooks.stopped) {
      out.status = MipStatus::kStopped;
    } else if (!root->isProvenOptimal()) {
      // The model's LP is feasible: an infeasible preprocessed LP proves nothing we trust.
      out.status = MipStatus::kError;
      out.preprocessed_infeasible = !space.identity;
    } else {
      state.raise_bound(std::min(root->getObjValue(), state.cutoff));
      if (!settings.start.empty() && settings.start.size() == static_cast<std::size_t>(m.num_cols())) {
        const double z = m.objective(settings.start) - state.offset;
        std::vector<double> xp;
        space.lower_point(settings.start, xp);
        state.confirm_with(settings.start, xp);
        if (z <= state.cutoff + 1e-9 * std::max(1.0, std::fabs(z))) model.setBestSolution(xp.data(), static_cast<int>(xp.size()), z, true);
        if (model.bestSolution() != nullptr) state.best = std::min(state.best, model.getObjValue());  // not reported back
      }
      model.branchAndBound();
      double z_found = kInf;
      if (model.bestSolution() != nullptr) {
        const double z = cbc_best_objective(model);
        z_found = z;
        if (z < state.best && !hooks.stopped) state.report(model.bestSolution(), z);
        std::vector<double> x;
        if (space.lift(std::span<const double>(model.bestSolution(), static_cast<std::size_t>(space.columns())), x)) {
          out.has_solution = true;
          out.objective = m.objective(x);
          out.x = std::move(x);
        }
      }
      if (out.has_solution) state.check_objective(z_found, out.objective);
      if (!state.trusted || !state.confirmed) {
        // Solutions stand on their own check; a bound of the preprocessed model that no
        // solution confirmed is not used, and nothing is proven.
        out.status = state.trusted ? MipStatus::kLimit : MipStatus::kError;
      } else if (hooks.stopped || model.maximumSecondsReached()) {
        hooks.stopped = true;
        out.status = MipStatus::kStopped;
      } else if (model.isProvenOptimal()) {
        // CBC proved nothing better than its best (or than the cutoff) exists.
        out.status = model.bestSolution() != nullptr ? MipStatus::kOptimal : MipStatus::kInfeasible;
        const double b = model.bestSolution() != nullptr ? std::min(model.getObjValue(), state.cutoff) : state.cutoff;
        state.bound = std::max(state.bound, b);
        if (std::isfinite(state.bound) && cb.on_bound) cb.on_bound(state.bound + state.offset);
        if (out.status == MipStatus::kOptimal && !out.has_solution) out.status = MipStatus::kLimit;
      } else if (model.isProvenInfeasible()) {
        out.status = MipStatus::kInfeasible;
        state.bound = std::max(state.bound, state.cutoff);
        if (std::isfinite(state.bound) && cb.on_bound) cb.on_bound(state.bound + state.offset);
      } else {
        out.status = MipStatus::kLimit;
        state.raise_bound(std::min(model.getBestPossibleObjValue(), std::min(state.cutoff, state.best)));
      }
    }
    out.bound = std::isfinite(state.bound) ? state.bound + state.offset : state.bound;
    if (out.status == MipStatus::kInfeasible && !std::isfinite(state.cutoff)) out.bound = kInf;
    out.nodes = model.getNodeCount();
    out.searched_columns = space.columns();
    out.preprocessed = !space.identity;
    out.iterations = hooks.iterations;
    out.work = hooks.work;
  } catch (...) {
    out.status = MipStatus::kError;
  }
  return out;
}

}  // namespace

MipResult solve_mip(const Model& m, const MipSettings& settings, const MipCallbacks& cb) {
  detail::AbortTrap trap;
  if (sigsetjmp(trap.env(), 1) != 0) {
    MipResult aborted;
    aborted.status = MipStatus::kAborted;
    return aborted;
  }
  MipResult out = solve_mip_once(m, settings, cb, 0);
  if (out.status != MipStatus::kInfeasible || std::isfinite(settings.cutoff) || !(settings.row_tolerance > 0)) {
    return out;
  }
  // Infeasible as given: a proof only when the rows widened by the check's tolerance have no
  // solution either.
  MipResult widened = solve_mip_once(m, settings, cb, settings.row_tolerance);
  widened.iterations += out.iterations;
  widened.work += out.work;
  widened.nodes += out.nodes;
  return widened;
}

#else  // built without COIN-OR

MipResult solve_mip(const Model&, const MipSettings&, const MipCallbacks&) { return {}; }

#endif

}  // namespace lsmip::lp
