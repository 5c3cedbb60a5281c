NAME T
ROWS
 N obj
 L c
COLUMNS
 x obj 1 c[31mred 1
ENDATA
