=obj= 12.5
x 1
y 0
w_longer_than_8 -3.25e+02
z.1 -5
