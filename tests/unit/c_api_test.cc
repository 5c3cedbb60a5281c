// Tests of the C API (include/lsmip/lsmip.h): every function on a NULL handle and
// on bad arguments returns its documented code; options by name; p0033 built
// through the C API (row-wise and column-wise) and read from its file give the
// same solution with the same seed and work limit; callbacks; lsmip_interrupt
// from a callback, from another thread and from a signal handler; two handles
// solved at once from two threads (CApiThreads.*, run by the ThreadSanitizer
// stage); lsmip_write_model in LP and MPS, plain and gzip.
#include <gtest/gtest.h>

#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "lsmip/lsmip.h"
#include "lsmip/lsmip.hpp"
#include "test_util.h"

namespace {

std::string p0033() { return lsmip::testing::data_path("models/small/p0033.mps.gz"); }

struct Handle {
  lsmip_solver* h = lsmip_create();
  ~Handle() { lsmip_free(h); }
};

TEST(CApi, EveryFunctionIsSafeOnANullHandle) {
  constexpr int kNull = LSMIP_ERROR_NULL_HANDLE;
  const double d[1] = {0};
  const int32_t i32[1] = {0};
  const int64_t starts[2] = {0, 0};
  double out = 0;
  int code = 0;
  int32_t n = 0;
  int64_t nnz = 0;
  char buf[16];
  EXPECT_EQ(lsmip_read_model(nullptr, "x.mps"), kNull);
  EXPECT_EQ(lsmip_clear_model(nullptr), kNull);
  EXPECT_EQ(lsmip_add_cols(nullptr, 1, d, d, d, nullptr, nullptr), kNull);
  EXPECT_EQ(lsmip_add_cols_with_entries(nullptr, 1, d, d, d, nullptr, nullptr, starts, i32, d), kNull);
  EXPECT_EQ(lsmip_add_rows(nullptr, 1, d, d, starts, i32, d, nullptr), kNull);
  EXPECT_EQ(lsmip_set_sense(nullptr, LSMIP_MAXIMIZE), kNull);
  EXPECT_EQ(lsmip_set_objective_offset(nullptr, 1), kNull);
  EXPECT_EQ(lsmip_get_num_cols(nullptr, &n), kNull);
  EXPECT_EQ(lsmip_get_num_rows(nullptr, &n), kNull);
  EXPECT_EQ(lsmip_get_num_nonzeros(nullptr, &nnz), kNull);
  EXPECT_EQ(lsmip_set_option(nullptr, "seed", "1"), kNull);
  EXPECT_EQ(lsmip_set_int_option(nullptr, "seed", 1), kNull);
  EXPECT_EQ(lsmip_set_double_option(nullptr, "work_limit", 1), kNull);
  EXPECT_EQ(lsmip_set_bool_option(nullptr, "presolve", 1), kNull);
  EXPECT_EQ(lsmip_get_option(nullptr, "seed", buf, sizeof buf), kNull);
  EXPECT_EQ(lsmip_set_initial_solution(nullptr, 1, d), kNull);
  EXPECT_EQ(lsmip_set_callback(nullptr, nullptr, nullptr), kNull);
  EXPECT_EQ(lsmip_solve(nullptr), kNull);
  EXPECT_EQ(lsmip_interrupt(nullptr), kNull);
  EXPECT_EQ(lsmip_get_status(nullptr, &code), kNull);
  EXPECT_EQ(lsmip_get_stop_reason(nullptr, &code), kNull);
  EXPECT_EQ(lsmip_get_objective(nullptr, &out), kNull);
  EXPECT_EQ(lsmip_get_dual_bound(nullptr, &out), kNull);
  EXPECT_EQ(lsmip_get_gap(nullptr, &out), kNull);
  EXPECT_EQ(lsmip_get_solution(nullptr, &out, 1), kNull);
  EXPECT_EQ(lsmip_get_solve_seconds(nullptr, &out), kNull);
  EXPECT_EQ(lsmip_get_work(nullptr, &out), kNull);
  EXPECT_EQ(lsmip_get_num_elites(nullptr, &n), kNull);
  EXPECT_EQ(lsmip_get_elite(nullptr, 0, &out, 1, &out), kNull);
  EXPECT_EQ(lsmip_write_solution(nullptr, "x.sol"), kNull);
  EXPECT_EQ(lsmip_write_model(nullptr, "x.lp"), kNull);
  ASSERT_NE(lsmip_last_error(nullptr), nullptr);
  EXPECT_GT(std::strlen(lsmip_last_error(nullptr)), 0u);
  lsmip_free(nullptr);
}

TEST(CApi, BadArgumentsGiveTheirCodesAndMessages) {
  constexpr int kBad = LSMIP_ERROR_INVALID_ARGUMENT;
  Handle a;
  lsmip_solver* h = a.h;
  ASSERT_NE(h, nullptr);
  const double d[2] = {0, 1};
  const int64_t starts[2] = {0, 1};
  const int32_t idx[1] = {5};
  double out = 0;
  int code = 0;
  char buf[8];
  EXPECT_STREQ(lsmip_last_error(h), "");

  // Before any model.
  EXPECT_EQ(lsmip_solve(h), LSMIP_ERROR_NO_MODEL);
  EXPECT_NE(std::string(lsmip_last_error(h)).find("no model"), std::string::npos);
  EXPECT_EQ(lsmip_get_objective(h, &out), LSMIP_ERROR_NO_SOLUTION);
  EXPECT_TRUE(std::isnan(out));
  EXPECT_EQ(lsmip_get_solution(h, &out, 1), LSMIP_ERROR_NO_SOLUTION);
  EXPECT_EQ(lsmip_write_solution(h, "/tmp/x.sol"), LSMIP_ERROR_NO_SOLUTION);
  EXPECT_EQ(lsmip_get_elite(h, 0, nullptr, 0, nullptr), kBad);
  EXPECT_EQ(lsmip_get_status(h, &code), LSMIP_OK);
  EXPECT_EQ(code, LSMIP_STATUS_UNKNOWN);
  EXPECT_EQ(lsmip_get_stop_reason(h, &code), LSMIP_OK);
  EXPECT_EQ(code, LSMIP_STOP_NONE);

  // NULL out-parameters and inputs.
  EXPECT_EQ(lsmip_read_model(h, nullptr), kBad);
  EXPECT_EQ(lsmip_get_num_cols(h, nullptr), kBad);
  EXPECT_EQ(lsmip_get_num_rows(h, nullptr), kBad);
  EXPECT_EQ(lsmip_get_num_nonzeros(h, nullptr), kBad);
  EXPECT_EQ(lsmip_get_status(h, nullptr), kBad);
  EXPECT_EQ(lsmip_get_stop_reason(h, nullptr), kBad);
  EXPECT_EQ(lsmip_get_objective(h, nullptr), kBad);
  EXPECT_EQ(lsmip_get_dual_bound(h, nullptr), kBad);
  EXPECT_EQ(lsmip_get_gap(h, nullptr), kBad);
  EXPECT_EQ(lsmip_get_solution(h, nullptr, 1), kBad);
  EXPECT_EQ(lsmip_get_solve_seconds(h, nullptr), kBad);
  EXPECT_EQ(lsmip_get_work(h, nullptr), kBad);
  EXPECT_EQ(lsmip_get_num_elites(h, nullptr), kBad);
  EXPECT_EQ(lsmip_write_solution(h, nullptr), kBad);
  EXPECT_EQ(lsmip_set_option(h, nullptr, "1"), kBad);
  EXPECT_EQ(lsmip_set_option(h, "seed", nullptr), kBad);
  EXPECT_EQ(lsmip_set_int_option(h, nullptr, 1), kBad);
  EXPECT_EQ(lsmip_set_double_option(h, nullptr, 1), kBad);
  EXPECT_EQ(lsmip_set_bool_option(h, nullptr, 1), kBad);
  EXPECT_EQ(lsmip_get_option(h, nullptr, buf, sizeof buf), kBad);
  EXPECT_EQ(lsmip_get_option(h, "seed", nullptr, 8), kBad);
  EXPECT_EQ(lsmip_get_option(h, "seed", buf, 0), kBad);
  EXPECT_EQ(lsmip_add_cols(h, 1, nullptr, d, d, nullptr, nullptr), kBad);
  EXPECT_EQ(lsmip_add_cols(h, -1, d, d, d, nullptr, nullptr), kBad);
  EXPECT_NE(std::string(lsmip_last_error(h)).find("negative"), std::string::npos);
  EXPECT_EQ(lsmip_add_cols_with_entries(h, 1, d, d, d, nullptr, nullptr, nullptr, nullptr, nullptr), kBad);
  EXPECT_EQ(lsmip_add_rows(h, 1, nullptr, d, nullptr, nullptr, nullptr, nullptr), kBad);
  EXPECT_EQ(lsmip_add_rows(h, -2, d, d, nullptr, nullptr, nullptr, nullptr), kBad);
  EXPECT_EQ(lsmip_set_initial_solution(h, 1, nullptr), kBad);
  EXPECT_EQ(lsmip_set_initial_solution(h, -1, d), kBad);
  EXPECT_EQ(lsmip_set_sense(h, 0), kBad);
  EXPECT_EQ(lsmip_set_objective_offset(h, std::nan("")), kBad);

  // Bad model data: nothing is added.
  const double nan2[2] = {std::nan(""), 0};
  EXPECT_EQ(lsmip_add_cols(h, 2, nan2, d, d, nullptr, nullptr), kBad);
  const char* dup[2] = {"a", "a"};
  EXPECT_EQ(lsmip_add_cols(h, 2, d, d, d, nullptr, dup), kBad);
  EXPECT_NE(std::string(lsmip_last_error(h)).find("'a'"), std::string::npos) << lsmip_last_error(h);
  int32_t n = -1;
  ASSERT_EQ(lsmip_get_num_cols(h, &n), LSMIP_OK);
  EXPECT_EQ(n, 0);
  const double zero1[1] = {0}, one1[1] = {1};
  ASSERT_EQ(lsmip_add_cols(h, 1, zero1, one1, one1, nullptr, nullptr), LSMIP_OK);
  EXPECT_STREQ(lsmip_last_error(h), "");  // a success clears the message
  EXPECT_EQ(lsmip_add_rows(h, 1, zero1, one1, starts, idx, one1, nullptr), kBad);  // column 5
  EXPECT_NE(std::string(lsmip_last_error(h)).find("column index 5"), std::string::npos) << lsmip_last_error(h);
  const int64_t bad_starts[2] = {1, 1};
  EXPECT_EQ(lsmip_add_rows(h, 1, zero1, one1, bad_starts, idx, one1, nullptr), kBad);
  EXPECT_EQ(lsmip_add_cols_with_entries(h, 1, zero1, one1, one1, nullptr, nullptr, starts, idx, one1), kBad);
  ASSERT_EQ(lsmip_get_num_rows(h, &n), LSMIP_OK);
  EXPECT_EQ(n, 0);
  EXPECT_EQ(lsmip_set_initial_solution(h, 2, d), kBad);  // one column
  double x[1];
  ASSERT_EQ(lsmip_set_double_option(h, "work_limit", 1e4), LSMIP_OK);
  ASSERT_EQ(lsmip_solve(h), LSMIP_OK);
  EXPECT_EQ(lsmip_get_solution(h, x, 0), kBad);  // too small
  EXPECT_EQ(lsmip_get_elite(h, 99, x, 1, nullptr), kBad);

  // Files.
  EXPECT_EQ(lsmip_read_model(h, "/nonexistent/m.mps"), LSMIP_ERROR_IO);
  EXPECT_EQ(lsmip_read_model(h, lsmip::testing::data_path("bad/lp_empty.lp").c_str()), LSMIP_ERROR_FORMAT);
  EXPECT_NE(std::string(lsmip_last_error(h)).find("lp_empty.lp"), std::string::npos) << lsmip_last_error(h);
}

// lsmip_write_model writes LP for ".lp" and ".lp.gz", MPS otherwise (gzip for ".gz"), and
// lsmip_read_model reads each file back into the same model; its errors are the documented
// ones: NO_MODEL, INVALID_ARGUMENT (NULL path), FORMAT (a name LP cannot hold, a ".bz2"
// name), IO (a missing folder).
TEST(CApi, WriteModelWritesLpOrMpsThatReadsBackTheSame) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "lsmip_c_api_write_model";
  std::filesystem::create_directories(dir);
  Handle h;
  EXPECT_EQ(lsmip_write_model(h.h, (dir / "none.lp").c_str()), LSMIP_ERROR_NO_MODEL);
  ASSERT_EQ(lsmip_read_model(h.h, p0033().c_str()), LSMIP_OK);
  ASSERT_EQ(lsmip_set_sense(h.h, LSMIP_MAXIMIZE), LSMIP_OK);   // maximise: the sense must survive too
  ASSERT_EQ(lsmip_set_objective_offset(h.h, 12.5), LSMIP_OK);
  EXPECT_EQ(lsmip_write_model(h.h, nullptr), LSMIP_ERROR_INVALID_ARGUMENT);
  lsmip::Solver original;
  ASSERT_TRUE(original.read_model(p0033()).ok());
  ASSERT_TRUE(original.set_sense(lsmip::Sense::kMaximize).ok());
  ASSERT_TRUE(original.set_objective_offset(12.5).ok());
  lsmip::ModelData a;
  ASSERT_TRUE(original.get_model(a).ok());
  a.name.clear();
  for (const char* name : {"p.lp", "p.lp.gz", "p.mps", "p.mps.gz"}) {
    const std::string path = (dir / name).string();
    ASSERT_EQ(lsmip_write_model(h.h, path.c_str()), LSMIP_OK) << name << ": " << lsmip_last_error(h.h);
    std::ifstream in(path, std::ios::binary);
    std::string head(2, '\0');
    in.read(head.data(), 2);
    const bool gz = std::string_view(name).ends_with(".gz");
    EXPECT_EQ(gz, head == "\x1f\x8b") << name;
    if (!gz) {
      EXPECT_EQ(std::string_view(name).ends_with(".lp"), head == "\\ ") << name;
    }
    Handle back;
    ASSERT_EQ(lsmip_read_model(back.h, path.c_str()), LSMIP_OK) << name << ": " << lsmip_last_error(back.h);
    lsmip::Solver reread;
    ASSERT_TRUE(reread.read_model(path).ok()) << name;
    lsmip::ModelData b;
    ASSERT_TRUE(reread.get_model(b).ok());
    b.name.clear();
    lsmip::testing::expect_same_model(a, b);
  }
  EXPECT_EQ(lsmip_write_model(h.h, (dir / "p.mps.bz2").c_str()), LSMIP_ERROR_FORMAT);
  EXPECT_NE(std::string(lsmip_last_error(h.h)).find("gzip"), std::string::npos);
  EXPECT_EQ(lsmip_write_model(h.h, "/nonexistent/dir/p.lp"), LSMIP_ERROR_IO);

  const double lb = 0, ub = 1, cost = 1;
  const int integer = 0;
  const char* names[] = {"a-b"};
  ASSERT_EQ(lsmip_add_cols(h.h, 1, &lb, &ub, &cost, &integer, names), LSMIP_OK);
  EXPECT_EQ(lsmip_write_model(h.h, (dir / "dash.lp").c_str()), LSMIP_ERROR_FORMAT);
  EXPECT_NE(std::string(lsmip_last_error(h.h)).find("'a-b'"), std::string::npos) << lsmip_last_error(h.h);
  EXPECT_FALSE(std::filesystem::exists(dir / "dash.lp"));
  EXPECT_EQ(lsmip_write_model(h.h, (dir / "dash.mps").c_str()), LSMIP_OK);   // MPS holds it
  std::filesystem::remove_all(dir);
}

TEST(CApi, OptionsByNameGiveTheDocumentedCodes) {
  Handle a;
  lsmip_solver* h = a.h;
  char buf[32];
  EXPECT_EQ(lsmip_set_option(h, "work_limit", "1e6"), LSMIP_OK);
  ASSERT_EQ(lsmip_get_option(h, "work-limit", buf, sizeof buf), LSMIP_OK);
  EXPECT_STREQ(buf, "1e+06");
  ASSERT_EQ(lsmip_get_option(h, "mps_negative_upper", buf, 6), LSMIP_OK);
  EXPECT_STREQ(buf, "minus");  // truncated to the buffer
  EXPECT_EQ(lsmip_set_int_option(h, "seed", 42), LSMIP_OK);
  EXPECT_EQ(lsmip_set_double_option(h, "time_limit", 2.5), LSMIP_OK);
  EXPECT_EQ(lsmip_set_bool_option(h, "deterministic", 1), LSMIP_OK);

  EXPECT_EQ(lsmip_set_option(h, "bogus_name", "1"), LSMIP_ERROR_UNKNOWN_OPTION);
  EXPECT_NE(std::string(lsmip_last_error(h)).find("bogus_name"), std::string::npos);
  EXPECT_EQ(lsmip_set_int_option(h, "bogus_name", 1), LSMIP_ERROR_UNKNOWN_OPTION);
  EXPECT_EQ(lsmip_set_double_option(h, "bogus_name", 1), LSMIP_ERROR_UNKNOWN_OPTION);
  EXPECT_EQ(lsmip_set_bool_option(h, "bogus_name", 1), LSMIP_ERROR_UNKNOWN_OPTION);
  EXPECT_EQ(lsmip_get_option(h, "bogus_name", buf, sizeof buf), LSMIP_ERROR_UNKNOWN_OPTION);
  EXPECT_EQ(lsmip_set_option(h, "time_limit", "soon"), LSMIP_ERROR_BAD_VALUE);
  EXPECT_NE(std::string(lsmip_last_error(h)).find("time_limit"), std::string::npos);
  EXPECT_NE(std::string(lsmip_last_error(h)).find("soon"), std::string::npos);
  EXPECT_EQ(lsmip_set_double_option(h, "time_limit", -1), LSMIP_ERROR_BAD_VALUE);
  EXPECT_EQ(lsmip_set_int_option(h, "log_level", 9), LSMIP_ERROR_BAD_VALUE);
  EXPECT_EQ(lsmip_set_bool_option(h, "seed", 1), LSMIP_ERROR_BAD_VALUE);
  EXPECT_EQ(lsmip_set_int_option(h, "deterministic", 1), LSMIP_ERROR_BAD_VALUE);
  EXPECT_EQ(lsmip_set_int_option(h, "mps_format", 1), LSMIP_ERROR_BAD_VALUE);
  EXPECT_EQ(lsmip_set_option(h, "deterministic", "maybe"), LSMIP_ERROR_BAD_VALUE);
  ASSERT_EQ(lsmip_get_option(h, "seed", buf, sizeof buf), LSMIP_OK);
  EXPECT_STREQ(buf, "42");
}

TEST(CApi, NamesOfCodesAndVersion) {
  EXPECT_STREQ(lsmip_error_name(LSMIP_OK), "ok");
  EXPECT_STREQ(lsmip_error_name(LSMIP_ERROR_UNKNOWN_OPTION), "unknown_option");
  EXPECT_STREQ(lsmip_error_name(-7), "unknown");
  EXPECT_STREQ(lsmip_status_name(LSMIP_STATUS_FEASIBLE), "feasible");
  EXPECT_STREQ(lsmip_stop_reason_name(LSMIP_STOP_INTERRUPTED), "interrupted");
  EXPECT_STREQ(lsmip_stop_reason_name(99), "invalid");
  const std::string v = std::to_string(LSMIP_VERSION_MAJOR) + "." + std::to_string(LSMIP_VERSION_MINOR) + "." +
                        std::to_string(LSMIP_VERSION_PATCH);
  EXPECT_EQ(lsmip_version(), v);
}

// Solves `h` with seed and work limit and returns the solution (empty if none).
// The pure local search (LP, exact and sub-MIP workers off), which runs to its limits.
void local_search_only(lsmip_solver* h) {
  for (const char* family : {"lp", "exact", "lns"}) EXPECT_EQ(lsmip_set_option(h, family, "off"), LSMIP_OK);
}

std::vector<double> solve(lsmip_solver* h, int seed, double work, double* objective) {
  local_search_only(h);
  EXPECT_EQ(lsmip_set_int_option(h, "seed", seed), LSMIP_OK);
  EXPECT_EQ(lsmip_set_double_option(h, "work_limit", work), LSMIP_OK);
  EXPECT_EQ(lsmip_solve(h), LSMIP_OK) << lsmip_last_error(h);
  int32_t n = 0;
  EXPECT_EQ(lsmip_get_num_cols(h, &n), LSMIP_OK);
  std::vector<double> x(static_cast<std::size_t>(n));
  if (lsmip_get_objective(h, objective) != LSMIP_OK) return {};
  EXPECT_EQ(lsmip_get_solution(h, x.data(), n), LSMIP_OK);
  return x;
}

TEST(CApi, BuiltP0033AndTheFileGiveTheSameSolution) {
  lsmip::Solver reader;
  ASSERT_TRUE(reader.read_model(p0033()).ok());
  lsmip::ModelData d;
  ASSERT_TRUE(reader.get_model(d).ok());
  const int32_t n = static_cast<int32_t>(d.col_lower.size()), m = static_cast<int32_t>(d.row_lower.size());
  std::vector<int> integer(d.col_integer.begin(), d.col_integer.end());
  std::vector<const char*> col_names, row_names;
  for (const std::string& s : d.col_names) col_names.push_back(s.c_str());
  for (const std::string& s : d.row_names) row_names.push_back(s.c_str());

  // Row-wise: columns, then rows with their entries (CSR).
  Handle csr;
  ASSERT_EQ(lsmip_add_cols(csr.h, n, d.col_lower.data(), d.col_upper.data(), d.col_cost.data(), integer.data(),
                           col_names.data()), LSMIP_OK);
  ASSERT_EQ(lsmip_add_rows(csr.h, m, d.row_lower.data(), d.row_upper.data(), d.row_start.data(), d.row_index.data(),
                           d.row_value.data(), row_names.data()), LSMIP_OK);
  ASSERT_EQ(lsmip_set_objective_offset(csr.h, d.offset), LSMIP_OK);

  // Column-wise: empty rows, then columns with their entries (CSC).
  std::vector<int64_t> col_start(static_cast<std::size_t>(n) + 1, 0);
  for (int32_t j : d.row_index) ++col_start[static_cast<std::size_t>(j) + 1];
  for (int32_t j = 0; j < n; ++j) col_start[static_cast<std::size_t>(j) + 1] += col_start[static_cast<std::size_t>(j)];
  std::vector<int32_t> col_index(d.row_index.size());
  std::vector<double> col_value(d.row_value.size());
  std::vector<int64_t> fill(col_start.begin(), col_start.end() - 1);
  for (int32_t i = 0; i < m; ++i) {
    for (int64_t k = d.row_start[static_cast<std::size_t>(i)]; k < d.row_start[static_cast<std::size_t>(i) + 1]; ++k) {
      const auto at = static_cast<std::size_t>(fill[static_cast<std::size_t>(d.row_index[static_cast<std::size_t>(k)])]++);
      col_index[at] = i;
      col_value[at] = d.row_value[static_cast<std::size_t>(k)];
    }
  }
  Handle csc;
  ASSERT_EQ(lsmip_add_rows(csc.h, m, d.row_lower.data(), d.row_upper.data(), nullptr, nullptr, nullptr,
                           row_names.data()), LSMIP_OK);
  ASSERT_EQ(lsmip_add_cols_with_entries(csc.h, n, d.col_lower.data(), d.col_upper.data(), d.col_cost.data(),
                                        integer.data(), col_names.data(), col_start.data(), col_index.data(),
                                        col_value.data()), LSMIP_OK);
  int64_t nnz = 0;
  ASSERT_EQ(lsmip_get_num_nonzeros(csc.h, &nnz), LSMIP_OK);
  EXPECT_EQ(nnz, reader.num_nonzeros());

  Handle file;
  ASSERT_EQ(lsmip_read_model(file.h, p0033().c_str()), LSMIP_OK);
  double obj_file = 0, obj_csr = 0, obj_csc = 0;
  const std::vector<double> x_file = solve(file.h, 3, 2e6, &obj_file);
  const std::vector<double> x_csr = solve(csr.h, 3, 2e6, &obj_csr);
  const std::vector<double> x_csc = solve(csc.h, 3, 2e6, &obj_csc);
  ASSERT_FALSE(x_file.empty());
  EXPECT_EQ(x_file, x_csr);
  EXPECT_EQ(x_file, x_csc);
  EXPECT_EQ(obj_file, obj_csr);
  EXPECT_EQ(obj_file, obj_csc);

  // At a sufficient work limit: the known optimum.
  double obj = 0;
  ASSERT_FALSE(solve(csr.h, 1, 2e7, &obj).empty());
  EXPECT_EQ(obj, 3089.0);
  int status = -1, reason = -1;
  ASSERT_EQ(lsmip_get_status(csr.h, &status), LSMIP_OK);
  ASSERT_EQ(lsmip_get_stop_reason(csr.h, &reason), LSMIP_OK);
  EXPECT_EQ(status, LSMIP_STATUS_FEASIBLE);
  EXPECT_EQ(reason, LSMIP_STOP_WORK_LIMIT);
  double bound = 0, gap = 0, work = 0;
  ASSERT_EQ(lsmip_get_dual_bound(csr.h, &bound), LSMIP_OK);
  ASSERT_EQ(lsmip_get_gap(csr.h, &gap), LSMIP_OK);
  ASSERT_EQ(lsmip_get_work(csr.h, &work), LSMIP_OK);
  EXPECT_TRUE(std::isnan(bound));
  EXPECT_TRUE(std::isnan(gap));
  EXPECT_GE(work, 2e7);
  int32_t elites = 0;
  ASSERT_EQ(lsmip_get_num_elites(csr.h, &elites), LSMIP_OK);
  ASSERT_GE(elites, 1);
  double elite_obj = 0;
  std::vector<double> ex(static_cast<std::size_t>(n));
  ASSERT_EQ(lsmip_get_elite(csr.h, 0, ex.data(), n, &elite_obj), LSMIP_OK);
  EXPECT_EQ(elite_obj, 3089.0);
}

struct Events {
  int log = 0, incumbents = 0, progress = 0;
  double last_objective = std::nan("");
  bool stop_at_first = false;
  lsmip_solver* interrupt = nullptr;  // call lsmip_interrupt on it at the first incumbent
  bool sources_ok = true;
};

extern "C" int count_events(const lsmip_event* e, void* user) {
  auto* ev = static_cast<Events*>(user);
  switch (e->event) {
    case LSMIP_EVENT_LOG: ++ev->log; break;
    case LSMIP_EVENT_INCUMBENT:
      ++ev->incumbents;
      ev->last_objective = e->objective;
      ev->sources_ok = ev->sources_ok && e->source != nullptr && std::strlen(e->source) > 0;
      if (ev->interrupt != nullptr) lsmip_interrupt(ev->interrupt);
      return ev->stop_at_first ? 1 : 0;
    case LSMIP_EVENT_PROGRESS: ++ev->progress; break;
    default: break;
  }
  return 0;
}

TEST(CApi, CallbackEventsAndStops) {
  Handle a;
  ASSERT_EQ(lsmip_read_model(a.h, p0033().c_str()), LSMIP_OK);
  Events ev;
  ASSERT_EQ(lsmip_set_callback(a.h, count_events, &ev), LSMIP_OK);
  double obj = 0;
  ASSERT_FALSE(solve(a.h, 1, 2e7, &obj).empty());
  EXPECT_GT(ev.log, 0);
  EXPECT_GT(ev.incumbents, 0);
  EXPECT_TRUE(ev.sources_ok);
  EXPECT_EQ(ev.last_objective, obj);

  // A nonzero return stops the run.
  Events stop;
  stop.stop_at_first = true;
  ASSERT_EQ(lsmip_set_callback(a.h, count_events, &stop), LSMIP_OK);
  ASSERT_EQ(lsmip_set_double_option(a.h, "work_limit", HUGE_VAL), LSMIP_OK);
  ASSERT_EQ(lsmip_set_double_option(a.h, "time_limit", 60), LSMIP_OK);
  ASSERT_EQ(lsmip_solve(a.h), LSMIP_OK);
  int reason = -1;
  ASSERT_EQ(lsmip_get_stop_reason(a.h, &reason), LSMIP_OK);
  EXPECT_EQ(reason, LSMIP_STOP_INTERRUPTED);

  // lsmip_interrupt from inside the callback does the same.
  Events intr;
  intr.interrupt = a.h;
  ASSERT_EQ(lsmip_set_callback(a.h, count_events, &intr), LSMIP_OK);
  ASSERT_EQ(lsmip_solve(a.h), LSMIP_OK);
  ASSERT_EQ(lsmip_get_stop_reason(a.h, &reason), LSMIP_OK);
  EXPECT_EQ(reason, LSMIP_STOP_INTERRUPTED);
  EXPECT_EQ(lsmip_get_objective(a.h, &obj), LSMIP_OK);

  ASSERT_EQ(lsmip_set_callback(a.h, nullptr, nullptr), LSMIP_OK);
}

TEST(CApi, ProvesTheOptimumOfP0033WithABoundAndAGap) {
  Handle a;
  ASSERT_EQ(lsmip_read_model(a.h, p0033().c_str()), LSMIP_OK);
  ASSERT_EQ(lsmip_set_double_option(a.h, "time_limit", 60), LSMIP_OK);  // safety net
  ASSERT_EQ(lsmip_solve(a.h), LSMIP_OK);
  int status = -1, reason = -1;
  ASSERT_EQ(lsmip_get_status(a.h, &status), LSMIP_OK);
  ASSERT_EQ(lsmip_get_stop_reason(a.h, &reason), LSMIP_OK);
  EXPECT_EQ(status, LSMIP_STATUS_OPTIMAL);
  EXPECT_EQ(reason, LSMIP_STOP_COMPLETED);
  double obj = 0, bound = 0, gap = 0;
  ASSERT_EQ(lsmip_get_objective(a.h, &obj), LSMIP_OK);
  ASSERT_EQ(lsmip_get_dual_bound(a.h, &bound), LSMIP_OK);
  ASSERT_EQ(lsmip_get_gap(a.h, &gap), LSMIP_OK);
  EXPECT_EQ(obj, 3089.0);
  EXPECT_LE(bound, 3089.0 + 1e-6);
  EXPECT_GE(bound, 3089.0 * (1 - 1e-4));
  EXPECT_LE(gap, 1e-4);
}

TEST(CApi, InterruptFromAnotherThread) {
  Handle a;
  ASSERT_EQ(lsmip_read_model(a.h, p0033().c_str()), LSMIP_OK);
  local_search_only(a.h);  // p0033 would otherwise be proven optimal at once
  ASSERT_EQ(lsmip_set_double_option(a.h, "time_limit", 60), LSMIP_OK);  // safety net
  std::thread stopper([h = a.h] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    lsmip_interrupt(h);
  });
  ASSERT_EQ(lsmip_solve(a.h), LSMIP_OK);
  stopper.join();
  int reason = -1;
  ASSERT_EQ(lsmip_get_stop_reason(a.h, &reason), LSMIP_OK);
  EXPECT_EQ(reason, LSMIP_STOP_INTERRUPTED);
  double seconds = 0;
  ASSERT_EQ(lsmip_get_solve_seconds(a.h, &seconds), LSMIP_OK);
  EXPECT_LT(seconds, 30.0);
}

// The handle a signal handler interrupts (test-only global state).
lsmip_solver* g_signal_target = nullptr;
extern "C" void interrupt_on_signal(int) { lsmip_interrupt(g_signal_target); }

TEST(CApi, InterruptFromASignalHandler) {
  Handle a;
  ASSERT_EQ(lsmip_read_model(a.h, p0033().c_str()), LSMIP_OK);
  local_search_only(a.h);  // p0033 would otherwise be proven optimal at once
  ASSERT_EQ(lsmip_set_double_option(a.h, "time_limit", 60), LSMIP_OK);  // safety net
  g_signal_target = a.h;
  struct sigaction sa {}, old {};
  sa.sa_handler = interrupt_on_signal;
  sigemptyset(&sa.sa_mask);
  ASSERT_EQ(sigaction(SIGUSR1, &sa, &old), 0);
  std::thread sender([] {
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    ::kill(::getpid(), SIGUSR1);
  });
  const int code = lsmip_solve(a.h);
  sender.join();
  sigaction(SIGUSR1, &old, nullptr);
  g_signal_target = nullptr;
  ASSERT_EQ(code, LSMIP_OK);
  int reason = -1;
  ASSERT_EQ(lsmip_get_stop_reason(a.h, &reason), LSMIP_OK);
  EXPECT_EQ(reason, LSMIP_STOP_INTERRUPTED);
  double seconds = 0;
  ASSERT_EQ(lsmip_get_solve_seconds(a.h, &seconds), LSMIP_OK);
  EXPECT_LT(seconds, 30.0);
}

TEST(CApiThreads, TwoHandlesSolveConcurrently) {
  // Each handle's solution with a work limit must not depend on what runs beside it.
  std::vector<double> reference[2];
  double ref_obj[2] = {0, 0};
  for (int k = 0; k < 2; ++k) {
    Handle a;
    ASSERT_EQ(lsmip_read_model(a.h, p0033().c_str()), LSMIP_OK);
    reference[k] = solve(a.h, k + 1, 3e6, &ref_obj[k]);
  }
  std::vector<double> x[2];
  double obj[2] = {0, 0};
  int codes[2] = {-1, -1};
  Events ev[2];
  auto run = [&](int k) {
    lsmip_solver* h = lsmip_create();
    codes[k] = lsmip_read_model(h, p0033().c_str());
    if (codes[k] == LSMIP_OK) codes[k] = lsmip_set_callback(h, count_events, &ev[k]);
    if (codes[k] == LSMIP_OK) x[k] = solve(h, k + 1, 3e6, &obj[k]);
    lsmip_free(h);
  };
  std::thread t0(run, 0), t1(run, 1);
  t0.join();
  t1.join();
  for (int k = 0; k < 2; ++k) {
    EXPECT_EQ(codes[k], LSMIP_OK);
    EXPECT_EQ(x[k], reference[k]) << "handle " << k;
    EXPECT_EQ(obj[k], ref_obj[k]);
    EXPECT_GT(ev[k].incumbents, 0);
  }
}

}  // namespace
