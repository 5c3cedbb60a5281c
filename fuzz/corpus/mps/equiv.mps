* The same problem as equiv.lp, for the MPS/LP equivalence test.
NAME          equiv
OBJSENSE
    MAX
ROWS
 N  obj
 L  lim1
 G  lim2
 E  eq
 L  rng
COLUMNS
    a         obj       2              lim1      1
    a         lim2      2              rng       1
    b         obj       3              lim1      1
    b         eq        1              rng       -1
    c         obj       -1             lim1      1
    c         rng       1
    MARKER                 'MARKER'                 'INTORG'
    d         obj       4              lim2      -1
    e         obj       1.5            eq        1
    MARKER                 'MARKER'                 'INTEND'
    f         lim1      0.5
RHS
    RHS       obj       -10            lim1      10
    RHS       lim2      -4             eq        3
    RHS       rng       6
RANGES
    RNG       rng       8
BOUNDS
 UP BND       a         4
 MI BND       b
 UP BND       b         5
 FR BND       c
 BV BND       d
 LO BND       e         1
 UP BND       e         9
ENDATA
