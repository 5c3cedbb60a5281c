#include "model/model_stats.h"

#include <cmath>
#include <cstdio>
#include <cstring>

#include "util/json.h"

namespace lsmip {
namespace {

void widen(double v, double& lo, double& hi, bool& any) {
  const double a = std::fabs(v);
  if (a == 0.0 || !std::isfinite(a)) return;
  if (!any) {
    lo = hi = a;
    any = true;
  } else {
    lo = std::min(lo, a);
    hi = std::max(hi, a);
  }
}

std::string range(double lo, double hi) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "[%.0e, %.0e]", lo, hi);
  return buf;
}

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h;
}

std::uint64_t bits(double v) {
  v += 0.0;
  std::uint64_t b = 0;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

}  // namespace

ModelStats compute_stats(const Model& model) {
  ModelStats s;
  s.rows = model.num_rows();
  s.cols = model.num_cols();
  s.nonzeros = model.num_nonzeros();
  bool any_coef = false, any_obj = false, any_bound = false, any_side = false;
  for (Index j = 0; j < s.cols; ++j) {
    const double lb = model.col_lower(j), ub = model.col_upper(j);
    if (model.is_binary(j)) {
      ++s.binary;
    } else if (model.is_integer(j)) {
      ++s.integer;
    } else {
      ++s.continuous;
    }
    if (lb == ub) ++s.fixed_cols;
    if (lb == -kInf && ub == kInf) ++s.free_cols;
    if (model.col(j).size() == 0) ++s.empty_cols;
    widen(model.obj(j), s.obj_min, s.obj_max, any_obj);
    widen(lb, s.bound_min, s.bound_max, any_bound);
    widen(ub, s.bound_min, s.bound_max, any_bound);
  }
  for (Index i = 0; i < s.rows; ++i) {
    const double lo = model.row_lower(i), hi = model.row_upper(i);
    if (lo == hi) {
      ++s.equality_rows;
    } else if (lo > -kInf && hi < kInf) {
      ++s.ranged_rows;
    } else if (hi < kInf) {
      ++s.less_rows;
    } else if (lo > -kInf) {
      ++s.greater_rows;
    } else {
      ++s.free_rows;
    }
    if (model.row(i).size() == 0) ++s.empty_rows;
    widen(lo, s.side_min, s.side_max, any_side);
    widen(hi, s.side_min, s.side_max, any_side);
  }
  for (const double v : model.matrix().row_value) widen(v, s.coef_min, s.coef_max, any_coef);
  return s;
}

std::string describe_stats(const Model& model, const ModelStats& s) {
  char buf[512];
  std::string out;
  std::snprintf(buf, sizeof buf,
                "model %s: %s, %d rows, %d columns, %lld nonzeros\n"
                "  columns: %d binary, %d integer, %d continuous (%d fixed, %d free, %d empty)\n"
                "  rows:    %d equality, %d <=, %d >=, %d ranged, %d free (%d empty)\n",
                model.name().empty() ? "(unnamed)" : model.name().c_str(),
                model.sense() == ObjSense::kMaximize ? "maximize" : "minimize", s.rows, s.cols,
                static_cast<long long>(s.nonzeros), s.binary, s.integer, s.continuous,
                s.fixed_cols, s.free_cols, s.empty_cols, s.equality_rows, s.less_rows,
                s.greater_rows, s.ranged_rows, s.free_rows, s.empty_rows);
  out += buf;
  std::snprintf(buf, sizeof buf, "  ranges:  matrix %s, objective %s, bounds %s, sides %s\n",
                range(s.coef_min, s.coef_max).c_str(), range(s.obj_min, s.obj_max).c_str(),
                range(s.bound_min, s.bound_max).c_str(), range(s.side_min, s.side_max).c_str());
  out += buf;
  std::snprintf(buf, sizeof buf, "  objective offset %.17g, fingerprint %016llx\n",
                model.original_objective(model.obj_offset()) + 0.0,
                static_cast<unsigned long long>(model_fingerprint(model)));
  out += buf;
  return out;
}

std::string stats_json(const Model& model, const ModelStats& s) {
  std::string o = "{";
  auto field = [&](const char* key, const std::string& value) {
    if (o.size() > 1) o += ", ";
    o += json::quote(key) + ": " + value;
  };
  auto num = [](long long v) { return std::to_string(v); };
  field("name", json::quote(model.name()));
  field("sense", json::quote(model.sense() == ObjSense::kMaximize ? "max" : "min"));
  field("rows", num(s.rows));
  field("cols", num(s.cols));
  field("nonzeros", num(s.nonzeros));
  field("binary", num(s.binary));
  field("integer", num(s.integer));
  field("continuous", num(s.continuous));
  field("fixed_cols", num(s.fixed_cols));
  field("free_cols", num(s.free_cols));
  field("empty_cols", num(s.empty_cols));
  field("equality_rows", num(s.equality_rows));
  field("less_rows", num(s.less_rows));
  field("greater_rows", num(s.greater_rows));
  field("ranged_rows", num(s.ranged_rows));
  field("free_rows", num(s.free_rows));
  field("empty_rows", num(s.empty_rows));
  field("objective_offset", json::number(model.original_objective(model.obj_offset())));
  field("coef_range", "[" + json::number(s.coef_min) + ", " + json::number(s.coef_max) + "]");
  field("obj_range", "[" + json::number(s.obj_min) + ", " + json::number(s.obj_max) + "]");
  field("bound_range", "[" + json::number(s.bound_min) + ", " + json::number(s.bound_max) + "]");
  field("side_range", "[" + json::number(s.side_min) + ", " + json::number(s.side_max) + "]");
  char fp[32];
  std::snprintf(fp, sizeof fp, "%016llx", static_cast<unsigned long long>(model_fingerprint(model)));
  field("fingerprint", json::quote(fp));
  return o + "}";
}

std::uint64_t model_fingerprint(const Model& model) {
  std::uint64_t h = mix(0, static_cast<std::uint64_t>(model.num_rows()));
  h = mix(h, static_cast<std::uint64_t>(model.num_cols()));
  for (Index j = 0; j < model.num_cols(); ++j) {
    h = mix(h, bits(model.col_lower(j)));
    h = mix(h, bits(model.col_upper(j)));
    h = mix(h, bits(model.obj(j)));
    h = mix(h, model.is_integer(j) ? 1 : 0);
  }
  for (Index i = 0; i < model.num_rows(); ++i) {
    h = mix(h, bits(model.row_lower(i)));
    h = mix(h, bits(model.row_upper(i)));
  }
  const SparseMatrix& a = model.matrix();
  for (std::size_t p = 0; p < a.row_index.size(); ++p) {
    h = mix(h, static_cast<std::uint64_t>(a.row_index[p]));
    h = mix(h, bits(a.row_value[p]));
  }
  return mix(h, bits(model.obj_offset()));
}

}  // namespace lsmip
