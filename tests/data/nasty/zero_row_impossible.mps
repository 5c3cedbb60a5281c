NAME          ZEROROW
* Row r has only zero coefficients and needs 0 >= 1: infeasible.
ROWS
 N  obj
 G  r
 L  c
COLUMNS
    x         obj       1        r         0
    x         c         1
RHS
    rhs       r         1        c         5
ENDATA
