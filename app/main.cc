// lsmip executable: argv -> options -> subcommand -> exit code. It uses the
// library only through its public C++ API (lsmip/lsmip.hpp); signal handling,
// the memory limit and other process-wide concerns live only in app/.
#include <sys/resource.h>

#include <cmath>
#include <cstdio>
#include <new>

#include "cli.h"
#include "commands.h"
#include "exit_codes.h"

// ASan reserves terabytes of address space, so an RLIMIT_AS memory limit cannot apply under
// it (g++ says __SANITIZE_ADDRESS__, clang __has_feature(address_sanitizer)).
#if defined(__SANITIZE_ADDRESS__)
#define LSMIP_APP_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define LSMIP_APP_ASAN 1
#endif
#endif
#ifndef LSMIP_APP_ASAN
#define LSMIP_APP_ASAN 0
#endif

int main(int argc, char** argv) {
  using namespace lsmip;
  using namespace lsmip::app;
  try {
    // Under mpirun: this process is one rank. Rank 0 alone prints and writes.
    Ranks ranks;
    const bool quiet_rank = ranks.rank() != 0;
    CommandLine cl;
    if (Error e = parse_command_line(argc, argv, cl); !e.ok()) return report_error(e);
    if (quiet_rank && cl.command != "solve") return kExitOk;  // rank 0 answers alone
    if (cl.help) {
      std::fputs(help_text(cl.table).c_str(), stdout);
      return kExitOk;
    }
    if (cl.version) {
      std::printf("lsmip %s\n", version());
      return kExitOk;
    }
    if (cl.options_markdown) {
      std::fputs(options_markdown(cl.table).c_str(), stdout);
      return kExitOk;
    }
    if (cl.print_options) {
      std::string line;
      for (const std::string& w : non_default_options(cl)) line += (line.empty() ? "" : " ") + w;
      std::printf("%s\n", line.c_str());
      return kExitOk;
    }
    if (const double mib = number_option(cl.solver, "memory_limit"); std::isfinite(mib)) {
#if !LSMIP_APP_ASAN
      // Limits beyond what rlim_t holds (1.8e13 MiB and more) mean no limit.
      const double want = mib * 1024.0 * 1024.0;
      const rlim_t bytes = want >= static_cast<double>(RLIM_INFINITY) ? RLIM_INFINITY : static_cast<rlim_t>(want);
      rlimit limit{bytes, bytes};
      if (setrlimit(RLIMIT_AS, &limit) != 0) {
        std::fprintf(stderr, "error: cannot set the memory limit of %g MiB\n", mib);
        return kExitInputError;
      }
#endif
    }
    std::int64_t level = 1;
    (void)cl.solver.get_int_option("log_level", level);
    const Log log(quiet_rank ? 0 : level);
    if (cl.command == "stats") return run_stats(cl, log);
    if (cl.command == "check") return run_check(cl, log);
    if (cl.command == "solve") return run_solve(cl, log, ranks);
    std::fputs("usage: lsmip [solve] MODEL [options] | check MODEL SOLUTION | stats MODEL\n"
               "try 'lsmip --help'\n",
               stderr);
    return kExitInputError;
  } catch (const std::bad_alloc&) {
    std::fputs("error: out of memory (raise --memory-limit, or use a machine with more memory)\n",
               stderr);
    return kExitMemory;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "internal error: %s\n", e.what());
    return kExitInternal;
  }
}
