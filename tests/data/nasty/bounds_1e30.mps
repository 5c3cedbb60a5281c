NAME          BOUNDS1E30
* 1e30 and 1e20 bounds mean infinity; x is free above, y free below.
ROWS
 N  obj
 G  c1
 L  c2
COLUMNS
    x         obj       1        c1        1
    y         obj       -1       c2        1
    y         c1        1
RHS
    rhs       c1        3        c2        5
BOUNDS
 UP bnd       x         1e30
 LO bnd       y         -1e20
 UP bnd       y         1e20
ENDATA
