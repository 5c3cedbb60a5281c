=obj= 1
x 1 extra
