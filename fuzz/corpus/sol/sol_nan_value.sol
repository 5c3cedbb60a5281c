=obj= 1
x nan
