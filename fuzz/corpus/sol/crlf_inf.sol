=obj= inf
x +0
y -0
w_longer_than_8 -Infinity
