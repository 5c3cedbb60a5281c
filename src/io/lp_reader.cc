#include "io/lp_reader.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <optional>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include "io/line_reader.h"
#include "io/number_parser.h"
#include "model/model_builder.h"

namespace lsmip::io {
namespace {

// ---------------------------------------------------------------------------
// Tokens

enum class TokKind : std::uint8_t {
  kName,     // a CPLEX name (also inf, infinity, free, ... which the parser interprets)
  kNumber,   // an unsigned decimal literal
  kSense,    // < <= =< > >= => =
  kPlus,
  kMinus,
  kColon,
  kSection,  // a section keyword at the start of a line
  kEof,      // end of input (repeats once reached)
  kError,    // a lexical or read error (repeats once reached)
};

enum class Sense : std::uint8_t { kLe, kGe, kEq };

enum class Section : std::uint8_t {
  kMinimize,
  kMaximize,
  kConstraints,
  kBounds,
  kGenerals,
  kBinaries,
  kEnd,
  kUnsupported,
};

struct Token {
  TokKind kind = TokKind::kEof;
  Sense sense = Sense::kEq;             // for kSense
  Section section = Section::kEnd;      // for kSection
  StatusCode code = StatusCode::kOk;    // for kError
  bool line_start = false;              // first token of its line
  bool glued = false;                   // no white space between it and the previous token
  std::int64_t line = 0;                // 1-based line of the token
  double number = 0.0;                  // value of a kNumber; >= 1e20 and overflow give +kInf
  std::string text;                     // as written; the message of a kError
};

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
// The punctuation CPLEX allows in names (its documented list plus '/' and '|').
bool is_name_symbol(char c) {
  return c != '\0' && std::string_view("!\"#$%&()/,.;?@_`'{}|~").find(c) != std::string_view::npos;
}
bool is_name_char(char c) { return is_alpha(c) || is_digit(c) || is_name_symbol(c); }
bool is_name_start(char c) { return c != '.' && (is_alpha(c) || is_name_symbol(c)); }

char to_lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = to_lower(c);
  return out;
}

bool iequals(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (to_lower(a[i]) != to_lower(b[i])) return false;
  }
  return true;
}

bool is_infinity_word(std::string_view s) { return iequals(s, "inf") || iequals(s, "infinity"); }
bool is_reserved_name(std::string_view s) { return is_infinity_word(s) || iequals(s, "nan"); }

std::string quoted(std::string_view s) { return quote_token(s); }

std::string format_value(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

// Value of an unsigned literal already validated by the lexer, or nullopt for
// a literal too long to convert. Overflow and values >= kInfinityThreshold give
// +kInf, underflow gives 0.
std::optional<double> literal_value(std::string_view text) {
  double v = 0.0;
  if (parse_number(text, v) != NumberParse::kOk) return std::nullopt;
  return v;
}

// ---------------------------------------------------------------------------
// Section keywords

struct KeywordMatch {
  Section section;
  std::size_t end;   // position after the keyword in the line
  std::string text;  // the keyword as written
};

// Matches a section keyword starting at s[pos] (not white space). A one-word
// keyword followed by ':' is a name ("st: x >= 1"), not a keyword.
std::optional<KeywordMatch> match_keyword(std::string_view s, std::size_t pos) {
  const auto word_end = [&](std::size_t p) {
    while (p < s.size() && !is_space(s[p])) ++p;
    return p;
  };
  const auto skip_space = [&](std::size_t p) {
    while (p < s.size() && is_space(s[p])) ++p;
    return p;
  };
  const std::size_t end1 = word_end(pos);
  const std::string w1 = lower(s.substr(pos, end1 - pos));
  const std::size_t pos2 = skip_space(end1);
  const std::size_t end2 = word_end(pos2);
  const std::string w2 = lower(s.substr(pos2, end2 - pos2));

  struct TwoWords {
    const char* first;
    const char* second;
    Section section;
  };
  static constexpr TwoWords kTwoWords[] = {
      {"subject", "to", Section::kConstraints},
      {"such", "that", Section::kConstraints},
      {"general", "constraints", Section::kUnsupported},
      {"general", "constraint", Section::kUnsupported},
      {"lazy", "constraints", Section::kUnsupported},
      {"user", "cuts", Section::kUnsupported},
  };
  for (const TwoWords& k : kTwoWords) {
    if (w1 == k.first && w2 == k.second) {
      return KeywordMatch{k.section, end2, std::string(s.substr(pos, end2 - pos))};
    }
  }
  struct OneWord {
    const char* word;
    Section section;
  };
  static constexpr OneWord kOneWord[] = {
      {"minimize", Section::kMinimize},     {"minimise", Section::kMinimize},
      {"minimum", Section::kMinimize},      {"min", Section::kMinimize},
      {"maximize", Section::kMaximize},     {"maximise", Section::kMaximize},
      {"maximum", Section::kMaximize},      {"max", Section::kMaximize},
      {"st", Section::kConstraints},        {"s.t.", Section::kConstraints},
      {"st.", Section::kConstraints},       {"bounds", Section::kBounds},
      {"bound", Section::kBounds},          {"general", Section::kGenerals},
      {"generals", Section::kGenerals},     {"gen", Section::kGenerals},
      {"integer", Section::kGenerals},      {"integers", Section::kGenerals},
      {"binary", Section::kBinaries},       {"binaries", Section::kBinaries},
      {"bin", Section::kBinaries},          {"end", Section::kEnd},
      {"semi-continuous", Section::kUnsupported}, {"semicontinuous", Section::kUnsupported},
      {"semi", Section::kUnsupported},      {"semis", Section::kUnsupported},
      {"sos", Section::kUnsupported},       {"sos1", Section::kUnsupported},
      {"sos2", Section::kUnsupported},      {"pwlobj", Section::kUnsupported},
  };
  for (const OneWord& k : kOneWord) {
    if (w1 != k.word) continue;
    if (pos2 < s.size() && s[pos2] == ':') return std::nullopt;  // a label, e.g. "st: ..."
    if ((k.section == Section::kMinimize || k.section == Section::kMaximize) &&
        w2 == "multi-objectives") {
      return KeywordMatch{Section::kUnsupported, end2, std::string(s.substr(pos2, end2 - pos2))};
    }
    return KeywordMatch{k.section, end1, std::string(s.substr(pos, end1 - pos))};
  }
  return std::nullopt;
}

// What an unsupported section keyword stands for, for the error message.
const char* unsupported_what(std::string_view keyword) {
  const std::string k = lower(keyword);
  if (k.rfind("semi", 0) == 0) return "semi-continuous variables";
  if (k.rfind("sos", 0) == 0) return "special ordered sets";
  if (k.rfind("general", 0) == 0) return "general constraints";
  if (k.rfind("lazy", 0) == 0) return "lazy constraints";
  if (k.rfind("user", 0) == 0) return "user cuts";
  if (k == "pwlobj") return "piecewise-linear objectives";
  return "multiple objectives";
}

// ---------------------------------------------------------------------------
// Lexer: turns lines into tokens on demand, removing comments.

class Lexer {
 public:
  explicit Lexer(LineReader& in) : in_(in) {}

  // The k-th token ahead (0 = next), reading lines as needed. Once the input
  // ends (or fails), the final kEof (or kError) token is returned for every k.
  // The reference stays valid until the token is taken.
  const Token& peek(std::size_t k = 0) {
    while (queue_.size() <= k) {
      if (finished_) return queue_.back();
      read_line();
    }
    return queue_[k];
  }

  // Removes and returns the next token (the final kEof / kError is never removed).
  Token take() {
    peek(0);
    if (finished_ && queue_.size() == 1) return queue_.front();
    Token t = std::move(queue_.front());
    queue_.pop_front();
    return t;
  }

  // After END: drops what is queued and reads the rest of the input. Returns
  // the first line that holds anything but white space and comments (0 if
  // none), or the read error of the underlying LineReader.
  Result<std::int64_t> skip_rest() {
    std::int64_t first = 0;
    for (const Token& t : queue_) {
      if (t.kind != TokKind::kEof) {
        first = t.line;
        break;
      }
    }
    queue_.clear();
    Token eof;  // keeps peek() well-defined if it is called again
    eof.text = "end of file";
    queue_.push_back(eof);
    finished_ = true;
    // A LineReader that has ended (or failed) keeps returning false here.
    std::string_view raw;
    while (in_.next(raw)) {
      strip_comments(raw);
      if (first == 0 && clean_.find_first_not_of(" \t\r\f\v") != std::string::npos) {
        first = in_.line_number();
      }
    }
    if (!in_.status().ok()) return in_.status();
    return first;
  }

 private:
  void read_line();
  void strip_comments(std::string_view raw);
  void tokenize(std::int64_t line);
  void push_error(StatusCode code, std::string message, std::int64_t line);

  LineReader& in_;
  std::deque<Token> queue_;       // tokens read but not taken
  bool finished_ = false;         // the final kEof / kError token is queued
  bool in_block_ = false;         // inside a "\* ... *\" comment
  std::int64_t block_line_ = 0;   // line where that comment started
  std::string clean_;             // current line, comments replaced by a blank
};

void Lexer::push_error(StatusCode code, std::string message, std::int64_t line) {
  Token t;
  t.kind = TokKind::kError;
  t.code = code;
  t.text = std::move(message);
  t.line = line;
  queue_.push_back(std::move(t));
  finished_ = true;
}

void Lexer::read_line() {
  std::string_view raw;
  if (!in_.next(raw)) {
    if (!in_.status().ok()) {
      const Status& st = in_.status();
      push_error(st.code(), st.message(), st.where().line);
    } else if (in_block_) {
      push_error(StatusCode::kInputError, "block comment '\\*' is never closed by '*\\'",
                 block_line_);
    } else {
      Token t;
      t.kind = TokKind::kEof;
      t.line = in_.line_number();
      t.line_start = true;
      t.text = "end of file";
      queue_.push_back(std::move(t));
      finished_ = true;
    }
    return;
  }
  // A UTF-8 byte order mark, as some editors write it, is not content.
  if (in_.line_number() == 1 && raw.substr(0, 3) == "\xEF\xBB\xBF") raw.remove_prefix(3);
  strip_comments(raw);
  tokenize(in_.line_number());
}

// "\" starts a comment to the end of the line, "\*" a block comment that ends
// with "*\" (possibly lines later). A block comment becomes one blank so that
// it still separates tokens.
void Lexer::strip_comments(std::string_view raw) {
  clean_.clear();
  std::size_t i = 0;
  while (i < raw.size()) {
    if (in_block_) {
      const std::size_t close = raw.find("*\\", i);
      if (close == std::string_view::npos) return;
      in_block_ = false;
      clean_ += ' ';
      i = close + 2;
      continue;
    }
    if (raw[i] == '\\') {
      if (i + 1 < raw.size() && raw[i + 1] == '*') {
        in_block_ = true;
        block_line_ = in_.line_number();
        i += 2;
        continue;
      }
      return;
    }
    clean_ += raw[i++];
  }
}

void Lexer::tokenize(std::int64_t line) {
  const std::string_view s = clean_;
  const std::size_t n = s.size();
  std::size_t i = 0;
  while (i < n && is_space(s[i])) ++i;
  bool first = true;
  if (i < n) {
    if (std::optional<KeywordMatch> kw = match_keyword(s, i)) {
      Token t;
      t.kind = TokKind::kSection;
      t.section = kw->section;
      t.text = std::move(kw->text);
      t.line = line;
      t.line_start = true;
      queue_.push_back(std::move(t));
      i = kw->end;
      first = false;
    }
  }
  for (;;) {
    const std::size_t before = i;
    while (i < n && is_space(s[i])) ++i;
    if (i >= n) return;
    Token t;
    t.line = line;
    t.line_start = first;
    t.glued = !first && i == before;
    first = false;
    const std::size_t b = i;
    const char c = s[i];
    if (is_digit(c) || (c == '.' && i + 1 < n && is_digit(s[i + 1]))) {
      while (i < n && is_digit(s[i])) ++i;
      if (i < n && s[i] == '.') {
        ++i;
        while (i < n && is_digit(s[i])) ++i;
      }
      if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        std::size_t j = i + 1;
        if (j < n && (s[j] == '+' || s[j] == '-')) ++j;
        if (j < n && is_digit(s[j])) {
          while (j < n && is_digit(s[j])) ++j;
          i = j;
        }
      }
      t.kind = TokKind::kNumber;
      t.text = std::string(s.substr(b, i - b));
      const std::optional<double> value = literal_value(t.text);
      if (!value) {
        push_error(StatusCode::kInputError, "number " + quoted(t.text.substr(0, 40)) +
                                                "... is too long (more than 1024 characters)",
                   line);
        return;
      }
      t.number = *value;
      if (t.text == "0" && i < n && (s[i] == 'x' || s[i] == 'X')) {
        std::size_t e = i;
        while (e < n && is_name_char(s[e])) ++e;
        push_error(StatusCode::kInputError,
                   "hexadecimal number " + quoted(s.substr(b, e - b)) + " is not supported",
                   line);
        return;
      }
    } else if (is_name_start(c)) {
      while (i < n && is_name_char(s[i])) ++i;
      t.kind = TokKind::kName;
      t.text = std::string(s.substr(b, i - b));
      if (t.glued && !queue_.empty() && queue_.back().kind == TokKind::kNumber &&
          (c == 'e' || c == 'E')) {
        std::string term = queue_.back().text + t.text;
        queue_.pop_back();  // the error replaces the number, so it is met first
        push_error(StatusCode::kInputError,
                   "ambiguous term " + quoted(term) +
                       ": put a space between a coefficient and a name that starts with 'e'",
                   line);
        return;
      }
    } else {
      const char c1 = i + 1 < n ? s[i + 1] : '\0';
      const char c2 = i + 2 < n ? s[i + 2] : '\0';
      t.kind = TokKind::kSense;
      switch (c) {
        case '+':
          t.kind = TokKind::kPlus;
          ++i;
          break;
        case '-':
          if (c1 == '>') {
            push_error(StatusCode::kUnsupported,
                       "indicator constraints ('->') are not supported", line);
            return;
          }
          t.kind = TokKind::kMinus;
          ++i;
          break;
        case '<':
          if (c1 == '-' && c2 == '>') {
            push_error(StatusCode::kUnsupported,
                       "indicator constraints ('<->') are not supported", line);
            return;
          }
          t.sense = Sense::kLe;
          i += c1 == '=' ? 2 : 1;
          break;
        case '>':
          t.sense = Sense::kGe;
          i += c1 == '=' ? 2 : 1;
          break;
        case '=':
          t.sense = c1 == '<' ? Sense::kLe : c1 == '>' ? Sense::kGe : Sense::kEq;
          i += (c1 == '<' || c1 == '>') ? 2 : 1;
          break;
        case ':':
          t.kind = TokKind::kColon;
          ++i;
          break;
        case '[':
        case '^':
          push_error(StatusCode::kUnsupported,
                     "quadratic terms (" + quoted(std::string(1, c)) + ") are not supported",
                     line);
          return;
        default: {
          const auto u = static_cast<unsigned char>(c);
          char what[40];
          if (u >= 0x21 && u < 0x7f) {
            std::snprintf(what, sizeof what, "character '%c'", c);
          } else {
            std::snprintf(what, sizeof what, "byte 0x%02X", u);
          }
          push_error(StatusCode::kInputError, std::string("unexpected ") + what, line);
          return;
        }
      }
      t.text = std::string(s.substr(b, i - b));
    }
    queue_.push_back(std::move(t));
  }
}

// ---------------------------------------------------------------------------
// Parser

bool is_stop(const Token& t) {
  return t.kind == TokKind::kSection || t.kind == TokKind::kEof || t.kind == TokKind::kError;
}

class Parser {
 public:
  Parser(LineReader& in, std::string model_name, Logger& log)
      : lex_(in), file_(in.file_name()), log_(log) {
    builder_.set_name(std::move(model_name));
  }

  // Reads the whole input. Stops at the first error.
  Result<Model> parse();

 private:
  enum Warn : std::uint8_t {
    kWarnRepeated,
    kWarnRange,
    kWarnBoundAgain,
    kWarnDeclaredOnly,
    kWarnBinary,
    kWarnNegativeUpper,
    kWarnAfterEnd,
    kWarnKinds,
  };
  static constexpr int kWarnShown = 5;  // warnings shown per kind, the rest are counted
  static constexpr std::uint8_t kLowerSet = 1, kUpperSet = 2, kBinary = 4;

  Status error(const Token& at, std::string message,
               StatusCode code = StatusCode::kInputError) const;
  Status expected(const Token& at, std::string_view what) const;
  void warn(Warn kind, std::int64_t line, const std::string& message);

  Status parse_objective(const Token& keyword);
  Status parse_rows();
  Status parse_row();
  Status parse_terms(const std::string& where, bool objective, bool end_at_new_line = false);
  Status add_term(const Token& name, double coef, const std::string& where);
  Status parse_bounds();
  Status parse_bound();
  Status parse_integrality(const Token& keyword);
  Status parse_value(double& value, Token& token);
  Status check_line_end(const std::string& what);
  bool value_then_sense();
  Status column(const Token& name, const char* declared_in, Index& j);
  Status set_lower(Index j, double v, const Token& at);
  Status set_upper(Index j, double v, const Token& at);
  Result<Model> finish();

  Lexer lex_;
  std::string file_;
  Logger& log_;
  ModelBuilder builder_;
  std::vector<std::uint8_t> col_flags_;          // kLowerSet | kUpperSet | kBinary
  std::vector<std::int64_t> col_stamp_;          // statement where the column last appeared
  std::vector<std::size_t> col_slot_;            // its position in terms_ there
  std::int64_t stamp_ = 0;                       // current statement (objective or row)
  std::vector<std::pair<Index, double>> terms_;  // terms of the current statement
  std::size_t term_count_ = 0;                   // terms written in the current statement
  double obj_constant_ = 0.0;                    // sum of the objective constants
  struct PendingRow {
    std::string name;  // empty for an unnamed row
    double lower, upper;
  };
  std::vector<PendingRow> rows_;                 // rows in file order; added in finish()
  std::unordered_set<std::string> row_names_;    // explicit (and, later, generated) names
  std::vector<std::pair<Index, std::int64_t>> binaries_;   // column, line of the declaration
  std::vector<std::pair<Index, std::int64_t>> neg_upper_;  // column, line of a bound < 0
  std::array<int, kWarnKinds> warn_count_{};
};

Status Parser::error(const Token& at, std::string message, StatusCode code) const {
  if (at.kind == TokKind::kError) return Status(at.code, at.text, {file_, at.line});
  return Status(code, std::move(message), {file_, at.line});
}

Status Parser::expected(const Token& at, std::string_view what) const {
  std::string found;
  if (at.kind == TokKind::kEof) {
    found = "end of file";
  } else if (at.kind == TokKind::kSection) {
    found = "section " + quoted(at.text);
  } else {
    found = quoted(at.text);
  }
  return error(at, "expected " + std::string(what) + ", found " + found);
}

void Parser::warn(Warn kind, std::int64_t line, const std::string& message) {
  if (++warn_count_[kind] > kWarnShown) return;
  log_.warning("%s:%lld: %s", file_.c_str(), static_cast<long long>(line), message.c_str());
}

Result<Model> Parser::parse() {
  // 0: before the objective, 1: objective read, 2: in constraints, 3: after them.
  int stage = 0;
  std::string later_section;  // the section that moved us to stage 3
  for (;;) {
    const Token t = lex_.take();
    if (t.kind == TokKind::kEof) {
      if (stage == 0) return expected(t, "'minimize' or 'maximize'");
      return finish();  // END is optional (see the header)
    }
    if (t.kind == TokKind::kError) return error(t, "");
    if (t.kind != TokKind::kSection) {
      if (stage == 0) {
        return error(t, "unknown section or text before the objective: " + quoted(t.text) +
                            " (expected 'minimize' or 'maximize')");
      }
      return error(t, "unexpected " + quoted(t.text), StatusCode::kInternal);
    }
    if (t.section == Section::kUnsupported) {
      return error(t, "section " + quoted(t.text) + " is not supported (" +
                          unsupported_what(t.text) + ")",
                   StatusCode::kUnsupported);
    }
    if (stage == 0 && t.section != Section::kMinimize && t.section != Section::kMaximize) {
      return expected(t, "'minimize' or 'maximize' first");
    }
    Status st;
    switch (t.section) {
      case Section::kMinimize:
      case Section::kMaximize:
        if (stage > 0) {
          return error(t, "second objective section " + quoted(t.text) +
                              " (only one objective is supported)");
        }
        stage = 1;
        st = parse_objective(t);
        break;
      case Section::kConstraints:
        if (stage == 3) {
          return error(t, "section " + quoted(t.text) + " must come before section " +
                              quoted(later_section));
        }
        stage = 2;
        st = parse_rows();
        break;
      case Section::kBounds:
      case Section::kGenerals:
      case Section::kBinaries:
        if (stage < 3) later_section = t.text;
        stage = 3;
        st = t.section == Section::kBounds ? parse_bounds() : parse_integrality(t);
        break;
      case Section::kEnd: {
        Result<std::int64_t> rest = lex_.skip_rest();
        if (!rest.ok()) return rest.status();
        if (rest.value() > 0) {
          warn(kWarnAfterEnd, rest.value(), "text after " + quoted(t.text) + " is ignored");
        }
        return finish();
      }
      case Section::kUnsupported:
        break;  // handled above
    }
    if (!st.ok()) return st;
  }
}

Status Parser::parse_objective(const Token& keyword) {
  builder_.set_sense(keyword.section == Section::kMaximize ? ObjSense::kMaximize
                                                           : ObjSense::kMinimize);
  if (lex_.peek(0).kind == TokKind::kNumber && lex_.peek(1).kind == TokKind::kColon) {
    return error(lex_.peek(0), "invalid objective name " + quoted(lex_.peek(0).text) +
                                   " (names cannot start with a digit)");
  }
  if (lex_.peek(0).kind == TokKind::kName && lex_.peek(1).kind == TokKind::kColon) {
    lex_.take();
    lex_.take();
  }
  ++stamp_;
  terms_.clear();
  term_count_ = 0;
  if (Status st = parse_terms("the objective", true); !st.ok()) return st;
  const Token& next = lex_.peek();
  if (next.kind == TokKind::kSense) {
    return error(next, "unexpected " + quoted(next.text) +
                           " in the objective (is 'subject to' missing?)");
  }
  for (const auto& [j, c] : terms_) {
    if (std::fabs(c) >= kInfinityThreshold) {
      return error(next, "objective coefficient of " + quoted(builder_.col_names()[j]) +
                             " is too large");
    }
    builder_.set_col_cost(j, c);
  }
  if (std::fabs(obj_constant_) >= kInfinityThreshold) {
    return error(next, "objective constant " + format_value(obj_constant_) + " is too large");
  }
  builder_.set_obj_offset(obj_constant_ + 0.0);
  return {};
}

// Terms "[sign] [number] name" and, in the objective, constants, up to a
// sense, a section or the end of input (or, with `end_at_new_line`, a line
// that does not start with a sign). Collects them in terms_.
Status Parser::parse_terms(const std::string& where, bool objective, bool end_at_new_line) {
  for (bool first = true;; first = false) {
    const Token& next = lex_.peek();
    if (is_stop(next) || next.kind == TokKind::kSense) return {};
    if (!first && end_at_new_line && next.line_start && next.kind != TokKind::kPlus &&
        next.kind != TokKind::kMinus) {
      return {};
    }
    double sign = 1.0;
    std::string signs;
    while (lex_.peek().kind == TokKind::kPlus || lex_.peek().kind == TokKind::kMinus) {
      const Token s = lex_.take();
      if (s.kind == TokKind::kMinus) sign = -sign;
      signs += s.text;
    }
    const Token& t = lex_.peek();
    if (!first && signs.empty()) {
      return expected(t, objective ? "'+' or '-' in the objective"
                                   : "'+', '-' or a sense in " + where);
    }
    if (t.kind == TokKind::kNumber) {
      const Token num = lex_.take();
      if (lex_.peek().kind == TokKind::kError) return error(lex_.peek(), "");
      if (lex_.peek().kind == TokKind::kName) {
        const Token name = lex_.take();
        if (std::isinf(num.number)) {
          return error(num, "coefficient " + quoted(num.text) + " of " + quoted(name.text) +
                                " in " + where + " is too large (1e20 or more)");
        }
        if (Status st = add_term(name, sign * num.number, where); !st.ok()) return st;
        continue;
      }
      if (!objective) {
        return error(num, "constant " + quoted(signs + num.text) + " on the left-hand side of " +
                              where + " (move it to the right-hand side)");
      }
      if (std::isinf(num.number)) {
        return error(num, "objective constant " + quoted(signs + num.text) +
                              " is too large (1e20 or more)");
      }
      obj_constant_ += sign * num.number;
      continue;
    }
    if (t.kind == TokKind::kName) {
      const Token name = lex_.take();
      if (Status st = add_term(name, sign, where); !st.ok()) return st;
      continue;
    }
    if (!signs.empty()) return expected(t, "a number or a variable after " + quoted(signs));
    return expected(t, "a term in " + where);
  }
}

Status Parser::add_term(const Token& name, double coef, const std::string& where) {
  Index j = 0;
  if (Status st = column(name, nullptr, j); !st.ok()) return st;
  ++term_count_;
  const auto k = static_cast<std::size_t>(j);
  if (col_stamp_[k] == stamp_) {
    terms_[col_slot_[k]].second += coef;
    warn(kWarnRepeated, name.line,
         "variable " + quoted(name.text) + " appears more than once in " + where +
             "; the coefficients are added");
    return {};
  }
  col_stamp_[k] = stamp_;
  col_slot_[k] = terms_.size();
  terms_.emplace_back(j, coef);
  return {};
}

// Finds or creates the column `name`. `declared_in` names the section when the
// column comes from BOUNDS / GENERALS / BINARIES (nullptr in rows and objective).
Status Parser::column(const Token& name, const char* declared_in, Index& j) {
  if (is_reserved_name(name.text)) {
    return error(name, quoted(name.text) + " cannot be a variable name (it reads as a number)");
  }
  if (std::optional<Index> found = builder_.col_names().find(name.text)) {
    j = *found;
    return {};
  }
  j = builder_.add_col(name.text, 0.0, kInf, 0.0, false);
  if (j < 0) return error(name, "cannot add variable " + quoted(name.text), StatusCode::kInternal);
  col_flags_.push_back(0);
  col_stamp_.push_back(0);
  col_slot_.push_back(0);
  if (declared_in != nullptr) {
    warn(kWarnDeclaredOnly, name.line,
         "variable " + quoted(name.text) + " appears only from section " + quoted(declared_in) +
             " on, not in the objective or any row");
  }
  return {};
}

// An optional run of signs, then a number or inf/infinity. `token` receives
// the number token with the signs prepended to its text.
Status Parser::parse_value(double& value, Token& token) {
  double sign = 1.0;
  std::string signs;
  while (lex_.peek().kind == TokKind::kPlus || lex_.peek().kind == TokKind::kMinus) {
    const Token s = lex_.take();
    if (s.kind == TokKind::kMinus) sign = -sign;
    signs += s.text;
  }
  const Token& t = lex_.peek();
  if (t.kind == TokKind::kNumber) {
    value = sign * t.number + 0.0;
  } else if (t.kind == TokKind::kName && is_infinity_word(t.text)) {
    value = sign * kInf;
  } else if (t.kind == TokKind::kName && iequals(t.text, "nan")) {
    return error(t, "NaN is not allowed: " + quoted(signs + t.text));
  } else {
    return expected(t, signs.empty() ? std::string("a number")
                                     : "a number after " + quoted(signs));
  }
  token = lex_.take();
  token.text = signs + token.text;
  return {};
}

// True if the next tokens are [signs] (number | inf | infinity) sense.
bool Parser::value_then_sense() {
  std::size_t k = 0;
  while (lex_.peek(k).kind == TokKind::kPlus || lex_.peek(k).kind == TokKind::kMinus) ++k;
  const Token& t = lex_.peek(k);
  const bool value =
      t.kind == TokKind::kNumber || (t.kind == TokKind::kName && is_infinity_word(t.text));
  return value && lex_.peek(k + 1).kind == TokKind::kSense;
}

// A row or bound must be followed by a new line (or a section / the end).
Status Parser::check_line_end(const std::string& what) {
  const Token& t = lex_.peek();
  if (is_stop(t) || t.line_start) return {};
  return error(t, "unexpected " + quoted(t.text) + " after " + what +
                      " (each row and bound must start on a new line)");
}

Status Parser::parse_rows() {
  while (!is_stop(lex_.peek())) {
    if (Status st = parse_row(); !st.ok()) return st;
  }
  return {};
}

Status Parser::parse_row() {
  std::string name;
  if (lex_.peek(0).kind == TokKind::kNumber) {
    // "1: ..." or "1c: ..." is a label that starts with a digit.
    const bool glued = lex_.peek(1).kind == TokKind::kName && lex_.peek(1).glued;
    if (lex_.peek(glued ? 2 : 1).kind == TokKind::kColon) {
      const std::string label = lex_.peek(0).text + (glued ? lex_.peek(1).text : "");
      return error(lex_.peek(0),
                   "invalid row name " + quoted(label) + " (names cannot start with a digit)");
    }
  }
  if (lex_.peek(0).kind == TokKind::kName && lex_.peek(1).kind == TokKind::kColon) {
    const Token label = lex_.take();
    lex_.take();
    if (!row_names_.insert(label.text).second) {
      return error(label, "duplicate row name " + quoted(label.text));
    }
    name = label.text;
  }
  const std::string where = name.empty() ? "unnamed row " + std::to_string(rows_.size() + 1)
                                         : "row " + quoted(name);
  ++stamp_;
  terms_.clear();
  term_count_ = 0;
  double lower = -kInf, upper = kInf;
  Token lower_at, upper_at;  // the tokens that gave the sides, for messages
  if (value_then_sense()) {
    // "v S expr" or "l S expr S u".
    double v1 = 0.0;
    Token t1;
    if (Status st = parse_value(v1, t1); !st.ok()) return st;
    const Token s1 = lex_.take();
    if (Status st = parse_terms(where, false, true); !st.ok()) return st;
    if (term_count_ == 0) return expected(lex_.peek(), "a term in " + where);
    if (lex_.peek().kind == TokKind::kSense) {
      const Token s2 = lex_.take();
      double v2 = 0.0;
      Token t2;
      if (Status st = parse_value(v2, t2); !st.ok()) return st;
      if (s1.sense == Sense::kEq || s1.sense != s2.sense) {
        return error(s2, "the senses of double-sided " + where + " must be both '<=' or both "
                         "'>=', found " + quoted(s1.text) + " and " + quoted(s2.text));
      }
      if (s1.sense == Sense::kLe) {
        lower = v1, lower_at = t1, upper = v2, upper_at = t2;
      } else {
        lower = v2, lower_at = t2, upper = v1, upper_at = t1;
      }
      warn(kWarnRange, t1.line,
           where + " is written as a double-sided range; read as " + format_value(lower) +
               " <= ... <= " + format_value(upper) + " (not every LP reader accepts this form)");
    } else {
      // "v <= expr" means expr >= v.
      if (s1.sense != Sense::kGe) lower = v1, lower_at = t1;
      if (s1.sense != Sense::kLe) upper = v1, upper_at = t1;
    }
  } else {
    if (Status st = parse_terms(where, false); !st.ok()) return st;
    if (term_count_ == 0) return expected(lex_.peek(), "a term in " + where);
    const Token& s = lex_.peek();
    if (s.kind != TokKind::kSense) return expected(s, "a sense ('<=', '>=', '=') in " + where);
    const Token sense = lex_.take();
    double v = 0.0;
    Token t;
    if (Status st = parse_value(v, t); !st.ok()) return st;
    if (sense.sense != Sense::kLe) lower = v, lower_at = t;
    if (sense.sense != Sense::kGe) upper = v, upper_at = t;
  }
  if (lower == kInf) {
    return error(lower_at, "right-hand side " + quoted(lower_at.text) +
                               " makes the lower side of " + where + " +infinity");
  }
  if (upper == -kInf) {
    return error(upper_at, "right-hand side " + quoted(upper_at.text) +
                               " makes the upper side of " + where + " -infinity");
  }
  if (Status st = check_line_end("the right-hand side of " + where); !st.ok()) return st;
  const auto row = static_cast<Index>(rows_.size());
  for (const auto& [j, c] : terms_) {
    if (std::fabs(c) >= kInfinityThreshold) {
      return error(lower_at.line > 0 ? lower_at : upper_at,
                   "coefficient of " + quoted(builder_.col_names()[j]) + " in " + where +
                       " is too large");
    }
    builder_.add_entry(row, j, c);
  }
  rows_.push_back({std::move(name), lower, upper});
  return {};
}

Status Parser::set_lower(Index j, double v, const Token& at) {
  const auto k = static_cast<std::size_t>(j);
  const std::string& name = builder_.col_names()[j];
  if (v == kInf) {
    return error(at, "lower bound " + quoted(at.text) + " of " + quoted(name) + " is +infinity");
  }
  if ((col_flags_[k] & kLowerSet) != 0 && builder_.col_lower(j) != v) {
    warn(kWarnBoundAgain, at.line,
         "lower bound of " + quoted(name) + " changed from " + format_value(builder_.col_lower(j)) +
             " to " + format_value(v) + " (the last bound wins)");
  }
  builder_.set_col_lower(j, v);
  col_flags_[k] |= kLowerSet;
  return {};
}

Status Parser::set_upper(Index j, double v, const Token& at) {
  const auto k = static_cast<std::size_t>(j);
  const std::string& name = builder_.col_names()[j];
  if (v == -kInf) {
    return error(at, "upper bound " + quoted(at.text) + " of " + quoted(name) + " is -infinity");
  }
  if ((col_flags_[k] & kUpperSet) != 0 && builder_.col_upper(j) != v) {
    warn(kWarnBoundAgain, at.line,
         "upper bound of " + quoted(name) + " changed from " + format_value(builder_.col_upper(j)) +
             " to " + format_value(v) + " (the last bound wins)");
  }
  builder_.set_col_upper(j, v);
  col_flags_[k] |= kUpperSet;
  if (v < 0) neg_upper_.emplace_back(j, at.line);
  return {};
}

Status Parser::parse_bounds() {
  while (!is_stop(lex_.peek())) {
    if (Status st = parse_bound(); !st.ok()) return st;
  }
  return {};
}

Status Parser::parse_bound() {
  Index j = 0;
  std::string what;
  if (value_then_sense()) {
    // "v S x" or "l S x S u".
    double v1 = 0.0;
    Token t1;
    if (Status st = parse_value(v1, t1); !st.ok()) return st;
    const Token s1 = lex_.take();
    if (lex_.peek().kind != TokKind::kName) {
      return expected(lex_.peek(), "a variable name after " + quoted(s1.text));
    }
    const Token name = lex_.take();
    if (Status st = column(name, "bounds", j); !st.ok()) return st;
    what = "the bound on " + quoted(name.text);
    if (lex_.peek().kind == TokKind::kSense) {
      const Token s2 = lex_.take();
      double v2 = 0.0;
      Token t2;
      if (Status st = parse_value(v2, t2); !st.ok()) return st;
      if (s1.sense == Sense::kEq || s1.sense != s2.sense) {
        return error(s2, "the senses of a double-sided bound must be both '<=' or both '>=', "
                         "found " + quoted(s1.text) + " and " + quoted(s2.text));
      }
      const bool le = s1.sense == Sense::kLe;
      if (Status st = set_lower(j, le ? v1 : v2, le ? t1 : t2); !st.ok()) return st;
      if (Status st = set_upper(j, le ? v2 : v1, le ? t2 : t1); !st.ok()) return st;
    } else {
      if (s1.sense == Sense::kEq && std::isinf(v1)) {
        return error(t1, "cannot fix " + quoted(name.text) + " to " + quoted(t1.text));
      }
      if (s1.sense != Sense::kGe) {
        if (Status st = set_lower(j, v1, t1); !st.ok()) return st;
      }
      if (s1.sense != Sense::kLe) {
        if (Status st = set_upper(j, v1, t1); !st.ok()) return st;
      }
    }
    return check_line_end(what);
  }
  if (lex_.peek().kind != TokKind::kName) {
    return expected(lex_.peek(), "a bound such as 'x <= 4', '0 <= x <= 1' or 'x free'");
  }
  const Token name = lex_.take();
  if (Status st = column(name, "bounds", j); !st.ok()) return st;
  what = "the bound on " + quoted(name.text);
  const Token& next = lex_.peek();
  if (next.kind == TokKind::kName && iequals(next.text, "free")) {
    const Token free = lex_.take();
    if (Status st = set_lower(j, -kInf, free); !st.ok()) return st;
    if (Status st = set_upper(j, kInf, free); !st.ok()) return st;
    return check_line_end(what);
  }
  if (next.kind != TokKind::kSense) {
    return expected(next, "a sense or 'free' after " + quoted(name.text) + " in the bounds");
  }
  const Token sense = lex_.take();
  double v = 0.0;
  Token t;
  if (Status st = parse_value(v, t); !st.ok()) return st;
  if (sense.sense == Sense::kEq && std::isinf(v)) {
    return error(t, "cannot fix " + quoted(name.text) + " to " + quoted(t.text));
  }
  if (sense.sense != Sense::kLe) {
    if (Status st = set_lower(j, v, t); !st.ok()) return st;
  }
  if (sense.sense != Sense::kGe) {
    if (Status st = set_upper(j, v, t); !st.ok()) return st;
  }
  return check_line_end(what);
}

Status Parser::parse_integrality(const Token& keyword) {
  const bool binary = keyword.section == Section::kBinaries;
  const char* section = binary ? "binaries" : "generals";
  while (!is_stop(lex_.peek())) {
    const Token t = lex_.take();
    const bool glued_tail = lex_.peek().glued && !is_stop(lex_.peek());
    if (t.kind != TokKind::kName || glued_tail) {
      // Report the whole malformed word, e.g. "1x" or "x+y".
      std::string word = t.text;
      while (lex_.peek().glued && !is_stop(lex_.peek())) word += lex_.take().text;
      return error(t, "malformed variable name " + quoted(word) + " in section " +
                          quoted(keyword.text));
    }
    Index j = 0;
    if (Status st = column(t, section, j); !st.ok()) return st;
    builder_.set_col_integer(j, true);
    if (binary && (col_flags_[static_cast<std::size_t>(j)] & kBinary) == 0) {
      col_flags_[static_cast<std::size_t>(j)] |= kBinary;
      binaries_.emplace_back(j, t.line);
    }
  }
  return {};
}

Result<Model> Parser::finish() {
  // Unnamed rows: c<k> with k the row's position, raised past explicit names.
  // The chosen numbers increase, so each explicit name is skipped at most once.
  std::size_t last = 0;
  for (std::size_t i = 0; i < rows_.size(); ++i) {
    if (!rows_[i].name.empty()) continue;
    std::size_t k = std::max(i + 1, last + 1);
    while (row_names_.count("c" + std::to_string(k)) != 0) ++k;
    last = k;
    rows_[i].name = "c" + std::to_string(k);
    row_names_.insert(rows_[i].name);
  }
  for (PendingRow& r : rows_) {
    if (builder_.add_row(std::move(r.name), r.lower, r.upper) < 0) {
      return Status(StatusCode::kInternal, "row name clash", {file_, 0});
    }
  }
  std::vector<PendingRow>().swap(rows_);

  // Binaries: [0,1], keeping an explicit bound that lies inside [0,1].
  for (const auto& [j, line] : binaries_) {
    const auto k = static_cast<std::size_t>(j);
    const double lb = builder_.col_lower(j), ub = builder_.col_upper(j);
    const bool lower_ok = (col_flags_[k] & kLowerSet) == 0 || (lb >= 0.0 && lb <= 1.0);
    const bool upper_ok = (col_flags_[k] & kUpperSet) == 0 || (ub >= 0.0 && ub <= 1.0);
    const double new_lb = (col_flags_[k] & kLowerSet) != 0 && lower_ok ? lb : 0.0;
    const double new_ub = (col_flags_[k] & kUpperSet) != 0 && upper_ok ? ub : 1.0;
    if (!lower_ok || !upper_ok) {
      warn(kWarnBinary, line,
           "binary " + quoted(builder_.col_names()[j]) + " has bounds [" + format_value(lb) +
               ", " + format_value(ub) + "] in the bounds section; binary wins: read as [" +
               format_value(new_lb) + ", " + format_value(new_ub) + "]");
    }
    builder_.set_col_bounds(j, new_lb, new_ub);
  }

  // The LP format never frees the lower bound of a column with a negative
  // upper bound (unlike the MPS rule); point it out, since [0, u] is empty.
  for (const auto& [j, line] : neg_upper_) {
    const auto k = static_cast<std::size_t>(j);
    const double ub = builder_.col_upper(j);
    if ((col_flags_[k] & kLowerSet) != 0 || !(ub < 0.0) || builder_.col_lower(j) != 0.0) continue;
    const std::string& name = builder_.col_names()[j];
    warn(kWarnNegativeUpper, line,
         "hint: " + quoted(name) + " has upper bound " + format_value(ub) +
             " and the default lower bound 0, so it has no feasible value (the LP format keeps "
             "lb = 0; write '-inf <= " + name + " <= " + format_value(ub) +
             "' for a free lower bound)");
    col_flags_[k] |= kLowerSet;  // one hint per column
  }

  static constexpr const char* kWarnNames[kWarnKinds] = {
      "repeated variables", "double-sided rows",     "changed bounds", "declared-only variables",
      "binary bounds",      "negative upper bounds", "text after end",
  };
  for (int kind = 0; kind < kWarnKinds; ++kind) {
    const int n = warn_count_[static_cast<std::size_t>(kind)];
    if (n > kWarnShown) {
      log_.warning("%s: %d more warnings about %s not shown", file_.c_str(), n - kWarnShown,
                   kWarnNames[kind]);
    }
  }

  Result<Model> model = builder_.build();
  if (!model.ok()) {
    return Status(model.status().code(), model.status().message(), {file_, 0});
  }
  return model;
}

// The model name: the file name without its directory, a compression suffix
// (.gz, .bz2, .xz) and .lp.
std::string model_name(const std::string& path) {
  std::string base = path.substr(path.find_last_of('/') + 1);
  for (const char* suffix : {".gz", ".bz2", ".xz", ".lp"}) {
    const std::size_t n = std::string_view(suffix).size();
    if (base.size() > n && iequals(std::string_view(base).substr(base.size() - n), suffix)) {
      base.resize(base.size() - n);
    }
  }
  return base;
}

}  // namespace

Result<Model> read_lp(const std::string& path, const LpReadOptions& options, Logger& log) {
  LineReader in;
  if (Status st = in.open(path); !st.ok()) return st;
  if (options.should_stop) in.set_stop_check(options.should_stop);
  Parser parser(in, model_name(path), log);
  return parser.parse();
}

Result<Model> read_lp_text(std::string_view text, const std::string& name,
                           const LpReadOptions& /*options*/, Logger& log) {
  LineReader in;
  in.open_buffer(text, name);
  Parser parser(in, model_name(name), log);
  return parser.parse();
}

}  // namespace lsmip::io
