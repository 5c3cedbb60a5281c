NAME          SCALES
* 1e15 and 1e-12 in one row: 1e15 x + 1e-12 y <= 2e15, min -x - y, x int in [0,3], y in [0,1].
ROWS
 N  obj
 L  c
COLUMNS
    MARKER    'MARKER'  'INTORG'
    x         obj       -1       c         1e15
    MARKER    'MARKER'  'INTEND'
    y         obj       -1       c         1e-12
RHS
    rhs       c         2e15
BOUNDS
 UP bnd       x         3
 UP bnd       y         1
ENDATA
