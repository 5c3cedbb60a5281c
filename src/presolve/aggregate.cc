#include "presolve/aggregate.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "model/model_builder.h"

namespace lsmip::presolve {

namespace {

std::size_t at(Index i) { return static_cast<std::size_t>(i); }

// a - f·b when the real result is a double and is computed exactly; false otherwise.
bool exact_sub_mul(double a, double f, double b, double* out) {
  const double p = f * b;
  if (!std::isfinite(p) || std::fma(f, b, -p) != 0.0) return false;  // product rounded
  const double s = a - p;
  // Error-free transformation of the difference (Knuth's TwoSum on a + (-p)).
  const double bv = s - a;
  const double err = (a - (s - bv)) + (-p - bv);
  if (!std::isfinite(s) || err != 0.0) return false;
  *out = s;
  return true;
}

// A side a - f·b of a reduced row: exact when possible, else rounded outward (down for a
// lower side, up for an upper one) by more than the rounding error, so the reduced row is
// never tighter than the real one. An infinite side stays infinite.
double side_sub_mul(double a, double f, double b, bool lower) {
  if (!std::isfinite(a)) return a;
  double v = 0.0;
  if (exact_sub_mul(a, f, b, &v)) return v;
  const double p = f * b;
  v = a - p;
  const double margin = 4.0 * std::numeric_limits<double>::epsilon() *
                        std::max({std::fabs(a), std::fabs(p), std::fabs(v)});
  return lower ? v - margin : v + margin;
}

struct Entry {
  Index col;
  double val;
};

class Aggregator {
 public:
  Aggregator(const Model& model, const Options& options, const std::function<bool()>& should_stop)
      : model_(model), opt_(options), should_stop_(should_stop) {}
  bool run(Model* reduced, std::vector<char>* removed, std::vector<Substitution>* subs,
           AggregateStats* stats);

 private:
  // Tries to eliminate column k; true when it did.
  bool eliminate(Index k);
  // Row i - f·row r (without column k) into `out`; false when a value is not exact or
  // the row would grow past the cap.
  bool combine(Index i, Index r, Index k, double f, std::vector<Entry>* out);
  void set_row(Index i, std::vector<Entry> entries);
  // Coefficient of column k in row i (0 if absent). Cost O(row length).
  double coef(Index i, Index k) const {
    for (const Entry& e : rows_[at(i)]) {
      if (e.col == k) return e.val;
    }
    return 0.0;
  }
  // True when every entry of row i other than column k is an integer column with an
  // integral coefficient and the side is integral: then an integer k with coefficient +-1
  // is integral at every integral point, and substituting it loses nothing.
  bool integral_row(Index i, Index k) const {
    if (std::floor(lo_[at(i)]) != lo_[at(i)]) return false;
    for (const Entry& e : rows_[at(i)]) {
      if (e.col != k && (!model_.is_integer(e.col) || std::floor(e.val) != e.val)) return false;
    }
    return true;
  }

  const Model& model_;
  const Options& opt_;
  const std::function<bool()>& should_stop_;
  std::vector<std::vector<Entry>> rows_;
  std::vector<double> lo_, hi_;
  std::vector<std::vector<Index>> col_rows_;
  std::vector<double> obj_;
  long double offset_ = 0;
  std::vector<char> removed_;
  std::vector<Substitution> subs_;
  std::vector<double> scratch_;        // dense row values by column
  std::vector<char> in_scratch_;
  NzIndex nnz_ = 0;
  NzIndex max_nnz_ = 0;
  double work_ = 0.0;  // row entries read by eliminate()
};

bool Aggregator::combine(Index i, Index r, Index k, double f, std::vector<Entry>* out) {
  out->clear();
  for (const Entry& e : rows_[at(i)]) {
    if (e.col == k) continue;
    scratch_[at(e.col)] = e.val;
    in_scratch_[at(e.col)] = 1;
  }
  bool ok = true;
  for (const Entry& e : rows_[at(r)]) {
    if (e.col == k) continue;
    double v = 0.0;
    if (!exact_sub_mul(scratch_[at(e.col)], f, e.val, &v)) {
      ok = false;
      break;
    }
    scratch_[at(e.col)] = v;
    in_scratch_[at(e.col)] = 1;
  }
  // Collect in row i's order, then r's new columns; clear the scratch either way.
  for (const Index from : {i, r}) {
    for (const Entry& e : rows_[at(from)]) {
      if (e.col == k || !in_scratch_[at(e.col)]) continue;
      if (scratch_[at(e.col)] != 0.0) out->push_back({e.col, scratch_[at(e.col)]});
      in_scratch_[at(e.col)] = 0;
      scratch_[at(e.col)] = 0.0;
    }
  }
  return ok && static_cast<std::int64_t>(out->size()) <= opt_.presolve_aggregate_max_row;
}

void Aggregator::set_row(Index i, std::vector<Entry> entries) {
  for (const Entry& e : rows_[at(i)]) {
    std::vector<Index>& cr = col_rows_[at(e.col)];
    cr.erase(std::find(cr.begin(), cr.end(), i));
  }
  nnz_ += static_cast<NzIndex>(entries.size()) - static_cast<NzIndex>(rows_[at(i)].size());
  for (const Entry& e : entries) col_rows_[at(e.col)].push_back(i);
  rows_[at(i)] = std::move(entries);
}

bool Aggregator::eliminate(Index k) {
  // The pivot row: an equality where k has coefficient +-1 (so 1/a_rk is exact); the
  // shortest such row, for the least fill-in.
  Index r = -1;
  double a = 0.0;
  for (const Index i : col_rows_[at(k)]) work_ += static_cast<double>(rows_[at(i)].size()) + 1.0;
  for (const Index i : col_rows_[at(k)]) {
    if (!(lo_[at(i)] == hi_[at(i)]) || !std::isfinite(lo_[at(i)])) continue;
    const double c = coef(i, k);
    if (std::fabs(c) != 1.0 || (model_.is_integer(k) && !integral_row(i, k))) continue;
    if (r < 0 || rows_[at(i)].size() < rows_[at(r)].size()) {
      r = i;
      a = c;
    }
  }
  if (r < 0) return false;
  const double b = lo_[at(r)];
  const double lb = model_.col_lower(k), ub = model_.col_upper(k);
  // Row r without k: a·x_k = b - S, so S = b - a·x_k lies in [b - ub, b - lb] (a = 1) or
  // [b + lb, b + ub] (a = -1); infinite bounds give free sides.
  const double lo_bound = a > 0 ? ub : -lb;  // S >= b - lo_bound
  const double hi_bound = a > 0 ? lb : -ub;  // S <= b - hi_bound
  const double new_lo = std::isfinite(lo_bound) ? side_sub_mul(b, 1.0, lo_bound, true) : -kInf;
  const double new_hi = std::isfinite(hi_bound) ? side_sub_mul(b, 1.0, hi_bound, false) : kInf;
  // Row r alone (k its only entry) would be left empty with these sides: only
  // when they hold 0 (see the same test for the other rows below).
  if (rows_[at(r)].size() == 1 && (new_lo > 0.0 || new_hi < 0.0)) return false;
  // Every other row of k, and the objective, computed first; nothing changes unless all fit.
  std::vector<std::pair<Index, std::vector<Entry>>> changed;
  std::vector<std::pair<double, double>> sides;
  NzIndex growth = 0;
  for (const Index i : col_rows_[at(k)]) {
    if (i == r) continue;
    const double f = coef(i, k) * a;  // a_ik / a, exact since a = +-1
    std::vector<Entry> row;
    if (!combine(i, r, k, f, &row)) return false;
    const double l = side_sub_mul(lo_[at(i)], f, b, true);
    const double h = side_sub_mul(hi_[at(i)], f, b, false);
    // A row left empty, or with crossed sides, would be judged against the
    // tolerance of its new (shifted) sides, not of the original row's: such a
    // substitution is not made.
    if (l > h || (row.empty() && (l > 0.0 || h < 0.0))) return false;
    growth += static_cast<NzIndex>(row.size()) - static_cast<NzIndex>(rows_[at(i)].size());
    changed.emplace_back(i, std::move(row));
    sides.emplace_back(l, h);
  }
  const double ck = obj_[at(k)];
  std::vector<std::pair<Index, double>> new_obj;
  if (ck != 0.0) {
    const double f = ck * a;
    for (const Entry& e : rows_[at(r)]) {
      if (e.col == k) continue;
      double v = 0.0;
      if (!exact_sub_mul(obj_[at(e.col)], f, e.val, &v)) return false;
      new_obj.emplace_back(e.col, v);
    }
  }
  if (nnz_ + growth - 1 > max_nnz_) return false;
  if (model_.is_integer(k) && growth > opt_.presolve_aggregate_int_fill) return false;

  // Commit: the substitution (row r as it is now), the other rows, the objective, row r.
  Substitution s;
  s.col = k;
  s.coef = a;
  s.rhs = b;
  s.lb = lb;
  s.ub = ub;
  for (const Entry& e : rows_[at(r)]) {
    if (e.col == k) continue;
    s.cols.push_back(e.col);
    s.vals.push_back(e.val);
  }
  subs_.push_back(std::move(s));
  for (std::size_t t = 0; t < changed.size(); ++t) {
    const Index i = changed[t].first;
    set_row(i, std::move(changed[t].second));
    lo_[at(i)] = sides[t].first;
    hi_[at(i)] = sides[t].second;
  }
  if (ck != 0.0) {
    offset_ += static_cast<long double>(ck) * a * b;  // ck·x_k = ck·a·(b - S)
    for (const auto& [j, v] : new_obj) obj_[at(j)] = v;
    obj_[at(k)] = 0.0;
  }
  std::vector<Entry> rest;
  for (const Entry& e : rows_[at(r)]) {
    if (e.col != k) rest.push_back(e);
  }
  set_row(r, std::move(rest));
  lo_[at(r)] = new_lo;
  hi_[at(r)] = new_hi;
  removed_[at(k)] = 1;
  return true;
}

bool Aggregator::run(Model* reduced, std::vector<char>* removed, std::vector<Substitution>* subs,
                     AggregateStats* stats) {
  const Index n = model_.num_cols(), m = model_.num_rows();
  const auto free_row = [&](Index i) { return model_.row_lower(i) == -kInf && model_.row_upper(i) == kInf; };
  // Candidates (continuous, not fixed, in 1 to presolve_aggregate_max_col non-free rows) come
  // first, from the model's own column views: on a model with none (all binary, as eilA101-2
  // with 959k nonzeros) the copies below, which read every nonzero, are skipped.
  std::vector<Index> cand;
  for (Index j = 0; j < n; ++j) {
    // Binaries stay: substituting one for its partner in a partitioning row gains nothing.
    if (!(model_.col_lower(j) < model_.col_upper(j)) || model_.is_binary(j)) continue;
    if (model_.is_integer(j) && !opt_.presolve_aggregate_integer) continue;
    std::int64_t len = 0;
    for (const Index i : model_.col(j).index) len += free_row(i) ? 0 : 1;
    if (len >= 1 && len <= opt_.presolve_aggregate_max_col) cand.push_back(j);
  }
  if (cand.empty()) return false;
  const auto stopped = [&] {
    if (!(should_stop_ && should_stop_())) return false;
    stats->interrupted = true;
    return true;
  };
  if (stopped()) return false;
  rows_.resize(at(m));
  lo_.resize(at(m));
  hi_.resize(at(m));
  for (Index i = 0; i < m; ++i) {
    lo_[at(i)] = model_.row_lower(i);
    hi_[at(i)] = model_.row_upper(i);
    if (free_row(i)) continue;  // free: constrains nothing, dropped
    const SparseVector row = model_.row(i);
    rows_[at(i)].reserve(row.size());
    for (std::size_t t = 0; t < row.size(); ++t) rows_[at(i)].push_back({row.index[t], row.value[t]});
  }
  if (stopped()) return false;
  col_rows_.resize(at(n));
  for (Index j = 0; j < n; ++j) {
    const SparseVector col = model_.col(j);
    col_rows_[at(j)].reserve(col.size());
    for (const Index i : col.index) {
      if (!rows_[at(i)].empty()) col_rows_[at(j)].push_back(i);
    }
  }
  if (stopped()) return false;
  obj_.assign(model_.obj().begin(), model_.obj().end());
  offset_ = model_.obj_offset();
  removed_.assign(at(n), 0);
  scratch_.assign(at(n), 0.0);
  in_scratch_.assign(at(n), 0);
  nnz_ = 0;
  for (const std::vector<Entry>& row : rows_) nnz_ += static_cast<NzIndex>(row.size());
  max_nnz_ = static_cast<NzIndex>(opt_.presolve_aggregate_max_fill * static_cast<double>(nnz_));
  // Passes until nothing changes: eliminating one column of a chain turns its neighbour's
  // other row into an equality it can use (bounded: each pass removes a column or stops).
  // The work (entries of the rows each attempt reads) is capped by presolve_max_work, so a
  // model where passes remove one column each cannot make this quadratic without bound.
  for (bool progress = true; progress && work_ < opt_.presolve_max_work;) {
    progress = false;
    for (std::size_t t = 0; t < cand.size(); ++t) {
      const Index k = cand[t];
      if (work_ >= opt_.presolve_max_work) break;
      if ((t & 63) == 0 && stopped()) return false;
      if (!removed_[at(k)] && eliminate(k)) progress = true;
    }
  }
  if (subs_.empty()) return false;

  ModelBuilder b;
  b.set_name(model_.name());
  b.set_sense(model_.sense());
  const double sense = static_cast<double>(static_cast<int>(model_.sense()));
  std::vector<Index> new_col(at(n), -1);
  for (Index j = 0; j < n; ++j) {
    if (removed_[at(j)]) continue;
    new_col[at(j)] = b.add_col(model_.col_name(j), model_.col_lower(j), model_.col_upper(j),
                               sense * obj_[at(j)], model_.is_integer(j));
  }
  b.set_obj_offset(sense * static_cast<double>(offset_));
  AggregateStats st;
  st.cols_removed = static_cast<Index>(subs_.size());
  st.nonzeros_before = model_.num_nonzeros();
  for (Index i = 0; i < m; ++i) {
    if (lo_[at(i)] == -kInf && hi_[at(i)] == kInf) {
      ++st.rows_removed;  // a free row: its column was free
      continue;
    }
    const Index nr = b.add_row(model_.row_name(i), lo_[at(i)], hi_[at(i)]);
    for (const Entry& e : rows_[at(i)]) b.add_entry(nr, new_col[at(e.col)], e.val);
  }
  Result<Model> built = b.build();
  if (!built.ok()) return false;  // cannot happen for a valid input; keep the input model
  *reduced = std::move(built).value();
  st.nonzeros_after = reduced->num_nonzeros();
  *removed = std::move(removed_);
  *subs = std::move(subs_);
  *stats = st;
  return true;
}

}  // namespace

bool aggregate_columns(const Model& model, const Options& options, Model* reduced,
                       std::vector<char>* removed, std::vector<Substitution>* subs,
                       AggregateStats* stats, const std::function<bool()>& should_stop) {
  return Aggregator(model, options, should_stop).run(reduced, removed, subs, stats);
}

}  // namespace lsmip::presolve
