// lsmip::Ranks: the MPI launch. The only file that includes mpi.h; without LSMIP_HAVE_MPI
// (a build with LSMIP_WITH_MPI=OFF) a process is always one rank.
//
// MPI is called only from the thread that made the Ranks object (the application's main
// thread, which also runs Solver::solve() and its result callback): MPI_THREAD_FUNNELED.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <string>
#include <vector>

#include "lsmip/lsmip.hpp"
#include "mpi/model_packing.h"

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
constexpr std::int64_t kChunk = 1 << 30;

void bcast_bytes(std::string& bytes) {
  for (std::int64_t at = 0; at < static_cast<std::int64_t>(bytes.size()); at += kChunk) {
    const int n = static_cast<int>(std::min<std::int64_t>(kChunk, static_cast<std::int64_t>(bytes.size()) - at));
    MPI_Bcast(bytes.data() + at, n, MPI_BYTE, 0, MPI_COMM_WORLD);
  }
}
#endif

}  // namespace

Ranks::Ranks() {
#if LSMIP_HAVE_MPI
  if (!launched_by_mpi()) return;
  int provided = 0;
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) return;
  mpi_ = true;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
#else
  (void)launched_by_mpi;
#endif
}

Ranks::~Ranks() {
#if LSMIP_HAVE_MPI
  if (mpi_) MPI_Finalize();
#endif
}

void Ranks::abort(int code) {
#if LSMIP_HAVE_MPI
  if (mpi_) MPI_Abort(MPI_COMM_WORLD, code);
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
  if (!mpi_ || size_ == 1) {
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
