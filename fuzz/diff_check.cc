#include "diff_check.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "check/solution_checker.h"
#include "model/model_builder.h"
#include "presolve/presolve.h"
#include "search/local_search.h"
#include "search/search_model.h"
#include "solver/solver.h"
#include "util/logger.h"

namespace lsmip::fuzz {
namespace {

// Reads the input one byte at a time; past its end every byte is 0, so any
// prefix of an input is itself a valid input (good for minimisation).
class ByteReader {
 public:
  explicit ByteReader(std::span<const std::uint8_t> data) : data_(data) {}
  unsigned next() { return pos_ < data_.size() ? data_[pos_++] : 0u; }

 private:
  std::span<const std::uint8_t> data_;
  std::size_t pos_ = 0;
};

// Matrix coefficients: mostly small integers of both signs, some simple
// fractions (dyadic and not), a few of larger and smaller magnitude.
constexpr double kCoefficients[32] = {1,    -1,    2,   -2,   3,         -3,         1,     -1,
                                      4,    -4,    5,   -7,   10,        -10,        0.5,   -0.5,
                                      0.25, -0.75, 1.5, -2.5, 1.0 / 3.0, -2.0 / 3.0, 0.1,   -0.3,
                                      7,    1,     -1,  100,  -100,      1000,       0.001, -0.01};
// Objective coefficients: zero for a quarter of the columns.
constexpr double kCosts[16] = {0, 0, 0, 0, 1, -1, 2, -2, 3, -3, 5, -5, 0.5, -0.5, 1.0 / 3.0, -0.1};
// Fractional parts of bounds: integer columns get their bounds widened by it,
// continuous columns shifted.
constexpr double kFractions[4] = {0.0, 0.5, 0.25, 1.0 / 3.0};

std::string fmt(double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

struct ColumnSpec {
  double lb = 0, ub = 0, cost = 0;
  double x0 = 0;  // the point's value, inside [lb, ub], integral for integer columns
  bool integer = false;
};

// Five bytes: type, low value, width, cost, position of x0.
// type bits: 0-1 kind (0 binary, 1 integer, 2-3 continuous); 2-4 shape (0-3
// both bounds finite, 4 lower only, 5 upper only, 6 free, 7 fixed); 5-6 the
// fraction; 7 magnitude (integer values x100, continuous x1000).
ColumnSpec decode_column(ByteReader& in) {
  const unsigned type = in.next(), low = in.next(), width = in.next(), cost = in.next(),
                 pos = in.next();
  ColumnSpec c;
  c.cost = kCosts[cost & 15u];
  const unsigned kind = type & 3u, shape = (type >> 2) & 7u;
  if (kind == 0) {
    c.integer = true;
    c.lb = shape == 7 ? static_cast<double>(low & 1u) : 0.0;
    c.ub = shape == 7 ? c.lb : 1.0;
    c.x0 = shape == 7 ? c.lb : static_cast<double>(pos & 1u);
    return c;
  }
  c.integer = kind == 1;
  const double frac = kFractions[(type >> 5) & 3u];
  const bool big = (type & 0x80u) != 0;
  const double lo = static_cast<double>(static_cast<int>(low % 21u) - 10);
  const double hi = lo + static_cast<double>(width % 11u);
  const bool has_lb = shape <= 4 || shape == 7, has_ub = shape <= 3 || shape == 5 || shape == 7;
  if (c.integer) {
    // Integral range [lo_i, hi_i]; the bounds are widened by `frac`.
    const double s = big ? 100.0 : 1.0;
    const double lo_i = lo * s, hi_i = shape == 7 ? lo_i : hi * s;
    c.lb = has_lb ? lo_i - (shape == 7 ? 0.0 : frac) : -kInf;
    c.ub = has_ub ? hi_i + (shape == 7 ? 0.0 : frac) : kInf;
    if (has_lb && has_ub) {
      const double span = hi_i - lo_i;
      c.x0 = pos % 4u == 0   ? lo_i
             : pos % 4u == 1 ? hi_i
                             : lo_i + std::fmod(static_cast<double>(pos >> 2), span + 1.0);
    } else if (has_lb) {
      c.x0 = lo_i + static_cast<double>(pos % 16u);
    } else if (has_ub) {
      c.x0 = hi_i - static_cast<double>(pos % 16u);
    } else {
      c.x0 = static_cast<double>(static_cast<int>(pos % 33u) - 16);
    }
    return c;
  }
  const double s = big ? 1000.0 : 1.0;
  c.lb = has_lb ? (lo + frac) * s : -kInf;
  c.ub = has_ub ? (shape == 7 ? c.lb : (hi + frac) * s) : kInf;
  const double step = static_cast<double>(pos % 32u) / 4.0 * s;
  if (has_lb && has_ub) {
    c.x0 = pos % 4u == 0   ? c.lb
           : pos % 4u == 1 ? c.ub
                           : c.lb + (c.ub - c.lb) * (static_cast<double>(pos >> 2) / 63.0);
  } else if (has_lb) {
    c.x0 = c.lb + step;
  } else if (has_ub) {
    c.x0 = c.ub - step;
  } else {
    c.x0 = static_cast<double>(static_cast<int>(pos % 65u) - 32) / 4.0 * s;
  }
  c.x0 = std::clamp(c.x0, c.lb, c.ub);
  return c;
}

// A slack from one byte: 0, a small integer, a multiple of 1/8 or of 0.37.
double slack(unsigned b, unsigned mode) {
  switch (mode) {
    case 0:
      return 0.0;
    case 1:
      return static_cast<double>(b % 5u);
    case 2:
      return static_cast<double>(b) / 8.0;
    default:
      return static_cast<double>(b) * 0.37;
  }
}

// How far at least an inverted range row's upper side lies below its lower
// side `lo`: clearly beyond the tolerances, so that such a row is infeasible
// for the checker too (the search calls any lo > hi row trivially infeasible).
double inverted_gap(double lo) { return std::max(0.25, 1e-5 * std::fabs(lo)); }

// Text of the whole case, for a violation report.
std::string report(const DiffCase& c, const std::string& what, std::span<const double> x,
                   const Model* reduced = nullptr) {
  std::string out = what + "\n";
  out += "options: seed " + std::to_string(c.options.seed) + ", ls_split_equalities " +
         (c.options.ls_split_equalities ? "on" : "off") + ", presolve_tighten_continuous " +
         (c.options.presolve_tighten_continuous ? "on" : "off") + ", warm start " +
         (c.planted && c.warm_start ? "from x0" : "none") + "\n";
  out += "model:\n" + describe_model(c.model);
  out += std::string(c.planted ? "planted" : "unplanted (sides arbitrary)") + " point x0:\n" +
         describe_point(c.model, c.point);
  if (!x.empty()) out += "solution:\n" + describe_point(c.model, x);
  if (reduced != nullptr) out += "reduced model:\n" + describe_model(*reduced);
  return out;
}

// Structure of presolve's output against the original model: the postsolve
// map's sizes and order, kept columns with their names, types and costs,
// bounds never wider than the original ones (beyond the integer rounding
// tolerance), kept rows in their original order.
std::string check_structure(const Model& model, const presolve::PresolveResult& pre,
                            const Options& opt) {
  const Model& red = pre.reduced;
  const presolve::Postsolve& post = pre.postsolve;
  if (post.num_original_cols() != model.num_cols())
    return "postsolve: wrong number of original columns";
  if (post.num_reduced_cols() != red.num_cols())
    return "postsolve: wrong number of reduced columns";
  if (red.sense() != model.sense()) return "presolve changed the objective sense";
  if (red.num_rows() > model.num_rows()) return "presolve added rows";
  for (Index r = 0; r < red.num_cols(); ++r) {
    const Index j = post.original_col(r);
    if (j < 0 || j >= model.num_cols() || (r > 0 && j <= post.original_col(r - 1)) ||
        post.reduced_col(j) != r) {
      return "postsolve: column map broken at reduced column " + std::to_string(r);
    }
    const std::string& name = model.col_name(j);
    // Aggregation moves the costs of substituted columns onto the others (their effect on
    // the objective is checked on the planted point instead).
    if (red.col_name(r) != name || red.is_integer(r) != model.is_integer(j) ||
        (post.num_substitutions() == 0 && red.obj(r) != model.obj(j))) {
      return "presolve changed the name, type or cost of column '" + name + "'";
    }
    const double tol = opt.presolve_int_tol;
    if (red.col_lower(r) <
            model.col_lower(j) - tol * std::max(1.0, std::fabs(model.col_lower(j))) ||
        red.col_upper(r) >
            model.col_upper(j) + tol * std::max(1.0, std::fabs(model.col_upper(j)))) {
      return "presolve widened the bounds of column '" + name + "' to [" + fmt(red.col_lower(r)) +
             ", " + fmt(red.col_upper(r)) + "]";
    }
  }
  for (Index j = 0; j < model.num_cols(); ++j) {
    if (post.reduced_col(j) < 0 && !post.is_substituted(j) && !std::isfinite(post.fixed_value(j))) {
      return "postsolve: removed column '" + model.col_name(j) + "' has no finite value";
    }
  }
  Index prev = -1;
  for (Index i = 0; i < red.num_rows(); ++i) {
    const std::optional<Index> orig = model.row_names().find(red.row_name(i));
    if (!orig || *orig <= prev)
      return "presolve renamed or reordered row '" + red.row_name(i) + "'";
    prev = *orig;
  }
  return {};
}

// The reduced planted point with each continuous column moved into its reduced
// bounds, if none moves by more than 1e-3·max(1, |value|) (else empty).
std::vector<double> clamp_continuous(const Model& reduced, std::vector<double> xr) {
  for (Index r = 0; r < reduced.num_cols(); ++r) {
    double& v = xr[static_cast<std::size_t>(r)];
    if (reduced.is_integer(r)) continue;
    const double moved = std::clamp(v, reduced.col_lower(r), reduced.col_upper(r));
    if (std::fabs(moved - v) > 1e-3 * std::max(1.0, std::fabs(v))) return {};
    v = moved;
  }
  return xr;
}

// With a planted x0 and a reduced model: x0 reduced is feasible there with
// the same objective, and every removed column was fixed at x0's value.
// Bounds of continuous columns derived through ill-conditioned chains of rows
// (a column fixed through a coefficient of 0.001 feeding a singleton row) may
// cut x0 off by more than the bound tolerance; that is accepted only when x0
// moved into the reduced bounds (by at most 1e-3 relative) is feasible for the
// reduced model and, expanded, for the original one: the cut is then within
// the rows' tolerances.
std::string check_planted_reduction(const DiffCase& c, const presolve::PresolveResult& pre) {
  const Options& opt = c.options;
  std::vector<double> xr = pre.postsolve.reduce(c.point);
  const check::CheckReport r = check::check_solution(pre.reduced, xr, opt.feas_tol, opt.int_tol);
  bool moved = false;
  if (!r.feasible) {
    std::vector<double> clamped = clamp_continuous(pre.reduced, xr);
    const bool ok =
        !clamped.empty() &&
        check::check_solution(pre.reduced, clamped, opt.feas_tol, opt.int_tol).feasible &&
        check::check_solution(c.model, pre.postsolve.expand(clamped), opt.feas_tol, opt.int_tol)
            .feasible;
    if (!ok) {
      return report(c,
                    "presolve: the planted point, reduced, is infeasible for the reduced model\n" +
                        r.describe(pre.reduced),
                    {}, &pre.reduced);
    }
    xr = std::move(clamped);
    moved = true;
  }
  // The objective transfer is checked on the point actually fed to the reduced model.
  const double want = moved ? c.model.objective(pre.postsolve.expand(xr)) : c.model.objective(c.point);
  const double got = pre.reduced.objective(xr);
  if (std::fabs(want - got) > opt.feas_tol * std::max(1.0, std::fabs(want))) {
    return report(c,
                  "presolve: the planted point's objective is " + fmt(want) +
                      " in the original model but " + fmt(got) + " in the reduced one",
                  {}, &pre.reduced);
  }
  const std::vector<double> back = pre.postsolve.expand(xr);
  // A continuous column fixed through an ill-conditioned chain of equalities is known
  // only up to the tolerances of its rows; it may then differ from the planted value by
  // more than feas_tol as long as the planted point with presolve's values for the
  // removed columns still passes the checker.
  const bool back_feasible =
      check::check_solution(c.model, back, opt.feas_tol, opt.int_tol).feasible;
  for (Index j = 0; j < c.model.num_cols(); ++j) {
    if (pre.postsolve.reduced_col(j) >= 0) continue;
    const double x = c.point[static_cast<std::size_t>(j)];
    const bool subst = pre.postsolve.is_substituted(j);
    const double v = subst ? back[static_cast<std::size_t>(j)] : pre.postsolve.fixed_value(j);
    const bool within_rows = back_feasible && !c.model.is_integer(j) && !subst;
    if (!within_rows && std::fabs(v - x) > opt.feas_tol * std::max(1.0, std::fabs(x))) {
      return report(c,
                    std::string(subst ? "postsolve recomputed" : "presolve fixed") + " column '" +
                        c.model.col_name(j) + "' at " + fmt(v) + " but the planted point has " +
                        fmt(x),
                    {}, &pre.reduced);
    }
  }
  return {};
}

struct SideOutcome {
  std::string error;  // first violation on this side, "" if none
  bool found = false;
  bool trivially_infeasible = false;
};

// One search run on `searched` (the reduced model with presolve, else the
// original), every reported solution expanded by `post` and checked on the
// original model, with the objective the search claims for it.
SideOutcome run_side(const DiffCase& c, const DiffConfig& config, const Model& searched,
                     const presolve::Postsolve& post, bool with_presolve) {
  Options opt = c.options;
  opt.presolve = with_presolve;
  opt.work_limit = config.work_limit;
  Logger log(LogLevel::kQuiet);
  const std::string side = with_presolve ? "search with presolve" : "search without presolve";
  const Model* shown = with_presolve ? &searched : nullptr;
  SideOutcome out;
  const auto verify = [&](std::span<const double> found_x, double claimed_min, const char* which) {
    if (!out.error.empty()) return;
    if (found_x.size() != static_cast<std::size_t>(searched.num_cols())) {
      out.error = report(c,
                         side + ": " + which + " solution has " + std::to_string(found_x.size()) +
                             " values for " + std::to_string(searched.num_cols()) + " columns",
                         {}, shown);
      return;
    }
    std::vector<double> x = post.expand(found_x);
    if (config.tamper && !x.empty()) x[0] = c.model.col_upper(0) + 1.0;
    const check::CheckReport r = check::check_solution(c.model, x, opt.feas_tol, opt.int_tol);
    if (!r.ok()) {
      out.error = report(c,
                         side + ": " + which + " solution fails the check on the original model\n" +
                             r.describe(c.model),
                         x, shown);
      return;
    }
    // The claimed objective is the reduced model's. Aggregation moved the costs of
    // substituted columns exactly, so the claim must hold on the expansion before
    // postsolve clamps substituted columns to their bounds (which may shift the
    // objective by cost times the clamp, a change the written point's objective shows).
    const std::vector<double> unclamped = post.expand(found_x, presolve::Postsolve::Clamp::kNo);
    const double actual = c.model.objective(unclamped);
    if (config.tamper_claim) claimed_min += 1e-4 * std::max(1.0, std::fabs(claimed_min));
    if (!(std::fabs(actual - claimed_min) <= opt.feas_tol * std::max(1.0, std::fabs(actual)))) {
      out.error = report(c,
                         side + ": " + which + " solution has objective " +
                             fmt(c.model.original_objective(actual)) +
                             " on the original model (before clamping) but the search claims " +
                             fmt(c.model.original_objective(claimed_min)),
                         x, shown);
    }
  };
  search::SearchHooks hooks;
  hooks.should_stop = [&] { return !out.error.empty(); };
  // As lsmip solve does: an incumbent counts only once it passes the original model.
  hooks.accept = [&](std::span<const double> x) {
    return check::check_solution(c.model, post.expand(x), opt.feas_tol, opt.int_tol).feasible;
  };
  hooks.on_improvement = [&](const search::Improvement& imp, std::span<const double> x) {
    verify(x, imp.objective, "an improving");
  };
  std::vector<double> initial;
  if (c.planted && c.warm_start) initial = with_presolve ? post.reduce(c.point) : c.point;
  const search::SearchResult sr = search::run_local_search(searched, opt, initial, hooks, log);
  if (sr.found) verify(sr.best_x, sr.best_objective, "the final");
  out.found = sr.found;
  out.trivially_infeasible = sr.trivially_infeasible;
  if (!out.error.empty()) return out;
  if (!sr.status.ok()) {
    out.error = report(c, side + ": status " + sr.status.to_string(), {}, shown);
  } else if (c.planted && sr.trivially_infeasible) {
    out.error =
        report(c, side + ": calls the model trivially infeasible, but x0 is feasible", {}, shown);
  } else if (c.planted && c.warm_start && !with_presolve && !sr.found) {
    out.error = report(c, side + ": started from the feasible x0 but found no solution", {}, shown);
  }
  return out;
}

}  // namespace

Result<DiffCase> decode_diff_case(std::span<const std::uint8_t> data) {
  ByteReader in(data);
  // Header, five bytes: columns, rows, flags, seed, offset. Flags: bits 0-2 all
  // set = unplanted; bit 3 maximise; bit 4 warm start from x0; bit 5 split
  // equalities in the search; bit 6 presolve_tighten_continuous off; bit 7 offset.
  const unsigned b_cols = in.next(), b_rows = in.next(), flags = in.next(), b_seed = in.next(),
                 b_offset = in.next();
  DiffCase c;
  const auto n = static_cast<Index>(1 + b_cols % 8u);
  const auto m = static_cast<Index>(b_rows % 9u);
  c.planted = (flags & 7u) != 7u;
  c.warm_start = (flags & 0x10u) != 0;
  c.options.seed = 1 + static_cast<std::int64_t>(b_seed & 15u);
  c.options.ls_split_equalities = (flags & 0x20u) != 0;
  c.options.presolve_tighten_continuous = (flags & 0x40u) == 0;
  c.options.log_level = 0;

  ModelBuilder b;
  b.set_name("diff");
  b.set_sense((flags & 8u) != 0 ? ObjSense::kMaximize : ObjSense::kMinimize);
  if ((flags & 0x80u) != 0)
    b.set_obj_offset(static_cast<double>(static_cast<int>(b_offset) - 128) / 2.0);
  c.point.resize(static_cast<std::size_t>(n));
  for (Index j = 0; j < n; ++j) {
    const ColumnSpec col = decode_column(in);
    b.add_col("x" + std::to_string(j), col.lb, col.ub, col.cost, col.integer);
    c.point[static_cast<std::size_t>(j)] = col.x0;
  }
  // Each row: kind, column mask, one coefficient byte per column in the mask,
  // two side bytes. kind bits: 0-1 type (<=, >=, =, ranged); 2-3 slack mode;
  // 4 unplanted: sides straight from the bytes; 5 unplanted: inverted range;
  // 7 an empty mask stays empty (else it becomes a singleton row).
  const unsigned all = (1u << n) - 1u;
  for (Index i = 0; i < m; ++i) {
    const unsigned kind = in.next(), mask_byte = in.next();
    unsigned mask = mask_byte & all;
    if (mask == 0 && (kind & 0x80u) == 0) mask = 1u << (mask_byte % static_cast<unsigned>(n));
    const Index row = b.add_row("r" + std::to_string(i), -kInf, kInf);
    long double act = 0;
    for (Index j = 0; j < n; ++j) {
      if (((mask >> j) & 1u) == 0) continue;
      const double a = kCoefficients[in.next() & 31u];
      b.add_entry(row, j, a);
      act += static_cast<long double>(a) * c.point[static_cast<std::size_t>(j)];
    }
    const unsigned type = kind & 3u, mode = (kind >> 2) & 3u;
    const unsigned s1_byte = in.next(), s2_byte = in.next();
    const double a = static_cast<double>(act), s1 = slack(s1_byte, mode), s2 = slack(s2_byte, mode);
    double lo = -kInf, hi = kInf;
    if (c.planted) {
      // x0 satisfies the row: the sides are its activity, moved outward by the slacks.
      if (type == 0) hi = a + s1;
      if (type == 1) lo = a - s1;
      if (type == 2) lo = hi = a;
      if (type == 3) {
        lo = a - s1;
        hi = a + s2;
      }
    } else if ((kind & 0x10u) != 0) {
      const double v = static_cast<double>(static_cast<int>(s1_byte) - 128) / 4.0;
      const double w = static_cast<double>(s2_byte) / 4.0;
      if (type == 0) hi = v;
      if (type == 1) lo = v;
      if (type == 2) lo = hi = v;
      if (type == 3) {
        lo = v;
        hi = (kind & 0x20u) != 0 ? v - w - inverted_gap(v) : v + w;
      }
    } else {
      // x0 misses the row by the slacks; some other point may still satisfy it.
      if (type == 0) hi = a - s1;
      if (type == 1) lo = a + s1;
      if (type == 2) lo = hi = a + s1 - s2;
      if (type == 3) {
        lo = a + s1;
        hi = (kind & 0x20u) != 0 ? lo - s2 - inverted_gap(lo) : a + s1 + s2;
      }
    }
    b.set_row_bounds(row, lo, hi);
  }
  Result<Model> built = b.build();
  if (!built.ok()) return built.status();
  c.model = std::move(built).value();
  return c;
}

// The same case through the library's solve pipeline (solver::Solver: presolve, a portfolio
// of two workers in deterministic mode, the final check), run twice: the solution it returns
// passes the checker with the objective it claims, it never calls a model with a planted
// point or with a solution found above infeasible, it finds a solution when presolve says
// infeasible only if that was wrong (already reported above), and both runs agree exactly.
namespace {

std::string check_facade(const DiffCase& c, const DiffConfig& config, bool pre_infeasible,
                         bool side_found) {
  Options o = c.options;
  o.work_limit = config.work_limit;
  // The local-search portfolio: this property compares it with presolve and the engine; the
  // LP, exact and sub-MIP workers have their own tests (tests/unit/hybrid_test.cc, lp_test.cc).
  o.lp = o.exact = o.lns = false;
  o.threads = 2;
  o.deterministic = true;
  o.portfolio_batch_work = std::max(1e3, config.work_limit / 4);
  solver::SolveResult runs[2];
  for (solver::SolveResult& r : runs) {
    Logger log(LogLevel::kQuiet);
    solver::Solver s(c.model, o, log);
    if (c.planted && c.warm_start) s.set_initial_solution(c.point);
    solver::SolveControl control;
    control.clock = [] { return 0.0; };
    r = s.solve(control);
  }
  const solver::SolveResult& r = runs[0];
  if (r.has_solution) {
    std::vector<double> x = r.x;
    if (config.tamper && !x.empty()) x[0] = c.model.col_upper(0) + 1.0;
    const check::CheckReport k = check::check_solution(c.model, x, o.feas_tol, o.int_tol, r.objective);
    if (!k.ok()) {
      return report(c, "solver: its solution fails the check on the original model\n" + k.describe(c.model), x);
    }
  }
  if (r.status == solver::SolveStatus::kInfeasible && (c.planted || side_found)) {
    return report(c, std::string("solver: calls the model infeasible, but ") +
                         (c.planted ? "x0 is feasible" : "a search found a solution"), {});
  }
  if (r.has_solution && pre_infeasible && !c.planted) {
    return report(c, "solver: finds a solution of a model presolve called infeasible", r.x);
  }
  if (!r.error.ok()) return report(c, "solver: " + r.error.to_string(), {});
  if (runs[1].has_solution != r.has_solution || runs[1].x != r.x || runs[1].work != r.work) {
    return report(c, "solver: two deterministic runs differ", r.x);
  }
  return {};
}

}  // namespace

std::string check_diff(std::span<const std::uint8_t> data, const DiffConfig& config,
                       DiffSummary* summary) {
  DiffSummary local;
  DiffSummary& sum = summary != nullptr ? *summary : local;
  sum = DiffSummary{};
  Result<DiffCase> decoded = decode_diff_case(data);
  if (!decoded.ok()) {
    return "generator bug: the builder rejected the model: " + decoded.status().to_string();
  }
  const DiffCase& c = decoded.value();
  const Model& model = c.model;
  const Options& opt = c.options;
  sum.planted = c.planted;
  if (c.planted) {
    const check::CheckReport r = check::check_solution(model, c.point, opt.feas_tol, opt.int_tol);
    if (!r.feasible) {
      return report(c, "generator bug: the planted point fails the checker\n" + r.describe(model),
                    {});
    }
  }

  Options pre_opt = opt;
  pre_opt.presolve = true;
  Logger log(LogLevel::kQuiet);
  const presolve::PresolveResult pre = presolve::run_presolve(
      model, pre_opt, log,
      c.planted ? std::span<const double>(c.point) : std::span<const double>());
  const bool pre_infeasible = pre.verdict == presolve::Verdict::kInfeasible;
  sum.presolve_infeasible = pre_infeasible;
  sum.presolve_reduced =
      !pre_infeasible &&
      (pre.stats.rows_removed > 0 || pre.stats.cols_removed > 0 || pre.stats.bounds_tightened > 0);
  if (c.planted) {
    if (pre_infeasible) {
      return report(
          c, "presolve declared infeasible a model with a feasible planted point: " + pre.reason,
          {});
    }
    if (!pre.debug_report.empty()) {
      return report(c, "presolve cut off the planted point: " + pre.debug_report, {}, &pre.reduced);
    }
  }
  if (!pre_infeasible) {
    const std::string e = check_structure(model, pre, opt);
    if (!e.empty()) return report(c, e, {}, &pre.reduced);
    if (c.planted) {
      const std::string p = check_planted_reduction(c, pre);
      if (!p.empty()) return p;
    }
  }

  SideOutcome with;
  if (!pre_infeasible) {
    with = run_side(c, config, pre.reduced, pre.postsolve, /*with_presolve=*/true);
    sum.found_with_presolve = with.found;
    if (!with.error.empty()) return with.error;
  }
  const SideOutcome without =
      run_side(c, config, model, presolve::Postsolve::identity(model.num_cols()),
               /*with_presolve=*/false);
  sum.found_without_presolve = without.found;
  if (!without.error.empty()) return without.error;
  if (pre_infeasible && without.found) {
    return report(c,
                  "presolve declared the model infeasible (" + pre.reason +
                      ") but the search without presolve found a solution",
                  {});
  }
  if ((with.trivially_infeasible && without.found) ||
      (without.trivially_infeasible && with.found)) {
    return report(c, "one search calls the model trivially infeasible, the other finds a solution",
                  {}, &pre.reduced);
  }
  return check_facade(c, config, pre_infeasible, with.found || without.found);
}

// ------------------------------------------------------------ tolerance variant

namespace {

// Reads `data` from its end backwards; past its start every byte is 0.
class BackwardReader {
 public:
  explicit BackwardReader(std::span<const std::uint8_t> data) : data_(data) {}
  unsigned next() { return pos_ < data_.size() ? data_[data_.size() - 1 - pos_++] : 0u; }

 private:
  std::span<const std::uint8_t> data_;
  std::size_t pos_ = 0;
};

// A fraction of the tolerance from one byte: 0, 0.3, 0.6 or 0.9.
double tolerance_fraction(unsigned b) { return 0.3 * static_cast<double>(b & 3u); }

// Moves side `side` (lower when `lower`) inward past `act` so that `act`
// violates it by frac·tol·max(1,|side|), then steps back while the check's
// rule (computed as the checker computes it) would reject `act`.
double inward_side(double side, double act, bool lower, double frac, double tol) {
  if (!std::isfinite(side) || frac == 0.0) return side;
  const double d = frac * tol * std::max(1.0, std::fabs(act));
  double s = lower ? act + d : act - d;
  for (int k = 0; k < 8; ++k) {
    const double viol = (lower ? s - act : act - s) / std::max(1.0, std::fabs(s));
    if (viol <= 0.95 * tol) break;
    s = lower ? act + (s - act) * 0.5 : act - (act - s) * 0.5;
  }
  // Never past the original side outward: that would only loosen the row.
  return lower ? std::max(s, side) : std::min(s, side);
}

}  // namespace

std::string check_tolerance_diff(std::span<const std::uint8_t> data) {
  Result<DiffCase> decoded = decode_diff_case(data);
  if (!decoded.ok()) {
    return "generator bug: the builder rejected the model: " + decoded.status().to_string();
  }
  DiffCase c = std::move(decoded).value();
  if (!c.planted) return {};
  const Model& base = c.model;
  const double tol = c.options.feas_tol;
  BackwardReader in(data);
  ModelBuilder b;
  b.set_name("diff-tol");
  b.set_sense(base.sense());
  const double s = static_cast<double>(static_cast<int>(base.sense()));
  b.set_obj_offset(s * base.obj_offset());
  for (Index j = 0; j < base.num_cols(); ++j) {
    double lb = base.col_lower(j), ub = base.col_upper(j);
    const double x = c.point[static_cast<std::size_t>(j)];
    const unsigned byte = in.next();
    if (!base.is_integer(j) && lb < ub) {
      // A bound at x0 moves inward, so x0 misses it by up to 0.9 feas_tol.
      const double d = tolerance_fraction(byte) * tol;
      if (lb == x && (byte & 4u) != 0) lb = std::min(x + d, ub);
      if (ub == x && (byte & 8u) != 0) ub = std::max(x - d, lb);
    }
    b.add_col(base.col_name(j), lb, ub, s * base.obj(j), base.is_integer(j));
  }
  for (Index i = 0; i < base.num_rows(); ++i) {
    const unsigned byte = in.next();
    const SparseVector row = base.row(i);
    const double scale = (byte & 3u) == 1 ? 1e-3 : (byte & 3u) == 2 ? 1e-7 : 1.0;
    const bool empty = (byte & 0xF0u) == 0xF0u;
    long double act = 0;
    for (std::size_t k = 0; k < row.size(); ++k) {
      act += static_cast<long double>(row.value[k] * scale) *
             c.point[static_cast<std::size_t>(row.index[k])];
    }
    const double a = empty ? 0.0 : static_cast<double>(act);
    double lo = base.row_lower(i), hi = base.row_upper(i);
    if (empty) {
      // An empty row whose sides miss 0 by up to 0.9 feas_tol.
      lo = std::isfinite(lo) ? tolerance_fraction(byte >> 2) * tol : lo;
      hi = std::isfinite(hi) ? (std::isfinite(lo) ? std::max(lo, 1.0) : -0.9 * tol) : hi;
    } else {
      // The planted sides keep their slack from x0's activity, scaled.
      lo = std::isfinite(lo) ? a - (static_cast<double>(act / scale) - lo) * scale : lo;
      hi = std::isfinite(hi) ? a + (hi - static_cast<double>(act / scale)) * scale : hi;
      if (std::isfinite(lo) && lo > a) lo = a;
      if (std::isfinite(hi) && hi < a) hi = a;
      const double frac = tolerance_fraction(byte >> 2);
      if ((byte & 0x10u) != 0) lo = inward_side(lo, a, /*lower=*/true, frac, tol);
      if ((byte & 0x20u) != 0) hi = inward_side(hi, a, /*lower=*/false, frac, tol);
    }
    const Index r = b.add_row(base.row_name(i), lo, hi);
    if (!empty) {
      for (std::size_t k = 0; k < row.size(); ++k) b.add_entry(r, row.index[k], row.value[k] * scale);
    }
  }
  Result<Model> built = b.build();
  if (!built.ok()) {
    return "generator bug: the builder rejected the tolerance model: " + built.status().to_string();
  }
  c.model = std::move(built).value();
  const Model& model = c.model;
  const check::CheckReport r = check::check_solution(model, c.point, tol, c.options.int_tol);
  if (!r.feasible) {
    return report(c, "generator bug: the point fails the checker on the tolerance model\n" +
                         r.describe(model),
                  c.point);
  }
  Options pre_opt = c.options;
  pre_opt.presolve = true;
  Logger log(LogLevel::kQuiet);
  const presolve::PresolveResult pre = presolve::run_presolve(model, pre_opt, log);
  if (pre.verdict == presolve::Verdict::kInfeasible) {
    return report(c,
                  "presolve declared infeasible a model whose point passes the check within "
                  "tolerance: " + pre.reason,
                  c.point);
  }
  const search::SearchModel sm = search::build_search_model(model, c.options);
  if (sm.infeasible) {
    return report(c,
                  "the search calls trivially infeasible a model whose point passes the check: " +
                      sm.infeasible_reason,
                  c.point);
  }
  const search::SearchModel smr = search::build_search_model(pre.reduced, c.options);
  if (smr.infeasible) {
    return report(c,
                  "the search calls presolve's reduced model trivially infeasible, but the "
                  "original's point passes the check: " + smr.infeasible_reason,
                  c.point, &pre.reduced);
  }
  return {};
}

std::string describe_model(const Model& model) {
  const double s = static_cast<double>(static_cast<int>(model.sense()));
  std::string out = model.sense() == ObjSense::kMaximize ? "  maximize" : "  minimize";
  out += " " + fmt(s * model.obj_offset() + 0.0);
  for (Index j = 0; j < model.num_cols(); ++j) {
    if (model.obj(j) != 0) out += " + " + fmt(s * model.obj(j)) + " " + model.col_name(j);
  }
  out += "\n";
  for (Index i = 0; i < model.num_rows(); ++i) {
    out += "  " + model.row_name(i) + ": " + fmt(model.row_lower(i)) + " <=";
    const SparseVector row = model.row(i);
    if (row.size() == 0) out += " (empty)";
    for (std::size_t k = 0; k < row.size(); ++k) {
      out += (k > 0 ? " + " : " ") + fmt(row.value[k]) + " " + model.col_name(row.index[k]);
    }
    out += " <= " + fmt(model.row_upper(i)) + "\n";
  }
  for (Index j = 0; j < model.num_cols(); ++j) {
    out += "  " + model.col_name(j) + (model.is_integer(j) ? " integer" : " continuous") + " in [" +
           fmt(model.col_lower(j)) + ", " + fmt(model.col_upper(j)) + "]\n";
  }
  return out;
}

std::string describe_point(const Model& model, std::span<const double> x) {
  std::string out;
  for (Index j = 0; j < model.num_cols() && static_cast<std::size_t>(j) < x.size(); ++j) {
    out += "  " + model.col_name(j) + " = " + fmt(x[static_cast<std::size_t>(j)]) + "\n";
  }
  return out;
}

}  // namespace lsmip::fuzz
