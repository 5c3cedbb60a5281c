#include "io/mps_reader.h"

#include <array>
#include <cmath>
#include <functional>
#include <memory>
#include <unordered_set>
#include <vector>

#include "io/line_reader.h"
#include "io/number_parser.h"
#include "model/model_builder.h"

namespace lsmip::io {
namespace {

enum class Section : std::uint8_t {
  kNone, kName, kObjSense, kObjName, kRows, kColumns, kRhs, kRanges, kBounds, kEndata
};

// Up to this many whitespace-separated fields on a data line.
constexpr std::size_t kMaxFields = 8;

struct Fields {
  std::array<std::string_view, kMaxFields> f;
  std::size_t n = 0;
  bool overflow = false;
  std::string_view extra;  // the first field beyond kMaxFields, when overflow
};

bool is_space(char c) { return c == ' ' || c == '\t'; }

void split_free(std::string_view line, Fields& out) {
  out.n = 0;
  out.overflow = false;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    if (i >= line.size()) break;
    std::size_t j = i;
    while (j < line.size() && !is_space(line[j])) ++j;
    if (out.n == kMaxFields) {
      out.overflow = true;
      out.extra = line.substr(i, j - i);
      return;
    }
    out.f[out.n++] = line.substr(i, j - i);
    i = j;
  }
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// Fixed-format fields start in columns 2, 5, 15, 25, 40, 50 (1-based); each
// runs to the start of the next, so slightly long numbers are tolerated.
// Returns the six fields, empty ones included.
void split_fixed(std::string_view line, std::array<std::string_view, 6>& out) {
  static constexpr std::array<std::size_t, 7> kStart = {1, 4, 14, 24, 39, 49, std::string_view::npos};
  for (std::size_t k = 0; k < 6; ++k) {
    if (kStart[k] >= line.size()) {
      out[k] = {};
      continue;
    }
    const std::size_t end = k + 1 < 6 ? std::min(kStart[k + 1], line.size()) : line.size();
    out[k] = trim(line.substr(kStart[k], end - kStart[k]));
  }
}

// The (row, value) pairs of a fixed-format data line are fields 3-4 and,
// optionally, 5-6. Sets `count` to 1 or 2; false when a pair is incomplete.
bool fixed_pairs(const std::array<std::string_view, 6>& fx, std::size_t& count) {
  count = fx[4].empty() && fx[5].empty() ? 1 : 2;
  if (fx[2].empty() || fx[3].empty()) return false;
  return count == 1 || (!fx[4].empty() && !fx[5].empty());
}

std::string upper(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  }
  return out;
}

// Case-insensitive equality with an upper-case ASCII keyword, no allocation.
bool equals_keyword(std::string_view s, std::string_view keyword) {
  if (s.size() != keyword.size()) return false;
  for (std::size_t k = 0; k < s.size(); ++k) {
    char c = s[k];
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c != keyword[k]) return false;
  }
  return true;
}

std::string_view strip_quotes(std::string_view s) {
  while (!s.empty() && (s.front() == '\'' || s.front() == '"')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == '\'' || s.back() == '"')) s.remove_suffix(1);
  return s;
}

std::string quoted(std::string_view s) { return quote_token(s); }

// Explanations for sections lsmip recognises but does not implement.
const char* unsupported_section(std::string_view key) {
  static constexpr std::pair<std::string_view, const char*> kTable[] = {
      {"SOS", "special ordered sets"},
      {"SETS", "special ordered sets"},
      {"QUADOBJ", "quadratic objective"},
      {"QMATRIX", "quadratic objective"},
      {"QSECTION", "quadratic objective"},
      {"QCMATRIX", "quadratic constraints"},
      {"CSECTION", "conic constraints"},
      {"INDICATORS", "indicator constraints"},
      {"GENCONS", "general constraints"},
      {"PWLOBJ", "piecewise-linear objective"},
      {"PWLNAM", "piecewise-linear constraints"},
      {"PWLCON", "piecewise-linear constraints"},
      {"LAZYCONS", "lazy constraints"},
      {"USERCUTS", "user cuts"},
      {"DELAYEDROWS", "delayed rows"},
      {"MODELCUTS", "model cuts"},
      {"BRANCH", "branching priorities"},
      {"OBJSENSEMAX", "objective sense keyword"},
  };
  for (const auto& [name, what] : kTable) {
    if (name == key) return what;
  }
  return nullptr;
}

class MpsParser {
 public:
  MpsParser(LineReader& in, const MpsReadOptions& options, bool fixed)
      : in_(in), options_(options), fixed_(fixed) {}

  Result<Model> parse();
  const std::vector<std::string>& warnings() const { return warnings_; }
  std::int64_t line() const { return in_.line_number(); }

 private:
  Status error(std::string message) const {
    return {StatusCode::kInputError, std::move(message), {in_.file_name(), in_.line_number()}};
  }
  Status unsupported(std::string message) const {
    return {StatusCode::kUnsupported, std::move(message), {in_.file_name(), in_.line_number()}};
  }
  // Warnings of one kind beyond the first few are only counted.
  void warn(int kind, std::string message);
  Status number(std::string_view token, double& out) const;

  Status header(std::string_view line);
  Status data(std::string_view line);
  Status rows_line(std::string_view type, std::string_view name);
  Status columns_line(std::string_view col, const std::string_view* pairs, std::size_t npairs);
  Status marker_line(std::string_view keyword);
  Status rhs_line(std::string_view set, const std::string_view* pairs, std::size_t npairs);
  Status bounds_line(std::string_view type, std::string_view set, std::string_view col,
                     std::string_view value, bool has_value);
  Status objsense_value(std::string_view token);
  Result<Model> finish();

  LineReader& in_;
  const MpsReadOptions& options_;
  const bool fixed_;
  ModelBuilder builder_;
  std::vector<std::string> warnings_;
  std::array<int, 16> warn_count_{};

  Section section_ = Section::kNone;
  std::array<bool, 10> seen_{};
  bool expect_sense_ = false;
  std::string objname_;  // from OBJNAME, if any
  std::string obj_row_;  // name of the objective N row
  bool have_obj_ = false;
  std::unordered_set<std::string> free_rows_;
  std::vector<char> row_type_;
  std::vector<double> rhs_, range_;
  std::vector<std::uint8_t> rhs_set_, range_set_;
  std::vector<std::int64_t> rhs_line_, range_line_;  // where each was given (0: not given)
  std::vector<Index> row_last_col_;  // last column with an entry in the row (duplicate check)
  Index current_col_ = -1;
  Index obj_last_col_ = -1;
  std::string current_col_name_;
  bool in_int_ = false;
  std::int64_t intorg_line_ = 0;
  std::vector<std::uint8_t> binary_default_;  // marker integer still at its [0,1] default
  std::vector<std::uint8_t> lo_given_;
  std::string rhs_set_name_, range_set_name_, bound_set_name_;
  bool rhs_named_ = false, range_named_ = false, bound_named_ = false;
  double obj_offset_ = 0.0;
  ObjSense sense_ = ObjSense::kMinimize;
};

void MpsParser::warn(int kind, std::string message) {
  constexpr int kShown = 5;
  const int n = ++warn_count_[static_cast<std::size_t>(kind)];
  if (n <= kShown) {
    warnings_.push_back(in_.file_name() + ":" + std::to_string(in_.line_number()) + ": " +
                        std::move(message));
  }
}

Status MpsParser::number(std::string_view token, double& out) const {
  switch (parse_number(token, out)) {
    case NumberParse::kOk:
      return {};
    case NumberParse::kNaN:
      return error("NaN is not allowed: " + quoted(token));
    case NumberParse::kInvalid:
      break;
  }
  return error("expected a number, got " + quoted(token));
}

Status MpsParser::objsense_value(std::string_view token) {
  const std::string key = upper(token);
  if (key == "MAX" || key == "MAXIMIZE" || key == "MAXIMISE" || key == "MAXIMUM") {
    sense_ = ObjSense::kMaximize;
  } else if (key == "MIN" || key == "MINIMIZE" || key == "MINIMISE" || key == "MINIMUM") {
    sense_ = ObjSense::kMinimize;
  } else {
    return error("OBJSENSE must be MIN or MAX, got " + quoted(token));
  }
  expect_sense_ = false;
  return {};
}

Status MpsParser::header(std::string_view line) {
  Fields t;
  split_free(line, t);
  const std::string key = upper(t.f[0]);
  if (in_int_ && section_ == Section::kColumns && key != "COLUMNS") {
    return error("INTORG marker opened at line " + std::to_string(intorg_line_) +
                 " is not closed by INTEND before section " + quoted(t.f[0]));
  }
  Section next = Section::kNone;
  if (key == "NAME") {
    next = Section::kName;
    // The name is the rest of the line; in fixed format it may contain spaces.
    std::string_view rest = trim(line.substr(4));
    builder_.set_name(std::string(rest));
  } else if (key == "OBJSENSE" || key == "OBJSENS") {
    next = Section::kObjSense;
    if (t.n > 2) return error("unexpected text after OBJSENSE " + quoted(t.f[2]));
    if (t.n == 2) {
      Status st = objsense_value(t.f[1]);
      if (!st.ok()) return st;
    } else {
      expect_sense_ = true;
    }
  } else if (key == "OBJNAME") {
    next = Section::kObjName;
    if (t.n == 2) objname_ = std::string(t.f[1]);
  } else if (key == "ROWS") {
    next = Section::kRows;
  } else if (key == "COLUMNS") {
    next = Section::kColumns;
  } else if (key == "RHS") {
    next = Section::kRhs;
  } else if (key == "RANGES") {
    next = Section::kRanges;
  } else if (key == "BOUNDS") {
    next = Section::kBounds;
  } else if (key == "ENDATA") {
    next = Section::kEndata;
  } else if (const char* what = unsupported_section(key)) {
    return unsupported("section " + quoted(t.f[0]) + " (" + what + ") is not supported");
  } else {
    return error("unknown section " + quoted(t.f[0]));
  }
  if (expect_sense_ && next != Section::kObjSense) {
    return error("OBJSENSE section has no value (expected MIN or MAX, found section " +
                 quoted(t.f[0]) + ")");
  }
  auto& seen = seen_[static_cast<std::size_t>(next)];
  if (seen) return error("section " + quoted(t.f[0]) + " appears twice");
  seen = true;
  const bool rows_seen = seen_[static_cast<std::size_t>(Section::kRows)];
  const bool cols_seen = seen_[static_cast<std::size_t>(Section::kColumns)];
  if ((next == Section::kColumns || next == Section::kRhs || next == Section::kRanges) &&
      !rows_seen) {
    return error("section " + quoted(t.f[0]) + " before ROWS");
  }
  if (next == Section::kBounds && !cols_seen) return error("section 'BOUNDS' before COLUMNS");
  if ((next == Section::kRows || next == Section::kObjSense || next == Section::kObjName) &&
      cols_seen) {
    return error("section " + quoted(t.f[0]) + " after COLUMNS");
  }
  if (next == Section::kRows && seen_[static_cast<std::size_t>(Section::kColumns)]) {
    return error("section 'ROWS' after COLUMNS");
  }
  section_ = next;
  return {};
}

Status MpsParser::rows_line(std::string_view type, std::string_view name) {
  const std::string t = upper(type);
  if (t == "N") {
    const bool is_objective = objname_.empty() ? !have_obj_ : name == objname_;
    if (is_objective) {
      obj_row_ = std::string(name);
      have_obj_ = true;
    } else {
      free_rows_.insert(std::string(name));
      warn(0, "free row " + quoted(name) + " (type N) is ignored");
    }
    return {};
  }
  if (t != "E" && t != "L" && t != "G") {
    return error("unknown row type " + quoted(type) + " (expected N, E, L or G)");
  }
  if (name == obj_row_ || (!free_rows_.empty() && free_rows_.count(std::string(name)) != 0)) {
    return error("duplicate row name " + quoted(name));
  }
  if (builder_.add_row(std::string(name), -kInf, kInf) < 0) {
    return error("duplicate row name " + quoted(name));
  }
  row_type_.push_back(t[0]);
  rhs_.push_back(0.0);
  range_.push_back(0.0);
  rhs_set_.push_back(0);
  range_set_.push_back(0);
  rhs_line_.push_back(0);
  range_line_.push_back(0);
  row_last_col_.push_back(-1);
  return {};
}

Status MpsParser::marker_line(std::string_view keyword) {
  const std::string k = upper(strip_quotes(keyword));
  if (k == "INTORG") {
    if (in_int_) return error("INTORG marker inside an INTORG block");
    in_int_ = true;
    intorg_line_ = in_.line_number();
  } else if (k == "INTEND") {
    if (!in_int_) return error("INTEND marker without a matching INTORG");
    in_int_ = false;
  } else {
    return error("unknown marker " + quoted(strip_quotes(keyword)) +
                 " (expected 'INTORG' or 'INTEND')");
  }
  return {};
}

Status MpsParser::columns_line(std::string_view col, const std::string_view* pairs,
                               std::size_t npairs) {
  if (col != current_col_name_ || current_col_ < 0) {
    if (builder_.col_names().find(col).has_value()) {
      return error("entries of column " + quoted(col) +
                   " are not contiguous (the column appeared earlier)");
    }
    current_col_ = builder_.add_col(std::string(col), 0.0, in_int_ ? 1.0 : kInf, 0.0, in_int_);
    current_col_name_ = std::string(col);
    binary_default_.push_back(in_int_ ? 1 : 0);
    lo_given_.push_back(0);
  }
  for (std::size_t k = 0; k < npairs; ++k) {
    const std::string_view row = pairs[2 * k];
    double v = 0;
    Status st = number(pairs[2 * k + 1], v);
    if (!st.ok()) return st;
    if (std::isinf(v)) {
      return error((have_obj_ && row == obj_row_ ? "infinite objective coefficient "
                                                 : "infinite coefficient ") +
                   quoted(pairs[2 * k + 1]) + " of column " + quoted(col) +
                   (have_obj_ && row == obj_row_ ? "" : " in row " + quoted(row)));
    }
    if (have_obj_ && row == obj_row_) {
      if (obj_last_col_ == current_col_) {
        return error("duplicate objective entry in column " + quoted(col));
      }
      obj_last_col_ = current_col_;
      builder_.set_col_cost(current_col_, v);
      continue;
    }
    const auto r = builder_.row_names().find(row);
    if (!r) {
      if (free_rows_.count(std::string(row)) != 0) continue;
      return error("unknown row " + quoted(row) + " in column " + quoted(col));
    }
    if (row_last_col_[static_cast<std::size_t>(*r)] == current_col_) {
      return error("duplicate entry for row " + quoted(row) + " in column " + quoted(col));
    }
    row_last_col_[static_cast<std::size_t>(*r)] = current_col_;
    builder_.add_entry(*r, current_col_, v);
  }
  return {};
}

Status MpsParser::rhs_line(std::string_view set, const std::string_view* pairs,
                           std::size_t npairs) {
  const bool ranges = section_ == Section::kRanges;
  std::string& set_name = ranges ? range_set_name_ : rhs_set_name_;
  bool& named = ranges ? range_named_ : rhs_named_;
  if (!named) {
    set_name = std::string(set);
    named = true;
  } else if (set != set_name) {
    warn(1, std::string(ranges ? "RANGES" : "RHS") + " vector " + quoted(set) +
                " is ignored (only the first vector, " + quoted(set_name) + ", is used)");
    return {};
  }
  for (std::size_t k = 0; k < npairs; ++k) {
    const std::string_view row = pairs[2 * k];
    double v = 0;
    Status st = number(pairs[2 * k + 1], v);
    if (!st.ok()) return st;
    if (have_obj_ && row == obj_row_) {
      if (ranges) {
        warn(2, "RANGES entry on the objective row " + quoted(row) + " is ignored");
        continue;
      }
      if (std::isinf(v)) return error("infinite objective offset " + quoted(pairs[2 * k + 1]));
      obj_offset_ = -v;
      continue;
    }
    const auto r = builder_.row_names().find(row);
    if (!r) {
      if (free_rows_.count(std::string(row)) != 0) continue;
      return error("unknown row " + quoted(row) + " in " + (ranges ? "RANGES" : "RHS"));
    }
    const auto i = static_cast<std::size_t>(*r);
    std::vector<std::uint8_t>& given = ranges ? range_set_ : rhs_set_;
    if (given[i]) {
      return error(std::string("second ") + (ranges ? "RANGES" : "RHS") + " entry for row " +
                   quoted(row));
    }
    given[i] = 1;
    (ranges ? range_ : rhs_)[i] = v;
    (ranges ? range_line_ : rhs_line_)[i] = in_.line_number();
  }
  return {};
}

Status MpsParser::bounds_line(std::string_view type, std::string_view set, std::string_view col,
                              std::string_view value, bool has_value) {
  if (!bound_named_) {
    bound_set_name_ = std::string(set);
    bound_named_ = true;
  } else if (set != bound_set_name_) {
    warn(3, "BOUNDS vector " + quoted(set) + " is ignored (only the first vector, " +
                quoted(bound_set_name_) + ", is used)");
    return {};
  }
  const std::string t = upper(type);
  const auto found = builder_.col_names().find(col);
  if (!found) return error("unknown column " + quoted(col) + " in BOUNDS");
  const Index j = *found;
  const auto k = static_cast<std::size_t>(j);
  const bool needs_value = t == "UP" || t == "LO" || t == "FX" || t == "LI" || t == "UI";
  double v = 0;
  if (needs_value) {
    if (!has_value) return error("bound " + quoted(type) + " for column " + quoted(col) +
                                 " has no value");
    Status st = number(value, v);
    if (!st.ok()) return st;
  } else if (t == "SC" || t == "SI") {
    return unsupported("bound type " + quoted(type) + " (semi-" +
                       (t == "SC" ? "continuous" : "integer") + " variable) is not supported");
  } else if (t != "FR" && t != "MI" && t != "PL" && t != "BV") {
    return error("unknown bound type " + quoted(type));
  }
  if (((t == "LO" || t == "LI" || t == "FX") && v == kInf) ||
      ((t == "UP" || t == "UI" || t == "FX") && v == -kInf)) {
    return error(std::string(t == "FX" ? "fixed value " : (v > 0 ? "lower bound " : "upper bound ")) +
                 quoted(value) + " of column " + quoted(col) + " is " +
                 (v > 0 ? "+infinity" : "-infinity"));
  }
  if (t != "BV" && binary_default_[k]) {
    builder_.set_col_upper(j, kInf);  // any explicit bound cancels the binary default
  }
  binary_default_[k] = 0;
  if (t == "UP" || t == "UI") {
    if (t == "UI") builder_.set_col_integer(j, true);
    builder_.set_col_upper(j, v);
    if (v < 0 && !lo_given_[k] && builder_.col_lower(j) == 0.0) {
      if (options_.negative_upper == MpsReadOptions::NegativeUpper::kMinusInfinity) {
        builder_.set_col_lower(j, -kInf);
        warn(4, "column " + quoted(col) + ": upper bound " + std::string(value) +
                    " < 0 with no lower bound; lower bound set to -infinity (CPLEX rule; "
                    "--mps-negative-upper=keep-zero keeps it at 0)");
      } else {
        warn(4, "column " + quoted(col) + ": upper bound " + std::string(value) +
                    " < 0 with lower bound 0: the column's domain is empty");
      }
    }
  } else if (t == "LO" || t == "LI") {
    if (t == "LI") builder_.set_col_integer(j, true);
    builder_.set_col_lower(j, v);
    lo_given_[k] = 1;
  } else if (t == "FX") {
    builder_.set_col_bounds(j, v, v);
    lo_given_[k] = 1;
  } else if (t == "FR") {
    builder_.set_col_bounds(j, -kInf, kInf);
    lo_given_[k] = 1;
  } else if (t == "MI") {
    builder_.set_col_lower(j, -kInf);
    lo_given_[k] = 1;
  } else if (t == "PL") {
    builder_.set_col_upper(j, kInf);
  } else {  // BV
    builder_.set_col_integer(j, true);
    builder_.set_col_bounds(j, 0.0, 1.0);
    lo_given_[k] = 1;
  }
  if ((t == "UP" || t == "LO" || t == "FX" || t == "LI" || t == "UI") && std::isfinite(v) &&
      builder_.col_integer(j) && v != std::floor(v)) {
    warn(5, "integer column " + quoted(col) + " has fractional bound " + std::string(value));
  }
  return {};
}

Status MpsParser::data(std::string_view line) {
  Fields t;
  std::array<std::string_view, 6> fx{};
  if (fixed_) {
    split_fixed(line, fx);
    t.n = 0;
    for (const auto& f : fx) t.f[t.n++] = f;
    // Drop trailing empty fields.
    while (t.n > 0 && t.f[t.n - 1].empty()) --t.n;
  } else {
    split_free(line, t);
    if (t.overflow) return error("too many fields on the line: unexpected " + quoted(t.extra));
  }
  if (t.n == 0) return {};
  switch (section_) {
    case Section::kNone:
      return error("data line before any section: " + quoted(t.f[0]));
    case Section::kName:
      return error("unexpected data after NAME: " + quoted(t.f[0]));
    case Section::kEndata:
      return {};
    case Section::kObjSense:
      if (!expect_sense_) return error("unexpected data in OBJSENSE: " + quoted(t.f[0]));
      if (fixed_) return objsense_value(fx[1].empty() ? fx[0] : fx[1]);
      if (t.n != 1) return error("expected MIN or MAX in OBJSENSE, got " + quoted(t.f[1]));
      return objsense_value(t.f[0]);
    case Section::kObjName:
      if (!objname_.empty()) return error("unexpected data in OBJNAME: " + quoted(t.f[0]));
      objname_ = std::string(fixed_ ? (fx[1].empty() ? fx[0] : fx[1]) : t.f[0]);
      return {};
    case Section::kRows: {
      if (fixed_) {
        if (fx[0].empty() || fx[1].empty()) return error("ROWS line needs a type and a name");
        return rows_line(fx[0], fx[1]);
      }
      if (t.n != 2) {
        return error(t.n < 2 ? "ROWS line " + quoted(t.f[0]) + " needs a type and a name"
                             : "unexpected field " + quoted(t.f[2]) + " in ROWS");
      }
      return rows_line(t.f[0], t.f[1]);
    }
    case Section::kColumns: {
      if (fixed_) {
        if (strip_quotes(fx[2]) == "MARKER") return marker_line(fx[4].empty() ? fx[3] : fx[4]);
        if (fx[1].empty()) return error("COLUMNS line without a column name");
        std::size_t np = 0;
        if (!fixed_pairs(fx, np)) return error("incomplete COLUMNS entry for column " + quoted(fx[1]));
        return columns_line(fx[1], &fx[2], np);
      }
      if (t.n >= 3 && equals_keyword(strip_quotes(t.f[1]), "MARKER")) {
        return marker_line(t.n >= 4 && equals_keyword(strip_quotes(t.f[2]), "MARKER") ? t.f[3]
                                                                                      : t.f[2]);
      }
      if (t.n != 3 && t.n != 5) {
        return error("COLUMNS line for column " + quoted(t.f[0]) +
                     " must be 'column row value [row value]', got " + std::to_string(t.n) +
                     " fields");
      }
      return columns_line(t.f[0], &t.f[1], (t.n - 1) / 2);
    }
    case Section::kRhs:
    case Section::kRanges: {
      if (fixed_) {
        std::size_t np = 0;
        if (!fixed_pairs(fx, np)) {
          return error("incomplete entry in " +
                       std::string(section_ == Section::kRhs ? "RHS" : "RANGES"));
        }
        return rhs_line(fx[1], &fx[2], np);
      }
      if (t.n < 2 || t.n > 5) {
        return error(std::string(section_ == Section::kRhs ? "RHS" : "RANGES") +
                     " line must be '[set] row value [row value]', got " + std::to_string(t.n) +
                     " fields");
      }
      const bool has_set = t.n % 2 == 1;
      return rhs_line(has_set ? t.f[0] : std::string_view(), &t.f[has_set ? 1 : 0], t.n / 2);
    }
    case Section::kBounds: {
      if (fixed_) {
        if (fx[0].empty() || fx[2].empty()) return error("BOUNDS line needs a type and a column");
        return bounds_line(fx[0], fx[1], fx[2], fx[3], !fx[3].empty());
      }
      const std::string type = upper(t.f[0]);
      const bool valued = type == "UP" || type == "LO" || type == "FX" || type == "LI" ||
                          type == "UI" || type == "SC" || type == "SI";
      if (valued) {
        if (t.n == 4) return bounds_line(t.f[0], t.f[1], t.f[2], t.f[3], true);
        if (t.n == 3) {
          // 'type set column' with the value missing reads like 'type column value'.
          if (!builder_.col_names().find(t.f[1]) && builder_.col_names().find(t.f[2])) {
            return error("bound " + quoted(t.f[0]) + " for column " + quoted(t.f[2]) +
                         " has no value");
          }
          return bounds_line(t.f[0], {}, t.f[1], t.f[2], true);
        }
        if (type == "SC" || type == "SI") return bounds_line(t.f[0], {}, t.f[t.n - 1], {}, false);
        return error("BOUNDS line must be 'type [set] column value', got " +
                     std::to_string(t.n) + " fields");
      }
      if (t.n == 2) return bounds_line(t.f[0], {}, t.f[1], {}, false);
      if (t.n == 4) return bounds_line(t.f[0], t.f[1], t.f[2], t.f[3], true);
      if (t.n == 3) {
        // 'type set column' or 'type column value' (a value after BV is allowed).
        if (builder_.col_names().find(t.f[2])) return bounds_line(t.f[0], t.f[1], t.f[2], {}, false);
        return bounds_line(t.f[0], {}, t.f[1], t.f[2], true);
      }
      return error("BOUNDS line must be 'type [set] column', got " + std::to_string(t.n) +
                   " fields");
    }
  }
  return {};
}

Result<Model> MpsParser::finish() {
  // Text after ENDATA is not read, but a compressed file is checked to its trailer.
  if (Status st = in_.drain(); !st.ok()) return st;
  if (!have_obj_) warnings_.push_back(in_.file_name() + ": no objective row (type N); the objective is zero");
  for (std::size_t kind = 0; kind < warn_count_.size(); ++kind) {
    if (warn_count_[kind] > 5) {
      warnings_.push_back(in_.file_name() + ": " + std::to_string(warn_count_[kind] - 5) +
                          " more warnings of the kind above");
    }
  }
  for (Index i = 0; i < builder_.num_rows(); ++i) {
    const auto k = static_cast<std::size_t>(i);
    const double b = rhs_[k];
    double lo = -kInf, hi = kInf;
    switch (row_type_[k]) {
      case 'E': lo = hi = b; break;
      case 'L': hi = b; break;
      default: lo = b; break;
    }
    if (range_set_[k]) {
      const double r = range_[k];
      if (row_type_[k] == 'E') {
        if (r > 0) hi = b + r;
        else if (r < 0) lo = b + r;
      } else if (row_type_[k] == 'L') {
        lo = b - std::fabs(r);
      } else {
        hi = b + std::fabs(r);
      }
    }
    if (lo == kInf || hi == -kInf) {
      // An infinite RHS (or RANGES) value on the side that cannot be infinite:
      // reported at the line that gave it, the RANGES line if a range made it so.
      const bool by_range = range_set_[k] && std::isinf(range_[k]) && !std::isinf(b);
      const std::int64_t at = by_range || rhs_line_[k] == 0 ? range_line_[k] : rhs_line_[k];
      return Status(StatusCode::kInputError,
                    std::string(by_range || rhs_line_[k] == 0 ? "RANGES" : "RHS") + " value " +
                        (std::isinf(b) ? std::string(b > 0 ? "+" : "-") + "infinity"
                                       : std::string("+-infinity")) +
                        " makes the " + (lo == kInf ? "lower side of row " : "upper side of row ") +
                        quoted(builder_.row_names()[i]) + (lo == kInf ? " +infinity" : " -infinity"),
                    {in_.file_name(), at});
    }
    builder_.set_row_bounds(i, lo, hi);
  }
  builder_.set_sense(sense_);
  builder_.set_obj_offset(obj_offset_);
  Result<Model> model = builder_.build();
  if (!model.ok()) {
    return Status(model.status().code(), model.status().message(), {in_.file_name(), 0});
  }
  return model;
}

Result<Model> MpsParser::parse() {
  std::string_view line;
  while (in_.next(line)) {
    if (line.empty() || line[0] == '*') continue;
    Status st;
    if (!is_space(line[0])) {
      st = header(line);
      if (st.ok() && section_ == Section::kEndata) return finish();
    } else {
      st = data(line);
    }
    if (!st.ok()) return st;
  }
  if (!in_.status().ok()) return in_.status();
  return Status(StatusCode::kInputError,
                in_.line_number() == 0 ? "empty file: not an MPS model"
                                       : "unexpected end of file: ENDATA is missing",
                {in_.file_name(), in_.line_number()});
}

Result<Model> read_with(const std::function<void(LineReader&)>& open, const MpsReadOptions& options,
                        Logger& log) {
  using Format = MpsReadOptions::Format;
  auto attempt = [&](bool fixed, std::int64_t& last_line,
                     std::vector<std::string>& warnings) -> Result<Model> {
    LineReader in;
    open(in);
    if (!in.status().ok()) return in.status();
    if (options.should_stop) in.set_stop_check(options.should_stop);
    MpsParser parser(in, options, fixed);
    Result<Model> r = parser.parse();
    last_line = parser.line();
    warnings = parser.warnings();
    return r;
  };
  std::int64_t free_line = 0, fixed_line = 0;
  std::vector<std::string> free_warn, fixed_warn;
  const bool try_free = options.format != Format::kFixed;
  Result<Model> first = attempt(!try_free, free_line, free_warn);
  if (first.ok() || options.format != Format::kAuto ||
      first.status().code() == StatusCode::kIoError ||
      first.status().code() == StatusCode::kInterrupted) {
    for (const std::string& w : free_warn) log.warning("%s", w.c_str());
    return first;
  }
  // Free-format parsing failed: the file may be fixed format with names that
  // contain spaces. Keep whichever reading got further.
  Result<Model> second = attempt(true, fixed_line, fixed_warn);
  if (second.ok()) {
    log.info("read as fixed-format MPS (free-format reading failed: %s)",
             first.status().to_string().c_str());
    for (const std::string& w : fixed_warn) log.warning("%s", w.c_str());
    return second;
  }
  return fixed_line > free_line ? second : first;
}

}  // namespace

Result<Model> read_mps(const std::string& path, const MpsReadOptions& options, Logger& log) {
  return read_with([&](LineReader& in) { (void)in.open(path); }, options, log);
}

Result<Model> read_mps_text(std::string_view text, const std::string& name,
                            const MpsReadOptions& options, Logger& log) {
  return read_with([&](LineReader& in) { in.open_buffer(text, name); }, options, log);
}

}  // namespace lsmip::io
