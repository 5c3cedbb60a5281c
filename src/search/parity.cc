#include "search/parity.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace lsmip::search {
namespace {

// Largest magnitude for which coefficients and sides are treated as integers.
constexpr double kMaxIntegral = 9007199254740992.0;  // 2^53

bool integral(double v) { return std::fabs(v) < kMaxIntegral && v == std::floor(v); }

bool odd(double v) { return std::fmod(std::fabs(v), 2.0) == 1.0; }

struct ParityRow {
  Index row;
  std::vector<Index> odd_cols;  // the binaries with odd coefficients
  bool rhs_odd;
};

// Row i as a parity row, if it is one (see parity.h).
bool detect(const Model& model, Index i, ParityRow* out) {
  const double lo = model.row_lower(i), hi = model.row_upper(i);
  if (lo != hi || !integral(lo)) return false;
  double b = lo;
  bool carry = false;
  out->odd_cols.clear();
  const SparseVector row = model.row(i);
  for (std::size_t k = 0; k < row.size(); ++k) {
    const Index j = row.index[k];
    const double a = row.value[k];
    if (!model.is_integer(j) || !integral(a) || std::fabs(a) > 2147483648.0) return false;
    const Model::Domain d = model.domain(j);
    if (d.lb == d.ub) {
      if (!integral(d.lb)) return false;
      b -= a * d.lb;  // a constant term: it only shifts the side
      continue;
    }
    if (odd(a)) {
      if (d.lb != 0.0 || d.ub != 1.0) return false;
      out->odd_cols.push_back(j);
    } else {
      carry = true;
    }
  }
  if (!carry || out->odd_cols.empty() || !integral(b)) return false;
  out->row = i;
  out->rhs_odd = odd(b);
  return true;
}

}  // namespace

ParityStart parity_start(const Model& model, Index min_rows, double max_work) {
  ParityStart out;
  std::vector<ParityRow> rows;
  ParityRow pr;
  for (Index i = 0; i < model.num_rows(); ++i) {
    if (detect(model, i, &pr)) rows.push_back(pr);
  }
  out.rows = static_cast<Index>(rows.size());
  if (rows.empty()) return out;

  // Columns of the system: the binaries of the parity rows, in column order.
  std::vector<Index> sys_col(static_cast<std::size_t>(model.num_cols()), -1);
  std::vector<Index> cols;
  for (const ParityRow& r : rows) {
    for (Index j : r.odd_cols) sys_col[static_cast<std::size_t>(j)] = 0;
  }
  for (Index j = 0; j < model.num_cols(); ++j) {
    if (sys_col[static_cast<std::size_t>(j)] == 0) {
      sys_col[static_cast<std::size_t>(j)] = static_cast<Index>(cols.size());
      cols.push_back(j);
    }
  }
  const std::size_t nb = cols.size(), m = rows.size();
  out.binaries = static_cast<Index>(nb);
  if (out.rows < min_rows) return out;
  const std::size_t words = (nb + 1 + 63) / 64;  // bit nb holds the side
  const double elim_work = static_cast<double>(m) * static_cast<double>(words) *
                           static_cast<double>(std::min(m, nb));
  if (elim_work > max_work) return out;
  std::vector<std::uint64_t> mat(m * words, 0);
  const auto flip_bit = [&](std::size_t r, std::size_t c) {
    mat[r * words + c / 64] ^= std::uint64_t{1} << (c % 64);
  };
  const auto bit = [&](std::size_t r, std::size_t c) {
    return ((mat[r * words + c / 64] >> (c % 64)) & 1u) != 0;
  };
  for (std::size_t r = 0; r < m; ++r) {
    // A column listed twice in a row (not possible in a built model) would cancel, as it should.
    for (Index j : rows[r].odd_cols) flip_bit(r, static_cast<std::size_t>(sys_col[static_cast<std::size_t>(j)]));
    if (rows[r].rhs_odd) flip_bit(r, nb);
  }

  // Reduced row echelon form: each pivot column is set in its pivot row only.
  std::vector<std::size_t> pivot_col;
  std::size_t rank = 0;
  for (std::size_t c = 0; c < nb && rank < m; ++c) {
    std::size_t p = rank;
    while (p < m && !bit(p, c)) ++p;
    if (p == m) continue;
    if (p != rank) {
      std::swap_ranges(mat.begin() + static_cast<std::ptrdiff_t>(p * words),
                       mat.begin() + static_cast<std::ptrdiff_t>((p + 1) * words),
                       mat.begin() + static_cast<std::ptrdiff_t>(rank * words));
    }
    const std::size_t w0 = c / 64;  // words before the pivot's are zero in the pivot row
    for (std::size_t q = 0; q < m; ++q) {
      if (q == rank || !bit(q, c)) continue;
      for (std::size_t w = w0; w < words; ++w) mat[q * words + w] ^= mat[rank * words + w];
    }
    pivot_col.push_back(c);
    ++rank;
  }
  out.rank = static_cast<Index>(rank);
  for (std::size_t r = rank; r < m; ++r) {
    if (bit(r, nb)) {  // 0 = 1: the congruences contradict each other
      out.consistent = false;
      return out;
    }
  }

  // Free columns: 1 only when that lowers the objective; pivots then follow.
  std::vector<std::uint8_t> value(nb, 0), is_pivot(nb, 0);
  for (std::size_t c : pivot_col) is_pivot[c] = 1;
  for (std::size_t c = 0; c < nb; ++c) {
    if (!is_pivot[c]) value[c] = model.obj(cols[c]) < 0.0 ? 1 : 0;
  }
  for (std::size_t r = 0; r < rank; ++r) {
    bool v = bit(r, nb);
    for (std::size_t c = 0; c < nb; ++c) {
      if (!is_pivot[c] && value[c] != 0 && bit(r, c)) v = !v;
    }
    value[pivot_col[r]] = v ? 1 : 0;
  }

  // Each free column f spans one solution of the homogeneous system: f and the pivots of
  // the rows that contain f. Adding it to the solution flips those columns. With few free
  // columns every combination is tried (a Gray code: one flip per step); otherwise each
  // flip that lowers the objective is kept, for a few passes.
  std::vector<std::size_t> free_cols;
  for (std::size_t c = 0; c < nb; ++c) {
    if (!is_pivot[c]) free_cols.push_back(c);
  }
  const auto flip_delta = [&](const std::vector<std::uint8_t>& v, std::size_t f) {
    const auto change = [&](std::size_t c) {  // objective change of flipping column c
      const double cost = model.obj(cols[c]);
      return v[c] != 0 ? -cost : cost;
    };
    double delta = change(f);
    for (std::size_t r = 0; r < rank; ++r) {
      if (bit(r, f)) delta += change(pivot_col[r]);
    }
    return delta;
  };
  const auto flip = [&](std::vector<std::uint8_t>& v, std::size_t f) {
    v[f] ^= 1u;
    for (std::size_t r = 0; r < rank; ++r) {
      if (bit(r, f)) v[pivot_col[r]] ^= 1u;
    }
  };
  const double flip_work = static_cast<double>(rank) + 1.0;
  const std::size_t d = free_cols.size();
  if (d > 0 && d <= 20 && elim_work + std::ldexp(flip_work, static_cast<int>(d)) <= max_work) {
    std::vector<std::uint8_t> v = value;
    double cur = 0.0, best = 0.0;
    std::uint64_t best_code = 0;
    for (std::uint64_t i = 1; i < (std::uint64_t{1} << d); ++i) {
      const std::size_t f = free_cols[static_cast<std::size_t>(__builtin_ctzll(i))];
      cur += flip_delta(v, f);
      flip(v, f);
      if (cur < best - 1e-9 * std::max(1.0, std::fabs(best))) {
        best = cur;
        best_code = i ^ (i >> 1);
      }
    }
    for (std::size_t t = 0; t < d; ++t) {
      if ((best_code >> t) & 1u) flip(value, free_cols[t]);
    }
  } else {
    const double pass_work = static_cast<double>(d) * flip_work;
    for (int pass = 0; pass < 4 && elim_work + (pass + 1) * pass_work <= max_work; ++pass) {
      bool changed = false;
      for (std::size_t f : free_cols) {
        if (!(flip_delta(value, f) < 0.0)) continue;
        flip(value, f);
        changed = true;
      }
      if (!changed) break;
    }
  }

  out.values.assign(static_cast<std::size_t>(model.num_cols()),
                    std::numeric_limits<double>::quiet_NaN());
  for (std::size_t c = 0; c < nb; ++c) out.values[static_cast<std::size_t>(cols[c])] = value[c];
  // A carry alone in its row (every other column set or fixed) closes the row, when the
  // value it needs is an integer inside its domain.
  for (const ParityRow& r : rows) {
    const SparseVector row = model.row(r.row);
    long double rest = model.row_lower(r.row);
    Index open = -1;
    double open_coef = 0.0;
    bool single = true;
    for (std::size_t k = 0; k < row.size(); ++k) {
      const Index j = row.index[k];
      const Model::Domain d = model.domain(j);
      const double v = d.lb == d.ub ? d.lb : out.values[static_cast<std::size_t>(j)];
      if (!std::isnan(v)) {
        rest -= static_cast<long double>(row.value[k]) * v;
      } else if (open < 0) {
        open = j;
        open_coef = row.value[k];
      } else {
        single = false;
      }
    }
    if (!single || open < 0) continue;
    const long double y = rest / open_coef;
    const Model::Domain d = model.domain(open);
    if (y == std::floor(y) && y >= d.lb && y <= d.ub) {
      out.values[static_cast<std::size_t>(open)] = static_cast<double>(y);
    }
  }
  return out;
}

}  // namespace lsmip::search
