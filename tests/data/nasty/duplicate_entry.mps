NAME          DUPENTRY
ROWS
 N  obj
 L  c
COLUMNS
    x         obj       1        c         1
    x         c         2
RHS
    rhs       c         4
ENDATA
