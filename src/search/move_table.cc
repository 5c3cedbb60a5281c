#include "search/move_table.h"

#include "search/moves.h"

namespace lsmip::search {

namespace {
constexpr bool table_in_kind_order() {
  for (std::size_t k = 0; k < kNumMoveKinds; ++k) {
    if (static_cast<std::size_t>(kMoveKinds[k].kind) != k) return false;
  }
  return true;
}
static_assert(table_in_kind_order(), "kMoveKinds must list every MoveKind in enum order");
}  // namespace

const char* move_kind_name(MoveKind kind) {
  const auto k = static_cast<std::size_t>(kind);
  return k < kNumMoveKinds ? kMoveKinds[k].name : "?";
}

void add_candidates(MoveGenerator& gen, const Options& options, MoveKind kind, Phase phase,
                    bool has_incumbent) {
  const MoveKindInfo& info = move_kind_info(kind);
  const PhaseSizes& z = info.phases[static_cast<std::size_t>(phase)];
  if (!z.used) return;
  const std::int64_t a = z.a.of(options, has_incumbent);
  switch (info.source) {
    case MoveSource::kUnsatRows: gen.add_unsat_tight(a, z.b.of(options, has_incumbent), kind); break;
    case MoveSource::kSatRows: gen.add_sat_tight(a, z.b.of(options, has_incumbent)); break;
    case MoveSource::kBreakthrough:
      if (has_incumbent) gen.add_breakthrough(a);
      break;
    case MoveSource::kFlips: gen.add_flips(a); break;
    case MoveSource::kRandomRow: gen.add_random_row(a, kind); break;
    default: break;
  }
}

}  // namespace lsmip::search
