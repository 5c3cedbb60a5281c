// Writer for free-format MPS, the format every MIP solver reads, so that a model built in
// code (the C++, C or Python API) can be handed to another solver. Written in the
// conventions the reader (mps_reader.h) and docs/formats.md use:
//  * the objective is the N row "obj"; a constant term is its RHS, written as -offset;
//  * a maximisation model gets "OBJSENSE" and "    MAX" on the next line;
//  * a row with two finite sides is an E row (equal sides) or a G row with a RANGES entry;
//    a row with no finite side is an extra N row (a free row);
//  * integer columns sit between MARKER INTORG/INTEND lines and always carry their
//    bounds, so that no reader's "integer = binary" default applies;
//  * numbers are written in the shortest form that reads back to the same double.
#pragma once

#include <string>

#include "model/model.h"
#include "util/status.h"

namespace lsmip::io {

// The model as free MPS text. Errors (kUnsupported): a column or row name that is empty
// or contains whitespace, which free MPS cannot carry.
Result<std::string> format_mps(const Model& model);

}  // namespace lsmip::io
