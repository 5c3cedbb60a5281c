solution status: optimal solution found
objective value:                                    5
x                                                   1 	(obj:1)
y                                                 abc 	(obj:2)
