#include "model/restriction.h"

#include <algorithm>
#include <cmath>
#include <string>

#include "model/model_builder.h"

namespace lsmip {

std::optional<Restriction> Restriction::build(const Model& m, std::span<const double> lower,
                                              std::span<const double> upper, double row_tolerance,
                                              const DistanceRow* distance) {
  const auto n = static_cast<std::size_t>(m.num_cols());
  if (lower.size() != n || upper.size() != n) return std::nullopt;
  std::vector<Index> position(n, -1), free;
  std::vector<double> fixed(n, 0.0);
  double offset = m.obj_offset();
  for (std::size_t j = 0; j < n; ++j) {
    if (!(lower[j] <= upper[j])) return std::nullopt;
    if (lower[j] == upper[j]) {
      fixed[j] = lower[j];
      offset += m.obj()[j] * lower[j];
    } else {
      position[j] = static_cast<Index>(free.size());
      free.push_back(static_cast<Index>(j));
    }
  }
  ModelBuilder b;
  b.set_name(m.name() + "-restricted");
  b.set_sense(ObjSense::kMinimize);
  b.set_obj_offset(offset);
  for (Index j : free) {
    const auto k = static_cast<std::size_t>(j);
    b.add_col(std::to_string(j), lower[k], upper[k], m.obj()[k], m.is_integer(j));
  }
  // The final check's allowance on a row side.
  auto slack = [row_tolerance](double side) { return row_tolerance * std::max(1.0, std::fabs(side)); };
  for (Index i = 0; i < m.num_rows(); ++i) {
    const SparseVector r = m.row(i);
    double activity = 0;
    std::size_t free_entries = 0, last = 0;
    for (std::size_t t = 0; t < r.size(); ++t) {
      const auto k = static_cast<std::size_t>(r.index[t]);
      if (position[k] < 0) {
        activity += r.value[t] * fixed[k];
      } else {
        ++free_entries;
        last = t;
      }
    }
    const double lo = m.row_lower(i), up = m.row_upper(i);
    if (free_entries == 0) {
      const bool low_ok = !std::isfinite(lo) || activity >= lo - slack(lo);
      const bool up_ok = !std::isfinite(up) || activity <= up + slack(up);
      if (!low_ok || !up_ok) return std::nullopt;
      continue;
    }
    if (free_entries == 1) {
      // A bound on the row's one free column: a * x within [lo, up] - activity, the sides
      // widened by the check's allowance so that no point it accepts is cut off; an integer
      // column's bounds round inwards. (The model holds no explicit zeros: a != 0.)
      const Index p = position[static_cast<std::size_t>(r.index[last])];
      const double a = r.value[last];
      const double l = std::isfinite(lo) ? lo - activity - slack(lo) : -kInf;
      const double u = std::isfinite(up) ? up - activity + slack(up) : kInf;
      double from = a > 0 ? l / a : u / a, to = a > 0 ? u / a : l / a;
      if (m.is_integer(r.index[last])) {
        from = std::ceil(from - 1e-9);
        to = std::floor(to + 1e-9);
      }
      from = std::max(b.col_lower(p), from);
      to = std::min(b.col_upper(p), to);
      if (from > to) return std::nullopt;  // the row's one column cannot meet it
      b.set_col_bounds(p, from, to);
      continue;
    }
    const Index row = b.add_row(std::to_string(i), std::isfinite(lo) ? lo - activity : lo,
                                std::isfinite(up) ? up - activity : up);
    for (std::size_t t = 0; t < r.size(); ++t) {
      const Index p = position[static_cast<std::size_t>(r.index[t])];
      if (p >= 0) b.add_entry(row, p, r.value[t]);
    }
  }
  if (distance != nullptr) {
    if (distance->center.size() != n) return std::nullopt;
    // sum over binaries of |x_j - c_j| <= k, with |x - 1| = 1 - x and |x - 0| = x.
    double side = distance->max_distance;
    std::vector<std::pair<Index, double>> entries;
    for (std::size_t j = 0; j < n; ++j) {
      if (!m.is_binary(static_cast<Index>(j))) continue;
      const bool one = distance->center[j] > 0.5;
      if (position[j] < 0) {
        side -= one ? 1.0 - fixed[j] : fixed[j];
      } else {
        entries.emplace_back(position[j], one ? -1.0 : 1.0);
        if (one) side -= 1.0;
      }
    }
    if (entries.empty()) {
      if (side < -row_tolerance) return std::nullopt;
    } else {
      const Index row = b.add_row("local-branching", -kInf, side);
      for (const auto& [p, a] : entries) b.add_entry(row, p, a);
    }
  }
  Result<Model> built = b.build();
  if (!built.ok()) return std::nullopt;
  return Restriction(std::move(built).value(), std::move(free), std::move(fixed));
}

void Restriction::lift(std::span<const double> x, std::vector<double>& out) const {
  out = fixed_;
  for (std::size_t t = 0; t < free_.size() && t < x.size(); ++t) out[static_cast<std::size_t>(free_[t])] = x[t];
}

std::vector<double> Restriction::restrict(std::span<const double> x) const {
  std::vector<double> out(free_.size());
  for (std::size_t t = 0; t < free_.size(); ++t) out[t] = x[static_cast<std::size_t>(free_[t])];
  return out;
}

}  // namespace lsmip
