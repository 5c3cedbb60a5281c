NAME          ODDNAMES
ROWS
 N  obj
 G  cover
COLUMNS
    MARKER    'MARKER'                 'INTORG'
    x 1       obj       1              cover     1
    #y        obj       2              cover     1
    =obj=     obj       3              cover     1
    MARKER    'MARKER'                 'INTEND'
RHS
    rhs       cover     1
BOUNDS
 UP bnd       x 1       1
 UP bnd       #y        1
 UP bnd       =obj=     1
ENDATA
