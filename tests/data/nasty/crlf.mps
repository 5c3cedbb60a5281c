NAME          CRLF
ROWS
 N  obj
 G  c
COLUMNS
    x         obj       1        c         1
RHS
    rhs       c         2.5
ENDATA
