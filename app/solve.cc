// `lsmip solve` (placeholder until the search engine is integrated).
#include "commands.h"
#include "exit_codes.h"

namespace lsmip::app {

int run_solve(const CommandLine& cl, Logger& log) {
  (void)cl;
  (void)log;
  return report_error({StatusCode::kUsageError, "solve is not available in this build yet"});
}

}  // namespace lsmip::app
