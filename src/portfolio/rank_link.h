// The transport between the portfolios of several processes (the ranks of an MPI launch,
// or, in the tests, threads of one process): an all-to-all exchange of one message per
// rank, in rounds. Every rank takes part in every round, in the same order; a round ends
// when every rank has contributed, and then each rank has every rank's message.
//
// A link is used by one thread at a time (the exchange's), never concurrently.
#pragma once

#include <string>
#include <vector>

namespace lsmip::portfolio {

class RankLink {
 public:
  virtual ~RankLink() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // The most bytes one rank's message may have in a round (the transport's limit).
  virtual std::size_t max_message_bytes() const = 0;
  // Starts the next round with this rank's message; the previous round must be complete.
  virtual void post(std::string mine) = 0;
  // Makes progress on the round in flight without blocking; true once it is complete, with
  // every rank's message in `all` (rank order, this rank's own included).
  virtual bool poll(std::vector<std::string>& all) = 0;
  // Blocks until the round in flight is complete.
  virtual void wait(std::vector<std::string>& all) = 0;
};

}  // namespace lsmip::portfolio
