#include "search/scoring.h"

namespace lsmip::search {

Scorer::Scorer(const SearchModel& sm, const SearchState& state, const Options& options)
    : sm_(sm),
      st_(state),
      mitigation_(options.ls_mitigation),
      bonus_breakthrough_(options.ls_bonus_breakthrough),
      bonus_robust_(options.ls_bonus_robust),
      obj_before_feasible_(options.ls_obj_before_feasible) {}

}  // namespace lsmip::search
