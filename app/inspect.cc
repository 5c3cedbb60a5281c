// `lsmip stats` and `lsmip check`, and how the command line reports an error.
#include <cstdio>

#include "commands.h"
#include "exit_codes.h"

namespace lsmip::app {
namespace {

// Reads the model of `lsmip stats` and `lsmip check`: whatever the time limit (which is the
// solve's), with the reader's warnings in the log.
Error read_whole_model(CommandLine& cl, const std::string& path) {
  if (Error e = cl.solver.set_double_option("time_limit", kInfinity); !e.ok()) return e;
  if (Error e = cl.solver.set_callback([](const Event& ev) {
        if (ev.kind == Event::Kind::kLog) Log::library_line(ev.message);
        return false;
      });
      !e.ok()) {
    return e;
  }
  return cl.solver.read_model(path);
}

}  // namespace

int report_error(const Error& error) {
  const std::string& m = error.message();
  if (m.rfind("error: ", 0) == 0 || m.find(": error: ") != std::string::npos) {
    std::fprintf(stderr, "%s\n", m.c_str());  // it names its file (and line) already
  } else {
    std::fprintf(stderr, "error: %s\n", m.empty() ? to_string(error.code()) : m.c_str());
  }
  switch (error.code()) {
    case ErrorCode::kOk: return kExitOk;
    case ErrorCode::kInvalidArgument:
    case ErrorCode::kUnknownOption:
    case ErrorCode::kBadValue:
    case ErrorCode::kIo:
    case ErrorCode::kFormat:
    case ErrorCode::kNoModel: return kExitInputError;
    case ErrorCode::kOutOfMemory: return kExitMemory;
    case ErrorCode::kInterrupted:
    case ErrorCode::kNoSolution: return kExitNoSolution;
    case ErrorCode::kNullHandle:
    case ErrorCode::kInternal:
    case ErrorCode::kBusy:
    case ErrorCode::kCallback: break;
  }
  return kExitInternal;
}

int check_operands(const CommandLine& cl, std::size_t count, const std::string& usage) {
  if (cl.positional.size() < count) return report_error({ErrorCode::kInvalidArgument, usage});
  if (cl.positional.size() > count) {
    return report_error({ErrorCode::kInvalidArgument,
                         "unexpected argument '" + cl.positional[count] + "' (" + usage + ")"});
  }
  return kExitOk;
}

int run_stats(CommandLine& cl, const Log& log) {
  if (const int code = check_operands(cl, 1, "usage: lsmip stats MODEL [--json]"); code != kExitOk) return code;
  if (Error e = read_whole_model(cl, cl.positional[0]); !e.ok()) return report_error(e);
  std::string text, json;
  if (Error e = cl.solver.model_statistics(Format::kText, text); !e.ok()) return report_error(e);
  if (Error e = cl.solver.model_statistics(Format::kJson, json); !e.ok()) return report_error(e);
  // With --json, stdout holds the JSON object alone; the human text goes to stderr.
  if (log.normal()) std::fputs(text.c_str(), cl.json_stdout ? stderr : stdout);
  if (cl.json_stdout) std::printf("%s\n", json.c_str());
  return kExitOk;
}

int run_check(CommandLine& cl, const Log& log) {
  if (const int code = check_operands(cl, 2, "usage: lsmip check MODEL SOLUTION [--json]"); code != kExitOk) {
    return code;
  }
  if (Error e = read_whole_model(cl, cl.positional[0]); !e.ok()) return report_error(e);
  SolutionCheck c;
  if (Error e = cl.solver.check_solution_file(cl.positional[1], c); !e.ok()) return report_error(e);
  if (!c.claim) {
    std::fprintf(cl.json_stdout ? stderr : stdout,
                 "the solution file says '=infeas=' (no solution); nothing to check\n");
    if (cl.json_stdout) std::printf("{\"claim\": false, \"feasible\": null}\n");
    return kExitNoClaim;
  }
  if (log.normal()) {
    std::FILE* human = cl.json_stdout ? stderr : stdout;
    std::fprintf(human, "%d of %d columns given (the others are 0)\n", c.columns_given, cl.solver.num_cols());
    std::fputs(c.text.c_str(), human);
  }
  if (cl.json_stdout) std::printf("%s\n", c.json.c_str());
  return c.ok() ? kExitOk : kExitRejected;
}

}  // namespace lsmip::app
