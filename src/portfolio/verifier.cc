#include "portfolio/verifier.h"

#include <cstring>

namespace lsmip::portfolio {
namespace {

std::uint64_t hash_values(const std::vector<double>& x) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (double v : x) {
    if (v == 0) v = 0;  // -0 and +0 hash alike
    std::uint64_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    h = (h ^ bits) * 0x100000001b3ULL;
    h ^= h >> 29;
  }
  return h;
}

}  // namespace

std::optional<VerifiedSolution> Verifier::finish(std::vector<double> reduced,
                                                 std::vector<double> original,
                                                 std::string* why) const {
  const check::CheckReport r = check::check_solution(model_, original, feas_tol_, int_tol_);
  if (!r.feasible) {
    if (why != nullptr) *why = r.describe(model_);
    return std::nullopt;
  }
  VerifiedSolution s;
  s.hash_ = hash_values(reduced);
  s.reduced_ = std::move(reduced);
  s.original_ = std::move(original);
  s.objective_ = r.objective;
  s.min_objective_ = model_.sense() == ObjSense::kMinimize ? r.objective : -r.objective;
  return s;
}

std::optional<VerifiedSolution> Verifier::verify(std::span<const double> reduced,
                                                 std::string* why) const {
  if (reduced.size() != static_cast<std::size_t>(post_.num_reduced_cols())) {
    if (why != nullptr) *why = "wrong number of values";
    return std::nullopt;
  }
  std::vector<double> original = post_.expand(reduced);
  return finish(std::vector<double>(reduced.begin(), reduced.end()), std::move(original), why);
}

std::optional<VerifiedSolution> Verifier::verify_original(std::span<const double> original,
                                                          std::string* why) const {
  if (original.size() != static_cast<std::size_t>(model_.num_cols())) {
    if (why != nullptr) *why = "wrong number of values";
    return std::nullopt;
  }
  return finish(post_.reduce(original), std::vector<double>(original.begin(), original.end()), why);
}

}  // namespace lsmip::portfolio
