// The portfolio of one rank sharing with the portfolios of the other ranks, in rounds over
// a RankLink (hybrid-and-portfolio.md §3: a rank is one more level of the same pool).
//
// In a round every rank sends its new best solution and up to `elites` other solutions its
// own workers found since its last round (never ones it received), its dual bound, whether
// its portfolio has ended (done) and whether it ends the run of every rank (stop: a proof,
// a limit, a signal, a goal). Each rank then applies the messages of the other ranks in
// rank order: every solution is verified on this rank's original model before its pool may
// take it, and the bound raises this rank's. The run is over for all ranks at the same
// round: the first in which every rank is done or one stops.
//
// The common base of the sparse deltas is the best solution of the last round that carried
// one (lowest rank on a tie), which every rank computes from the same messages.
//
// Two ways to drive the rounds:
// - round(): one blocking round, for the deterministic mode, where the rounds are at fixed
//   batch counts and the messages depend only on the rank's deterministic state;
// - run(): rounds on a thread of their own at a period of wall-clock seconds, never
//   waiting for a slow rank beyond the round in flight (opportunistic mode).
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "portfolio/dual_bound.h"
#include "portfolio/exchange_stats.h"
#include "portfolio/rank_link.h"
#include "portfolio/solution_pool.h"
#include "portfolio/verifier.h"
#include "util/logger.h"

namespace lsmip::portfolio {

// The worker index of pool entries that came from another rank.
inline constexpr int kRemoteWorker = -2;

// For a rank whose run ends before its portfolio starts (presolve proved the model
// infeasible, a limit during presolve, ...): takes part in the rounds of the others, as a rank
// that is done, with no solutions and `stop` (as for RankExchange::round), until the ranks
// agree that the run is over. Blocking.
void end_rounds(RankLink& link, int stop);

class RankExchange {
 public:
  // `elites`: solutions sent per round besides the best. The pool, verifier and bound are
  // this rank's; all must outlive the exchange.
  RankExchange(RankLink& link, SolutionPool& pool, const Verifier& verifier, DualBound& bound, int elites,
               Logger& log);

  // One blocking round. `done`: this rank's portfolio has ended; `stop` >= 0: this rank
  // ends the run for all, with that reason code. Returns over(). Not after over().
  bool round(bool done, int stop);
  // Rounds until over(): one every `period` seconds of `clock`, and at once when done()
  // turns true. done() and stop() as for round(), polled between rounds.
  void run(const std::function<bool()>& done, const std::function<int()>& stop,
           const std::function<double()>& clock, double period);
  // The ranks have agreed that the run is over; thread-safe.
  bool over() const { return over_.load(); }
  // The stop code of the first rank (in rank order) that ended the run, -1 if none;
  // thread-safe.
  int stop_code() const { return stop_code_.load(); }
  // Figures; read them after the rounds.
  const ExchangeStats& stats() const { return stats_; }

 private:
  // This rank's message: its unsent solutions, bound and state.
  std::string outgoing(bool done, int stop);
  // The round's messages, in rank order.
  void apply(const std::vector<std::string>& all);

  RankLink& link_;
  SolutionPool& pool_;
  const Verifier& verifier_;
  DualBound& bound_;
  const int elites_;
  Logger& log_;
  std::vector<double> base_;     // the common base of the deltas (original space)
  std::uint64_t sent_upto_ = 0;  // pool arrivals (from 1) up to this one were considered
  std::atomic<bool> over_{false};
  std::atomic<int> stop_code_{-1};
  ExchangeStats stats_;
};

}  // namespace lsmip::portfolio
