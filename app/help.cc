// The texts the option table gives the command line: --help and docs/options.md.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "cli.h"

namespace lsmip::app {
namespace {

// The shortest text that reads back as `v` ("inf" for infinities), as option values are written.
std::string format_number(double v) {
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  for (int p = 1; p <= 17; ++p) {
    std::snprintf(buf, sizeof buf, "%.*g", p, v);
    if (std::strtod(buf, nullptr) == v) return buf;
  }
  std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

std::string dashed(std::string name) {
  for (char& c : name) {
    if (c == '_') c = '-';
  }
  return name;
}

// `text` wrapped at `width` columns, each line indented by `indent`.
std::string wrap(std::string_view text, std::size_t indent, std::size_t width) {
  std::string out, line;
  std::size_t pos = 0;
  while (pos < text.size()) {
    auto sp = text.find(' ', pos);
    if (sp == std::string_view::npos) sp = text.size();
    const std::string_view word = text.substr(pos, sp - pos);
    if (!line.empty() && indent + line.size() + 1 + word.size() > width) {
      out += std::string(indent, ' ') + line + "\n";
      line.clear();
    }
    if (!line.empty()) line += ' ';
    line += word;
    pos = sp + 1;
  }
  if (!line.empty()) out += std::string(indent, ' ') + line + "\n";
  return out;
}

const char* type_name(const OptionInfo& o) {
  if (o.boolean) return "bool";
  switch (o.kind) {
    case OptionKind::kSwitch: return "bool";
    case OptionKind::kInteger: return "int";
    case OptionKind::kNumber: return "float";
    case OptionKind::kChoice:
    case OptionKind::kText: return "string";
  }
  return "?";
}

std::string range_text(const OptionInfo& o) {
  switch (o.kind) {
    case OptionKind::kSwitch: return "true|false";
    case OptionKind::kText: return "text";
    case OptionKind::kChoice: {
      std::string out;
      for (const std::string& c : o.choices) out += (out.empty() ? "" : "|") + c;
      return out;
    }
    case OptionKind::kInteger:
    case OptionKind::kNumber: break;
  }
  return "[" + format_number(o.min) + ", " + format_number(o.max) + "]";
}

// Every option, grouped, wrapped at 100 columns.
std::string options_help(const std::vector<OptionInfo>& table) {
  std::string out, group;
  for (const OptionInfo& o : table) {
    if (o.group != group) {
      group = o.group;
      out += "\n" + group + " options:\n";
    }
    out += "  --" + dashed(o.name) + "=" + range_text(o) + "  (default " + o.default_text + ")\n";
    out += wrap(o.help, 6, 100);
  }
  return out;
}

}  // namespace

std::string help_text(const std::vector<OptionInfo>& table) {
  std::string out = std::string("lsmip ") + version() +
                    " - local search for integer and mixed-integer linear programs\n"
                    "\n"
                    "usage:\n"
                    "  lsmip [solve] MODEL [options]     search for good feasible solutions\n"
                    "  lsmip check MODEL SOLUTION [--json]\n"
                    "                                    verify a solution (MIPLIB, SCIP or HiGHS) against MODEL\n"
                    "  lsmip stats MODEL [--json]        print model statistics\n"
                    "  lsmip --help | --version | --print-options | --options-markdown\n"
                    "\n"
                    "MODEL is MPS (fixed or free) or CPLEX LP, plain or compressed (gzip, bzip2, xz),\n"
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
  out += options_help(table);
  return out;
}

std::string options_markdown(const std::vector<OptionInfo>& table) {
  std::string out =
      "# lsmip options\n\n"
      "Generated from `src/options/options.h` by `lsmip --options-markdown`; do not edit by hand.\n"
      "Every option can be given on the command line as `--name=value` (dashes or underscores)\n"
      "or in an options file (`--options-file`) as `name = value`.\n";
  // A '|' inside a cell (choices, |x| in the help) would end the cell: escape it.
  auto cell = [](std::string text) {
    for (std::size_t p = text.find('|'); p != std::string::npos; p = text.find('|', p + 2)) {
      text.replace(p, 1, "\\|");
    }
    return text;
  };
  std::string group;
  for (const OptionInfo& o : table) {
    if (o.group != group) {
      group = o.group;
      out += "\n## " + group + "\n\n| option | type | default | range | meaning |\n|---|---|---|---|---|\n";
    }
    out += "| `" + o.name + "` | " + type_name(o) + " | `" + o.default_text + "` | " + cell(range_text(o)) +
           " | " + cell(o.help) + " |\n";
  }
  return out;
}

}  // namespace lsmip::app
