#include "portfolio/worker_configs.h"

#include "options/choices.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <utility>

namespace lsmip::portfolio {
namespace {

// One variation: option name = value pairs applied on top of the base options.
using Variation = std::vector<std::pair<const char*, const char*>>;

const std::array<Variation, 8>& variations() {
  static const std::array<Variation, 8> kCycle = {{
      {},                                                       // the base, another seed
      {{"ls_lns_fraction", "0.3"}},                             // smaller neighbourhoods
      {{"ls_split_equalities", "true"}},                        // equalities as two rows
      {{"ls_restart_luby", "true"}, {"ls_restart_perturb", "0.02"}},
      {{"ls_unsat_bms", "1000"}, {"ls_unsat_bm_bms", "1000"}, {"ls_random_bms", "100"}},
      {{"ls_side_weights", "none"}},
      {{"ls_lns_fraction", "0.7"}, {"ls_tie_objective", "always"}},
      {{"ls_weight_scheme", "smooth"}, {"ls_restart_steps", "100000"}},
  }};
  return kCycle;
}

}  // namespace

std::vector<WorkerConfig> worker_configs(const Options& base, int n, int first) {
  std::vector<WorkerConfig> out;
  out.reserve(static_cast<std::size_t>(std::max(n, 0)));
  for (int k = first; k < first + n; ++k) {
    WorkerConfig c{base, ""};
    if (k > 0) {
      // Distinct seeds in the documented range, far apart.
      const std::int64_t seed =
          (base.seed + static_cast<std::int64_t>(k) * 1000003) % std::int64_t{2147483647};
      c.options.seed = seed;
      c.description = "--seed=" + std::to_string(seed);
      if (choice<PortfolioConfigs>(base) == PortfolioConfigs::kMixed) {
        for (const auto& [name, value] : variations()[static_cast<std::size_t>(k) % variations().size()]) {
          (void)set_option(c.options, name, value);  // table entries: cannot fail
          c.description += std::string(" --") + name + "=" + value;
        }
      }
    }
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace lsmip::portfolio
