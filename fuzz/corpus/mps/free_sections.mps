* every section and bound type the reader accepts
NAME demo
OBJSENSE
    MAX
OBJNAME profit
ROWS
 N  profit
 N  spare
 L  r1
 G  r2
 E  r3
 E  r4
COLUMNS
 MARKER MARKER INTORG
 a profit 3 r1 1
 a r3 1 spare 4
 b profit 2 r2 1
 MARKER MARKER INTEND
 c profit -1 r1 2
 c r4 1 r2 -1
 d r3 1
 e r4 1
 f r1 1e-3
 g profit 1.5
 h r2 1
RHS
 rhs profit 10 r1 8
 rhs r2 1 r3 2
 rhs r4 -1
RANGES
 rng r1 4 r2 -3
 rng r3 2 r4 -2
BOUNDS
 UP bnd a 5
 LO bnd b -2
 UP bnd b 1e25
 FX bnd c 1.25
 FR bnd d
 MI bnd e
 PL bnd e
 BV bnd f
 LI bnd g -3
 UI bnd g 7
 UP bnd h -1
ENDATA
