// Debian builds CBC and CLP with their internal assertions on: a failed one calls abort(),
// which would end the whole run and lose every solution found so far (seen once, CBC 2.10.8's
// CbcModel::reducedCostFix on neos5 in the exact worker). Each solve therefore runs under an
// AbortTrap: an abort raised on the same thread while the trap is armed returns to the point
// the caller marked with sigsetjmp, and the solve reports that it was aborted. What the solve
// had allocated is leaked and its objects are not destroyed; they were the solve's own (one
// CbcModel and solver per call, CBC's threads off), so nothing shared is left half-changed.
// An abort on another thread, or outside any solve, goes to the SIGABRT handler installed
// before the first trap (by default: the process ends, as without the trap).
//
// Use, in the function whose frame stays live for the whole solve:
//   detail::AbortTrap trap;
//   if (sigsetjmp(trap.env(), 1) != 0) return aborted_result;
//   ... the solve ...
#pragma once

#include <csetjmp>
#include <csignal>

namespace lsmip::lp::detail {

class AbortTrap {
 public:
  // Arms the trap for this thread (nested traps: the innermost catches). Installs the SIGABRT
  // handler on first use in the process.
  AbortTrap();
  // Disarms it: the trap that was armed before it is armed again.
  ~AbortTrap();
  AbortTrap(const AbortTrap&) = delete;
  AbortTrap& operator=(const AbortTrap&) = delete;

  sigjmp_buf& env() { return env_; }

 private:
  static void on_abort(int sig, siginfo_t* info, void* context);  // the SIGABRT handler
  static void install();
  sigjmp_buf env_;
  AbortTrap* outer_;
};

}  // namespace lsmip::lp::detail
