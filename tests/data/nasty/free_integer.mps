NAME          FREEINT
* A free general integer: min x + y, x + y >= -7.5, 2x - y = 1 (x, y integer).
ROWS
 N  obj
 G  c1
 E  c2
COLUMNS
    MARKER    'MARKER'  'INTORG'
    x         obj       1        c1        1
    x         c2        2
    y         obj       1        c1        1
    y         c2        -1
    MARKER    'MARKER'  'INTEND'
RHS
    rhs       c1        -7.5     c2        1
BOUNDS
 FR bnd       x
 FR bnd       y
ENDATA
