#include "lp/mip_solver.h"

#include <algorithm>
#include <cmath>

#include "lp/lp_relaxation.h"

#ifdef LSMIP_HAVE_COIN
#include "CbcEventHandler.hpp"
#include "CbcHeuristic.hpp"
#include "CbcHeuristicDiveCoefficient.hpp"
#include "CbcHeuristicFPump.hpp"
#include "CbcHeuristicLocal.hpp"
#include "CbcHeuristicRINS.hpp"
#include "CbcModel.hpp"
#include "CglClique.hpp"
#include "CglFlowCover.hpp"
#include "CglGomory.hpp"
#include "CglKnapsackCover.hpp"
#include "CglMixedIntegerRounding2.hpp"
#include "CglProbing.hpp"
#include "lp/coin_support.h"
#endif

namespace lsmip::lp {

const char* to_string(MipStatus s) {
  switch (s) {
    case MipStatus::kOptimal: return "optimal";
    case MipStatus::kInfeasible: return "infeasible";
    case MipStatus::kLimit: return "limit";
    case MipStatus::kStopped: return "stopped";
    case MipStatus::kError: return "error";
    case MipStatus::kUnavailable: return "unavailable";
  }
  return "?";
}

#ifdef LSMIP_HAVE_COIN

namespace {

// What the CBC event handler (and its clones) share during one solve_mip call.
struct MipState {
  const MipCallbacks* cb = nullptr;
  detail::Hooks* hooks = nullptr;
  double offset = 0;          // the model's objective offset (CBC works without it)
  double cutoff = kInf;       // the cutoff applied, minimisation form without offset
  double best = kInf;         // best solution reported, without offset
  double bound = -kInf;       // last bound reported before any stop, without offset
  std::int64_t nodes_seen = 0;
  int columns = 0;
  const CbcModel* top = nullptr;  // the model of this call: CBC's heuristics run sub-models
                                  // with clones of the handler, in other spaces
};

// CBC's node and solution hook: stops, tightens the cutoff, reports solutions and bounds.
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
    report_solution();
    if (s.hooks->poll()) return stop;
    if (e == node && (++s.nodes_seen & 15) == 0) report_bound();
    return noAction;
  }
  void report_solution() {
    MipState& s = *state_;
    const double* x = model_->bestSolution();
    if (x == nullptr || s.hooks->stopped) return;
    const double z = model_->getObjValue();
    if (!(z < s.best)) return;
    s.best = z;
    if (s.cb->on_solution) s.cb->on_solution(std::span<const double>(x, static_cast<std::size_t>(s.columns)), z + s.offset);
  }
  void report_bound() {
    MipState& s = *state_;
    const double b = std::min(model_->getBestPossibleObjValue(), std::min(s.cutoff, s.best));
    if (b > s.bound && std::isfinite(b) && !s.hooks->stopped) {
      s.bound = b;
      if (s.cb->on_bound) s.cb->on_bound(b + s.offset);
    }
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
    if (!s.cb->next_solution(buffer_, z) || buffer_.size() != static_cast<std::size_t>(s.columns)) return 0;
    z -= s.offset;
    if (!(z < objective - 1e-9 * std::max(1.0, std::fabs(z)))) return 0;
    std::copy(buffer_.begin(), buffer_.end(), x);
    objective = z;
    s.best = std::min(s.best, z);  // known to the caller already: not reported back
    return 1;
  }

 private:
  MipState* state_;
  std::vector<double> buffer_;
};

}  // namespace

MipResult solve_mip(const Model& m, const MipSettings& settings, const MipCallbacks& cb) {
  MipResult out;
  try {
    detail::QuietHandler quiet;
    OsiClpSolverInterface si;
    detail::load(si, m, settings.col_lower, settings.col_upper, true, &quiet);
    detail::Hooks hooks;
    hooks.stop = cb.stop;
    hooks.on_work = cb.on_work;
    hooks.work_per_iteration =
        settings.work_per_iteration > 0 ? settings.work_per_iteration : default_work_per_iteration(m);
    const detail::ClpHooks clp_handler(&hooks);
    si.getModelPtr()->passInEventHandler(&clp_handler);
    si.setHintParam(OsiDoDualInResolve, true, OsiHintTry);

    MipState state;
    state.cb = &cb;
    state.hooks = &hooks;
    state.offset = m.obj_offset();
    state.columns = m.num_cols();

    CbcModel model(si);  // a clone of si, with a clone of the CLP handler
    state.top = &model;
    model.passInMessageHandler(&quiet);
    model.setLogLevel(0);
    model.setPrintingMode(0);
    model.setNumberThreads(0);
    model.setRandomSeed(settings.seed);
    model.setNumberStrong(5);
    model.setNumberBeforeTrust(10);
    if (settings.max_nodes >= 0) model.setMaximumNodes(static_cast<int>(std::min<std::int64_t>(settings.max_nodes, 2000000000)));
    if (settings.max_solutions >= 0) model.setMaximumSolutions(static_cast<int>(std::min<std::int64_t>(settings.max_solutions, 2000000000)));
    if (std::isfinite(settings.deadline)) {
      model.setUseElapsedTime(true);
      model.setMaximumSeconds(std::max(0.0, settings.deadline));
    }
    if (std::isfinite(settings.cutoff)) {
      state.cutoff = settings.cutoff - state.offset;
      model.setCutoff(state.cutoff);
    }
    const CbcHooks cbc_handler(&state);
    model.passInEventHandler(&cbc_handler);  // CBC keeps a clone that points at `state`

    CglProbing probing;
    probing.setUsingObjective(1);
    probing.setMaxPass(1);
    probing.setMaxPassRoot(3);
    probing.setMaxProbe(10);
    probing.setMaxProbeRoot(50);
    probing.setMaxLook(20);
    probing.setMaxLookRoot(50);
    probing.setRowCuts(3);
    CglGomory gomory;
    gomory.setLimit(300);
    CglKnapsackCover knapsack;
    CglClique clique;
    clique.setStarCliqueReport(false);
    clique.setRowCliqueReport(false);
    CglMixedIntegerRounding2 mir;
    CglFlowCover flow;
    if (settings.cuts) {
      model.addCutGenerator(&probing, -1, "Probing");
      model.addCutGenerator(&gomory, -1, "Gomory");
      model.addCutGenerator(&knapsack, -1, "Knapsack");
      model.addCutGenerator(&clique, -1, "Clique");
      model.addCutGenerator(&mir, -1, "MIR");
      model.addCutGenerator(&flow, -1, "Flow");
    }
    CbcRounding rounding(model);
    CbcHeuristicFPump pump(model);
    CbcHeuristicRINS rins(model);
    CbcHeuristicDiveCoefficient dive(model);
    ForeignSolutions foreign(model, &state);
    if (cb.next_solution) model.addHeuristic(&foreign);
    if (settings.heuristics) {
      model.addHeuristic(&rounding);
      model.addHeuristic(&pump);
      model.addHeuristic(&rins);
      model.addHeuristic(&dive);
    }

    if (hooks.poll()) {
      out.status = MipStatus::kStopped;
      return out;
    }
    model.initialSolve();
    OsiSolverInterface* root = model.solver();
    const bool root_optimal = root->isProvenOptimal() && !hooks.stopped;
    const bool root_infeasible = root->isProvenPrimalInfeasible() && !hooks.stopped;
    if (cb.on_root_lp) {
      const double v = root_optimal ? root->getObjValue() + state.offset : 0.0;
      std::span<const double> x;
      if (root_optimal) x = std::span<const double>(root->getColSolution(), static_cast<std::size_t>(m.num_cols()));
      cb.on_root_lp(root_optimal, root_infeasible, v, x);
    }
    if (root_optimal) {
      const double b = std::min(root->getObjValue(), state.cutoff);
      if (b > state.bound) {
        state.bound = b;
        if (cb.on_bound) cb.on_bound(b + state.offset);
      }
    }
    if (!settings.start.empty() && settings.start.size() == static_cast<std::size_t>(m.num_cols()) && !root_infeasible) {
      double z = 0;
      for (int j = 0; j < m.num_cols(); ++j) z += m.obj(j) * settings.start[static_cast<std::size_t>(j)];
      if (z <= state.cutoff + 1e-9 * std::max(1.0, std::fabs(z))) model.setBestSolution(settings.start.data(), m.num_cols(), z, true);
      state.best = std::min(state.best, model.getObjValue());  // CBC's own copy, not reported back
    }
    if (root_infeasible) {
      out.status = MipStatus::kInfeasible;
    } else if (!root_optimal) {
      out.status = hooks.stopped ? MipStatus::kStopped : MipStatus::kError;
    } else {
      model.branchAndBound();
      if (model.bestSolution() != nullptr) {
        const double z = model.getObjValue();
        if (z < state.best && !hooks.stopped && cb.on_solution) {
          cb.on_solution(std::span<const double>(model.bestSolution(), static_cast<std::size_t>(m.num_cols())), z + state.offset);
        }
        out.has_solution = true;
        out.x.assign(model.bestSolution(), model.bestSolution() + m.num_cols());
        out.objective = z + state.offset;
      }
      if (hooks.stopped || model.maximumSecondsReached()) {
        hooks.stopped = true;
        out.status = MipStatus::kStopped;
      } else if (model.isProvenOptimal()) {
        out.status = out.has_solution ? MipStatus::kOptimal : MipStatus::kInfeasible;
        const double b = out.has_solution ? std::min(out.objective - state.offset, state.cutoff) : state.cutoff;
        state.bound = std::max(state.bound, b);
        if (std::isfinite(state.bound) && cb.on_bound) cb.on_bound(state.bound + state.offset);
      } else if (model.isProvenInfeasible()) {
        out.status = MipStatus::kInfeasible;
        state.bound = std::max(state.bound, state.cutoff);
        if (std::isfinite(state.bound) && cb.on_bound) cb.on_bound(state.bound + state.offset);
      } else {
        out.status = MipStatus::kLimit;
        const double b = std::min(model.getBestPossibleObjValue(), std::min(state.cutoff, state.best));
        if (b > state.bound && std::isfinite(b)) {
          state.bound = b;
          if (cb.on_bound) cb.on_bound(b + state.offset);
        }
      }
    }
    out.bound = std::isfinite(state.bound) ? state.bound + state.offset : state.bound;
    if (out.status == MipStatus::kInfeasible && !std::isfinite(state.cutoff)) out.bound = kInf;
    out.nodes = model.getNodeCount();
    out.iterations = hooks.iterations;
    out.work = hooks.work;
  } catch (...) {
    out.status = MipStatus::kError;
  }
  return out;
}

#else  // built without COIN-OR

MipResult solve_mip(const Model&, const MipSettings&, const MipCallbacks&) { return {}; }

#endif

}  // namespace lsmip::lp
