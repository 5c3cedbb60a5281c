NAME          ODDNAMES
ROWS
 N  obj
 L  c[1]:{a}
COLUMNS
    x.y#1$%&     obj       -1       c[1]:{a}  1
    w~!@^*      obj       -1       c[1]:{a}  1
RHS
    rhs       c[1]:{a}  3
BOUNDS
 UP bnd       x.y#1$%&     2
 UP bnd       w~!@^*      2
ENDATA
