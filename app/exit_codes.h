// The fixed exit codes of the lsmip executable (documented in README.md and
// `lsmip --help`; tests assert them).
#pragma once

namespace lsmip::app {

inline constexpr int kExitOk = 0;            // solution found and verified; check: feasible
inline constexpr int kExitInputError = 1;    // bad model, solution or options file, bad usage
inline constexpr int kExitInternal = 2;      // a bug: an invariant failed
inline constexpr int kExitNoSolution = 3;    // solve: no solution within the limits (unknown)
inline constexpr int kExitRejected = 4;      // check: the solution is infeasible or mismatched
inline constexpr int kExitMemory = 5;        // out of memory or --memory-limit reached
inline constexpr int kExitNoClaim = 6;       // check: the file makes no claim (=infeas=)
inline constexpr int kExitInfeasible = 10;   // solve: the model is proven infeasible
inline constexpr int kExitInterrupted = 130; // solve: stopped by a second SIGINT, nothing written

}  // namespace lsmip::app
