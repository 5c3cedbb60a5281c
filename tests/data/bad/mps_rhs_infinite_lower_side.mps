NAME T
ROWS
 N obj
 G c
COLUMNS
 x obj 1 c 1
RHS
 rhs c 1e30
ENDATA
