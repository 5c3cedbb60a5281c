NAME          BASE
ROWS
 N  obj
 L  c1
 G  c2
COLUMNS
    x         obj       1          c1        1
    x         c2        1
    y         obj       2          c1        1
RHS
    rhs       c1        4          c2        1
RANGES
    rng       c1        nan
BOUNDS
 UP bnd       x         3
ENDATA
