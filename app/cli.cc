#include "cli.h"

#include <algorithm>
#include <string_view>
#include <vector>

namespace lsmip::app {
namespace {

Error usage(std::string msg) { return {ErrorCode::kInvalidArgument, std::move(msg)}; }

std::string underscored(std::string_view name) {
  std::string key(name);
  std::replace(key.begin(), key.end(), '-', '_');
  return key;
}

const OptionInfo* find_option(const std::vector<OptionInfo>& table, std::string_view name) {
  const std::string key = underscored(name);
  for (const OptionInfo& o : table) {
    if (o.name == key) return &o;
  }
  return nullptr;
}

// Edit distance of a and b (insertions, deletions, substitutions). Cost O(|a|·|b|).
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

// "unknown option '--x'", with the nearest option name when one is close.
Error unknown_option(const std::vector<OptionInfo>& table, const std::string& word) {
  std::string key = word.substr(word.find_first_not_of('-'));
  key = underscored(key.substr(0, key.find('=')));
  std::string best;
  std::size_t best_d = std::max<std::size_t>(3, key.size() / 3) + 1;
  for (const OptionInfo& o : table) {
    const std::size_t d = edit_distance(key, o.name);
    if (d < best_d) {
      best_d = d;
      best = o.name;
    }
  }
  std::string msg = "unknown option '" + word + "'";
  if (!best.empty()) {
    std::replace(best.begin(), best.end(), '_', '-');
    msg += "; did you mean --" + best + "?";
  }
  return usage(msg + " (see lsmip --help)");
}

// The words a switch's value is written with; after a switch, such a word is a value given
// separately (--presolve false), which is refused rather than read as a model name.
bool truth_word(std::string_view w, bool& truth) {
  truth = w == "true" || w == "on" || w == "yes";
  return truth || w == "false" || w == "off" || w == "no";
}

}  // namespace

Error parse_command_line(int argc, const char* const* argv, CommandLine& cl) {
  if (Error e = option_table(cl.table); !e.ok()) return e;
  std::vector<std::string> words(argv + 1, argv + argc);
  std::size_t k = 0;
  if (k < words.size() && (words[k] == "solve" || words[k] == "check" || words[k] == "stats")) {
    cl.command = words[k++];
  }
  // Options files are read first, so that every option given on the command line (even one
  // equal to its default) takes precedence over them.
  for (std::size_t p = k; p < words.size(); ++p) {
    std::string file;
    if (words[p] == "--options-file" || words[p] == "--options_file") {
      if (p + 1 >= words.size()) return usage("option --options-file needs a file name");
      file = words[++p];
    } else if (words[p].rfind("--options-file=", 0) == 0 || words[p].rfind("--options_file=", 0) == 0) {
      file = words[p].substr(words[p].find('=') + 1);
    } else {
      continue;
    }
    if (Error e = cl.solver.read_options_file(file); !e.ok()) return e;
  }
  for (; k < words.size(); ++k) {
    const std::string& w = words[k];
    if (w == "-h" || w == "--help") {
      cl.help = true;
      continue;
    }
    if (w == "--version") {
      cl.version = true;
      continue;
    }
    if (w == "--print-options") {
      cl.print_options = true;
      continue;
    }
    if (w == "--options-markdown") {
      cl.options_markdown = true;
      continue;
    }
    if (w == "-q" || w == "-v") {
      if (Error e = cl.solver.set_option("log_level", w == "-q" ? "0" : "2"); !e.ok()) return e;
      continue;
    }
    if (w == "-t" || w == "-s") {
      if (k + 1 >= words.size()) return usage("option " + w + " needs a value");
      if (Error e = cl.solver.set_option(w == "-t" ? "time_limit" : "seed", words[++k]); !e.ok()) return e;
      continue;
    }
    if (w.size() > 2 && w.compare(0, 2, "--") == 0) {
      std::string name = w.substr(2), value;
      bool has_value = false;
      if (const auto eq = name.find('='); eq != std::string::npos) {
        value = name.substr(eq + 1);
        name.resize(eq);
        has_value = true;
      }
      if (name == "options-file" || name == "options_file") {
        if (!has_value) ++k;  // already read in the first pass
        continue;
      }
      if (name == "json" && (cl.command == "stats" || cl.command == "check") && !has_value) {
        cl.json_stdout = true;
        continue;
      }
      const OptionInfo* option = find_option(cl.table, name);
      if (option == nullptr && name.compare(0, 3, "no-") == 0) {
        const OptionInfo* negated = find_option(cl.table, name.substr(3));
        if (negated != nullptr && negated->kind == OptionKind::kSwitch && !has_value) {
          if (Error e = cl.solver.set_bool_option(negated->name, false); !e.ok()) return e;
          continue;
        }
      }
      if (option == nullptr) return unknown_option(cl.table, w);
      if (!has_value && option->kind == OptionKind::kSwitch) {
        // A switch is on by its name alone; its value is written --name=value.
        bool truth = false;
        if (k + 1 < words.size() && truth_word(words[k + 1], truth)) {
          const std::string& next = words[k + 1];
          return usage("option --" + name + " is a switch and takes no separate value '" + next +
                       "' (write --" + name + "=" + next + " or --" + (truth ? "" : "no-") + name + ")");
        }
        value = "true";
      } else if (!has_value) {
        if (k + 1 >= words.size()) return usage("option --" + name + " needs a value");
        value = words[++k];
      }
      if (Error e = cl.solver.set_option(option->name, value); !e.ok()) return e;
      continue;
    }
    if (w.size() > 1 && w[0] == '-') return usage("unknown option '" + w + "' (see lsmip --help)");
    cl.positional.push_back(w);
  }
  if (cl.command.empty() && !cl.positional.empty()) cl.command = "solve";
  return {};
}

std::vector<std::string> non_default_options(const CommandLine& cl) {
  std::vector<std::string> out;
  for (const OptionInfo& o : cl.table) {
    std::string now;
    if (!cl.solver.get_option(o.name, now).ok() || now == o.default_text) continue;
    std::string dashed = o.name;
    std::replace(dashed.begin(), dashed.end(), '_', '-');
    out.push_back("--" + dashed + "=" + now);
  }
  return out;
}

double number_option(const Solver& solver, std::string_view name) {
  double v = 0;
  (void)solver.get_double_option(name, v);  // a name of the table: cannot fail
  return v;
}

std::string text_option(const Solver& solver, std::string_view name) {
  std::string v;
  (void)solver.get_option(name, v);
  return v;
}

}  // namespace lsmip::app
