NAME          EMPTY
* An empty row (free side) and an empty column z with positive cost.
ROWS
 N  obj
 L  used
 L  empty
COLUMNS
    x         obj       -1       used      1
    z         obj       2
RHS
    rhs       used      4        empty     1
BOUNDS
 UP bnd       x         10
 UP bnd       z         3
ENDATA
