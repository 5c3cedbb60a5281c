// Presolve entries of the options table (see options/options.h for the fields).
#pragma once

// clang-format off
#define LSMIP_PRESOLVE_OPTIONS(X)                                                                 \
  X(presolve, bool, true, 0, 0, "", "presolve",                                                   \
    "Run the light presolve (singleton rows, fixed columns, empty rows, bound propagation)")
// clang-format on
