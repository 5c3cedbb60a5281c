#include "io/solution_io.h"

#include <algorithm>
#include <charconv>
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

std::string quoted(std::string_view s) { return quote_token(s); }

// A name is written bare unless that would not read back as itself: empty, a
// byte that is a space or control character (the MIPLIB format splits fields at
// whitespace), a leading '#' (a comment) or '"' (a quoted name), or one of the
// format's markers. Such names are written in double quotes (see docs/formats.md).
bool needs_quotes(std::string_view name) {
  if (name.empty() || name == "=obj=" || name == "=infeas=" || name[0] == '#' || name[0] == '"') {
    return true;
  }
  for (const char ch : name) {
    const auto c = static_cast<unsigned char>(ch);
    if (c <= 0x20 || c == 0x7f) return true;
  }
  return false;
}

// "name" with \\, \" and \xHH (control bytes and DEL) escaped; spaces stay.
std::string quote_name(std::string_view name) {
  std::string out = "\"";
  for (const char ch : name) {
    const auto c = static_cast<unsigned char>(ch);
    if (ch == '"' || ch == '\\') {
      out += '\\';
      out += ch;
    } else if (c < 0x20 || c == 0x7f) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02X", static_cast<unsigned>(c));
      out += buf;
    } else {
      out += ch;
    }
  }
  out += '"';
  return out;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Reads a quoted name at the start of `line` (after leading blanks). On success
// `name` holds it unescaped and `rest` the text after the closing quote; else
// `error` says what is wrong.
bool unquote_name(std::string_view line, std::string& name, std::string_view& rest,
                  std::string& error) {
  std::size_t i = 1;  // line[0] == '"'
  name.clear();
  while (i < line.size()) {
    const char ch = line[i];
    if (ch == '"') {
      rest = line.substr(i + 1);
      if (!rest.empty() && !is_space(rest[0])) {
        error = "expected a blank after the closing quote of the name";
        return false;
      }
      return true;
    }
    if (ch == '\\') {
      if (i + 1 >= line.size()) break;
      const char e = line[i + 1];
      if (e == '"' || e == '\\') {
        name += e;
        i += 2;
        continue;
      }
      if (e == 'x' && i + 3 < line.size() && hex_digit(line[i + 2]) >= 0 &&
          hex_digit(line[i + 3]) >= 0) {
        name += static_cast<char>(hex_digit(line[i + 2]) * 16 + hex_digit(line[i + 3]));
        i += 4;
        continue;
      }
      error = "bad escape in a quoted name (\\\\, \\\" and \\xHH are allowed)";
      return false;
    }
    name += ch;
    ++i;
  }
  error = "unterminated quoted name";
  return false;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

bool starts_with(std::string_view s, std::string_view prefix) { return s.substr(0, prefix.size()) == prefix; }

// A "name value [rest]" line split into its fields, the name unquoted when it was quoted.
// Not copyable: field[0] may point into `name`.
struct Entry {
  Entry() = default;
  Entry(const Entry&) = delete;
  Entry& operator=(const Entry&) = delete;

  std::size_t count = 0;      // fields found: 0 (a blank line) to 3
  std::string_view field[3];  // the name, the value, the rest of the line
  bool quoted = false;
  std::string name;           // the unquoted name of a quoted one
};

// Splits `line` into `e`; false, with `why`, for a malformed quoted name.
bool split_entry(std::string_view line, Entry& e, std::string& why) {
  std::size_t b = 0;
  while (b < line.size() && is_space(line[b])) ++b;
  if (b >= line.size() || line[b] != '"') {
    e.count = split(line, e.field);
    return true;
  }
  std::string_view rest, g[3];
  if (!unquote_name(line.substr(b), e.name, rest, why)) return false;
  // Fields after the name: the value, then the optional trailing text.
  const std::size_t r = split(rest, g);
  e.field[0] = e.name;
  e.count = 1 + std::min<std::size_t>(r, 2);
  if (r >= 1) e.field[1] = g[0];
  if (r >= 2) e.field[2] = rest.substr(static_cast<std::size_t>(g[1].data() - rest.data()));
  e.quoted = true;
  return true;
}

// Reads one solution file in whichever layout its first lines show (see solution_io.h).
class SolutionParser {
 public:
  SolutionParser(LineReader& in, const Model& model) : in_(in), model_(model) {
    const auto n = static_cast<std::size_t>(model.num_cols());
    sol_.values.assign(n, 0.0);
    sol_.given.assign(n, 0);
    first_line_.assign(n, 0);
  }

  Result<SolutionFile> parse() {
    std::string_view line;
    // The first line that is neither blank nor a '#' comment shows the layout.
    while (in_.next(line)) {
      const std::string_view t = trim(line);
      if (t.empty() || t[0] == '#') continue;
      Status st;
      if (t == "Model status") {
        sol_.layout = SolutionLayout::kHighs;
        st = parse_highs();
      } else if (t == "Columns") {
        sol_.layout = SolutionLayout::kHighsPretty;
        st = parse_highs_pretty();
      } else if (starts_with(t, "solution status:") || starts_with(t, "objective value:") ||
                 t == "no solution available") {
        sol_.layout = SolutionLayout::kScip;
        st = parse_scip(t);
      } else {
        st = parse_miplib(line);
      }
      if (!st.ok()) return st;
      break;
    }
    if (!in_.status().ok()) return in_.status();
    return std::move(sol_);
  }

 private:
  Status error(std::string message) const {
    return Status(StatusCode::kInputError, std::move(message), {in_.file_name(), in_.line_number()});
  }
  // The error for input that stops before `what`, or the read error that stopped it.
  Status ended_before(const std::string& what) const {
    if (!in_.status().ok()) return in_.status();
    return error("the file ends before " + what);
  }
  // The next line that is not blank; false at the end of the input or on a read error.
  bool next_nonblank(std::string_view& line) {
    while (in_.next(line)) {
      if (!trim(line).empty()) return true;
    }
    return false;
  }
  // Reads the rest of the input (so a compressed file is checked to its end) without looking at it.
  Status skip_rest() {
    std::string_view line;
    while (in_.next(line)) {
    }
    return in_.status();
  }

  Status number(std::string_view token, double& out) const {
    if (!token.empty() && token[0] == '"') return error("expected a number, got " + quoted(token));
    const NumberParse p = parse_number(token, out);
    if (p == NumberParse::kNaN) return error("NaN value " + quoted(token));
    if (p != NumberParse::kOk) return error("expected a number, got " + quoted(token));
    return Status::ok_status();
  }

  // Sets column `name` to `value`. Errors: an unknown name, a column given twice.
  Status assign(std::string_view name, double value) {
    const auto j = model_.col_names().find(name);
    if (!j) return error("unknown variable " + quoted(name));
    const auto c = static_cast<std::size_t>(*j);
    if (sol_.given[c]) {
      return error("variable " + quoted(name) + " is assigned twice (first at line " +
                   std::to_string(first_line_[c]) + ")");
    }
    sol_.given[c] = 1;
    first_line_[c] = in_.line_number();
    sol_.values[c] = value;
    ++sol_.num_given;
    return Status::ok_status();
  }

  // A "name value" line of the MIPLIB or SCIP layout: after the value only a '#' comment or
  // text in parentheses (SCIP's "(obj:c)") may follow. `scip` reads SCIP's "unknown" value
  // (a partial solution) as a column not given.
  Status value_line(std::string_view line, bool scip) {
    Entry e;
    std::string why;
    if (!split_entry(line, e, why)) return error(why);
    if (e.count == 0 || (!e.quoted && e.field[0][0] == '#')) return Status::ok_status();
    if (!scip && !e.quoted && e.field[0] == "=infeas=") {
      sol_.infeasible_marker = true;
      return Status::ok_status();
    }
    if (e.count < 2) return error("expected 'name value', got " + quoted(e.field[0]));
    if (e.count == 3 && e.field[2][0] != '#' && e.field[2][0] != '(') {
      return error("unexpected text after the value: " + quoted(e.field[2]));
    }
    if (scip && e.field[1] == "unknown") return Status::ok_status();
    double v = 0;
    if (Status st = number(e.field[1], v); !st.ok()) return st;
    if (!scip && !e.quoted && e.field[0] == "=obj=") {
      if (sol_.objective) return error("second '=obj=' line");
      sol_.objective = v;
      return Status::ok_status();
    }
    return assign(e.field[0], v);
  }

  Status parse_miplib(std::string_view first) {
    Status st = value_line(first, false);
    std::string_view line;
    while (st.ok() && in_.next(line)) st = value_line(line, false);
    return st.ok() ? in_.status() : st;
  }

  // SCIP's `write solution`: "solution status: ...", then "objective value: V" and the
  // nonzero columns, or "no solution available".
  Status parse_scip(std::string_view first) {
    std::string_view t = first, line;
    if (starts_with(t, "solution status:")) {
      if (!next_nonblank(line)) return ended_before("'objective value:' or 'no solution available'");
      t = trim(line);
    }
    if (t == "no solution available") {
      sol_.infeasible_marker = true;
      if (next_nonblank(line)) {
        return error("unexpected text after 'no solution available': " + quoted(trim(line)));
      }
      return in_.status();
    }
    if (!starts_with(t, "objective value:")) {
      return error("expected 'objective value: VALUE' or 'no solution available', got " + quoted(t));
    }
    // "unknown" is the objective of a partial solution: no claim.
    const std::string_view v = trim(t.substr(std::string_view("objective value:").size()));
    if (v != "unknown") {
      double objective = 0;
      if (Status st = number(v, objective); !st.ok()) return st;
      sol_.objective = objective;
    }
    Status st;
    while (st.ok() && in_.next(line)) st = value_line(line, true);
    return st.ok() ? in_.status() : st;
  }

  // HiGHS's raw (and sparse) solution file: "Model status", its value, "# Primal solution
  // values", the primal status, "Objective V", "# Columns N" and N "name value" lines (a
  // negative N: -N lines "name value index"); what follows (rows, duals, basis) is skipped.
  Status parse_highs() {
    std::string_view line;
    if (!next_nonblank(line)) return ended_before("the model status");
    const bool model_infeasible = trim(line) == "Infeasible";
    if (!next_nonblank(line)) return ended_before("'# Primal solution values'");
    if (trim(line) != "# Primal solution values") {
      return error("expected '# Primal solution values', got " + quoted(trim(line)));
    }
    if (!next_nonblank(line)) return ended_before("the primal solution status");
    const std::string_view primal = trim(line);
    if (primal == "None") {  // no primal values: no claim, like "=infeas="
      sol_.infeasible_marker = true;
      return skip_rest();
    }
    if (primal != "Feasible" && primal != "Infeasible") {
      return error("expected the primal solution status 'None', 'Feasible' or 'Infeasible', got " +
                   quoted(primal));
    }
    sol_.infeasible_marker = model_infeasible;
    if (!next_nonblank(line)) return ended_before("'Objective VALUE'");
    {
      Entry e;
      std::string why;
      if (!split_entry(line, e, why) || e.quoted || e.count != 2 || e.field[0] != "Objective") {
        return error("expected 'Objective VALUE', got " + quoted(trim(line)));
      }
      double objective = 0;
      if (Status st = number(e.field[1], objective); !st.ok()) return st;
      sol_.objective = objective;
    }
    if (!next_nonblank(line)) return ended_before("'# Columns N'");
    std::int64_t n = 0;
    {
      const std::string_view t = trim(line);
      const std::string_view prefix = "# Columns ";
      const std::string_view count = starts_with(t, prefix) ? trim(t.substr(prefix.size())) : "";
      const auto [end, ec] = std::from_chars(count.data(), count.data() + count.size(), n);
      if (count.empty() || ec != std::errc() || end != count.data() + count.size()) {
        return error("expected '# Columns N', got " + quoted(t));
      }
    }
    const bool sparse = n < 0;
    const std::int64_t lines = sparse ? -n : n;
    for (std::int64_t k = 0; k < lines;) {
      if (!in_.next(line)) {
        return ended_before("its " + std::to_string(lines) + " column values (" + std::to_string(k) +
                            " read)");
      }
      if (trim(line).substr(0, 1) == "#") {
        return error("expected " + std::to_string(lines) + " column values after '# Columns " +
                     std::to_string(n) + "', found " + std::to_string(k) + " before " + quoted(trim(line)));
      }
      Entry e;
      std::string why;
      if (!split_entry(line, e, why)) return error(why);
      if (e.count == 0) continue;
      if (e.count < 2) return error("expected 'name value', got " + quoted(e.field[0]));
      if (e.count == 3) {
        // The sparse style's column index; nothing may follow a value otherwise.
        std::int64_t index = 0;
        const std::string_view f = trim(e.field[2]);
        const auto [end, ec] = std::from_chars(f.data(), f.data() + f.size(), index);
        if (!sparse || ec != std::errc() || end != f.data() + f.size()) {
          return error("unexpected text after the value: " + quoted(e.field[2]));
        }
      }
      double v = 0;
      if (Status st = number(e.field[1], v); !st.ok()) return st;
      if (Status st = assign(e.field[0], v); !st.ok()) return st;
      ++k;
    }
    // The columns end at a section header ("# Rows M", "# Dual solution values") or the end.
    if (next_nonblank(line) && trim(line)[0] != '#') {
      return error("more column values than '# Columns " + std::to_string(n) + "' says: " +
                   quoted(trim(line)));
    }
    return skip_rest();
  }

  // HiGHS's pretty style: "Columns", a header "Index Status Lower Upper Primal Dual [Type]
  // Name", one line per column, then "Rows" and its lines, "Model status: S" and
  // "Objective value: V". The primal value is the field under the "Primal" label (blank
  // when the file has none); the name is what follows the dual value (and the type).
  Status parse_highs_pretty() {
    std::string_view line;
    if (!in_.next(line)) return ended_before("the column header");
    const std::string header(line);
    const std::size_t upper = header.find(" Upper"), primal = header.find(" Primal"),
                      dual = header.find(" Dual");
    if (header.find("Index") == std::string::npos || upper == std::string::npos ||
        primal == std::string::npos || dual == std::string::npos || !(upper < primal && primal < dual)) {
      return error("expected the header 'Index Status Lower Upper Primal Dual ... Name' of a HiGHS "
                   "solution, got " + quoted(trim(header)));
    }
    const std::size_t from = upper + 6, to = primal + 7, tail = dual + 5;  // label ends
    const bool typed = header.find(" Type", tail) != std::string::npos;
    bool blank_primal = false;
    while (in_.next(line)) {
      const std::string_view t = trim(line);
      if (t.empty()) continue;
      if (t == "Rows") break;
      if (line.size() < to) return error("expected a column line under the header, got " + quoted(t));
      const std::string_view p = trim(line.substr(from, to - from));
      std::string_view name = line.size() > tail ? trim(line.substr(tail)) : std::string_view();
      if (typed) {
        const std::size_t gap = name.find_first_of(" \t");
        name = gap == std::string_view::npos ? std::string_view() : trim(name.substr(gap));
      }
      if (name.empty()) return error("no column name in " + quoted(t));
      if (p.empty()) {
        blank_primal = true;
        continue;
      }
      double v = 0;
      if (Status st = number(p, v); !st.ok()) return st;
      if (Status st = assign(name, v); !st.ok()) return st;
    }
    std::optional<double> objective;
    while (in_.next(line)) {  // the rows, then the status and the objective
      const std::string_view t = trim(line);
      if (starts_with(t, "Model status:")) {
        if (trim(t.substr(13)) == "Infeasible") sol_.infeasible_marker = true;
      } else if (starts_with(t, "Objective value:")) {
        double v = 0;
        if (Status st = number(trim(t.substr(16)), v); !st.ok()) return st;
        objective = v;
      }
    }
    if (!in_.status().ok()) return in_.status();
    if (blank_primal || sol_.num_given == 0) {
      sol_.infeasible_marker = true;  // no primal values: no claim
    } else {
      sol_.objective = objective;
    }
    return Status::ok_status();
  }

  LineReader& in_;
  const Model& model_;
  SolutionFile sol_;
  std::vector<std::int64_t> first_line_;
};

}  // namespace

const char* solution_layout_name(SolutionLayout layout) {
  switch (layout) {
    case SolutionLayout::kMiplib: return "MIPLIB";
    case SolutionLayout::kScip: return "SCIP";
    case SolutionLayout::kHighs: return "HiGHS";
    case SolutionLayout::kHighsPretty: return "HiGHS pretty";
  }
  return "unknown";
}

Result<SolutionFile> read_solution(const std::string& given, const Model& model,
                                   const std::function<bool()>& stop) {
  const std::string path = given == "-" ? "/dev/stdin" : given;
  // A FIFO or device is read whole first, in slices that honour `stop` (line_reader.h).
  Result<std::optional<std::string>> piped = read_if_not_regular(path, stop);
  if (!piped.ok()) return piped.status();
  LineReader in;
  if (piped.value()) {
    in.open_buffer(*piped.value(), path);
  } else if (Status st = in.open(path); !st.ok()) {
    return st;
  }
  if (stop) in.set_stop_check(stop);
  return SolutionParser(in, model).parse();
}

Result<SolutionFile> read_solution_text(std::string_view text, const std::string& name,
                                        const Model& model) {
  LineReader in;
  in.open_buffer(text, name);
  return SolutionParser(in, model).parse();
}

std::string format_solution(const Model& model, std::span<const double> x, double objective) {
  std::string out;
  out.reserve(static_cast<std::size_t>(model.num_cols()) * 24 + 32);
  char buf[64];
  std::snprintf(buf, sizeof buf, "=obj= %.17g\n", objective + 0.0);
  out += buf;
  for (Index j = 0; j < model.num_cols(); ++j) {
    const std::string& name = model.col_name(j);
    out += needs_quotes(name) ? quote_name(name) : name;
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
