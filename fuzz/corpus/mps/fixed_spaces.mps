NAME          FIXED
ROWS
 N  COST
 L  LIM 1
 G  LIM 2
 E  EQ 3
COLUMNS
    X ONE     COST      1.0            LIM 1     1.0
    X ONE     LIM 2     1.0
    MARKER    'MARKER'                 'INTORG'
    Y TWO     COST      2.0            LIM 1     1.0
    Y TWO     EQ 3      -1.5D0
    MARKER    'MARKER'                 'INTEND'
    Z         COST      -3e-2          EQ 3      2
RHS
    RHS       LIM 1     4.0            LIM 2     1.0
    RHS       COST      -7
    RHS       EQ 3      2
RANGES
    RNG       LIM 1     2.5            EQ 3      -1
    RNG       LIM 2     1e30
BOUNDS
 UP BND       Y TWO     3.0
 MI BND       Z
 UP BND       X ONE     -2
ENDATA
