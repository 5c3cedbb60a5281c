// A model as one byte string, so that rank 0 can send it to the other ranks in one message.
// Plain memory copies of the arrays: sender and receivers are the same build on machines of
// the same byte order (an MPI launch of one lsmip binary).
#pragma once

#include <string>

#include "lsmip/lsmip.hpp"

namespace lsmip::mpi {

std::string pack_model(const ModelData& data);
// False when `bytes` is not a packed model (truncated or corrupt).
bool unpack_model(const std::string& bytes, ModelData& out);

}  // namespace lsmip::mpi
