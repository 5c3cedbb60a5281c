/* A 0-1 knapsack built in code and solved through the lsmip C API.
 *
 *     cc -std=c99 knapsack.c $(pkg-config --cflags --libs lsmip) -o knapsack
 *
 * Prints the solver's optimum and checks it against the optimum found by
 * enumerating all 2^n subsets; exits with 0 only when they agree. */
#include <lsmip/lsmip.h>

#include <math.h>
#include <stdio.h>

#define N 12

static const double value[N] = {24, 13, 23, 15, 16, 14, 8, 19, 11, 12, 18, 9};
static const double weight[N] = {12, 7, 11, 8, 9, 7, 4, 10, 6, 6, 9, 5};
static const double capacity = 40;

/* The best value of any subset that fits, by enumeration. */
static double enumerate(void) {
  double best = 0;
  for (long mask = 0; mask < (1L << N); ++mask) {
    double v = 0, w = 0;
    for (int j = 0; j < N; ++j) {
      if (mask & (1L << j)) {
        v += value[j];
        w += weight[j];
      }
    }
    if (w <= capacity && v > best) best = v;
  }
  return best;
}

/* Prints each new incumbent as the search finds it. */
static int on_event(const lsmip_event* e, void* user) {
  (void)user;
  if (e->event == LSMIP_EVENT_INCUMBENT) printf("  incumbent %g at %.2fs (%s)\n", e->objective, e->seconds, e->source);
  return 0;
}

static int check(lsmip_solver* h, int code, const char* what) {
  if (code != LSMIP_OK) fprintf(stderr, "%s: %s: %s\n", what, lsmip_error_name(code), lsmip_last_error(h));
  return code == LSMIP_OK;
}

int main(void) {
  double lb[N], ub[N];
  int integer[N];
  int32_t index[N];
  int64_t starts[2] = {0, N};
  const double row_lo = -HUGE_VAL;
  double x[N], objective = 0;
  int status = 0, reason = 0, ok = 1, j;
  lsmip_solver* h = lsmip_create();
  if (h == NULL) return 2;
  for (j = 0; j < N; ++j) {
    lb[j] = 0;
    ub[j] = 1;
    integer[j] = 1;
    index[j] = j;
  }
  ok = ok && check(h, lsmip_add_cols(h, N, lb, ub, value, integer, NULL), "add_cols");
  ok = ok && check(h, lsmip_add_rows(h, 1, &row_lo, &capacity, starts, index, weight, NULL), "add_rows");
  ok = ok && check(h, lsmip_set_sense(h, LSMIP_MAXIMIZE), "set_sense");
  ok = ok && check(h, lsmip_set_option(h, "work_limit", "5e7"), "set_option");
  ok = ok && check(h, lsmip_set_int_option(h, "seed", 1), "set_int_option");
  ok = ok && check(h, lsmip_set_callback(h, on_event, NULL), "set_callback");
  ok = ok && check(h, lsmip_solve(h), "solve");
  ok = ok && check(h, lsmip_get_status(h, &status), "get_status");
  ok = ok && check(h, lsmip_get_stop_reason(h, &reason), "get_stop_reason");
  ok = ok && check(h, lsmip_get_objective(h, &objective), "get_objective");
  ok = ok && check(h, lsmip_get_solution(h, x, N), "get_solution");
  if (ok) {
    const double best = enumerate();
    printf("lsmip %s: status %s, stopped by %s\n", lsmip_version(), lsmip_status_name(status),
           lsmip_stop_reason_name(reason));
    printf("items:");
    for (j = 0; j < N; ++j) {
      if (x[j] > 0.5) printf(" %d", j);
    }
    printf("\noptimum %g (enumeration: %g) %s\n", objective, best, objective == best ? "verified" : "MISMATCH");
    ok = objective == best;
  }
  lsmip_free(h);
  return ok ? 0 : 1;
}
