NAME          NOVARS
ROWS
 N  obj
COLUMNS
RHS
    rhs       obj       -5
ENDATA
