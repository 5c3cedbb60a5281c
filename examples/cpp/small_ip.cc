// A small integer program built in code and solved through the lsmip C++ API:
//
//   maximise 5x + 4y + 3z  subject to  2x + 3y +  z <=  5
//                                      4x +  y + 2z <= 11
//                                      3x + 4y + 2z <=  8,   x, y, z integer in [0, 10]
//
// Prints the solver's optimum and checks it against enumeration of all 11^3 points;
// exits with 0 only when they agree. Build it with find_package(lsmip) (CMakeLists.txt here).
#include <lsmip/lsmip.hpp>

#include <cstdio>
#include <vector>

int main() {
  lsmip::Solver s;
  const char* names[3] = {"x", "y", "z"};
  const double cost[3] = {5, 4, 3};
  for (int j = 0; j < 3; ++j) {
    if (lsmip::Error e = s.add_column(0, 10, cost[j], true, names[j]); !e.ok()) {
      std::fprintf(stderr, "%s\n", e.message().c_str());
      return 1;
    }
  }
  const double a[3][3] = {{2, 3, 1}, {4, 1, 2}, {3, 4, 2}};
  const double rhs[3] = {5, 11, 8};
  const std::vector<std::int32_t> cols = {0, 1, 2};
  for (int i = 0; i < 3; ++i) {
    (void)s.add_row(-lsmip::kInfinity, rhs[i], cols, std::vector<double>(a[i], a[i] + 3));
  }
  (void)s.set_sense(lsmip::Sense::kMaximize);
  (void)s.set_option("work_limit", "1e7");
  if (lsmip::Error e = s.solve(); !e.ok()) {
    std::fprintf(stderr, "solve: %s: %s\n", lsmip::to_string(e.code()), e.message().c_str());
    return 1;
  }
  const lsmip::SolveResult& r = s.result();
  if (!r.has_solution) {
    std::fprintf(stderr, "no solution (%s)\n", lsmip::to_string(r.stop_reason));
    return 1;
  }

  double best = 0;
  for (int x = 0; x <= 10; ++x) {
    for (int y = 0; y <= 10; ++y) {
      for (int z = 0; z <= 10; ++z) {
        bool fits = true;
        for (int i = 0; i < 3; ++i) fits = fits && a[i][0] * x + a[i][1] * y + a[i][2] * z <= rhs[i];
        if (fits && 5.0 * x + 4.0 * y + 3.0 * z > best) best = 5.0 * x + 4.0 * y + 3.0 * z;
      }
    }
  }
  std::printf("lsmip %s: status %s, stopped by %s, x = %g, y = %g, z = %g\n", lsmip::version(),
              lsmip::to_string(r.status), lsmip::to_string(r.stop_reason), r.x[0], r.x[1], r.x[2]);
  std::printf("optimum %g (enumeration: %g) %s\n", r.objective, best,
              r.objective == best ? "verified" : "MISMATCH");
  return r.objective == best ? 0 : 1;
}
