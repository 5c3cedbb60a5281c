// A point a MIP solver returned, made into a verified solution: integer columns within the
// integrality tolerance are rounded (CBC accepts 1e-6 off an integer and its row activities
// then drift by as much times the coefficients) and clipped to their bounds; the rounded
// point is verified on the original model, and if it fails the point as given is.
#pragma once

#include <cmath>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "model/model.h"
#include "portfolio/verifier.h"

namespace lsmip::portfolio {

inline std::optional<VerifiedSolution> verify_mip_point(const Verifier& verifier, const Model& reduced,
                                                        std::span<const double> x, std::string* why) {
  std::vector<double> r(x.begin(), x.end());
  for (Index j = 0; j < reduced.num_cols(); ++j) {
    double& v = r[static_cast<std::size_t>(j)];
    if (reduced.is_integer(j)) v = std::round(v);
    v = std::min(std::max(v, reduced.col_lower(j)), reduced.col_upper(j));
  }
  if (auto s = verifier.verify(r, why)) return s;
  return verifier.verify(x, why);
}

}  // namespace lsmip::portfolio
