#include "io/solution_io.h"

#include <cmath>
#include <cstdio>

#include "io/line_reader.h"
#include "io/number_parser.h"
#include "util/atomic_file.h"

namespace lsmip::io {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t'; }

// Splits into at most 3 fields; the third, if any, is the rest of the line.
std::size_t split(std::string_view line, std::string_view (&f)[3]) {
  std::size_t n = 0, i = 0;
  while (n < 3) {
    while (i < line.size() && is_space(line[i])) ++i;
    if (i >= line.size()) break;
    if (n == 2) {
      f[n++] = line.substr(i);
      break;
    }
    std::size_t j = i;
    while (j < line.size() && !is_space(line[j])) ++j;
    f[n++] = line.substr(i, j - i);
    i = j;
  }
  return n;
}

std::string quoted(std::string_view s) { return "'" + std::string(s) + "'"; }

Result<SolutionFile> parse(LineReader& in, const Model& model) {
  SolutionFile sol;
  const auto n = static_cast<std::size_t>(model.num_cols());
  sol.values.assign(n, 0.0);
  sol.given.assign(n, 0);
  std::vector<std::int64_t> first_line(n, 0);
  auto error = [&](std::string msg) {
    return Status(StatusCode::kInputError, std::move(msg), {in.file_name(), in.line_number()});
  };
  std::string_view line;
  while (in.next(line)) {
    std::string_view f[3];
    const std::size_t k = split(line, f);
    if (k == 0 || f[0][0] == '#') continue;
    if (f[0] == "=infeas=") {
      sol.infeasible_marker = true;
      continue;
    }
    if (k < 2) return error("expected 'name value', got " + quoted(f[0]));
    if (k == 3 && f[2][0] != '#' && f[2][0] != '(') {
      return error("unexpected text after the value: " + quoted(f[2]));
    }
    double v = 0;
    const NumberParse p = parse_number(f[1], v);
    if (p == NumberParse::kNaN) return error("NaN value " + quoted(f[1]));
    if (p != NumberParse::kOk) return error("expected a number, got " + quoted(f[1]));
    if (f[0] == "=obj=") {
      if (sol.objective) return error("second '=obj=' line");
      sol.objective = v;
      continue;
    }
    const auto j = model.col_names().find(f[0]);
    if (!j) return error("unknown variable " + quoted(f[0]));
    const auto c = static_cast<std::size_t>(*j);
    if (sol.given[c]) {
      return error("variable " + quoted(f[0]) + " is assigned twice (first at line " +
                   std::to_string(first_line[c]) + ")");
    }
    sol.given[c] = 1;
    first_line[c] = in.line_number();
    sol.values[c] = v;
    ++sol.num_given;
  }
  if (!in.status().ok()) return in.status();
  return sol;
}

}  // namespace

Result<SolutionFile> read_solution(const std::string& path, const Model& model) {
  LineReader in;
  Status st = in.open(path);
  if (!st.ok()) return st;
  return parse(in, model);
}

Result<SolutionFile> read_solution_text(std::string_view text, const std::string& name,
                                        const Model& model) {
  LineReader in;
  in.open_buffer(text, name);
  return parse(in, model);
}

std::string format_solution(const Model& model, std::span<const double> x, double objective) {
  std::string out;
  out.reserve(static_cast<std::size_t>(model.num_cols()) * 24 + 32);
  char buf[64];
  std::snprintf(buf, sizeof buf, "=obj= %.17g\n", objective + 0.0);
  out += buf;
  for (Index j = 0; j < model.num_cols(); ++j) {
    out += model.col_name(j);
    std::snprintf(buf, sizeof buf, " %.17g\n", x[static_cast<std::size_t>(j)] + 0.0);
    out += buf;
  }
  return out;
}

Status write_solution(const std::string& path, const Model& model, std::span<const double> x,
                      double objective) {
  return write_file_atomically(path, format_solution(model, x, objective));
}

}  // namespace lsmip::io
