#include "portfolio/rank_exchange.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <cmath>
#include <thread>

#include "portfolio/rank_message.h"

namespace lsmip::portfolio {
namespace {

// How a round ends the run, read from the messages' headers alone, so that a rank that takes
// part in end_rounds() and one in RankExchange::apply() agree whatever they can decode: over
// when every rank is done or one stops (a malformed header counts as done), with the stop
// code of the first rank in rank order that stops (-1: none).
struct RoundEnd {
  bool over = false;
  int stop = -1;
};

RoundEnd round_end(const std::vector<std::string>& all) {
  bool every_done = true;
  RoundEnd end;
  for (const std::string& bytes : all) {
    const std::optional<RankMessage> h = decode_header(bytes);
    if (!h) continue;
    every_done = every_done && h->done;
    if (end.stop < 0 && h->stop >= 0) end.stop = h->stop;
  }
  end.over = every_done || end.stop >= 0;
  return end;
}

}  // namespace

RankExchange::RankExchange(RankLink& link, SolutionPool& pool, const Verifier& verifier, DualBound& bound,
                           int elites, Logger& log)
    : link_(link), pool_(pool), verifier_(verifier), bound_(bound), elites_(elites), log_(log) {}

std::string RankExchange::outgoing(bool done, int stop) {
  RankMessage m;
  m.done = done;
  m.stop = stop;
  m.bound = bound_.value();
  // The pool's best first, then other entries, each only if this rank's workers found it
  // after the last round.
  const std::vector<PoolEntry> entries = pool_.entries();
  std::uint64_t upto = sent_upto_;
  int others = 0;
  for (std::size_t k = 0; k < entries.size(); ++k) {
    const PoolEntry& e = entries[k];
    upto = std::max(upto, e.arrival);
    if (e.worker == kRemoteWorker || e.arrival <= sent_upto_) continue;
    if (k > 0 && others >= elites_) continue;
    if (k > 0) ++others;
    m.solutions.push_back(SharedSolution{e.solution.min_objective(), e.source, e.solution.original()});
  }
  sent_upto_ = upto;
  std::string bytes = encode_message(m, base_, link_.max_message_bytes());
  stats_.bytes_sent += bytes.size();
  return bytes;
}

void RankExchange::apply(const std::vector<std::string>& all) {
  ++stats_.rounds;
  const std::size_t n = static_cast<std::size_t>(verifier_.model().num_cols());
  const int self = link_.rank();
  // The next base: the best first solution of the round (lowest rank on a tie).
  int base_rank = -1;
  double base_value = kInf;
  std::vector<std::optional<RankMessage>> msgs(all.size());
  for (std::size_t r = 0; r < all.size(); ++r) {
    msgs[r] = decode_message(all[r], base_, n);
    if (!msgs[r]) {
      ++stats_.rejected;
      log_.warning("rank exchange: the message of rank %zu is malformed; it is ignored", r);
      continue;
    }
    if (!msgs[r]->solutions.empty() && msgs[r]->solutions.front().min_objective < base_value) {
      base_value = msgs[r]->solutions.front().min_objective;
      base_rank = static_cast<int>(r);
    }
  }
  for (std::size_t r = 0; r < all.size(); ++r) {
    if (static_cast<int>(r) == self) {
      if (msgs[r]) stats_.sent += msgs[r]->solutions.size();
      continue;
    }
    if (!msgs[r]) continue;
    RankMessage& m = *msgs[r];
    if (!std::isnan(m.bound)) bound_.improve(m.bound);
    for (SharedSolution& s : m.solutions) {
      ++stats_.received;
      std::string why;
      std::optional<VerifiedSolution> v = verifier_.verify_original(s.x, &why);
      if (!v) {
        ++stats_.rejected;
        log_.warning("rank exchange: a solution of rank %zu fails the check on this rank; it is dropped:\n%s", r,
                     why.c_str());
        continue;
      }
      const Admission a = pool_.offer(std::move(*v), kRemoteWorker, "r" + std::to_string(r) + ":" + s.source);
      if (a == Admission::kNewBest) ++stats_.improved;
    }
  }
  if (base_rank >= 0) base_ = std::move(msgs[static_cast<std::size_t>(base_rank)]->solutions.front().x);
  const RoundEnd end = round_end(all);
  if (end.stop >= 0) stop_code_.store(end.stop);
  if (end.over) over_.store(true);
}

void end_rounds(RankLink& link, int stop) {
  RankMessage m;
  m.done = true;
  m.stop = stop;
  const std::string mine = encode_message(m, {}, link.max_message_bytes());
  std::vector<std::string> all;
  do {
    link.post(mine);
    link.wait(all);
  } while (!round_end(all).over);
}

bool RankExchange::round(bool done, int stop) {
  link_.post(outgoing(done, stop));
  std::vector<std::string> all;
  link_.wait(all);
  apply(all);
  return over();
}

void RankExchange::run(const std::function<bool()>& done, const std::function<int()>& stop,
                       const std::function<double()>& clock, double period) {
  using namespace std::chrono_literals;
  double last = -kInf;
  std::vector<std::string> all;
  while (!over()) {
    bool d = done();
    int s = stop();
    while (!d && s < 0 && clock() - last < period) {
      std::this_thread::sleep_for(5ms);
      d = done();
      s = stop();
    }
    link_.post(outgoing(d, s));
    last = clock();
    while (!link_.poll(all)) std::this_thread::sleep_for(1ms);
    apply(all);
  }
}

}  // namespace lsmip::portfolio
