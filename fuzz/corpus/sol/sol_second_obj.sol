=obj= 1
x 1
=obj= 2
