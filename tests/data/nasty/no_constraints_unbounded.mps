NAME          UNBOUNDED
* No constraints, min -x with x >= 0 unbounded above.
ROWS
 N  obj
COLUMNS
    x         obj       -1
ENDATA
