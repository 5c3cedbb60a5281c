=obj= 1
x 1
y 0
x 2
