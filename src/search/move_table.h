// The move kinds of the search in one table: per MoveKind its log name, the source of its
// candidates, and the sample sizes it is generated with in each phase of the engine (the
// improving part of a step, the local-optimum escape, force_move and the check_all oracle).
// The engine's step sequence (which kinds are tried in which order) stays in Engine::step;
// every size it uses comes from here, and force_move and check_all enumerate this table.
// A new move kind is a MoveKind value and a row here (plus a case in add_candidates or in
// the engine when it needs a new source).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "options/options.h"
#include "search/move_kind.h"

namespace lsmip::search {

class MoveGenerator;

// Where the candidates of a move kind come from.
enum class MoveSource : std::uint8_t {
  kUnsatRows,     // MoveGenerator::add_unsat_tight(a rows, b entries)
  kSatRows,       // MoveGenerator::add_sat_tight(a rows, b entries)
  kBreakthrough,  // MoveGenerator::add_breakthrough(a variables), only with an incumbent
  kFlips,         // MoveGenerator::add_flips(a)
  kRandomRow,     // MoveGenerator::add_random_row(a entries; kWholeRow: all of them)
  kLift,          // LiftCache::best() (feasible point only)
  kTransfer,      // PairMoves::best_transfer(a rows, b partners, c pairs)
  kSwap,          // PairMoves::best_swap(a variables, b partners) (feasible point only)
  kRestart,       // Engine::restart()
  kNone,          // never generated (the initial point)
};

// The phases that generate moves.
enum class Phase : std::uint8_t {
  kImprove,  // the improving moves of a step (require_positive)
  kEscape,   // the escape from a local optimum (best of a small list, improving or not)
  kForce,    // LocalSearch::force_move: tabu ignored, large samples
  kCheck,    // LocalSearch::check_all: the candidates whose scores are compared
  kCount
};
inline constexpr std::size_t kNumPhases = static_cast<std::size_t>(Phase::kCount);

inline constexpr std::int64_t kAll = std::numeric_limits<std::int64_t>::max();  // no sampling
inline constexpr std::int64_t kWholeRow = -1;  // kRandomRow: every entry, not a sample

// One sample size: max(floor, the option) (the incumbent option instead once an incumbent
// exists, when given), or `fixed` when there is no option.
struct SampleSize {
  std::int64_t Options::*option = nullptr;
  std::int64_t Options::*option_incumbent = nullptr;
  std::int64_t floor = 0;
  std::int64_t fixed = 0;
  std::int64_t of(const Options& o, bool has_incumbent) const {
    if (option == nullptr) return fixed;
    return std::max(floor, o.*(has_incumbent && option_incumbent != nullptr ? option_incumbent : option));
  }
};

// The sizes of one kind in one phase: `select` is the BMS sample of the selection when the
// kind leads a candidate list; a, b, c are the source's arguments (see MoveSource).
struct PhaseSizes {
  bool used = false;  // the phase generates this kind
  SampleSize select, a, b, c;
};

struct MoveKindInfo {
  MoveKind kind;
  const char* name;  // for the log
  MoveSource source;
  std::array<PhaseSizes, kNumPhases> phases;  // indexed by Phase
};

namespace move_table_detail {
constexpr SampleSize opt(std::int64_t Options::*m, std::int64_t floor = 0) { return {m, nullptr, floor, 0}; }
constexpr SampleSize opt_inc(std::int64_t Options::*m, std::int64_t Options::*m_inc) { return {m, m_inc, 0, 0}; }
constexpr SampleSize fixed(std::int64_t v) { return {nullptr, nullptr, 0, v}; }
constexpr PhaseSizes none() { return {}; }
constexpr PhaseSizes use(SampleSize select, SampleSize a = {}, SampleSize b = {}, SampleSize c = {}) {
  return {true, select, a, b, c};
}
using O = Options;
constexpr SampleSize kAllSize = fixed(kAll);
}  // namespace move_table_detail

// Indexed by MoveKind.                               improve / escape / force / check
inline constexpr std::array<MoveKindInfo, kNumMoveKinds> kMoveKinds = [] {
  using namespace move_table_detail;
  const SampleSize unsat_bms = opt_inc(&O::ls_unsat_bms, &O::ls_unsat_bm_bms);
  return std::array<MoveKindInfo, kNumMoveKinds>{{
      {MoveKind::kUnsatTight, "tight", MoveSource::kUnsatRows,
       {use(unsat_bms, opt(&O::ls_unsat_rows), unsat_bms), none(),
        use(kAllSize, opt(&O::ls_unsat_rows), kAllSize), use(kAllSize, opt(&O::ls_unsat_rows), fixed(1000))}},
      {MoveKind::kSatTight, "sat-tight", MoveSource::kSatRows,
       {use(opt(&O::ls_sat_bms), opt(&O::ls_sat_rows), opt(&O::ls_sat_bms)),
        use(opt(&O::ls_random_bms), opt(&O::ls_sat_rows, 1), opt(&O::ls_random_bms)),
        use(kAllSize, opt(&O::ls_sat_rows, 5), kAllSize), use(kAllSize, opt(&O::ls_sat_rows, 3), fixed(1000))}},
      {MoveKind::kBreakthrough, "break", MoveSource::kBreakthrough,
       {use(unsat_bms, opt(&O::ls_bm_vars)), use(opt(&O::ls_random_bms), opt(&O::ls_bm_vars)),
        use(kAllSize, kAllSize), use(kAllSize, kAllSize)}},
      {MoveKind::kLift, "lift", MoveSource::kLift, {none(), none(), use(kAllSize), none()}},
      {MoveKind::kFlip, "flip", MoveSource::kFlips,
       {use(opt(&O::ls_flip_bms), opt(&O::ls_flip_bms)), use(opt(&O::ls_random_bms), opt(&O::ls_flip_bms, 1)),
        use(kAllSize, opt(&O::ls_flip_bms, 20)), use(kAllSize, fixed(10))}},
      {MoveKind::kRandomTight, "random", MoveSource::kRandomRow,
       {none(), use(opt(&O::ls_random_bms), opt(&O::ls_unsat_bms)), use(kAllSize, fixed(kWholeRow)), none()}},
      {MoveKind::kTransfer, "transfer", MoveSource::kTransfer,
       {use(kAllSize, opt(&O::ls_unsat_rows), opt(&O::ls_transfer_partners), opt(&O::ls_transfer_pairs)), none(),
        use(kAllSize, opt(&O::ls_unsat_rows), opt(&O::ls_transfer_partners), opt(&O::ls_transfer_pairs, 50)),
        none()}},
      {MoveKind::kSwap, "swap", MoveSource::kSwap,
       {use(kAllSize, opt(&O::ls_swap_vars), opt(&O::ls_swap_partners)), none(),
        use(kAllSize, kAllSize, opt(&O::ls_swap_partners, 50)), none()}},
      {MoveKind::kRestart, "restart", MoveSource::kRestart, {none(), none(), use(kAllSize), none()}},
      {MoveKind::kInitial, "initial", MoveSource::kNone, {none(), none(), none(), none()}},
  }};
}();

// The table row of `kind` (the table is in MoveKind order, checked at compile time).
constexpr const MoveKindInfo& move_kind_info(MoveKind kind) { return kMoveKinds[static_cast<std::size_t>(kind)]; }
// The sizes of `kind` in `phase`.
constexpr const PhaseSizes& phase_sizes(MoveKind kind, Phase phase) {
  return move_kind_info(kind).phases[static_cast<std::size_t>(phase)];
}

// Adds the candidates of a single-move kind (sources kUnsatRows .. kRandomRow) in `phase`
// to gen's current list, with that phase's sizes; breakthrough moves only when
// `has_incumbent`. Other sources add nothing.
void add_candidates(MoveGenerator& gen, const Options& options, MoveKind kind, Phase phase,
                    bool has_incumbent);

}  // namespace lsmip::search
