// lsmip executable: argv -> options -> subcommand -> exit code. Signal
// handling and other process-wide concerns live only in app/.
#include <sys/resource.h>

#include <cmath>
#include <cstdio>
#include <new>

#include "cli.h"
#include "commands.h"
#include "exit_codes.h"
#include "util/sanitizers.h"

int main(int argc, char** argv) {
  using namespace lsmip;
  using namespace lsmip::app;
  try {
    Result<CommandLine> parsed = parse_command_line(argc, argv);
    if (!parsed.ok()) return report_error(parsed.status());
    const CommandLine& cl = parsed.value();
    if (cl.help) {
      std::fputs(help_text().c_str(), stdout);
      return kExitOk;
    }
    if (cl.version) {
      std::printf("lsmip %s\n", LSMIP_VERSION);
      return kExitOk;
    }
    if (cl.options_markdown) {
      std::fputs(options_markdown().c_str(), stdout);
      return kExitOk;
    }
    if (cl.print_options) {
      std::string line;
      for (const std::string& w : non_default_options(cl.options)) line += (line.empty() ? "" : " ") + w;
      std::printf("%s\n", line.c_str());
      return kExitOk;
    }
    if (std::isfinite(cl.options.memory_limit)) {
#if !LSMIP_ASAN
      // Limits beyond what rlim_t holds (1.8e13 MiB and more) mean no limit.
      const double want = cl.options.memory_limit * 1024.0 * 1024.0;
      const rlim_t bytes = want >= static_cast<double>(RLIM_INFINITY) ? RLIM_INFINITY : static_cast<rlim_t>(want);
      rlimit limit{bytes, bytes};
      if (setrlimit(RLIMIT_AS, &limit) != 0) {
        std::fprintf(stderr, "error: cannot set the memory limit of %g MiB\n", cl.options.memory_limit);
        return kExitInputError;
      }
#endif
    }
    Logger log(static_cast<LogLevel>(cl.options.log_level));
    if (cl.command == "stats") return run_stats(cl, log);
    if (cl.command == "check") return run_check(cl, log);
    if (cl.command == "solve") return run_solve(cl, log);
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
