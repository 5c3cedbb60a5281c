NAME          stein9inf
ROWS
 N  OBJ     
 G  A1      
 G  A2      
 G  A3      
 G  A4      
 G  A5      
 G  A6      
 G  A7      
 G  A8      
 G  A9      
 G  A10     
 G  A11     
 G  A12     
 G  OB2     
 L  c14     
COLUMNS
    MARK0000  'MARKER'                 'INTORG'
    zz01      OBJ                  1   A2                   1
    zz01      A3                   1   A7                   1
    zz01      A10                  1   OB2                  1
    zz01      c14                  1
    zz02      OBJ                  1   A1                   1
    zz02      A3                   1   A8                   1
    zz02      A11                  1   OB2                  1
    zz02      c14                  1
    zz03      OBJ                  1   A1                   1
    zz03      A2                   1   A9                   1
    zz03      A12                  1   OB2                  1
    zz03      c14                  1
    zz04      OBJ                  1   A1                   1
    zz04      A5                   1   A6                   1
    zz04      A10                  1   OB2                  1
    zz04      c14                  1
    zz05      OBJ                  1   A2                   1
    zz05      A4                   1   A6                   1
    zz05      A11                  1   OB2                  1
    zz05      c14                  1
    zz06      OBJ                  1   A3                   1
    zz06      A4                   1   A5                   1
    zz06      A12                  1   OB2                  1
    zz06      c14                  1
    zz07      OBJ                  1   A4                   1
    zz07      A8                   1   A9                   1
    zz07      A10                  1   OB2                  1
    zz07      c14                  1
    zz08      OBJ                  1   A5                   1
    zz08      A7                   1   A9                   1
    zz08      A11                  1   OB2                  1
    zz08      c14                  1
    zz09      OBJ                  1   A6                   1
    zz09      A7                   1   A8                   1
    zz09      A12                  1   OB2                  1
    zz09      c14                  1
    MARK0001  'MARKER'                 'INTEND'
RHS
    RHS       A1                   1   A2                   1
    RHS       A3                   1   A4                   1
    RHS       A5                   1   A6                   1
    RHS       A7                   1   A8                   1
    RHS       A9                   1   A10                  1
    RHS       A11                  1   A12                  1
    RHS       OB2                  4   c14                4.5
BOUNDS
 UP bnd       zz01                 1
 UP bnd       zz02                 1
 UP bnd       zz03                 1
 UP bnd       zz04                 1
 UP bnd       zz05                 1
 UP bnd       zz06                 1
 UP bnd       zz07                 1
 UP bnd       zz08                 1
 UP bnd       zz09                 1
ENDATA

