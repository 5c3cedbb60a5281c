#include "io/solution_io.h"

#include <cmath>
#include <algorithm>
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
    std::size_t k = 0;
    std::string unquoted;
    bool was_quoted = false;
    {
      std::size_t b = 0;
      while (b < line.size() && is_space(line[b])) ++b;
      if (b < line.size() && line[b] == '"') {
        std::string_view rest, g[3];
        std::string why;
        if (!unquote_name(line.substr(b), unquoted, rest, why)) return error(why);
        // Fields after the name: the value, then the optional trailing text.
        const std::size_t r = split(rest, g);
        f[0] = unquoted;
        k = 1 + std::min<std::size_t>(r, 2);
        if (r >= 1) f[1] = g[0];
        if (r >= 2) f[2] = rest.substr(static_cast<std::size_t>(g[1].data() - rest.data()));
        was_quoted = true;
      } else {
        k = split(line, f);
      }
    }
    if (k == 0 || (!was_quoted && f[0][0] == '#')) continue;
    if (!was_quoted && f[0] == "=infeas=") {
      sol.infeasible_marker = true;
      continue;
    }
    if (k < 2) return error("expected 'name value', got " + quoted(f[0]));
    if (f[1][0] == '"') return error("expected a number, got " + quoted(f[1]));
    if (k == 3 && f[2][0] != '#' && f[2][0] != '(') {
      return error("unexpected text after the value: " + quoted(f[2]));
    }
    double v = 0;
    const NumberParse p = parse_number(f[1], v);
    if (p == NumberParse::kNaN) return error("NaN value " + quoted(f[1]));
    if (p != NumberParse::kOk) return error("expected a number, got " + quoted(f[1]));
    if (!was_quoted && f[0] == "=obj=") {
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
