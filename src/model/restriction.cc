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
  // Rows with a free column: those with one become bounds on it (singletons, below); the
  // others are kept with their sides moved by the fixed activity.
  std::vector<double> col_lo(lower.begin(), lower.end()), col_up(upper.begin(), upper.end());
  std::vector<Index> kept;
  std::vector<std::pair<double, double>> kept_sides;
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
      const bool low_ok = !std::isfinite(lo) || activity >= lo - row_tolerance * std::max(1.0, std::fabs(lo));
      const bool up_ok = !std::isfinite(up) || activity <= up + row_tolerance * std::max(1.0, std::fabs(up));
      if (!low_ok || !up_ok) return std::nullopt;
      continue;
    }
    if (free_entries == 1 && r.value[last] != 0) {
      // a * x within [lo, up] - activity, the sides widened by the tolerance of the check so
      // that no point it accepts is cut off; integer columns round inwards.
      const auto k = static_cast<std::size_t>(r.index[last]);
      const double a = r.value[last];
      const double l = std::isfinite(lo) ? lo - activity - row_tolerance * std::max(1.0, std::fabs(lo)) : -kInf;
      const double u = std::isfinite(up) ? up - activity + row_tolerance * std::max(1.0, std::fabs(up)) : kInf;
      double from = a > 0 ? l / a : u / a, to = a > 0 ? u / a : l / a;
      if (m.is_integer(r.index[last])) {
        from = std::ceil(from - 1e-9);
        to = std::floor(to + 1e-9);
      }
      col_lo[k] = std::max(col_lo[k], from);
      col_up[k] = std::min(col_up[k], to);
      if (col_lo[k] > col_up[k]) return std::nullopt;  // the row's one column cannot meet it
      continue;
    }
    kept.push_back(i);
    kept_sides.emplace_back(std::isfinite(lo) ? lo - activity : lo, std::isfinite(up) ? up - activity : up);
  }
  ModelBuilder b;
  b.set_name(m.name() + "-restricted");
  b.set_sense(ObjSense::kMinimize);
  b.set_obj_offset(offset);
  for (Index j : free) {
    const auto k = static_cast<std::size_t>(j);
    b.add_col(std::to_string(j), col_lo[k], col_up[k], m.obj()[k], m.is_integer(j));
  }
  for (std::size_t t = 0; t < kept.size(); ++t) {
    const Index i = kept[t];
    const SparseVector r = m.row(i);
    const Index row = b.add_row(std::to_string(i), kept_sides[t].first, kept_sides[t].second);
    for (std::size_t e = 0; e < r.size(); ++e) {
      const Index p = position[static_cast<std::size_t>(r.index[e])];
      if (p >= 0) b.add_entry(row, p, r.value[e]);
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
