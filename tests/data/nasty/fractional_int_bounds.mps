NAME          FRACINT
* Integer x with bounds [0.5, 2.7]: feasible values 1, 2; max x -> 2.
OBJSENSE
    MAX
ROWS
 N  obj
 L  c
COLUMNS
    MARKER    'MARKER'  'INTORG'
    x         obj       1        c         1
    MARKER    'MARKER'  'INTEND'
RHS
    rhs       c         100
BOUNDS
 LO bnd       x         0.5
 UP bnd       x         2.7
ENDATA
