=obj= one
x 1
