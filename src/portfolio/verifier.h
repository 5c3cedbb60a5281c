// The gate every solution passes before the portfolio keeps it: a point of the
// presolved model is expanded to the original model and checked there from
// scratch by check::check_solution (which shares no code with presolve or the
// search). A VerifiedSolution can only be made by a Verifier, so the pool can
// hold nothing else.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "check/solution_checker.h"
#include "model/model.h"
#include "presolve/postsolve.h"

namespace lsmip::portfolio {

class Verifier;

// A solution of the original model that passed the independent check.
class VerifiedSolution {
 public:
  const std::vector<double>& reduced() const { return reduced_; }    // presolved space
  const std::vector<double>& original() const { return original_; }  // original space
  double objective() const { return objective_; }  // model's own sense, offset included
  double min_objective() const { return min_objective_; }  // minimisation form
  std::uint64_t hash() const { return hash_; }     // of the reduced values

 private:
  friend class Verifier;
  VerifiedSolution() = default;
  std::vector<double> reduced_, original_;
  double objective_ = 0, min_objective_ = 0;
  std::uint64_t hash_ = 0;
};

// Thread-safe (read-only after construction); the model and postsolve must outlive it.
class Verifier {
 public:
  Verifier(const Model& original, const presolve::Postsolve& post, double feas_tol, double int_tol)
      : model_(original), post_(post), feas_tol_(feas_tol), int_tol_(int_tol) {}

  // The verified solution, or nullopt with `why` (if given) describing the failure.
  // Cost O(nnz of the original model).
  std::optional<VerifiedSolution> verify(std::span<const double> reduced,
                                         std::string* why = nullptr) const;
  // The same for a point of the original model (a warm start); reduced() is its reduction.
  std::optional<VerifiedSolution> verify_original(std::span<const double> original,
                                                  std::string* why = nullptr) const;
  const Model& model() const { return model_; }

 private:
  std::optional<VerifiedSolution> finish(std::vector<double> reduced, std::vector<double> original,
                                         std::string* why) const;
  const Model& model_;
  const presolve::Postsolve& post_;
  double feas_tol_, int_tol_;
};

}  // namespace lsmip::portfolio
