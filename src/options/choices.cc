#include "options/choices.h"

namespace lsmip {

std::size_t choice_index(std::string_view name, std::string_view value) {
  for (const OptionSpec& spec : option_specs()) {
    if (spec.name != name) continue;
    std::string_view rest = spec.choices;
    std::size_t k = 0;
    for (;;) {
      const std::size_t bar = rest.find('|');
      if (rest.substr(0, bar) == value) return k;
      if (bar == std::string_view::npos) return k + 1;
      rest.remove_prefix(bar + 1);
      ++k;
    }
  }
  return 0;
}

}  // namespace lsmip
