#include "cli.h"

#include <algorithm>
#include <string_view>
#include <vector>

namespace lsmip::app {
namespace {

Status usage(std::string msg) { return {StatusCode::kUsageError, std::move(msg)}; }

const OptionSpec* find_spec(std::string_view name) {
  std::string key(name);
  for (char& c : key) {
    if (c == '-') c = '_';
  }
  for (const OptionSpec& spec : option_specs()) {
    if (spec.name == key) return &spec;
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
Status unknown_option(const std::string& word) {
  std::string key = word.substr(word.find_first_not_of('-'));
  key = key.substr(0, key.find('='));
  for (char& c : key) {
    if (c == '-') c = '_';
  }
  std::string best;
  std::size_t best_d = std::max<std::size_t>(3, key.size() / 3) + 1;
  for (const OptionSpec& spec : option_specs()) {
    const std::size_t d = edit_distance(key, spec.name);
    if (d < best_d) {
      best_d = d;
      best = std::string(spec.name);
    }
  }
  std::string msg = "unknown option '" + word + "'";
  if (!best.empty()) {
    for (char& c : best) {
      if (c == '_') c = '-';
    }
    msg += "; did you mean --" + best + "?";
  }
  return usage(msg + " (see lsmip --help)");
}

}  // namespace

Result<CommandLine> parse_command_line(int argc, const char* const* argv) {
  CommandLine cl;
  std::vector<std::string> words(argv + 1, argv + argc);
  std::size_t k = 0;
  if (k < words.size() && (words[k] == "solve" || words[k] == "check" || words[k] == "stats")) {
    cl.command = words[k++];
  }
  // Options files are read first, so that every option given on the command
  // line (even one equal to its default) takes precedence over them.
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
    Status st = read_options_file(cl.options, file);
    if (!st.ok()) return st;
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
    if (w == "-q") {
      cl.options.log_level = 0;
      continue;
    }
    if (w == "-v") {
      cl.options.log_level = 2;
      continue;
    }
    if (w == "-t" || w == "-s") {
      if (k + 1 >= words.size()) return usage("option " + w + " needs a value");
      Status st = set_option(cl.options, w == "-t" ? "time_limit" : "seed", words[++k]);
      if (!st.ok()) return st;
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
      const OptionSpec* spec = find_spec(name);
      if (spec == nullptr && name.compare(0, 3, "no-") == 0) {
        const OptionSpec* neg = find_spec(name.substr(3));
        if (neg != nullptr && neg->type == OptionType::kBool && neg->choices.empty() && !has_value) {
          Status st = set_option(cl.options, neg->name, "false");
          if (!st.ok()) return st;
          continue;
        }
      }
      if (spec == nullptr) return unknown_option(w);
      if (!has_value) {
        if (spec->type == OptionType::kBool && spec->choices.empty()) {
          // A switch is on by its name alone; its value is written --name=value. A truth word
          // after it is a value given separately, refused rather than read as a model name.
          const std::string next = k + 1 < words.size() ? words[k + 1] : std::string();
          const bool truth = next == "true" || next == "on" || next == "yes";
          if (truth || next == "false" || next == "off" || next == "no") {
            return usage("option --" + name + " is a switch and takes no separate value '" + next +
                         "' (write --" + name + "=" + next + " or --" + (truth ? "" : "no-") + name + ")");
          }
          value = "true";
        } else {
          if (k + 1 >= words.size()) return usage("option --" + name + " needs a value");
          value = words[++k];
        }
      }
      Status st = set_option(cl.options, spec->name, value);
      if (!st.ok()) return st;
      continue;
    }
    if (w.size() > 1 && w[0] == '-') return usage("unknown option '" + w + "' (see lsmip --help)");
    cl.positional.push_back(w);
  }
  if (cl.command.empty() && !cl.positional.empty()) cl.command = "solve";
  return cl;
}

std::string help_text() {
  std::string out =
      "lsmip " LSMIP_VERSION
      " - local search for integer and mixed-integer linear programs\n"
      "\n"
      "usage:\n"
      "  lsmip [solve] MODEL [options]     search for good feasible solutions\n"
      "  lsmip check MODEL SOLUTION [--json]\n"
      "                                    verify a MIPLIB-format solution against MODEL\n"
      "  lsmip stats MODEL [--json]        print model statistics\n"
      "  lsmip --help | --version | --print-options | --options-markdown\n"
      "\n"
      "MODEL is MPS (fixed or free, optionally gzip-compressed) or CPLEX LP (*.lp, *.lp.gz),\n"
      "or '-' for standard input. Options are --name=value or --name value (dashes or\n"
      "underscores); a switch (true|false) is --name, --no-name or --name=false, a choice\n"
      "such as on|off is --name on or --name=on; -t SECONDS, -s SEED, -q (quiet), -v\n"
      "(verbose), and --options-file FILE with 'name = value' lines (the command line wins).\n"
      "\n"
      "exit codes:\n"
      "  0 solution found and verified (check: solution feasible)\n"
      "  1 input or usage error (bad model, solution, option; message names file:line)\n"
      "  2 internal error\n"
      "  3 no solution found within the limits (feasibility unknown)\n"
      "  4 check: solution infeasible or its =obj= value does not match\n"
      "  5 out of memory or --memory-limit reached\n"
      "  6 check: the solution file makes no claim (=infeas=)\n"
      " 10 the model is proven infeasible\n";
  out += options_help();
  return out;
}

}  // namespace lsmip::app
