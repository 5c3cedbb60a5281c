NAME          NOROWS
* No constraints: min x - 2y with x in [1, 4], y integer in [-3, 6]: optimum 1 - 12 = -11.
ROWS
 N  obj
COLUMNS
    x         obj       1
    MARKER    'MARKER'  'INTORG'
    y         obj       -2
    MARKER    'MARKER'  'INTEND'
BOUNDS
 LO bnd       x         1
 UP bnd       x         4
 LO bnd       y         -3
 UP bnd       y         6
ENDATA
