// libFuzzer target for the MIPLIB solution reader, against a small fixed model
// (names of 1 to 15 characters, so both paths of the name table are used).
// A successful read must be consistent (one value per column, absent columns
// zero, no NaN, no -0), and must survive a round trip: format_solution() of the
// values read back gives the same values and objective bit for bit.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "io/solution_io.h"
#include "model/model_builder.h"
#include "model_invariants.h"

namespace {

using lsmip::fuzz::fail;

lsmip::Model make_model() {
  lsmip::ModelBuilder b;
  b.set_name("fuzz");
  b.set_sense(lsmip::ObjSense::kMaximize);
  b.set_obj_offset(1.5);
  const lsmip::Index x = b.add_col("x", 0, 3, 1, false);
  const lsmip::Index y = b.add_col("y", 0, 1, 2, true);
  const lsmip::Index w = b.add_col("w_longer_than_8", -lsmip::kInf, lsmip::kInf, -1, false);
  const lsmip::Index z = b.add_col("z.1", -5, 5, 0, true);
  const lsmip::Index c1 = b.add_row("c1", -lsmip::kInf, 4);
  const lsmip::Index c2 = b.add_row("c2", 1, lsmip::kInf);
  b.add_entry(c1, x, 1);
  b.add_entry(c1, y, 1);
  b.add_entry(c1, z, 2);
  b.add_entry(c2, x, 1);
  b.add_entry(c2, w, -0.5);
  lsmip::Result<lsmip::Model> r = b.build();
  if (!r.ok()) fail("the fixed model builds");
  lsmip::fuzz::check_model(r.value());
  return std::move(r).value();
}

void check_solution(const lsmip::io::SolutionFile& sol, const lsmip::Model& model) {
  const auto n = static_cast<std::size_t>(model.num_cols());
  if (sol.values.size() != n || sol.given.size() != n) fail("one value and one flag per column");
  lsmip::Index given = 0;
  for (std::size_t j = 0; j < n; ++j) {
    const double v = sol.values[j];
    if (sol.given[j] > 1) fail("given is 0 or 1");
    given += sol.given[j];
    if (std::isnan(v)) fail("no NaN value");
    if (v == 0.0 && std::signbit(v)) fail("no -0 value");
    if (sol.given[j] == 0 && v != 0.0) fail("an absent column is zero");
  }
  if (given != sol.num_given) fail("num_given counts the given columns");
  if (sol.objective && std::isnan(*sol.objective)) fail("no NaN objective");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const lsmip::Model model = make_model();
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const lsmip::Result<lsmip::io::SolutionFile> r =
      lsmip::io::read_solution_text(text, "fuzz.sol", model);
  if (!r.ok()) {
    lsmip::fuzz::check_error(r.status(), "fuzz.sol");
    return 0;
  }
  const lsmip::io::SolutionFile& sol = r.value();
  check_solution(sol, model);

  const double objective = sol.objective.value_or(0.0);
  const std::string written = lsmip::io::format_solution(model, sol.values, objective);
  const lsmip::Result<lsmip::io::SolutionFile> again =
      lsmip::io::read_solution_text(written, "again.sol", model);
  if (!again.ok()) fail("format_solution output reads back");
  const lsmip::io::SolutionFile& back = again.value();
  check_solution(back, model);
  if (back.num_given != model.num_cols()) fail("the written file gives every column");
  if (!back.objective || *back.objective != objective) fail("objective survives the round trip");
  for (std::size_t j = 0; j < sol.values.size(); ++j) {
    if (back.values[j] != sol.values[j]) fail("value survives the round trip");
  }
  return 0;
}
