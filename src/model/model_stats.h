// Summary statistics of a model, as printed by `lsmip stats` and in the
// header of a solve log.
#pragma once

#include <string>

#include "model/model.h"

namespace lsmip {

struct ModelStats {
  Index rows = 0, cols = 0;
  NzIndex nonzeros = 0;
  Index binary = 0, integer = 0, continuous = 0;  // integer excludes binary
  Index fixed_cols = 0, free_cols = 0;
  Index equality_rows = 0, ranged_rows = 0, less_rows = 0, greater_rows = 0, free_rows = 0;
  Index empty_rows = 0, empty_cols = 0;
  double coef_min = 0, coef_max = 0;      // |a_ij| range over nonzeros (0 if none)
  double obj_min = 0, obj_max = 0;        // |c_j| range over nonzero costs
  double bound_min = 0, bound_max = 0;    // |finite nonzero bound| range
  double side_min = 0, side_max = 0;      // |finite nonzero row side| range
};

// Computes the statistics in one pass over the model. Cost O(rows + cols + nnz).
ModelStats compute_stats(const Model& model);
// Multi-line human summary (name, sense, sizes, types, ranges).
std::string describe_stats(const Model& model, const ModelStats& s);
// One JSON object with every field, plus name, sense and objective offset.
std::string stats_json(const Model& model, const ModelStats& s);
// Order-independent hash of the model's numeric data, printed as a fingerprint.
std::uint64_t model_fingerprint(const Model& model);

}  // namespace lsmip
