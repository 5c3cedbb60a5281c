// Writer for the CPLEX LP format, in the dialect the reader (lp_reader.h) reads, so that a
// model built in code can be handed to solvers that prefer LP files, and read back by
// lsmip into the same arrays. Conventions:
//  * "minimize" or "maximize", then the objective "obj: ..." listing every column in
//    index order (a zero cost too), so that a reader that numbers columns by first
//    appearance gets lsmip's order; the constant term is a number among the terms;
//  * every term is "+ a name" or "- a name" (coefficient, blank, name), so no line of an
//    expression starts with a name and "3e1x"-like spellings never occur;
//  * rows "name: expr <= u", ">= l", "= v", a row with two finite sides as "name: l <= expr
//    <= u" (the reader's double-sided form), a free row as "name: expr >= -inf"; a row
//    with no entry carries the first column with coefficient 0;
//  * bounds other than the default [0, +inf) as "l <= x <= u" or "l <= x" (a number first,
//    so no bound line starts with a name); integer columns always carry their bounds and
//    are listed in "generals", each line led by a name that is not a section keyword;
//  * numbers in the shortest form that reads back to the same double; lines are broken
//    after about 200 characters (CPLEX reads lines up to 560).
#pragma once

#include <string>

#include "model/model.h"
#include "util/status.h"

namespace lsmip::io {

// The model as CPLEX LP text. Errors (kUnsupported): a column or row name the LP format
// cannot carry (empty; a first character that is a digit or '.'; a character outside
// letters, digits and !"#$%&()/,.;?@_`'{}|~; inf, infinity or nan), or integer columns
// that are all named like a section keyword (no name can lead their "generals" line).
Result<std::string> format_lp(const Model& model);

}  // namespace lsmip::io
