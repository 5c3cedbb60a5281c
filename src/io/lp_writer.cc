#include "io/lp_writer.h"

#include <charconv>
#include <cmath>
#include <cstddef>
#include <string_view>
#include <vector>

namespace lsmip::io {
namespace {

constexpr std::size_t kLineBreak = 200;  // break an expression line after this many characters

char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (lower(a[i]) != lower(b[i])) return false;
  }
  return true;
}

bool is_symbol(char c) { return c != '\0' && std::string_view("!\"#$%&()/,.;?@_`'{}|~").find(c) != std::string_view::npos; }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A name the reader lexes back as this one name (lp_reader.cc: is_name_start, is_name_char,
// is_reserved_name).
bool writable_name(std::string_view s) {
  if (s.empty() || s[0] == '.' || !(is_alpha(s[0]) || is_symbol(s[0]))) return false;
  for (char c : s) {
    if (!(is_alpha(c) || is_digit(c) || is_symbol(c))) return false;
  }
  return !(iequals(s, "inf") || iequals(s, "infinity") || iequals(s, "nan"));
}

// A word that starts a section when it is the first on a line (lp_reader.cc: match_keyword;
// the first words of its two-word keywords too).
bool is_keyword(std::string_view s) {
  static constexpr std::string_view kWords[] = {
      "minimize", "minimise", "minimum", "min", "maximize", "maximise", "maximum", "max",
      "st", "s.t.", "st.", "bounds", "bound", "general", "generals", "gen", "integer",
      "integers", "binary", "binaries", "bin", "end", "semi-continuous", "semicontinuous",
      "semi", "semis", "sos", "sos1", "sos2", "pwlobj", "subject", "such", "lazy", "user"};
  for (std::string_view w : kWords) {
    if (iequals(s, w)) return true;
  }
  return false;
}

void append_number(std::string& out, double v) {
  if (std::isinf(v)) {
    out += v > 0 ? "inf" : "-inf";
    return;
  }
  char buf[32];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  out.append(buf, r.ptr);
}

// Appends " + a name" / " - a name", breaking the line first when it has grown long.
class Expression {
 public:
  explicit Expression(std::string& out) : out_(out), line_start_(out.size()) {}
  void term(double a, std::string_view name) {
    if (out_.size() - line_start_ > kLineBreak) {
      out_ += "\n   ";
      line_start_ = out_.size() - 3;
    }
    out_ += a < 0 ? " - " : " + ";
    append_number(out_, std::fabs(a));
    out_ += ' ';
    out_ += name;
  }
  void constant(double a) {
    out_ += a < 0 ? " - " : " + ";
    append_number(out_, std::fabs(a));
  }

 private:
  std::string& out_;
  std::size_t line_start_;
};

Status unwritable(const char* what, Index k, const std::string& name) {
  return Status(StatusCode::kUnsupported, std::string(what) + " " + std::to_string(k) + " has the name '" + name +
                                              "', which the LP format cannot hold");
}

}  // namespace

Result<std::string> format_lp(const Model& model) {
  const Index m = model.num_rows(), n = model.num_cols();
  for (Index j = 0; j < n; ++j) {
    if (!writable_name(model.col_name(j))) return unwritable("column", j, model.col_name(j));
  }
  for (Index i = 0; i < m; ++i) {
    if (!writable_name(model.row_name(i))) return unwritable("row", i, model.row_name(i));
  }
  // The objective's label needs a name no row has (it is not a row, but other readers may
  // treat it as one).
  std::string obj_name = "obj";
  while (model.row_names().find(obj_name)) obj_name += '_';

  const double sign = static_cast<double>(static_cast<int>(model.sense()));  // file = sign * internal
  std::string out;
  out.reserve(static_cast<std::size_t>(model.num_nonzeros()) * 24 + static_cast<std::size_t>(n + m) * 32);
  out += "\\ ";
  out += model.name().empty() ? std::string("lsmip model") : model.name();
  out += ", written by lsmip\n";
  out += model.sense() == ObjSense::kMaximize ? "maximize\n" : "minimize\n";
  out += ' ';
  out += obj_name;
  out += ':';
  {
    Expression e(out);
    for (Index j = 0; j < n; ++j) e.term(sign * model.obj(j), model.col_name(j));
    if (model.obj_offset() != 0.0 || n == 0) e.constant(sign * model.obj_offset());
  }
  out += "\nsubject to\n";
  for (Index i = 0; i < m; ++i) {
    const double lo = model.row_lower(i), hi = model.row_upper(i);
    const SparseVector row = model.row(i);
    if (row.size() == 0 && n == 0) {
      return Status(StatusCode::kUnsupported,
                    "row " + std::to_string(i) + " ('" + model.row_name(i) + "') has no entry and the model no column, "
                    "which the LP format cannot hold");
    }
    out += ' ';
    out += model.row_name(i);
    out += ':';
    const bool ranged = std::isfinite(lo) && std::isfinite(hi) && lo != hi;
    if (ranged) {
      out += ' ';
      append_number(out, lo);
      out += " <=";
    }
    Expression e(out);
    if (row.size() == 0) e.term(0.0, model.col_name(0));
    for (std::size_t k = 0; k < row.size(); ++k) e.term(row.value[k], model.col_name(row.index[k]));
    if (ranged) {
      out += " <= ";
      append_number(out, hi);
    } else if (std::isfinite(lo)) {
      out += lo == hi ? " = " : " >= ";
      append_number(out, lo);
    } else if (std::isfinite(hi)) {
      out += " <= ";
      append_number(out, hi);
    } else {
      out += " >= -inf";
    }
    out += '\n';
  }

  out += "bounds\n";
  std::vector<Index> generals, keyword_generals;
  for (Index j = 0; j < n; ++j) {
    const double lo = model.col_lower(j), hi = model.col_upper(j);
    const bool integer = model.is_integer(j);
    if (integer) (is_keyword(model.col_name(j)) ? keyword_generals : generals).push_back(j);
    if (lo == 0.0 && std::isinf(hi) && hi > 0 && !integer) continue;  // the default
    out += ' ';
    append_number(out, lo);
    out += " <= ";
    out += model.col_name(j);
    if (!(std::isinf(hi) && hi > 0)) {
      out += " <= ";
      append_number(out, hi);
    }
    out += '\n';
  }
  if (!keyword_generals.empty() && generals.empty()) {
    const Index j = keyword_generals.front();
    return Status(StatusCode::kUnsupported, "integer column " + std::to_string(j) + " has the name '" +
                                                model.col_name(j) +
                                                "', a section keyword, and no other integer column can lead its line");
  }
  if (!generals.empty()) {
    out += "generals\n";
    // Ten names a line, each line led by a name that is not a keyword; the keyword-like
    // names come first after the leaders (all that are left after the last leader).
    std::size_t g = 0, kw = 0;
    while (g < generals.size()) {
      out += ' ';
      out += model.col_name(generals[g++]);
      for (int k = 1; kw < keyword_generals.size() || (k < 10 && g < generals.size()); ++k) {
        if (k >= 10 && g < generals.size()) break;  // the next line has a leader
        out += ' ';
        out += model.col_name(kw < keyword_generals.size() ? keyword_generals[kw++] : generals[g++]);
      }
      out += '\n';
    }
  }
  out += "end\n";
  return out;
}

}  // namespace lsmip::io
