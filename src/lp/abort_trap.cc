#include "lp/abort_trap.h"

#include <mutex>

namespace lsmip::lp::detail {

namespace {

// The innermost armed trap of this thread. (A signal handler can reach nothing else: this and
// the previous disposition below are the module's only state outside objects.)
thread_local AbortTrap* t_armed = nullptr;
struct sigaction g_previous {};
std::once_flag g_installed;

}  // namespace

void AbortTrap::install() {
  std::call_once(g_installed, [] {
    struct sigaction sa {};
    sa.sa_sigaction = &AbortTrap::on_abort;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_SIGINFO;
    sigaction(SIGABRT, &sa, &g_previous);
  });
}

void AbortTrap::on_abort(int sig, siginfo_t* info, void* context) {
  if (AbortTrap* t = t_armed) {
    t_armed = t->outer_;
    siglongjmp(t->env_, 1);  // restores the signal mask saved by sigsetjmp(env, 1)
  }
  // Not a solve's: what would have happened without the trap.
  if ((g_previous.sa_flags & SA_SIGINFO) != 0 && g_previous.sa_sigaction != nullptr) {
    g_previous.sa_sigaction(sig, info, context);
  } else if (g_previous.sa_handler == SIG_IGN) {
    return;
  } else if (g_previous.sa_handler != SIG_DFL) {
    g_previous.sa_handler(sig);
  } else {
    signal(SIGABRT, SIG_DFL);  // blocked in here: delivered, and fatal, once the handler returns
    raise(SIGABRT);
  }
}

AbortTrap::AbortTrap() : env_{}, outer_(t_armed) {
  install();
  t_armed = this;
}

AbortTrap::~AbortTrap() { t_armed = outer_; }

}  // namespace lsmip::lp::detail
