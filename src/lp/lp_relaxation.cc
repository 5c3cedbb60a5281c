#include "lp/lp_relaxation.h"

#include <algorithm>
#include <cmath>

#include "lp/abort_trap.h"

#ifdef LSMIP_HAVE_COIN
#include "CbcConfig.h"
#include "ClpConfig.h"
#include "ClpSimplex.hpp"
#include "ClpSolve.hpp"
#include "CoinFinite.hpp"
#include "lp/coin_support.h"
#endif

namespace lsmip::lp {

const char* to_string(LpStatus s) {
  switch (s) {
    case LpStatus::kOptimal: return "optimal";
    case LpStatus::kInfeasible: return "infeasible";
    case LpStatus::kUnbounded: return "unbounded";
    case LpStatus::kStopped: return "stopped";
    case LpStatus::kError: return "error";
    case LpStatus::kAborted: return "aborted";
    case LpStatus::kUnavailable: return "unavailable";
  }
  return "?";
}

double default_work_per_iteration(const Model& m) {
  return static_cast<double>(m.num_rows()) + static_cast<double>(m.num_nonzeros()) / 4.0;
}

#ifdef LSMIP_HAVE_COIN

bool coin_available() { return true; }
std::string coin_versions() {
  return std::string("CLP ") + CLP_VERSION + ", CBC " + CBC_VERSION;
}

namespace detail {

namespace {
double coin_bound(double v) {
  if (v >= kInfinityThreshold) return COIN_DBL_MAX;
  if (v <= -kInfinityThreshold) return -COIN_DBL_MAX;
  return v;
}
}  // namespace

void load(OsiClpSolverInterface& si, const Model& m, std::span<const double> col_lower,
          std::span<const double> col_upper, bool integers, CoinMessageHandler* quiet,
          double widen) {
  const SparseMatrix& a = m.matrix();
  const std::size_t n = static_cast<std::size_t>(m.num_cols()), rows = static_cast<std::size_t>(m.num_rows());
  std::vector<CoinBigIndex> start(a.col_start.begin(), a.col_start.end());
  std::vector<int> index(a.col_index.begin(), a.col_index.end());
  std::vector<double> lo(n), up(n), rlo(rows), rup(rows);
  for (std::size_t j = 0; j < n; ++j) {
    lo[j] = coin_bound(col_lower.empty() ? m.col_lower()[j] : col_lower[j]);
    up[j] = coin_bound(col_upper.empty() ? m.col_upper()[j] : col_upper[j]);
  }
  for (std::size_t i = 0; i < rows; ++i) {
    double lo_i = m.row_lower()[i], up_i = m.row_upper()[i];
    if (widen > 0) {
      if (std::isfinite(lo_i)) lo_i -= widen * std::max(1.0, std::fabs(lo_i));
      if (std::isfinite(up_i)) up_i += widen * std::max(1.0, std::fabs(up_i));
    }
    rlo[i] = coin_bound(lo_i);
    rup[i] = coin_bound(up_i);
  }
  si.passInMessageHandler(quiet);
  si.messageHandler()->setLogLevel(0);
  si.setHintParam(OsiDoReducePrint, true, OsiHintTry);
  si.loadProblem(static_cast<int>(n), static_cast<int>(rows), start.data(), index.data(),
                 a.col_value.data(), lo.data(), up.data(), m.obj().data(), rlo.data(), rup.data());
  if (integers) {
    for (std::size_t j = 0; j < n; ++j) {
      if (m.is_integer()[j]) si.setInteger(static_cast<int>(j));
    }
  }
  si.getModelPtr()->setLogLevel(0);
}

void solve_from_scratch(ClpSimplex& lp) {
  // CLP's own sifting ("sprint") prints to standard output: ours instead.
  if (wants_sifting(lp) && solve_by_sifting(lp) != Sifting::kGaveUp) return;
  ClpSolve how;
  how.setSolveType(ClpSolve::usePrimal);
  how.setPresolveType(ClpSolve::presolveOn);
  how.setSpecialOption(2, 1);  // no interrupt handler: SIGINT stays the caller's
  lp.initialSolve(how);
}

}  // namespace detail

namespace {

LpSolution solve_lp_once(const Model& m, const LpControl& control, double widen) {
  LpSolution out;
  try {
    detail::QuietHandler quiet;
    OsiClpSolverInterface si;
    detail::load(si, m, control.col_lower, control.col_upper, false, &quiet, widen);
    detail::Hooks hooks = detail::make_hooks(m, control.stop, control.on_work, control.work_per_iteration);
    ClpSimplex* clp = si.getModelPtr();
    const detail::ClpHooks handler(&hooks);
    clp->passInEventHandler(&handler);  // CLP keeps a clone that points at `hooks`
    clp->passInMessageHandler(&quiet);
    clp->setLogLevel(0);
    if (hooks.poll()) {
      out.status = LpStatus::kStopped;
      return out;
    }
    detail::solve_from_scratch(*clp);
    out.iterations = hooks.iterations;
    out.work = hooks.work;
    if (hooks.stopped) {
      out.status = LpStatus::kStopped;
    } else if (clp->isProvenOptimal()) {
      out.status = LpStatus::kOptimal;
      out.objective = clp->objectiveValue() + m.obj_offset();
      const double* x = clp->primalColumnSolution();
      out.x.assign(x, x + m.num_cols());
      const double* d = clp->dualColumnSolution();
      out.reduced_cost.assign(d, d + m.num_cols());
    } else if (clp->isProvenPrimalInfeasible()) {
      out.status = LpStatus::kInfeasible;
    } else if (clp->isProvenDualInfeasible()) {
      out.status = LpStatus::kUnbounded;
    } else {
      out.status = LpStatus::kError;
    }
  } catch (...) {
    out.status = LpStatus::kError;
  }
  return out;
}

}  // namespace

LpSolution solve_lp(const Model& m, const LpControl& control) {
  detail::AbortTrap trap;
  if (sigsetjmp(trap.env(), 1) != 0) {
    LpSolution aborted;
    aborted.status = LpStatus::kAborted;
    return aborted;
  }
  LpSolution out = solve_lp_once(m, control, 0);
  if (out.status != LpStatus::kInfeasible || !(control.row_tolerance > 0)) return out;
  // Infeasible as given: only a proof when the rows widened by the check's tolerance are
  // infeasible too. Otherwise the widened LP's optimum stands (a valid relaxation of every
  // point the check accepts).
  LpSolution widened = solve_lp_once(m, control, control.row_tolerance);
  widened.iterations += out.iterations;
  widened.work += out.work;
  return widened;
}

#else  // built without COIN-OR

bool coin_available() { return false; }
std::string coin_versions() { return "none (built with LSMIP_WITH_COIN=OFF)"; }
LpSolution solve_lp(const Model&, const LpControl&) { return {}; }

#endif

}  // namespace lsmip::lp
