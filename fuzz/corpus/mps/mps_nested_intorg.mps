NAME          BASE
ROWS
 N  obj
 L  c1
 G  c2
COLUMNS
    x         obj       1          c1        1
    x         c2        1
    MARKER                 'MARKER'                 'INTORG'
    y         obj       2          c1        1
    MARKER                 'MARKER'                 'INTORG'
    MARKER                 'MARKER'                 'INTEND'
RHS
    rhs       c1        4          c2        1
BOUNDS
 UP bnd       x         3
ENDATA
