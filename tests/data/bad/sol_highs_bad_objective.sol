Model status
Optimal

# Primal solution values
Feasible
Objective five
# Columns 2
x 1
y 2
