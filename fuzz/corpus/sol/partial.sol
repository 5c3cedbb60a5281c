# a partial solution with comments

=obj= -1.7976931348623157e308
x 2.9999999999999996 # trailing comment
z.1 4 (fixed)
	w_longer_than_8	1D19
