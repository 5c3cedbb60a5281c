// Differential libFuzzer target: each input decodes to a small model with a
// planted feasible point (most inputs) or arbitrary row sides (the rest), and
// presolve, postsolve, the local search with and without presolve, and the
// solution checker are checked against each other (fuzz/diff_check.h lists
// the properties). A violation prints the model and the solution and aborts.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "diff_check.h"
#include "model_invariants.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string error = lsmip::fuzz::check_diff(std::span<const std::uint8_t>(data, size));
  if (!error.empty()) lsmip::fuzz::fail(error);
  const std::string tol_error =
      lsmip::fuzz::check_tolerance_diff(std::span<const std::uint8_t>(data, size));
  if (!tol_error.empty()) lsmip::fuzz::fail(tol_error);
  return 0;
}
