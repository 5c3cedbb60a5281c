// lsmip::Ranks: the MPI launch. The only file that includes mpi.h; without LSMIP_HAVE_MPI
// (a build with LSMIP_WITH_MPI=OFF) a process is always one rank.
//
// MPI is called by one thread at a time (MPI_THREAD_SERIALIZED): the thread that made the
// Ranks object (the application's main thread) outside Solver::solve(), and during a
// solve() the exchange's rounds only (a thread of their own, or the portfolio's batch
// completion in the deterministic mode), on a communicator of their own.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <string>
#include <vector>

#include "api/solver_impl.h"
#include "lsmip/lsmip.hpp"
#include "mpi/model_packing.h"
#include "portfolio/rank_link.h"
#include "solver/solve_report.h"

#if LSMIP_HAVE_MPI
#include <mpi.h>
#endif

namespace lsmip {
namespace {

// An MPI launcher started this process (Open MPI, PMIx and MPICH/Hydra set these).
bool launched_by_mpi() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE"}) {
    if (std::getenv(name) != nullptr) return true;
  }
  return false;
}

#if LSMIP_HAVE_MPI
// Rank order of the candidates: with a solution first, then by objective (sense: +1
// minimise), then by rank, so that the choice depends only on the values.
std::vector<int> candidates(const std::vector<double>& has, const std::vector<double>& obj, int sense) {
  std::vector<int> order;
  for (int r = 0; r < static_cast<int>(has.size()); ++r) {
    if (has[r] != 0) order.push_back(r);
  }
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return sense * obj[a] < sense * obj[b]; });
  return order;
}

constexpr int kTagSolution = 1;

// The offsets of messages of these sizes laid end to end, for MPI's *v collectives; returns
// their total size.
int offsets(const std::vector<int>& sizes, std::vector<int>& displs) {
  displs.assign(sizes.size(), 0);
  int total = 0;
  for (std::size_t r = 0; r < sizes.size(); ++r) {
    displs[r] = total;
    total += sizes[r];
  }
  return total;
}

// Every rank's `mine` at rank 0, in rank order (`all` is left empty elsewhere).
void gather_reports(int rank, int size, const std::string& mine, std::vector<std::string>& all) {
  const int n = static_cast<int>(std::min<std::size_t>(mine.size(), 1 << 24));
  std::vector<int> sizes(rank == 0 ? static_cast<std::size_t>(size) : 0), displs;
  MPI_Gather(&n, 1, MPI_INT, sizes.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  const int total = offsets(sizes, displs);
  std::vector<char> buffer(static_cast<std::size_t>(total));
  MPI_Gatherv(mine.data(), n, MPI_CHAR, buffer.data(), sizes.data(), displs.data(), MPI_CHAR, 0, MPI_COMM_WORLD);
  all.clear();
  for (std::size_t r = 0; r < sizes.size(); ++r) all.emplace_back(buffer.data() + displs[r], static_cast<std::size_t>(sizes[r]));
}
constexpr std::int64_t kChunk = 1 << 30;

void bcast_bytes(std::string& bytes) {
  for (std::int64_t at = 0; at < static_cast<std::int64_t>(bytes.size()); at += kChunk) {
    const int n = static_cast<int>(std::min<std::int64_t>(kChunk, static_cast<std::int64_t>(bytes.size()) - at));
    MPI_Bcast(bytes.data() + at, n, MPI_BYTE, 0, MPI_COMM_WORLD);
  }
}
#endif

}  // namespace

// The rounds of the exchange over MPI: the sizes of the messages (MPI_Iallgather), then the
// messages (MPI_Iallgatherv), on a duplicate of MPI_COMM_WORLD so that the rounds never
// meet the collectives of share_model() and collect_best().
class Ranks::Link final : public portfolio::RankLink {
 public:
#if LSMIP_HAVE_MPI
  Link(int rank, int size) : rank_(rank), size_(size) { MPI_Comm_dup(MPI_COMM_WORLD, &comm_); }
  ~Link() override { MPI_Comm_free(&comm_); }
#else
  Link(int rank, int size) : rank_(rank), size_(size) {}
#endif
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  // MPI counts are ints: all messages of a round together stay below 2^31 bytes.
  std::size_t max_message_bytes() const override {
    return std::max<std::size_t>(64, (std::size_t{1} << 30) / static_cast<std::size_t>(size_));
  }
  void post(std::string mine) override {
    mine_ = std::move(mine);
#if LSMIP_HAVE_MPI
    my_size_ = static_cast<int>(mine_.size());
    sizes_.assign(static_cast<std::size_t>(size_), 0);
    MPI_Iallgather(&my_size_, 1, MPI_INT, sizes_.data(), 1, MPI_INT, comm_, &request_);
    stage_ = 1;
#endif
  }
  bool poll(std::vector<std::string>& all) override {
#if LSMIP_HAVE_MPI
    int flag = 0;
    MPI_Test(&request_, &flag, MPI_STATUS_IGNORE);
    if (!flag) return false;
    if (stage_ == 1) {
      gather_messages();
      return poll(all);
    }
    split(all);
    return true;
#else
    all = {mine_};
    return true;
#endif
  }
  void wait(std::vector<std::string>& all) override {
#if LSMIP_HAVE_MPI
    MPI_Wait(&request_, MPI_STATUS_IGNORE);
    if (stage_ == 1) {
      gather_messages();
      MPI_Wait(&request_, MPI_STATUS_IGNORE);
    }
    split(all);
#else
    all = {mine_};
#endif
  }

 private:
#if LSMIP_HAVE_MPI
  void gather_messages() {
    const int total = offsets(sizes_, displs_);
    buffer_.resize(static_cast<std::size_t>(total));
    MPI_Iallgatherv(mine_.data(), my_size_, MPI_BYTE, buffer_.data(), sizes_.data(), displs_.data(), MPI_BYTE,
                    comm_, &request_);
    stage_ = 2;
  }
  void split(std::vector<std::string>& all) {
    all.resize(static_cast<std::size_t>(size_));
    for (int r = 0; r < size_; ++r) {
      all[static_cast<std::size_t>(r)].assign(buffer_.data() + displs_[static_cast<std::size_t>(r)],
                                              static_cast<std::size_t>(sizes_[static_cast<std::size_t>(r)]));
    }
    stage_ = 0;
  }
  MPI_Comm comm_ = MPI_COMM_NULL;
  MPI_Request request_ = MPI_REQUEST_NULL;
  int stage_ = 0, my_size_ = 0;
  std::vector<int> sizes_, displs_;
  std::vector<char> buffer_;
#endif
  int rank_, size_;
  std::string mine_;
};

Ranks::Ranks() {
#if LSMIP_HAVE_MPI
  if (!launched_by_mpi()) return;
  int provided = 0;
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) return;
  mpi_ = true;
  serialized_ = provided >= MPI_THREAD_SERIALIZED;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
#else
  (void)launched_by_mpi;
#endif
}

Ranks::~Ranks() { finish(); }

void Ranks::finish() {
#if LSMIP_HAVE_MPI
  link_.reset();
  if (mpi_ && !finished_) MPI_Finalize();
#endif
  finished_ = true;
}

Error Ranks::join(Solver& solver) {
  if (!mpi_ || size_ == 1) return {};
  if (!serialized_) {
    return {ErrorCode::kInternal, "the MPI library does not allow calls from more than one thread "
                                  "(MPI_THREAD_SERIALIZED): the ranks cannot share during the run"};
  }
  if (!link_) link_ = std::make_unique<Link>(rank_, size_);
  solver.impl_->set_rank_link(link_.get());
  return {};
}

void Ranks::abort(int code) {
#if LSMIP_HAVE_MPI
  if (mpi_ && !finished_) MPI_Abort(MPI_COMM_WORLD, code);
#endif
  std::_Exit(code);
}

Error Ranks::share_model(Solver& solver, const std::string& path) {
  if (!mpi_ || size_ == 1) return solver.read_model(path);
#if LSMIP_HAVE_MPI
  std::string bytes;
  std::int64_t size = -1;
  Error e;
  ModelData data;
  if (rank_ == 0) {
    e = solver.read_model(path);
    if (e.ok()) e = solver.get_model(data);
    if (e.ok()) {
      bytes = mpi::pack_model(data);
      size = static_cast<std::int64_t>(bytes.size());
    }
  }
  MPI_Bcast(&size, 1, MPI_INT64_T, 0, MPI_COMM_WORLD);
  if (size < 0) return rank_ == 0 ? e : Error(ErrorCode::kIo, "rank 0 could not read the model");
  if (rank_ != 0) bytes.resize(static_cast<std::size_t>(size));
  bcast_bytes(bytes);
  if (rank_ != 0) {
    if (!mpi::unpack_model(bytes, data)) return {ErrorCode::kInternal, "the model from rank 0 is corrupt"};
    if (e = solver.set_model(data); !e.ok()) return e;
  }
  sense_ = data.sense == Sense::kMaximize ? -1 : 1;
  return {};
#else
  return {ErrorCode::kInternal, "built without MPI"};
#endif
}

Error Ranks::collect_best(const Solver& solver, RankBest& out) {
  const SolveResult& res = solver.result();
  out = RankBest{};
  const std::string report = solver::rank_report_json(rank_, solver.impl_->run());
  if (!mpi_ || size_ == 1) {
    out.reports = {report};
    out.objectives = {res.has_solution ? res.objective : std::nan("")};
    if (res.has_solution) {
      out.has_solution = true;
      out.rank = 0;
      out.x = res.x;
      out.objective = res.objective;
    }
    return {};
  }
#if LSMIP_HAVE_MPI
  gather_reports(rank_, size_, report, out.reports);
  double mine[2] = {res.has_solution ? 1.0 : 0.0, res.has_solution ? res.objective : 0.0};
  std::vector<double> all(rank_ == 0 ? 2 * static_cast<std::size_t>(size_) : 0);
  MPI_Gather(mine, 2, MPI_DOUBLE, all.data(), 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  const int n = solver.num_cols();
  if (rank_ != 0) {
    // Rank 0 names the ranks whose solution it wants, one at a time, and -1 at the end.
    for (;;) {
      int want = -1;
      MPI_Bcast(&want, 1, MPI_INT, 0, MPI_COMM_WORLD);
      if (want < 0) break;
      if (want == rank_) MPI_Send(res.x.data(), n, MPI_DOUBLE, 0, kTagSolution, MPI_COMM_WORLD);
    }
    return {};
  }
  std::vector<double> has(size_), obj(size_);
  for (int r = 0; r < size_; ++r) {
    has[r] = all[2 * r];
    obj[r] = all[2 * r + 1];
    out.objectives.push_back(has[r] != 0 ? obj[r] : std::nan(""));
  }
  Error problem;
  for (int r : candidates(has, obj, sense_)) {
    if (r == 0) {  // rank 0's own: verified by its solve()
      out.x = res.x;
    } else {
      MPI_Bcast(&r, 1, MPI_INT, 0, MPI_COMM_WORLD);
      std::vector<double> x(static_cast<std::size_t>(n));
      MPI_Recv(x.data(), n, MPI_DOUBLE, r, kTagSolution, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      SolutionCheck check;
      if (Error e = solver.check_solution(x, obj[r], check); !e.ok() || !check.ok()) {
        problem = {ErrorCode::kInternal, "the solution of rank " + std::to_string(r) +
                                             " failed verification on rank 0: " + (e.ok() ? check.text : e.message())};
        continue;
      }
      out.x = std::move(x);
    }
    out.has_solution = true;
    out.rank = r;
    out.objective = obj[r];
    break;
  }
  int done = -1;
  MPI_Bcast(&done, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return problem;
#else
  return {ErrorCode::kInternal, "built without MPI"};
#endif
}

}  // namespace lsmip
