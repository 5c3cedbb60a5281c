/* lsmip C API: a local-search solver for mixed-integer linear programs.
 *
 * Callable from C99 and C++. One opaque handle holds one model, its options,
 * an optional warm start and the result of the last solve:
 *
 *     lsmip_solver* h = lsmip_create();
 *     lsmip_read_model(h, "model.mps.gz");       (or lsmip_add_cols / lsmip_add_rows)
 *     lsmip_set_option(h, "work_limit", "1e7");
 *     if (lsmip_solve(h) == LSMIP_OK) { ... lsmip_get_objective(h, &obj); ... }
 *     lsmip_free(h);
 *
 * Return codes: every function that returns int returns LSMIP_OK (0) or one of
 * the LSMIP_ERROR_* codes below; results come back through out-parameters.
 * After an error, lsmip_last_error(h) gives a message that names the offending
 * argument, option, value or file. No function aborts, exits or lets a C++
 * exception escape; a NULL handle gives LSMIP_ERROR_NULL_HANDLE and a bad
 * argument LSMIP_ERROR_INVALID_ARGUMENT.
 *
 * Threads: different handles may be used from different threads at the same
 * time. One handle must be used by one thread at a time, except
 * lsmip_interrupt(), which may be called from any thread or from a signal
 * handler while lsmip_solve() runs. The callback runs on the solver's threads,
 * one call at a time; from inside it only lsmip_interrupt() may be called on
 * the same handle (other calls return LSMIP_ERROR_BUSY).
 *
 * Infinity: bounds and sides are IEEE infinities (HUGE_VAL); a magnitude of
 * 1e20 or more also means infinite, as in model files.
 *
 * See docs/api.md for the whole contract.
 */
#ifndef LSMIP_LSMIP_H
#define LSMIP_LSMIP_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define LSMIP_API
#elif defined(__GNUC__) || defined(__clang__)
#define LSMIP_API __attribute__((visibility("default")))
#else
#define LSMIP_API
#endif

/* Version of these headers; lsmip_version() gives the library's. */
#define LSMIP_VERSION_MAJOR 0
#define LSMIP_VERSION_MINOR 1
#define LSMIP_VERSION_PATCH 0

/* Return codes. */
#define LSMIP_OK 0
#define LSMIP_ERROR_NULL_HANDLE 1      /* the handle is NULL */
#define LSMIP_ERROR_INVALID_ARGUMENT 2 /* a NULL pointer, a negative count, an index out of range,
                                          NaN, a duplicate name or entry, a wrong array size */
#define LSMIP_ERROR_UNKNOWN_OPTION 3   /* no option has this name */
#define LSMIP_ERROR_BAD_VALUE 4        /* the value is malformed, out of range or of the wrong type */
#define LSMIP_ERROR_IO 5               /* a file cannot be opened, read or written */
#define LSMIP_ERROR_NO_MODEL 6         /* no model was read or built yet */
#define LSMIP_ERROR_OUT_OF_MEMORY 7    /* an allocation failed; the handle stays usable */
#define LSMIP_ERROR_INTERNAL 8         /* a bug in lsmip: an invariant did not hold */
#define LSMIP_ERROR_FORMAT 9           /* a model or solution file is malformed or unsupported */
#define LSMIP_ERROR_NO_SOLUTION 10     /* the last solve found no solution (or none was run) */
#define LSMIP_ERROR_BUSY 11            /* the handle is solving (e.g. called from its callback) */
#define LSMIP_ERROR_CALLBACK 12        /* a C++ callback threw an exception; the solve stopped */
#define LSMIP_ERROR_INTERRUPTED 13     /* lsmip_read_model stopped: an interrupt or the time limit */

/* Solve status (lsmip_get_status). */
#define LSMIP_STATUS_UNKNOWN 0    /* no solution and no proof (also: not solved yet) */
#define LSMIP_STATUS_FEASIBLE 1   /* a verified solution; optimality not proven */
#define LSMIP_STATUS_OPTIMAL 2    /* a verified solution proven optimal */
#define LSMIP_STATUS_INFEASIBLE 3 /* proven to have no feasible point */
#define LSMIP_STATUS_UNBOUNDED 4  /* proven unbounded */

/* Why the last solve stopped (lsmip_get_stop_reason). */
#define LSMIP_STOP_NONE 0             /* not solved yet */
#define LSMIP_STOP_TIME_LIMIT 1       /* option time_limit (seconds since lsmip_solve began) */
#define LSMIP_STOP_WORK_LIMIT 2       /* option work_limit (deterministic) */
#define LSMIP_STOP_INTERRUPTED 3      /* lsmip_interrupt() or a callback returning nonzero */
#define LSMIP_STOP_SOLUTION_LIMIT 4   /* option solution_limit */
#define LSMIP_STOP_OBJECTIVE_TARGET 5 /* option objective_target */
#define LSMIP_STOP_MEMORY_LIMIT 6     /* out of memory */
#define LSMIP_STOP_COMPLETED 7        /* nothing left to do (a proof, or no worker can go on) */
#define LSMIP_STOP_ERROR 8            /* an internal error ended the run */

/* Objective sense (lsmip_set_sense). */
#define LSMIP_MINIMIZE 1
#define LSMIP_MAXIMIZE (-1)

/* Callback events. */
#define LSMIP_EVENT_LOG 1       /* one line of the solve log (message, without newline) */
#define LSMIP_EVENT_INCUMBENT 2 /* a new best verified solution (objective, source, seconds, work) */
#define LSMIP_EVENT_PROGRESS 3  /* periodic, about every 1e6 work units of a worker (seconds, work,
                                   objective = best so far or NaN) */

#ifdef __cplusplus
extern "C" {
#endif

typedef struct lsmip_solver lsmip_solver;

/* What a callback receives. Valid only during the call. Fields may be added at
 * the end in later versions; none is removed or reordered. */
typedef struct lsmip_event {
  int event;           /* LSMIP_EVENT_* */
  const char* message; /* LSMIP_EVENT_LOG: the line; otherwise "" */
  double seconds;      /* since lsmip_solve began */
  double work;         /* work units spent so far, summed over workers (as last reported) */
  double objective;    /* best objective so far in the model's sense (exact);
                          NaN when there is none */
  const char* source;  /* LSMIP_EVENT_INCUMBENT: what found it, e.g. "ls#0 tight"; else "" */
} lsmip_event;

/* The callback: return 0 to go on, nonzero to request a stop (like lsmip_interrupt). */
typedef int (*lsmip_callback)(const lsmip_event* event, void* user);

/* "MAJOR.MINOR.PATCH" of the library. */
LSMIP_API const char* lsmip_version(void);
/* A new empty handle, or NULL when out of memory. */
LSMIP_API lsmip_solver* lsmip_create(void);
/* Frees the handle; NULL is allowed. Must not run concurrently with another call on it. */
LSMIP_API void lsmip_free(lsmip_solver* h);
/* Message of the last failed call on this handle ("" after success); valid until the next
 * call on the handle. With a NULL handle: a fixed message. Never NULL. */
LSMIP_API const char* lsmip_last_error(const lsmip_solver* h);
/* Name of a code: "ok", "invalid_argument", ... ("unknown" for other values). */
LSMIP_API const char* lsmip_error_name(int code);
/* "unknown", "feasible", "optimal", "infeasible", "unbounded". */
LSMIP_API const char* lsmip_status_name(int status);
/* "none", "time_limit", "work_limit", "interrupted", ... */
LSMIP_API const char* lsmip_stop_reason_name(int reason);

/* ---- The model ---------------------------------------------------------- */

/* Replaces the model by the file's: MPS (free or fixed) or CPLEX LP, plain or compressed
 * with gzip, bzip2 or xz (found from the content), or "-" for standard input, read with the
 * options format, mps_format and mps_negative_upper. Errors: IO, FORMAT (the message is
 * "FILE:LINE: error: ..."), INTERRUPTED (lsmip_interrupt, or time_limit seconds after the
 * call began). On error the previous model is kept. */
LSMIP_API int lsmip_read_model(lsmip_solver* h, const char* path);
/* Writes the model (atomically) for other solvers: CPLEX LP when path ends in ".lp" or
 * ".lp.gz", free MPS otherwise; gzip-compressed when it ends in ".gz". lsmip_read_model
 * reads it back into the same model. Errors: NO_MODEL, FORMAT (a column or row name the
 * format cannot hold, e.g. one with whitespace, or for LP one with '-' or a leading digit;
 * or a ".bz2", ".xz", ".zst" or ".zip" name: only gzip is written), IO (the file cannot be
 * written), INVALID_ARGUMENT (path is NULL). */
LSMIP_API int lsmip_write_model(const lsmip_solver* h, const char* path);
/* Discards the model, the warm start and the result (options are kept). */
LSMIP_API int lsmip_clear_model(lsmip_solver* h);
/* Appends n columns with bounds lb[j] <= x_j <= ub[j] and objective cost[j] (in the
 * model's sense). is_integer may be NULL (all continuous), names may be NULL (names
 * "C<index>") and names[j] may be NULL. Names must be unique. Nothing is added on error. */
LSMIP_API int lsmip_add_cols(lsmip_solver* h, int32_t n, const double* lb, const double* ub,
                             const double* cost, const int* is_integer, const char* const* names);
/* Same, with the columns' matrix entries in CSC form: the entries of new column j are
 * index[k], value[k] for k in [starts[j], starts[j+1]); index[k] is an existing row.
 * starts has n+1 elements and starts[0] is 0. */
LSMIP_API int lsmip_add_cols_with_entries(lsmip_solver* h, int32_t n, const double* lb,
                                          const double* ub, const double* cost,
                                          const int* is_integer, const char* const* names,
                                          const int64_t* starts, const int32_t* index,
                                          const double* value);
/* Appends m rows lo[i] <= a_i x <= hi[i] in CSR form: the entries of new row i are
 * index[k] (an existing column), value[k] for k in [starts[i], starts[i+1]); starts has
 * m+1 elements, starts[0] is 0. Zeros are dropped; a column twice in a row is an error.
 * starts/index/value may be NULL when there are no entries. names as in lsmip_add_cols. */
LSMIP_API int lsmip_add_rows(lsmip_solver* h, int32_t m, const double* lo, const double* hi,
                             const int64_t* starts, const int32_t* index, const double* value,
                             const char* const* names);
/* LSMIP_MINIMIZE or LSMIP_MAXIMIZE (the default is to minimise). */
LSMIP_API int lsmip_set_sense(lsmip_solver* h, int sense);
/* Constant added to the objective, in the model's sense. */
LSMIP_API int lsmip_set_objective_offset(lsmip_solver* h, double offset);
LSMIP_API int lsmip_get_num_cols(const lsmip_solver* h, int32_t* n);
LSMIP_API int lsmip_get_num_rows(const lsmip_solver* h, int32_t* m);
LSMIP_API int lsmip_get_num_nonzeros(const lsmip_solver* h, int64_t* nnz);

/* ---- Options (the table of `lsmip --help` and docs/options.md) ----------- */

/* Sets option `name` (underscores or dashes) from its text form, as the CLI and options
 * files do. Errors: UNKNOWN_OPTION, BAD_VALUE (the message names the option and the
 * allowed range or values). */
LSMIP_API int lsmip_set_option(lsmip_solver* h, const char* name, const char* value);
/* Typed setters: BAD_VALUE when the option has another type (an int is accepted for a
 * double option) or the value is out of range. */
LSMIP_API int lsmip_set_int_option(lsmip_solver* h, const char* name, int64_t value);
LSMIP_API int lsmip_set_double_option(lsmip_solver* h, const char* name, double value);
LSMIP_API int lsmip_set_bool_option(lsmip_solver* h, const char* name, int value);
/* Writes the option's current value as text (NUL-terminated, truncated to size) to buf. */
LSMIP_API int lsmip_get_option(const lsmip_solver* h, const char* name, char* buf, size_t size);

/* ---- Solving ------------------------------------------------------------ */

/* Warm start: n must be the number of columns; NaN marks an unspecified value. A full
 * feasible start is the first incumbent; otherwise the search starts from it. n = 0 or
 * x = NULL removes it. */
LSMIP_API int lsmip_set_initial_solution(lsmip_solver* h, int32_t n, const double* x);
/* Installs the callback (fn = NULL removes it). */
LSMIP_API int lsmip_set_callback(lsmip_solver* h, lsmip_callback fn, void* user);
/* Runs the search until a limit, an interrupt, a goal or a proof. Returns LSMIP_OK when the
 * run ended normally, with or without a solution: see lsmip_get_status and
 * lsmip_get_stop_reason. Errors: NO_MODEL, INVALID_ARGUMENT (the model or the warm start is
 * inconsistent), OUT_OF_MEMORY, CALLBACK, INTERNAL, IO/FORMAT (option initial_solution). */
LSMIP_API int lsmip_solve(lsmip_solver* h);
/* Asks a running (or the next) solve or model read to stop as soon as possible. Thread-safe
 * and async-signal-safe: it only sets an atomic flag, which lsmip_solve clears when it
 * returns, and lsmip_read_model when it stops for it. */
LSMIP_API int lsmip_interrupt(lsmip_solver* h);

/* ---- The result of the last solve -------------------------------------- */

LSMIP_API int lsmip_get_status(const lsmip_solver* h, int* status);
LSMIP_API int lsmip_get_stop_reason(const lsmip_solver* h, int* reason);
/* Objective of the best solution in the model's sense, offset included. NO_SOLUTION if none. */
LSMIP_API int lsmip_get_objective(const lsmip_solver* h, double* objective);
/* A proven bound on the objective; NaN while lsmip proves none (always, for now). */
LSMIP_API int lsmip_get_dual_bound(const lsmip_solver* h, double* bound);
/* Relative gap |obj - bound| / max(|obj|, |bound|); NaN when either is unknown. */
LSMIP_API int lsmip_get_gap(const lsmip_solver* h, double* gap);
/* Copies the best solution (one value per column) to x; n is the size of x and must be at
 * least the number of columns. NO_SOLUTION if none. */
LSMIP_API int lsmip_get_solution(const lsmip_solver* h, double* x, int32_t n);
/* Seconds the last solve took. */
LSMIP_API int lsmip_get_solve_seconds(const lsmip_solver* h, double* seconds);
/* Work units the last solve spent, summed over workers. */
LSMIP_API int lsmip_get_work(const lsmip_solver* h, double* work);
/* The elite pool of the last solve, best first: its size, and solution k (0 = best). */
LSMIP_API int lsmip_get_num_elites(const lsmip_solver* h, int32_t* count);
LSMIP_API int lsmip_get_elite(const lsmip_solver* h, int32_t k, double* x, int32_t n,
                              double* objective);
/* Writes the best solution in the MIPLIB format (atomically). NO_SOLUTION if none. */
LSMIP_API int lsmip_write_solution(const lsmip_solver* h, const char* path);

#ifdef __cplusplus
}
#endif

#endif /* LSMIP_LSMIP_H */
