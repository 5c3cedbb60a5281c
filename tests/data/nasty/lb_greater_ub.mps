NAME          LBGTUB
ROWS
 N  obj
 L  c
COLUMNS
    x         obj       1        c         1
RHS
    rhs       c         10
BOUNDS
 LO bnd       x         5
 UP bnd       x         2
ENDATA
