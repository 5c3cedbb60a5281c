// Tests of the ranks' sharing (portfolio/rank_exchange.h) without MPI: the message codec,
// and several solver::Solver runs in threads of one process joined by an in-process link,
// as MPI ranks are by Ranks::join. The MPI transport itself is tested by tests/mpi.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "check/solution_checker.h"
#include "portfolio/rank_link.h"
#include "portfolio/rank_message.h"
#include "solver/solver.h"
#include "test_util.h"

namespace lsmip::portfolio {
namespace {

TEST(RankMessage, RoundTripsDenseAndSparseSolutions) {
  std::vector<double> base(1000, 0.0), x = base, y(1000, 1.5);
  x[3] = 1;
  x[999] = -2.25;
  RankMessage m;
  m.done = true;
  m.stop = 4;
  m.bound = -12.5;
  m.solutions = {{7.0, "ls#0 tight", x}, {9.0, "lns rins", y}};
  const std::string bytes = encode_message(m, base, 1 << 20);
  // x differs from the base in two places: sent as two deltas, not 1,000 values.
  EXPECT_LT(bytes.size(), 60u + 8u * 1000u + 100u);
  const std::optional<RankMessage> d = decode_message(bytes, base, 1000);
  ASSERT_TRUE(d);
  EXPECT_TRUE(d->done);
  EXPECT_EQ(d->stop, 4);
  EXPECT_EQ(d->bound, -12.5);
  ASSERT_EQ(d->solutions.size(), 2u);
  EXPECT_EQ(d->solutions[0].x, x);
  EXPECT_EQ(d->solutions[0].source, "ls#0 tight");
  EXPECT_EQ(d->solutions[0].min_objective, 7.0);
  EXPECT_EQ(d->solutions[1].x, y);
  // Without a base everything is dense, and the message says no stop.
  m.stop = -1;
  const std::string dense = encode_message(m, {}, 1 << 20);
  EXPECT_GT(dense.size(), 2u * 8u * 1000u);
  const std::optional<RankMessage> e = decode_message(dense, {}, 1000);
  ASSERT_TRUE(e);
  EXPECT_EQ(e->stop, -1);
  EXPECT_EQ(e->solutions[0].x, x);
}

TEST(RankMessage, RefusesMalformedBytesAndKeepsWithinTheSizeLimit) {
  std::vector<double> base(50, 0.0), x(50, 1.0);
  x[7] = 0;
  RankMessage m;
  m.solutions = {{1.0, "a", x}, {2.0, "b", x}};
  const std::string bytes = encode_message(m, base, 1 << 20);
  ASSERT_TRUE(decode_message(bytes, base, 50));
  for (std::size_t len = 0; len < bytes.size(); ++len) {
    EXPECT_FALSE(decode_message(std::string_view(bytes).substr(0, len), base, 50)) << len;
  }
  EXPECT_FALSE(decode_message(bytes + "x", base, 50));   // trailing bytes
  EXPECT_FALSE(decode_message(bytes, base, 51));         // another model's size
  std::string bad = bytes;
  bad[0] = 'X';
  EXPECT_FALSE(decode_message(bad, base, 50));
  // A sparse message cannot be read without its base.
  std::vector<double> near = base;
  near[1] = 1;
  m.solutions = {{1.0, "a", near}};
  const std::string sparse = encode_message(m, base, 1 << 20);
  EXPECT_FALSE(decode_message(sparse, {}, 50));
  // A limit that leaves room for the header only drops the solutions, the last first.
  m.solutions = {{1.0, "a", x}, {2.0, "b", x}};
  const std::optional<RankMessage> header = decode_message(encode_message(m, {}, 32), {}, 50);
  ASSERT_TRUE(header);
  EXPECT_TRUE(header->solutions.empty());
  const std::optional<RankMessage> one = decode_message(encode_message(m, {}, 32 + 8 * 50 + 20), {}, 50);
  ASSERT_TRUE(one);
  ASSERT_EQ(one->solutions.size(), 1u);
  EXPECT_EQ(one->solutions[0].source, "a");
}

// Ranks as threads: the messages of round k of every rank meet in the hub.
class Hub {
 public:
  explicit Hub(int size) : size_(size) {}
  void post(int rank, std::uint64_t round, std::string m) {
    std::lock_guard<std::mutex> lock(mu_);
    Round& r = rounds_[round];
    r.msgs.resize(static_cast<std::size_t>(size_));
    r.msgs[static_cast<std::size_t>(rank)] = std::move(m);
    if (++r.posted == size_) cv_.notify_all();
  }
  bool take(std::uint64_t round, bool block, std::vector<std::string>& all) {
    std::unique_lock<std::mutex> lock(mu_);
    auto complete = [&] { return rounds_[round].posted == size_; };
    if (block) {
      cv_.wait(lock, complete);
    } else if (!complete()) {
      return false;
    }
    Round& r = rounds_[round];
    all = r.msgs;
    if (++r.taken == size_) rounds_.erase(round);
    return true;
  }

 private:
  struct Round {
    std::vector<std::string> msgs;
    int posted = 0, taken = 0;
  };
  const int size_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::map<std::uint64_t, Round> rounds_;
};

class HubLink final : public RankLink {
 public:
  HubLink(Hub& hub, int rank, int size) : hub_(hub), rank_(rank), size_(size) {}
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  std::size_t max_message_bytes() const override { return 1 << 24; }
  void post(std::string mine) override { hub_.post(rank_, round_, std::move(mine)); }
  bool poll(std::vector<std::string>& all) override {
    if (!hub_.take(round_, false, all)) return false;
    ++round_;
    return true;
  }
  void wait(std::vector<std::string>& all) override {
    hub_.take(round_, true, all);
    ++round_;
  }

 private:
  Hub& hub_;
  const int rank_, size_;
  std::uint64_t round_ = 0;
};

// Runs one solve per rank, each on its own thread with its own copy of the model (as MPI
// ranks have), joined by a hub. `options[r]` are rank r's.
std::vector<solver::SolveResult> run_ranks(const std::string& model, const std::vector<Options>& options,
                                           bool real_clock = false) {
  const int n = static_cast<int>(options.size());
  Hub hub(n);
  std::vector<solver::SolveResult> results(options.size());
  std::vector<std::thread> threads;
  const auto start = std::chrono::steady_clock::now();
  for (int r = 0; r < n; ++r) {
    threads.emplace_back([&, r] {
      const Model m = testing::read_model(model);
      HubLink link(hub, r, n);
      Logger quiet(LogLevel::kQuiet);
      solver::Solver s(m, options[static_cast<std::size_t>(r)], quiet);
      solver::SolveControl c;
      if (real_clock) {
        c.clock = [start] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
      } else {
        c.clock = [] { return 0.0; };
      }
      c.ranks = &link;
      results[static_cast<std::size_t>(r)] = s.solve(c);
    });
  }
  for (std::thread& t : threads) t.join();
  return results;
}

Options local_search(double work_limit) {
  Options o;
  o.lp = o.exact = o.lns = false;
  o.deterministic = true;
  o.work_limit = work_limit;
  o.rank_sync_batches = 2;
  return o;
}

// Local searches only, opportunistic, with a long time limit and frequent rounds.
Options opportunistic_local_search() {
  Options o;
  o.lp = o.exact = o.lns = false;
  o.time_limit = 60;
  o.rank_sync_seconds = 0.05;
  return o;
}

void expect_verified(const std::string& model, const solver::SolveResult& r) {
  ASSERT_TRUE(r.has_solution);
  const Model m = testing::read_model(model);
  const check::CheckReport c = check::check_solution(m, r.x, 1e-6, 1e-6, r.objective);
  EXPECT_TRUE(c.ok()) << c.describe(m);
}

// Deterministic ranks: solutions travel between them, every rank's result is verified, and
// a second launch gives every rank the same solution.
TEST(RankExchange, DeterministicRanksShareAndRepeatExactly) {
  const std::string model = "models/small/misc07.mps.gz";
  const std::vector<Options> opts(3, local_search(1.5e7));
  const std::vector<solver::SolveResult> a = run_ranks(model, opts);
  const std::vector<solver::SolveResult> b = run_ranks(model, opts);
  bool remote_best = false;
  for (std::size_t r = 0; r < a.size(); ++r) {
    expect_verified(model, a[r]);
    ASSERT_TRUE(a[r].exchanged);
    EXPECT_EQ(a[r].ranks, 3);
    EXPECT_GT(a[r].exchange.rounds, 0u);
    EXPECT_EQ(a[r].exchange.rounds, a[0].exchange.rounds) << "every rank takes part in every round";
    EXPECT_GT(a[r].exchange.received, 0u);
    EXPECT_EQ(a[r].exchange.rejected, 0u);
    EXPECT_EQ(a[r].stop_reason, solver::StopReason::kWorkLimit);
    for (const solver::TracePoint& t : a[r].trace) remote_best = remote_best || t.source.rfind("r", 0) == 0;
    EXPECT_EQ(a[r].x, b[r].x) << "rank " << r;
    EXPECT_EQ(a[r].objective, b[r].objective);
    EXPECT_EQ(a[r].exchange.sent, b[r].exchange.sent);
  }
  EXPECT_TRUE(remote_best) << "some rank's best came from another rank";
  // Rank r's search runs the r-th configuration of the cycle: rank 0 the options as given.
  EXPECT_EQ(a[0].workers[0].config, "");
  EXPECT_NE(a[1].workers[0].config.find("--seed="), std::string::npos);
  EXPECT_NE(a[1].workers[0].config, a[2].workers[0].config);
}

// A rank whose work ends first keeps taking part in the rounds until every rank is done.
TEST(RankExchange, RanksWithDifferentWorkLimitsEndTogether) {
  const std::string model = "models/small/p0201.mps.gz";
  std::vector<Options> opts = {local_search(2e6), local_search(1e7)};
  const std::vector<solver::SolveResult> r = run_ranks(model, opts);
  ASSERT_EQ(r.size(), 2u);
  expect_verified(model, r[0]);
  expect_verified(model, r[1]);
  EXPECT_EQ(r[0].exchange.rounds, r[1].exchange.rounds);
  EXPECT_LE(r[0].work, 2e6 + 1e6);
  EXPECT_GE(r[1].work, 1e7);
}

// Opportunistic ranks end together when one rank meets its goal: here rank 2's objective
// target, which any solution of this minimisation meets.
TEST(RankExchange, OneRanksGoalEndsEveryRanksRun) {
  const std::string model = "models/small/misc07.mps.gz";
  std::vector<Options> opts(3, opportunistic_local_search());
  opts[2].objective_target = 1e9;
  const auto start = std::chrono::steady_clock::now();
  const std::vector<solver::SolveResult> r = run_ranks(model, opts, true);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 20.0);
  EXPECT_EQ(r[2].stop_reason, solver::StopReason::kObjectiveTarget);
  for (std::size_t k = 0; k < 2; ++k) {
    EXPECT_EQ(r[k].stop_reason, solver::StopReason::kObjectiveTarget) << "rank " << k;
    EXPECT_LT(r[k].seconds, 20.0);
    EXPECT_EQ(r[k].exchange.rounds, r[2].exchange.rounds);
  }
}

// A rank whose run ends before its portfolio starts (here its time limit is up at once,
// during presolve) still takes part in the rounds, and its stop ends the others' runs.
TEST(RankExchange, ARankThatEndsBeforeItsPortfolioStillEndsTheOthers) {
  const std::string model = "models/small/misc07.mps.gz";
  std::vector<Options> opts(2, opportunistic_local_search());
  opts[1].time_limit = 0;
  const std::vector<solver::SolveResult> r = run_ranks(model, opts, true);
  EXPECT_FALSE(r[1].exchanged);
  EXPECT_EQ(r[1].stop_reason, solver::StopReason::kTimeLimit);
  EXPECT_LT(r[0].seconds, 20.0);
  EXPECT_EQ(r[0].stop_reason, solver::StopReason::kTimeLimit);
}

}  // namespace
}  // namespace lsmip::portfolio
