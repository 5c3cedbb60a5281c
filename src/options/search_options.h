// Search entries of the options table (see options/options.h for the fields).
#pragma once

// clang-format off
#define LSMIP_SEARCH_OPTIONS(X)                                                                   \
  X(ls_tabu_base, std::int64_t, 3, 0, 1000000, "", "search",                                      \
    "Tabu tenure after moving a variable: this many steps plus a random part")
// clang-format on
