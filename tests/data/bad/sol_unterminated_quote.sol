=obj= 1
"x 1
