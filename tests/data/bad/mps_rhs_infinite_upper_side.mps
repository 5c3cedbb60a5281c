NAME T
ROWS
 N obj
 E c
 L d
COLUMNS
 x obj 1 c 1
 x d 1
RHS
 rhs d 3
 rhs c -1e30
ENDATA
