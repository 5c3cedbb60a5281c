// The C API (include/lsmip/lsmip.h) over the handle state of the C++ API
// (api/solver_impl.h). Every entry point checks the handle, catches every
// exception and records the message of a failed call in the handle.
#include <cmath>
#include <cstring>
#include <exception>
#include <limits>
#include <new>
#include <string>

#include "api/solver_impl.h"

struct lsmip_solver {
  lsmip::Solver::Impl impl;
  mutable std::string last_error;
  lsmip_callback callback = nullptr;
  void* user = nullptr;
};

namespace {

using lsmip::Error;
using lsmip::ErrorCode;

constexpr const char* kNullHandleMessage = "the lsmip_solver handle is NULL";

// Runs `body` for handle `h`: NULL_HANDLE for a null handle, every exception caught, the
// message of a failure kept in the handle (and cleared by a success).
template <typename F>
int call(const lsmip_solver* h, F&& body) noexcept {
  if (h == nullptr) return LSMIP_ERROR_NULL_HANDLE;
  Error e;
  try {
    e = body();
  } catch (const std::bad_alloc&) {
    e = Error(ErrorCode::kOutOfMemory, "");
  } catch (...) {
    e = Error(ErrorCode::kInternal, "");
  }
  try {
    if (e.ok()) {
      h->last_error.clear();
    } else if (!e.message().empty()) {
      h->last_error = e.message();
    } else {
      h->last_error = e.code() == ErrorCode::kOutOfMemory ? "out of memory" : "internal error";
    }
  } catch (...) {
    h->last_error.clear();  // no memory for the message; the code still says what happened
  }
  return static_cast<int>(e.code());
}

Error invalid(const char* message) { return {ErrorCode::kInvalidArgument, message}; }

Error null_arg(const char* name) {
  return {ErrorCode::kInvalidArgument, std::string(name) + " must not be NULL"};
}

const lsmip::SolveResult& result_of(const lsmip_solver* h) { return h->impl.result(); }

}  // namespace

extern "C" {

const char* lsmip_version(void) { return LSMIP_VERSION; }

lsmip_solver* lsmip_create(void) {
  try {
    return new lsmip_solver;
  } catch (...) {
    return nullptr;
  }
}

void lsmip_free(lsmip_solver* h) { delete h; }

const char* lsmip_last_error(const lsmip_solver* h) {
  return h == nullptr ? kNullHandleMessage : h->last_error.c_str();
}

const char* lsmip_error_name(int code) {
  switch (code) {
    case LSMIP_OK: return "ok";
    case LSMIP_ERROR_NULL_HANDLE: return "null_handle";
    case LSMIP_ERROR_INVALID_ARGUMENT: return "invalid_argument";
    case LSMIP_ERROR_UNKNOWN_OPTION: return "unknown_option";
    case LSMIP_ERROR_BAD_VALUE: return "bad_value";
    case LSMIP_ERROR_IO: return "io";
    case LSMIP_ERROR_NO_MODEL: return "no_model";
    case LSMIP_ERROR_OUT_OF_MEMORY: return "out_of_memory";
    case LSMIP_ERROR_INTERNAL: return "internal";
    case LSMIP_ERROR_FORMAT: return "format";
    case LSMIP_ERROR_NO_SOLUTION: return "no_solution";
    case LSMIP_ERROR_BUSY: return "busy";
    case LSMIP_ERROR_CALLBACK: return "callback";
    case LSMIP_ERROR_INTERRUPTED: return "interrupted";
    default: return "unknown";
  }
}

const char* lsmip_status_name(int status) {
  switch (status) {
    case LSMIP_STATUS_UNKNOWN: return "unknown";
    case LSMIP_STATUS_FEASIBLE: return "feasible";
    case LSMIP_STATUS_OPTIMAL: return "optimal";
    case LSMIP_STATUS_INFEASIBLE: return "infeasible";
    case LSMIP_STATUS_UNBOUNDED: return "unbounded";
    default: return "invalid";
  }
}

const char* lsmip_stop_reason_name(int reason) {
  switch (reason) {
    case LSMIP_STOP_NONE: return "none";
    case LSMIP_STOP_TIME_LIMIT: return "time_limit";
    case LSMIP_STOP_WORK_LIMIT: return "work_limit";
    case LSMIP_STOP_INTERRUPTED: return "interrupted";
    case LSMIP_STOP_SOLUTION_LIMIT: return "solution_limit";
    case LSMIP_STOP_OBJECTIVE_TARGET: return "objective_target";
    case LSMIP_STOP_MEMORY_LIMIT: return "memory_limit";
    case LSMIP_STOP_COMPLETED: return "completed";
    case LSMIP_STOP_ERROR: return "error";
    default: return "invalid";
  }
}

// ---- The model

int lsmip_read_model(lsmip_solver* h, const char* path) {
  return call(h, [&]() -> Error {
    if (path == nullptr) return null_arg("path");
    return h->impl.read_model(path);
  });
}

int lsmip_write_model(const lsmip_solver* h, const char* path) {
  return call(h, [&]() -> Error {
    if (path == nullptr) return null_arg("path");
    return h->impl.write_model(path);
  });
}

int lsmip_clear_model(lsmip_solver* h) {
  return call(h, [&] { return h->impl.clear_model(); });
}

int lsmip_add_cols(lsmip_solver* h, int32_t n, const double* lb, const double* ub, const double* cost,
                   const int* is_integer, const char* const* names) {
  return call(h, [&] { return h->impl.add_cols(n, lb, ub, cost, is_integer, names, nullptr, nullptr, nullptr); });
}

int lsmip_add_cols_with_entries(lsmip_solver* h, int32_t n, const double* lb, const double* ub,
                                const double* cost, const int* is_integer, const char* const* names,
                                const int64_t* starts, const int32_t* index, const double* value) {
  return call(h, [&]() -> Error {
    if (n > 0 && starts == nullptr) return null_arg("starts");
    return h->impl.add_cols(n, lb, ub, cost, is_integer, names, starts, index, value);
  });
}

int lsmip_add_rows(lsmip_solver* h, int32_t m, const double* lo, const double* hi, const int64_t* starts,
                   const int32_t* index, const double* value, const char* const* names) {
  return call(h, [&] { return h->impl.add_rows(m, lo, hi, starts, index, value, names); });
}

int lsmip_set_sense(lsmip_solver* h, int sense) {
  return call(h, [&] { return h->impl.set_sense(sense); });
}

int lsmip_set_objective_offset(lsmip_solver* h, double offset) {
  return call(h, [&] { return h->impl.set_offset(offset); });
}

int lsmip_get_num_cols(const lsmip_solver* h, int32_t* n) {
  return call(h, [&]() -> Error {
    if (n == nullptr) return null_arg("n");
    *n = h->impl.num_cols();
    return {};
  });
}

int lsmip_get_num_rows(const lsmip_solver* h, int32_t* m) {
  return call(h, [&]() -> Error {
    if (m == nullptr) return null_arg("m");
    *m = h->impl.num_rows();
    return {};
  });
}

int lsmip_get_num_nonzeros(const lsmip_solver* h, int64_t* nnz) {
  return call(h, [&]() -> Error {
    if (nnz == nullptr) return null_arg("nnz");
    *nnz = h->impl.num_nonzeros();
    return {};
  });
}

// ---- Options

int lsmip_set_option(lsmip_solver* h, const char* name, const char* value) {
  return call(h, [&]() -> Error {
    if (name == nullptr) return null_arg("name");
    if (value == nullptr) return null_arg("value");
    return h->impl.set_option(name, value);
  });
}

int lsmip_set_int_option(lsmip_solver* h, const char* name, int64_t value) {
  return call(h, [&]() -> Error {
    if (name == nullptr) return null_arg("name");
    return h->impl.set_int_option(name, value);
  });
}

int lsmip_set_double_option(lsmip_solver* h, const char* name, double value) {
  return call(h, [&]() -> Error {
    if (name == nullptr) return null_arg("name");
    return h->impl.set_double_option(name, value);
  });
}

int lsmip_set_bool_option(lsmip_solver* h, const char* name, int value) {
  return call(h, [&]() -> Error {
    if (name == nullptr) return null_arg("name");
    return h->impl.set_bool_option(name, value != 0);
  });
}

int lsmip_get_option(const lsmip_solver* h, const char* name, char* buf, size_t size) {
  return call(h, [&]() -> Error {
    if (name == nullptr) return null_arg("name");
    if (buf == nullptr || size == 0) return invalid("buf must not be NULL and size must be positive");
    std::string text;
    if (Error e = h->impl.get_option(name, text); !e.ok()) return e;
    const std::size_t n = std::min(text.size(), size - 1);
    std::memcpy(buf, text.data(), n);
    buf[n] = '\0';
    return {};
  });
}

// ---- Solving

int lsmip_set_initial_solution(lsmip_solver* h, int32_t n, const double* x) {
  return call(h, [&]() -> Error {
    if (n < 0) return invalid("n must not be negative");
    if (n > 0 && x == nullptr) return null_arg("x");
    return h->impl.set_initial_solution(x == nullptr ? std::span<const double>() : std::span<const double>(x, static_cast<std::size_t>(n)));
  });
}

int lsmip_set_callback(lsmip_solver* h, lsmip_callback fn, void* user) {
  return call(h, [&]() -> Error {
    if (h->impl.solving()) return h->impl.busy_error();
    h->callback = fn;
    h->user = user;
    if (fn == nullptr) return h->impl.set_callback({});
    // Adapter: the C++ event as a C struct with NUL-terminated strings.
    return h->impl.set_callback([fn, user](const lsmip::Event& e) {
      const std::string message(e.message), source(e.source);
      lsmip_event ce;
      ce.event = static_cast<int>(e.kind);
      ce.message = message.c_str();
      ce.seconds = e.seconds;
      ce.work = e.work;
      ce.objective = e.objective;
      ce.source = source.c_str();
      return fn(&ce, user) != 0;
    });
  });
}

int lsmip_solve(lsmip_solver* h) {
  return call(h, [&] { return h->impl.solve(); });
}

int lsmip_interrupt(lsmip_solver* h) {
  if (h == nullptr) return LSMIP_ERROR_NULL_HANDLE;
  h->impl.interrupt();  // an atomic store only: async-signal-safe; last_error is not touched
  return LSMIP_OK;
}

// ---- The result

int lsmip_get_status(const lsmip_solver* h, int* status) {
  return call(h, [&]() -> Error {
    if (status == nullptr) return null_arg("status");
    *status = static_cast<int>(result_of(h).status);
    return {};
  });
}

int lsmip_get_stop_reason(const lsmip_solver* h, int* reason) {
  return call(h, [&]() -> Error {
    if (reason == nullptr) return null_arg("reason");
    *reason = static_cast<int>(result_of(h).stop_reason);
    return {};
  });
}

int lsmip_get_objective(const lsmip_solver* h, double* objective) {
  return call(h, [&]() -> Error {
    if (objective == nullptr) return null_arg("objective");
    *objective = std::numeric_limits<double>::quiet_NaN();
    if (!result_of(h).has_solution) return {ErrorCode::kNoSolution, "no solution: the last solve found none, or none ran"};
    *objective = result_of(h).objective;
    return {};
  });
}

int lsmip_get_dual_bound(const lsmip_solver* h, double* bound) {
  return call(h, [&]() -> Error {
    if (bound == nullptr) return null_arg("bound");
    *bound = result_of(h).dual_bound;
    return {};
  });
}

int lsmip_get_gap(const lsmip_solver* h, double* gap) {
  return call(h, [&]() -> Error {
    if (gap == nullptr) return null_arg("gap");
    *gap = result_of(h).gap;
    return {};
  });
}

int lsmip_get_solution(const lsmip_solver* h, double* x, int32_t n) {
  return call(h, [&]() -> Error {
    if (x == nullptr) return null_arg("x");
    const lsmip::SolveResult& r = result_of(h);
    if (!r.has_solution) return {ErrorCode::kNoSolution, "no solution: the last solve found none, or none ran"};
    if (n < 0 || static_cast<std::size_t>(n) < r.x.size()) {
      return {ErrorCode::kInvalidArgument, "x has " + std::to_string(n) + " elements, the solution " +
                                               std::to_string(r.x.size())};
    }
    std::copy(r.x.begin(), r.x.end(), x);
    return {};
  });
}

int lsmip_get_solve_seconds(const lsmip_solver* h, double* seconds) {
  return call(h, [&]() -> Error {
    if (seconds == nullptr) return null_arg("seconds");
    *seconds = result_of(h).seconds;
    return {};
  });
}

int lsmip_get_work(const lsmip_solver* h, double* work) {
  return call(h, [&]() -> Error {
    if (work == nullptr) return null_arg("work");
    *work = result_of(h).work;
    return {};
  });
}

int lsmip_get_num_elites(const lsmip_solver* h, int32_t* count) {
  return call(h, [&]() -> Error {
    if (count == nullptr) return null_arg("count");
    *count = static_cast<int32_t>(result_of(h).elites.size());
    return {};
  });
}

int lsmip_get_elite(const lsmip_solver* h, int32_t k, double* x, int32_t n, double* objective) {
  return call(h, [&]() -> Error {
    const lsmip::SolveResult& r = result_of(h);
    if (k < 0 || static_cast<std::size_t>(k) >= r.elites.size()) {
      return {ErrorCode::kInvalidArgument, "elite " + std::to_string(k) + " is out of range [0, " +
                                               std::to_string(r.elites.size()) + ")"};
    }
    const lsmip::EliteSolution& e = r.elites[static_cast<std::size_t>(k)];
    if (x != nullptr) {
      if (n < 0 || static_cast<std::size_t>(n) < e.x.size()) {
        return {ErrorCode::kInvalidArgument, "x has " + std::to_string(n) + " elements, the solution " +
                                                 std::to_string(e.x.size())};
      }
      std::copy(e.x.begin(), e.x.end(), x);
    }
    if (objective != nullptr) *objective = e.objective;
    return {};
  });
}

int lsmip_write_solution(const lsmip_solver* h, const char* path) {
  return call(h, [&]() -> Error {
    if (path == nullptr) return null_arg("path");
    return h->impl.write_solution(path, lsmip::IfNoSolution::kError);
  });
}

}  // extern "C"
