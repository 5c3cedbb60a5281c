NAME          TINY
ROWS
 N  cost
 L  cap
 G  need
COLUMNS
    MARKER    MARKER    INTORG
    x         cost      -3   cap       2
    x         need      1
    y         cost      -2   cap       1
    MARKER    MARKER    INTEND
    z         cost      1    need      1
RHS
    rhs       cap       7    need      1
BOUNDS
 UP bnd       x         3
 UP bnd       y         4
 UP bnd       z         2.5
ENDATA
