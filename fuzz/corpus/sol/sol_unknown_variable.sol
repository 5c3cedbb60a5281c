=obj= 1
x 1
z 0
