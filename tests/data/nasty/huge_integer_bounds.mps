NAME          HUGEINT
* Integer bounds beyond 1e9: x in [-3e9, 5e9] integer, min -x s.t. x <= 4000000000.5
ROWS
 N  obj
 L  c1
COLUMNS
    MARKER    'MARKER'  'INTORG'
    x         obj       -1       c1        1
    MARKER    'MARKER'  'INTEND'
RHS
    rhs       c1        4000000000.5
BOUNDS
 LO bnd       x         -3e9
 UP bnd       x         5e9
ENDATA
