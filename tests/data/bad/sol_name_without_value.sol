=obj= 1
x
