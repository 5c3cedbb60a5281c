// Helpers shared by the unit tests: paths to test data and to the shared
// instance folder, running a command and capturing its output.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "io/model_reader.h"
#include "lsmip/lsmip.hpp"
#include "io/read_options.h"
#include "model/model_builder.h"

namespace lsmip::testing {

inline std::string data_path(const std::string& rel) { return std::string(LSMIP_TEST_DATA) + "/" + rel; }

// Expects two API models to hold the same sense, offset, columns and rows (names included).
inline void expect_same_model(const ModelData& a, const ModelData& b) {
  EXPECT_EQ(a.sense, b.sense);
  EXPECT_EQ(a.offset, b.offset);
  EXPECT_EQ(a.col_lower, b.col_lower);
  EXPECT_EQ(a.col_upper, b.col_upper);
  EXPECT_EQ(a.col_cost, b.col_cost);
  EXPECT_EQ(a.col_integer, b.col_integer);
  EXPECT_EQ(a.col_names, b.col_names);
  EXPECT_EQ(a.row_lower, b.row_lower);
  EXPECT_EQ(a.row_upper, b.row_upper);
  EXPECT_EQ(a.row_names, b.row_names);
  EXPECT_EQ(a.row_start, b.row_start);
  EXPECT_EQ(a.row_index, b.row_index);
  EXPECT_EQ(a.row_value, b.row_value);
}

// The shared instance folder next to the repository, or "" when absent.
inline std::string shared_dir() {
  const std::filesystem::path p(LSMIP_SHARED_DIR);
  return std::filesystem::is_directory(p / "instances") ? p.string() : std::string();
}

struct CommandResult {
  int exit_code = -1;
  std::string output;  // stdout and stderr together
};

// Runs `command` through the shell, capturing stdout+stderr.
inline CommandResult run_command(const std::string& command) {
  CommandResult r;
  FILE* p = ::popen((command + " 2>&1").c_str(), "r");
  if (p == nullptr) return r;
  char buf[4096];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.output.append(buf, n);
  const int status = ::pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

// Builds the model, failing the current test if the builder rejects it.
inline Model build_model(ModelBuilder& b) {
  Result<Model> r = b.build();
  EXPECT_TRUE(r.ok()) << r.status().to_string();
  return r.ok() ? std::move(r).value() : Model();
}

// x + y = 1 and x + y >= 2 over binaries (each costing `cost`): an equality row and no solution.
inline Model no_solution_pair(double cost = 0) {
  ModelBuilder b;
  const Index x = b.add_col("x", 0, 1, cost, true);
  const Index y = b.add_col("y", 0, 1, cost, true);
  const Index r1 = b.add_row("one", 1, 1);
  const Index r2 = b.add_row("two", 2, kInf);
  for (const Index r : {r1, r2}) {
    b.add_entry(r, x, 1);
    b.add_entry(r, y, 1);
  }
  return build_model(b);
}

// Reads the model file at `path` with the default reading options, failing the current test if
// it cannot.
inline Model read_model_file(const std::string& path) {
  Options o;
  Logger quiet(LogLevel::kQuiet);
  Result<Model> m = io::read_model(path, io::read_options(o), quiet, [] { return false; });
  EXPECT_TRUE(m.ok()) << path << ": " << m.status().to_string();
  return m.ok() ? std::move(m).value() : Model();
}

// Reads a model of tests/data (see read_model_file).
inline Model read_model(const std::string& rel) { return read_model_file(data_path(rel)); }

// Path of the lsmip executable under test.
inline std::string lsmip_binary() { return LSMIP_BINARY; }
// Options for the pure local search (the LP, exact and sub-MIP workers off), which runs to
// its limits on the small models the CLI tests use (the exact worker proves them at once).
inline std::string local_search_only() { return " --lp off --exact off --lns off"; }

}  // namespace lsmip::testing
